#include "app/power/fit_budget.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "app/host_summary.h"

namespace fleetdeck::power {
namespace {

// What each feed carries in one scenario (none lost, or `lost`) as a + f·b, for a share f of the
// GPUs' limits: a from the hosts' other draw, b from their GPUs' limits.
struct Scenario {
    std::size_t feed = 0;
    std::optional<std::size_t> lost;
    double a = 0, b = 0;
};

std::vector<Scenario> scenarios(const std::vector<PowerFeed>& feeds, const std::vector<HostFit>& hosts) {
    std::vector<Scenario> out;
    const auto indexOf = [&](const QString& name) -> std::optional<std::size_t> {
        for (std::size_t i = 0; i < feeds.size(); ++i)
            if (feeds[i].name == name) return i;
        return std::nullopt;
    };
    for (std::size_t l = 0; l <= feeds.size(); ++l) {
        const std::optional<std::size_t> lost = l < feeds.size() ? std::optional(l) : std::nullopt;
        std::vector<Scenario> loads(feeds.size());
        std::vector<bool> shared(feeds.size(), !lost);
        for (std::size_t i = 0; i < feeds.size(); ++i) {
            loads[i].feed = i;
            loads[i].lost = lost;
        }
        for (const HostFit& h : hosts) {
            if (!h.counted()) continue;
            std::vector<std::size_t> on;
            bool hadLost = false;
            for (const QString& f : h.feeds)
                if (const auto i = indexOf(f)) {
                    if (lost && *i == *lost) hadLost = true;
                    else on.push_back(*i);
                }
            if (on.empty()) continue;
            for (std::size_t i : on) {
                loads[i].a += *h.otherW / static_cast<double>(on.size());
                loads[i].b += h.gpuLimitsW / static_cast<double>(on.size());
                shared[i] = shared[i] || hadLost;
            }
        }
        for (std::size_t i = 0; i < feeds.size(); ++i)
            if (!(lost && i == *lost) && shared[i]) out.push_back(loads[i]);
    }
    return out;
}

double floorTo5(double w) { return std::floor(w / 5.0) * 5.0; }

}  // namespace

RackFit fitRackBudget(const QString& rack, const std::vector<PowerFeed>& feeds, const std::vector<HostRecord>& records, double targetShare) {
    RackFit fit;
    fit.rack = rack;
    fit.targetShare = targetShare;
    for (const HostRecord& r : records) {
        if (r.spec.rack != rack) continue;
        HostFit h;
        h.host = r.spec.name;
        for (const PowerFeed& f : feeds)
            if (r.spec.powerFeeds.isEmpty() || r.spec.powerFeeds.contains(f.name)) h.feeds << f.name;
        const HostSummary& s = r.summary;
        double gpuNow = 0;
        bool limits = !s.gpus.empty();
        for (const GpuSample& g : s.gpus) {
            gpuNow += g.power_w.value_or(0);
            if (!g.power_limit_w) {
                limits = false;
                continue;
            }
            h.gpus.push_back({static_cast<int>(g.index), *g.power_limit_w, *g.power_limit_w, g.power_limit_min_w, g.power_limit_max_w});
            h.gpuLimitsW += *g.power_limit_w;
        }
        if (r.state != HostState::Connected || !s.powerW)
            h.note = PowerText(QT_TRANSLATE_NOOP("power", "no power reading from its BMC: left out, its draw is not known"));
        else if (s.powerSource == QLatin1String("estimated"))
            h.note = PowerText(QT_TRANSLATE_NOOP("power", "its power is only estimated (no BMC): left out"));
        else if (s.gpus.empty())
            h.otherW = *s.powerW;  // no GPU: what it draws is what it will draw
        else if (!limits)
            h.note = PowerText(QT_TRANSLATE_NOOP("power", "a GPU reports no power limit: left out"));
        else
            h.otherW = std::max(0.0, *s.powerW - gpuNow);
        fit.hosts.push_back(std::move(h));
    }
    // The largest share of the current limits that keeps every feed, in every scenario, within
    // its budget's target share.
    double share = std::numeric_limits<double>::infinity();
    for (const Scenario& sc : scenarios(feeds, fit.hosts)) {
        const double budget = feeds[sc.feed].budgetW() * targetShare;
        if (sc.b <= 0) {
            if (sc.a > budget) fit.possible = false;
            continue;
        }
        const double s = (budget - sc.a) / sc.b;
        if (s < share) {
            share = s;
            fit.feed = feeds[sc.feed].name;
            fit.lostFeed = sc.lost ? feeds[*sc.lost].name : QString();
            fit.budgetW = feeds[sc.feed].budgetW();
        }
    }
    for (const HostFit& h : fit.hosts)
        if (h.counted()) fit.fullLoadW += *h.otherW + h.gpuLimitsW;
    fit.share = std::isfinite(share) ? std::min(1.0, share) : 1.0;
    fit.changes = fit.share < 1.0;
    for (HostFit& h : fit.hosts) {
        if (!h.counted()) continue;
        double after = 0;
        for (GpuLimit& g : h.gpus) {
            if (fit.changes) {
                double to = floorTo5(g.fromW * std::max(0.0, fit.share));
                if (g.minW && to < *g.minW) {
                    to = *g.minW;
                    fit.possible = false;  // the board goes no lower: checked again below
                }
                if (g.maxW) to = std::min(to, *g.maxW);
                g.toW = to;
            }
            after += g.toW;
            if (g.fromW > 0) h.worstSlowdownPct = std::max(h.worstSlowdownPct, 100.0 * (1.0 - g.toW / g.fromW));
        }
        fit.fittedW += *h.otherW + after;
    }
    if (!fit.possible) {
        // Clamped at a board's minimum: see whether the clamped limits still fit after all.
        std::vector<HostFit> clamped = fit.hosts;
        for (HostFit& h : clamped) {
            h.gpuLimitsW = 0;
            for (const GpuLimit& g : h.gpus) h.gpuLimitsW += g.toW;
        }
        fit.possible = true;
        for (const Scenario& sc : scenarios(feeds, clamped))
            if (sc.a + sc.b > feeds[sc.feed].budgetW() * targetShare) fit.possible = false;
    }
    const QString budget = formatPower(fit.budgetW);
    if (fit.feed.isEmpty())
        fit.summary = PowerText(QT_TRANSLATE_NOOP("power", "%1 has no feed to fit (fleetdeck-cli inventory feed add %1 …)")).arg(rack);
    else if (!fit.possible)
        fit.summary = PowerText(QT_TRANSLATE_NOOP("power", "%1 does not fit feed %2's budget of %3 even at the GPUs' lowest limits: "
                                                          "move a host to another circuit"))
                          .arg(rack).arg(fit.feed).arg(budget);
    else if (!fit.changes)
        fit.summary = PowerText(QT_TRANSLATE_NOOP("power", "%1 fits as it is: %2 at full load, within %3 % of feed %4's budget of %5"))
                          .arg(rack).arg(formatPower(fit.fullLoadW)).arg(QString::number(std::lround(targetShare * 100)))
                          .arg(fit.feed).arg(budget);
    else
        fit.summary = PowerText(QT_TRANSLATE_NOOP("power", "%1 draws %2 at full load; with every GPU's limit at %3 % it draws %4, within "
                                                          "%5 % of feed %6's budget of %7%8"))
                          .arg(rack).arg(formatPower(fit.fullLoadW)).arg(QString::number(std::lround(fit.share * 100)))
                          .arg(formatPower(fit.fittedW)).arg(QString::number(std::lround(targetShare * 100))).arg(fit.feed).arg(budget)
                          .arg(fit.lostFeed.isEmpty() ? PowerText() : std::move(PowerText(QT_TRANSLATE_NOOP("power", " with feed %1 lost")).arg(fit.lostFeed)));
    return fit;
}

}  // namespace fleetdeck::power
