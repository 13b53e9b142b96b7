#pragma once

// A rack's measured power against its feeds' budgets, and the air its hosts breathe
// (docs/power.md): each feed's load now and at its peak, whether the rack survives losing a feed,
// and the findings — a feed over budget, a feed whose loss would trip the other, inlet air above
// ASHRAE's recommended 27 °C, recirculation (the top of the rack breathing warmer air than the
// bottom), a hot GPU with cool inlet air, a large exhaust rise while the fans idle.

#include <algorithm>
#include <optional>
#include <vector>

#include <QString>
#include <QStringList>

#include "app/gpu_findings.h"
#include "app/power_feed.h"
#include "app/telemetry_store.h"

namespace fleetdeck::power {

// One host's part of its rack: where it sits, which feeds it draws from, and its readings.
struct HostPower {
    QString host, rack;
    int unit = 0, heightU = 1;  // unit 0: not placed
    QStringList feeds;          // the feeds it draws from (its own list, else all of the rack's)
    std::optional<double> powerW;  // now
    std::optional<double> peakW;   // the most known: the history's 24 h peak (or the BMC's period maximum), at least now
    QString peakFrom;              // "history_24h", "bmc_period" or "now"
    QString source;                // "dcmi", "power_sensor", "estimated"; empty without a reading
    std::optional<double> inletC, exhaustC;
    std::optional<double> fanPct;  // the chassis fans' median duty where the BMC gives one
    std::optional<double> fanRpm;  // their median speed
    std::optional<double> hottestGpuC;  // the hottest GPU's temperature
    QString hottestGpu;                 // "GPU 3"
    bool gpuHot = false;                // that GPU above the target band or throttling for heat
    QString bmcError;
    bool reachable = true;  // false: no sample (offline, connecting), so no reading either
};

// What one feed carries.
struct FeedLoad {
    PowerFeed feed;
    double nowW = 0, peakW = 0;  // the share of each host's draw it carries (a host on n feeds: 1/n)
    int hosts = 0;               // hosts drawing from it
    // When another feed is lost, the hosts it shares move their whole draw here: the most it would
    // then carry and which feed's loss that is. Empty when no host shares it with another feed.
    std::optional<double> failoverNowW, failoverPeakW;
    QString failoverLost;
    double budgetW() const { return feed.budgetW(); }
    // The most it carries at the peak, another feed lost included, and what that leaves of its budget.
    double worstW() const { return std::max(peakW, failoverPeakW.value_or(0)); }
    double headroomW() const { return budgetW() - worstW(); }
};

// What one host puts on its feeds, for feedCases(): the feeds it draws from and two figures in watts
// (now and at the peak; or its draw besides its GPUs and its GPUs' limits), each split evenly over
// the feeds it draws from.
struct FeedDraw {
    QStringList feeds;
    double a = 0, b = 0;
};

// One feed's load in one case: each feed lost in turn (`lost`, in the feeds' order), then none. In a
// case with a feed lost, the hosts that drew from it move their whole draw onto their other feeds,
// and hosts on it alone go dark; `shared` says whether any host moved onto this feed (always true
// with none lost). The lost feed itself has no entry.
struct FeedCase {
    std::size_t feed = 0;
    std::optional<std::size_t> lost;
    double a = 0, b = 0;
    bool shared = false;
};
std::vector<FeedCase> feedCases(const std::vector<PowerFeed>& feeds, const std::vector<FeedDraw>& draws);

struct PowerFinding {
    FindingSeverity severity = FindingSeverity::Warning;
    QString kind;  // feed_over_budget, feed_peak_over_budget, feed_loss_overload, inlet_hot, recirculation, gpu_hot_inlet_cool, exhaust_rise
    QString rack, host, feed;  // what it is about (host or feed may be empty)
    PowerText text;    // what was found, with the evidence
    PowerText action;  // what to do
};

// The thresholds (docs/power.md gives their sources).
struct PowerThresholds {
    double inletHighC = 27.0;      // ASHRAE TC 9.9's recommended envelope: 18–27 °C
    double inletCriticalC = 32.0;  // ASHRAE class A1's allowable maximum
    double recirculationC = 5.0;   // top third's mean inlet over the bottom third's
    double exhaustRiseC = 20.0;    // exhaust − inlet
    double lowFanPct = 50.0;       // fans below this median duty have room to spin up
};

struct RackPower {
    QString rack;
    int heightU = 42;
    std::vector<FeedLoad> feeds;
    double nowW = 0, peakW = 0;  // the hosts with a reading, together
    int measured = 0, estimated = 0, unmeasured = 0;  // hosts by how their power is known
    std::optional<double> inletTopC, inletBottomC;    // the top and bottom thirds' mean inlet
    std::vector<HostPower> hosts;                     // top unit first
    std::vector<PowerFinding> findings;               // critical first
    // The feed with the least headroom (FeedLoad::headroomW()); nullptr without feeds.
    const FeedLoad* tightestFeed() const;
};

// One host's readings from its record (the summary of its last sample). `historyPeakW`: the
// highest draw the history store holds for it over the last 24 h, where the caller read it.
HostPower hostPower(const HostRecord& record, const std::vector<PowerFeed>& rackFeeds, std::optional<double> historyPeakW = std::nullopt);

// The rack's feeds, loads and findings. Hosts of other racks are ignored.
RackPower evaluateRack(const QString& rack, int heightU, const std::vector<PowerFeed>& feeds, std::vector<HostPower> hosts,
                       const PowerThresholds& thresholds = {});

}  // namespace fleetdeck::power
