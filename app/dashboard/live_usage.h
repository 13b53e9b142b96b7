#pragma once

#include <map>
#include <vector>

#include "app/telemetry_store.h"
#include "app/utilization/gpu_hours.h"
#include "app/utilization/verdict_engine.h"

namespace fleetdeck {

// What each GPU's time went to while this window has been open: every host's samples, as the
// store takes them, go through the app core's verdict engine (app/utilization/verdict_engine.h),
// and each GPU's verdicts become usage spans (app/utilization/gpu_hours.h) — one span per run of
// the same verdict and holder, so a day of 1 Hz samples is a few spans per GPU, not 86,400. A host
// that goes offline gets offline spans for the GPUs its last sample had. The Utilization view reads
// these; the history store keeps its own record of the verdicts (app/history/gpu_usage.h).
class LiveUsage {
public:
    explicit LiveUsage(const TelemetryStore& store, qint64 startedAtMs);

    // Takes every host's sample that is new since the last call. Cheap when nothing changed.
    void update(qint64 nowMs);
    // Since when the spans reach back: when this started.
    qint64 startedAtMs() const { return startedAtMs_; }
    const std::vector<utilization::UsageSpan>& spans() const { return spans_; }
    // The newest verdicts of `host` (unknown before its first sample).
    utilization::HostVerdict verdict(const QString& host) const { return engine_.verdict(host); }

    // A sample gap longer than this ends a span: the app was not reading the host then.
    static constexpr qint64 kMaxGapMs = 10'000;
    // Spans that ended longer ago than this are let go (the view reaches back a week at most).
    static constexpr qint64 kKeepMs = 7 * 24 * 3600'000LL;

private:
    void forgetOlderThan(qint64 cutoffMs);
    void extend(const QString& host, int gpu, qint64 fromMs, qint64 toMs, utilization::UsageState state,
                utilization::Verdict verdict, const utilization::GpuHolder* holder);

    struct Seen {
        quint64 generation = 0;
        qint64 sampleAtMs = 0;
        std::vector<int> gpus;  // the GPUs of the last sample, for offline spans
        // While the engine's verdicts stand (judged at windowEnd), each GPU's open span (an index
        // in spans_, beside `gpus`) only grows: no holder strings are compared.
        qint64 judgedEndMs = -1;
        std::vector<std::size_t> openSpans;
    };
    const TelemetryStore& store_;
    qint64 startedAtMs_;
    utilization::VerdictEngine engine_;
    std::map<QString, Seen> seen_;
    std::vector<utilization::UsageSpan> spans_;
    std::map<std::pair<QString, int>, std::size_t> open_;  // each GPU's newest span, by host and index
    qint64 prunedAtMs_ = 0;
};

}  // namespace fleetdeck
