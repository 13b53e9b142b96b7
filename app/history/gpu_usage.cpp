#include "app/history/gpu_usage.h"

#include <algorithm>

#include <QDateTime>

namespace fleetdeck::history {
namespace {

using utilization::UsageSpan;
using utilization::UsageState;

// The holder of `gpu` at `timeMs`, from spans sorted by start.
const HolderSpan* holderAt(const std::vector<HolderSpan>& spans, int gpu, std::int64_t timeMs) {
    const HolderSpan* found = nullptr;
    for (const HolderSpan& s : spans) {
        if (s.startMs > timeMs) break;
        // A span is written at most a minute behind: the point after its last write still counts.
        if (s.gpu == gpu && timeMs <= s.endMs + 60'000) found = &s;
    }
    return found;
}

// Adds `span`, joined onto the one before when it continues it (same GPU, state, holder).
void addJoined(std::vector<UsageSpan>& out, std::map<int, std::size_t>& lastOfGpu, UsageSpan span) {
    const auto last = lastOfGpu.find(span.gpu);
    if (last != lastOfGpu.end()) {
        UsageSpan& before = out[last->second];
        if (before.endMs >= span.startMs && before.state == span.state && before.verdict == span.verdict && before.user == span.user &&
            before.job == span.job && before.process == span.process) {
            before.endMs = std::max(before.endMs, span.endMs);
            return;
        }
    }
    lastOfGpu[span.gpu] = out.size();
    out.push_back(std::move(span));
}

}  // namespace

UsageRead usageSpans(const HistoryStore& store, std::int64_t fromMs, std::int64_t toMs, const QStringList& hosts) {
    UsageRead read;
    QStringList names = hosts;
    if (names.isEmpty())
        for (const QString& h : store.hosts()) names << h;
    const std::int64_t nowMs = QDateTime::currentMSecsSinceEpoch();
    for (const QString& host : names) {
        const HistorySeries series = store.series(host, fromMs, toMs);
        const std::vector<HolderSpan> holders = store.holderSpans(host, fromMs - 60'000, toMs);
        std::map<int, std::size_t> lastOfGpu;
        std::vector<UsageSpan> spans;
        for (const HistoryPoint& p : series.points) {
            const std::int64_t t = p.value.timeMs;
            const std::int64_t start = std::max(t, fromMs), end = std::min(t + series.stepMs, toMs);
            if (end <= start) continue;
            for (std::size_t i = 0; i < p.value.gpus.size(); ++i) {
                if (i >= p.gpuUsage.size() || !p.gpuUsage[i].verdict) {
                    ++read.unjudgedPoints;
                    continue;
                }
                const GpuUsagePoint& u = p.gpuUsage[i];
                UsageSpan s;
                s.host = host;
                s.gpu = int(i);  // positions are the GPUs' indices on every agent FleetDeck ships
                s.startMs = start;
                s.endMs = end;
                s.verdict = *u.verdict;
                s.state = utilization::usageState(*u.verdict, u.held);
                if (u.held)
                    if (const HolderSpan* h = holderAt(holders, s.gpu, p.value.timeMs)) {
                        s.user = h->user;
                        s.job = h->belongsTo;
                        s.process = h->process;
                    }
                addJoined(spans, lastOfGpu, std::move(s));
            }
        }
        // Offline periods the app saw, for the GPUs the host had in its last point before each.
        IncidentQuery query;
        query.sinceMs = fromMs;
        query.untilMs = toMs;
        query.host = host;
        query.kind = IncidentKind::HostOffline;
        for (const Incident& i : store.incidents(query)) {
            std::size_t gpus = 0;
            for (const HistoryPoint& p : series.points)
                if (p.value.timeMs <= i.startMs) gpus = p.value.gpus.size();
            const std::int64_t start = std::max(i.startMs, fromMs), end = std::min(i.endMs.value_or(nowMs), toMs);
            for (std::size_t g = 0; g < gpus && end > start; ++g) {
                UsageSpan s;
                s.host = host;
                s.gpu = int(g);
                s.startMs = start;
                s.endMs = end;
                s.state = UsageState::Offline;
                spans.push_back(std::move(s));
            }
        }
        for (UsageSpan& s : spans) read.spans.push_back(std::move(s));
    }
    return read;
}

}  // namespace fleetdeck::history
