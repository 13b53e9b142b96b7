#pragma once

// The GPU-hours the history store can account for: each recorded point's per-GPU usage (verdict,
// whether a process held memory, SM active; HistoryPoint::gpuUsage), its holders (the
// `gpu_holders` table) and the hosts' offline incidents, as usage spans for a GpuHoursLedger
// (app/utilization/gpu_hours.h). Only what FleetDeck recorded while it ran is there.

#include <cstdint>
#include <vector>

#include <QStringList>

#include "app/history/history_store.h"
#include "app/utilization/gpu_hours.h"

namespace fleetdeck::history {

struct UsageRead {
    std::vector<utilization::UsageSpan> spans;
    // Points recorded before FleetDeck kept verdicts (schema 4 and older) count for nothing; how
    // many GPU-points that was, so a reader can say "not judged".
    std::int64_t unjudgedPoints = 0;
};

// The spans from `fromMs` to `toMs` of `hosts` (empty: every host in the store). A point counts
// for its tier's step (1 s, 10 s, 60 s) from its time; the finest tier recorded wins where tiers
// overlap. Offline incidents count as offline for the GPUs the host had in its last point before.
UsageRead usageSpans(const HistoryStore& store, std::int64_t fromMs, std::int64_t toMs, const QStringList& hosts = {});

}  // namespace fleetdeck::history
