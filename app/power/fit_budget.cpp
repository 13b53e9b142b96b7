#include "app/power/fit_budget.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

#include "app/host_summary.h"
#include "app/power/rack_power.h"

namespace fleetdeck::power {
namespace {

// What the hosts it counts put on the feeds: their draw besides their GPUs (a), their GPUs' limits (b).
std::vector<FeedDraw> drawsOf(const std::vector<HostFit>& hosts) {
    std::vector<FeedDraw> draws;
    for (const HostFit& h : hosts)
        if (h.counted()) draws.push_back({h.feeds, *h.otherW, h.gpuLimitsW});
    return draws;
}

double floorTo5(double w) { return std::floor(w / 5.0) * 5.0; }

}  // namespace

QString gpuLimitsText(const std::vector<GpuLimit>& gpus, bool proposed) {
    std::map<double, int> counts;
    for (const GpuLimit& g : gpus) ++counts[proposed ? g.toW : g.fromW];
    QStringList parts;
    for (const auto& [w, n] : counts) parts << QStringLiteral("%1 × %L2 W").arg(n).arg(w, 0, 'f', 0);
    return parts.isEmpty() ? QStringLiteral("-") : parts.join(QStringLiteral(", "));
}

RackFit fitRackBudget(const QString& rack, const std::vector<PowerFeed>& feeds, const std::vector<HostRecord>& records, double targetShare) {
    RackFit fit;
    fit.rack = rack;
    fit.targetShare = targetShare;
    for (const HostRecord& r : records) {
        if (r.spec.rack != rack) continue;
        HostFit h;
        h.host = r.spec.name;
        h.feeds = feedsOf(r.spec.powerFeeds, feeds);
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
    for (const FeedCase& sc : feedCases(feeds, drawsOf(fit.hosts))) {
        if (!sc.shared) continue;  // a lost feed moved nothing onto this one: the case with none lost covers it
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
        for (const FeedCase& sc : feedCases(feeds, drawsOf(clamped)))
            if (sc.shared && sc.a + sc.b > feeds[sc.feed].budgetW() * targetShare) fit.possible = false;
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
