#pragma once

// "Fit this rack's power budget" (docs/power.md, "Fitting the budget"): GPU power limits that keep
// the rack's draw at full load within what its feeds may carry — with A+B feeds, within one feed
// alone — from what each host measurably draws besides its GPUs and what its GPUs may draw at
// their limits. One share of every GPU's current limit for the whole rack, each limit kept within
// its board's minimum and maximum.

#include <optional>
#include <vector>

#include <QString>

#include "app/power_feed.h"
#include "app/telemetry_store.h"

namespace fleetdeck::power {

struct GpuLimit {
    int index = 0;
    double fromW = 0, toW = 0;  // the enforced limit now, the proposed one
    std::optional<double> minW, maxW;
};

struct HostFit {
    QString host;
    QStringList feeds;
    std::optional<double> otherW;  // the host's draw besides its GPUs: the BMC's reading less the GPUs' board power
    double gpuLimitsW = 0;          // its GPUs' limits together, now
    std::vector<GpuLimit> gpus;
    // At most this much slower, for a job bound by GPU power at the full limit (throughput no worse
    // than in proportion to the power limit); 0 without a change.
    double worstSlowdownPct = 0;
    PowerText note;  // why the host is left out ("no BMC power reading"), or empty
    bool counted() const { return otherW.has_value(); }
};

struct RackFit {
    QString rack;
    double targetShare = 0.95;  // of each budget: the BMC reads watts, the circuit carries volt-amperes
    double fullLoadW = 0;       // every counted host at its GPUs' current limits
    double fittedW = 0;         // at the proposed limits
    // The binding constraint: which feed, with which other feed lost (empty: none lost), its budget.
    QString feed, lostFeed;
    double budgetW = 0;
    double share = 1;       // the proposed limits as a share of the current ones
    bool changes = false;   // some limit changes
    bool possible = true;   // false: even at the boards' minimum limits the rack does not fit
    std::vector<HostFit> hosts;
    PowerText summary;      // one sentence: fits as is / lower to N % / cannot fit, with the numbers
};

// A host's GPU limits grouped by value: "8 × 700 W", "4 × 350 W, 4 × 300 W" (now, or `proposed`).
QString gpuLimitsText(const std::vector<GpuLimit>& gpus, bool proposed);

// The fit for `rack` from its hosts' records (their last samples' BMC power and GPUs) and feeds.
// Hosts of other racks are ignored; a host without a BMC power reading or GPU limits is left out
// and said so (its draw is not known).
RackFit fitRackBudget(const QString& rack, const std::vector<PowerFeed>& feeds, const std::vector<HostRecord>& records,
                      double targetShare = 0.95);

}  // namespace fleetdeck::power
