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
        const quint64 generation = store_.hostGeneration(name);
        if (generation == seen.generation) continue;
        seen.generation = generation;
        const std::optional<HostRecord> rec = store_.host(name);
        if (!rec) continue;
        if (rec->state == HostState::Offline) {
            // Offline from the last sample on, for the GPUs it had; the engine starts again after.
            if (seen.sampleAtMs > 0) {
                for (int gpu : seen.gpus) extend(name, gpu, seen.sampleAtMs, nowMs, UsageState::Offline, Verdict::Unknown, nullptr);
                engine_.forget(name);
            }
            continue;
        }
        if (!rec->latest || rec->lastSampleAtMs <= seen.sampleAtMs) continue;
        const qint64 at = rec->lastSampleAtMs;
        engine_.add(name, at, *rec->latest);
        const utilization::HostVerdict verdict = engine_.verdict(name);
        const qint64 from = seen.sampleAtMs > 0 && at - seen.sampleAtMs <= kMaxGapMs ? seen.sampleAtMs : at;
        seen.gpus.clear();
        for (const utilization::GpuVerdict& g : verdict.gpus) {
            seen.gpus.push_back(g.gpu);
            const bool held = !g.holders.empty();
            const utilization::GpuHolder* holder = held ? &g.holders.front() : nullptr;
            extend(name, g.gpu, from, at, utilization::usageState(g.verdict, held), g.verdict, holder);
        }
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
