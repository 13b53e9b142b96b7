#include "app/dashboard/live_usage.h"

#include <algorithm>

namespace fleetdeck {

using utilization::UsageSpan;
using utilization::UsageState;
using utilization::Verdict;

LiveUsage::LiveUsage(const TelemetryStore& store, qint64 startedAtMs) : store_(store), startedAtMs_(startedAtMs) {}

void LiveUsage::update(qint64 nowMs) {
    if (nowMs - prunedAtMs_ > 3600'000) {
        forgetOlderThan(nowMs - kKeepMs);
        prunedAtMs_ = nowMs;
    }
    for (const QString& name : store_.hostNames()) {
        Seen& seen = seen_[name];
        const std::optional<TelemetryStore::Latest> rec = store_.latest(name);
        if (!rec || rec->generation == seen.generation) continue;
        seen.generation = rec->generation;
        if (rec->state == HostState::Offline) {
            // Offline from the last sample on, for the GPUs it had; the engine starts again after.
            if (seen.sampleAtMs > 0) {
                for (int gpu : seen.gpus) extend(name, gpu, seen.sampleAtMs, nowMs, UsageState::Offline, Verdict::Unknown, nullptr);
                engine_.forget(name);
            }
            seen.judgedEndMs = -1;
            continue;
        }
        if (!rec->sample || rec->sampleAtMs <= seen.sampleAtMs) continue;
        const qint64 at = rec->sampleAtMs;
        engine_.add(name, at, *rec->sample);
        const utilization::HostVerdict& verdict = engine_.judged(name);
        const qint64 from = seen.sampleAtMs > 0 && at - seen.sampleAtMs <= kMaxGapMs ? seen.sampleAtMs : at;
        if (verdict.windowEndMs == seen.judgedEndMs && from == seen.sampleAtMs) {
            // The same verdicts and holders as at the last sample: their spans run on.
            for (std::size_t i : seen.openSpans) spans_[i].endMs = std::max<std::int64_t>(spans_[i].endMs, at);
            seen.sampleAtMs = at;
            continue;
        }
        seen.gpus.clear();
        seen.openSpans.clear();
        for (const utilization::GpuVerdict& g : verdict.gpus) {
            seen.gpus.push_back(g.gpu);
            const bool held = !g.holders.empty();
            const utilization::GpuHolder* holder = held ? &g.holders.front() : nullptr;
            extend(name, g.gpu, from, at, utilization::usageState(g.verdict, held), g.verdict, holder);
            seen.openSpans.push_back(open_.at({name, g.gpu}));
        }
        seen.judgedEndMs = verdict.windowEndMs;
        seen.sampleAtMs = at;
    }
}

void LiveUsage::forgetOlderThan(qint64 cutoffMs) {
    std::vector<UsageSpan> kept;
    std::map<std::pair<QString, int>, std::size_t> open;
    for (UsageSpan& s : spans_) {
        if (s.endMs < cutoffMs) continue;
        open[{s.host, s.gpu}] = kept.size();
        kept.push_back(std::move(s));
    }
    spans_ = std::move(kept);
    open_ = std::move(open);
    for (auto& [name, seen] : seen_) seen.judgedEndMs = -1;  // the spans moved: the next sample looks them up
}

void LiveUsage::extend(const QString& host, int gpu, qint64 fromMs, qint64 toMs, UsageState state, Verdict verdict,
                       const utilization::GpuHolder* holder) {
    const QString user = holder ? holder->user : QString();
    const QString job = holder ? holder->belongsTo() : QString();
    const QString process = holder ? holder->name : QString();
    const auto key = std::make_pair(host, gpu);
    if (const auto open = open_.find(key); open != open_.end()) {
        UsageSpan& last = spans_[open->second];
        if (last.endMs >= fromMs && last.state == state && last.verdict == verdict && last.user == user && last.job == job &&
            last.process == process) {
            last.endMs = std::max<std::int64_t>(last.endMs, toMs);
            return;
        }
        fromMs = std::max<qint64>(fromMs, last.endMs);
    }
    if (toMs <= fromMs) {
        // The first sample of a run: a span opens at it and grows with the next.
        toMs = fromMs;
    }
    spans_.push_back({host, gpu, fromMs, toMs, state, verdict, user, job, process});
    open_[key] = spans_.size() - 1;
}

}  // namespace fleetdeck
