#include "app/power/rack_power.h"

#include <algorithm>
#include <cmath>
#include <map>

#include <QLocale>

#include "app/host_summary.h"
#include "app/temperature_band.h"

namespace fleetdeck::power {
namespace {

QString celsius(double c) { return QStringLiteral("%L1 °C").arg(c, 0, 'f', 0); }
QString percent(double p) { return QStringLiteral("%L1 %").arg(p, 0, 'f', 0); }

// A host's middle unit: where its air intake sits, for the thirds of the rack.
double middleUnit(const HostPower& h) { return h.unit + (std::max(1, h.heightU) - 1) / 2.0; }

int kindOrder(const QString& kind) {
    static const QStringList order{QStringLiteral("feed_over_budget"), QStringLiteral("feed_loss_overload"),
                                   QStringLiteral("feed_peak_over_budget"), QStringLiteral("inlet_hot"),
                                   QStringLiteral("recirculation"), QStringLiteral("gpu_hot_inlet_cool"), QStringLiteral("exhaust_rise")};
    const auto i = order.indexOf(kind);
    return i < 0 ? static_cast<int>(order.size()) : static_cast<int>(i);
}

void loadFeeds(RackPower& r) {
    std::vector<PowerFeed> feeds;
    for (const FeedLoad& f : r.feeds) feeds.push_back(f.feed);
    std::vector<FeedDraw> draws;
    for (const HostPower& h : r.hosts) {
        for (FeedLoad& f : r.feeds)
            if (h.feeds.contains(f.feed.name)) ++f.hosts;
        if (h.powerW) draws.push_back({h.feeds, *h.powerW, h.peakW.value_or(*h.powerW)});
    }
    for (const FeedCase& c : feedCases(feeds, draws)) {
        FeedLoad& f = r.feeds[c.feed];
        if (!c.lost) {
            f.nowW = c.a;
            f.peakW = c.b;
        } else if (c.shared && (!f.failoverPeakW || c.b > *f.failoverPeakW)) {
            f.failoverNowW = c.a;
            f.failoverPeakW = c.b;
            f.failoverLost = feeds[*c.lost].name;
        }
    }
}

void feedFindings(RackPower& r) {
    for (const FeedLoad& f : r.feeds) {
        const double budget = f.budgetW();
        PowerFinding finding;
        finding.rack = r.rack;
        finding.feed = f.feed.name;
        if (f.nowW > budget) {
            finding.severity = FindingSeverity::Critical;
            finding.kind = QStringLiteral("feed_over_budget");
            finding.text = PowerText(QT_TRANSLATE_NOOP("power", "Feed %1 of %2 carries %3 now, over its budget of %4 (%5)"))
                               .arg(f.feed.name).arg(r.rack).arg(formatPower(f.nowW)).arg(formatPower(budget)).arg(f.feed.formula());
            finding.action = PowerText(QT_TRANSLATE_NOOP("power", "Move a host to another circuit or lower the GPUs' power limits: a "
                                                                  "breaker loaded past its continuous rating trips."));
            r.findings.push_back(finding);
        } else if (f.peakW > budget) {
            finding.kind = QStringLiteral("feed_peak_over_budget");
            finding.text = PowerText(QT_TRANSLATE_NOOP("power", "Feed %1 of %2 reached %3 at its peak, over its budget of %4 (%5); %6 now"))
                               .arg(f.feed.name).arg(r.rack).arg(formatPower(f.peakW)).arg(formatPower(budget)).arg(f.feed.formula())
                               .arg(formatPower(f.nowW));
            finding.action = PowerText(QT_TRANSLATE_NOOP("power", "At full load the rack does not fit this feed: move a host or lower "
                                                                  "the GPUs' power limits before the next peak."));
            r.findings.push_back(finding);
        }
    }
    // Losing a feed: the rack's worst case, once (with A+B both ways would read alike).
    const FeedLoad* worst = nullptr;
    for (const FeedLoad& f : r.feeds)
        if (f.failoverPeakW && *f.failoverPeakW > f.budgetW() &&
            (!worst || *f.failoverPeakW - f.budgetW() > *worst->failoverPeakW - worst->budgetW()))
            worst = &f;
    if (worst) {
        const FeedLoad& f = *worst;
        PowerFinding loss;
        loss.rack = r.rack;
        loss.feed = f.feed.name;
        loss.kind = QStringLiteral("feed_loss_overload");
        loss.severity = f.failoverNowW && *f.failoverNowW > f.budgetW() ? FindingSeverity::Critical : FindingSeverity::Warning;
        loss.text = PowerText(QT_TRANSLATE_NOOP("power", "If feed %1 of %2 fails, feed %3 carries %4 (%5 at the peak) against its "
                                                         "budget of %6: its breaker trips and the rack goes dark"))
                        .arg(f.failoverLost).arg(r.rack).arg(f.feed.name).arg(formatPower(f.failoverNowW.value_or(0)))
                        .arg(formatPower(*f.failoverPeakW)).arg(formatPower(f.budgetW()));
        loss.action = PowerText(QT_TRANSLATE_NOOP("power", "With A+B feeds the whole rack must fit on one: lower the GPUs' power "
                                                           "limits, move a host out, or ask for larger circuits."));
        r.findings.push_back(loss);
    }
}

void airFindings(RackPower& r, const PowerThresholds& t) {
    // Recirculation: the thirds of the rack by each host's middle unit.
    double topSum = 0, bottomSum = 0;
    int top = 0, bottom = 0;
    for (const HostPower& h : r.hosts) {
        if (!h.inletC || h.unit <= 0) continue;
        const double mid = middleUnit(h);
        if (mid > r.heightU * 2.0 / 3.0) {
            topSum += *h.inletC;
            ++top;
        } else if (mid <= r.heightU / 3.0) {
            bottomSum += *h.inletC;
            ++bottom;
        }
    }
    if (top > 0) r.inletTopC = topSum / top;
    if (bottom > 0) r.inletBottomC = bottomSum / bottom;
    if (r.inletTopC && r.inletBottomC && *r.inletTopC - *r.inletBottomC > t.recirculationC) {
        PowerFinding f;
        f.rack = r.rack;
        f.kind = QStringLiteral("recirculation");
        f.text = PowerText(QT_TRANSLATE_NOOP("power", "The top third of %1 breathes %2 air, %3 warmer than its bottom third (%4): hot "
                                                      "exhaust is coming back to the front"))
                     .arg(r.rack).arg(celsius(*r.inletTopC)).arg(QStringLiteral("%L1 °C").arg(*r.inletTopC - *r.inletBottomC, 0, 'f', 1))
                     .arg(celsius(*r.inletBottomC));
        f.action = PowerText(QT_TRANSLATE_NOOP("power", "Fit blanking panels in the empty units, close cable cut-outs and the gaps beside "
                                                        "the rails, and check the cold aisle's containment."));
        r.findings.push_back(f);
    }
    for (const HostPower& h : r.hosts) {
        if (h.inletC && *h.inletC > t.inletHighC) {
            PowerFinding f;
            f.rack = r.rack;
            f.host = h.host;
            f.kind = QStringLiteral("inlet_hot");
            f.severity = *h.inletC > t.inletCriticalC ? FindingSeverity::Critical : FindingSeverity::Warning;
            f.text = PowerText(QT_TRANSLATE_NOOP("power", "%1 breathes %2 inlet air, above the recommended %3–%4"))
                         .arg(h.host).arg(celsius(*h.inletC)).arg(QStringLiteral("18")).arg(celsius(t.inletHighC));
            f.action = PowerText(QT_TRANSLATE_NOOP("power", "Check the cold aisle at this unit: a missing floor tile or blanking panel, "
                                                            "a door open, the room's set point; every GPU behind it runs hotter."));
            r.findings.push_back(f);
        }
        if (h.gpuHot && h.inletC && *h.inletC <= t.inletHighC && h.hottestGpuC) {
            PowerFinding f;
            f.rack = r.rack;
            f.host = h.host;
            f.kind = QStringLiteral("gpu_hot_inlet_cool");
            f.text = PowerText(QT_TRANSLATE_NOOP("power", "%1's %2 is at %3 while its inlet air is %4: the cause is inside the server, "
                                                          "not the room"))
                         .arg(h.host).arg(h.hottestGpu).arg(celsius(*h.hottestGpuC)).arg(celsius(*h.inletC));
            f.action = PowerText(QT_TRANSLATE_NOOP("power", "Check the chassis fans and their profile, that GPU's heatsink and the air "
                                                            "path inside (baffles, cables)."));
            r.findings.push_back(f);
        }
        if (h.inletC && h.exhaustC && *h.exhaustC - *h.inletC > t.exhaustRiseC && (!h.fanPct || *h.fanPct < t.lowFanPct)) {
            PowerFinding f;
            f.rack = r.rack;
            f.host = h.host;
            f.kind = QStringLiteral("exhaust_rise");
            const QString fans = h.fanPct ? percent(*h.fanPct)
                                 : h.fanRpm ? QStringLiteral("%L1 RPM").arg(*h.fanRpm, 0, 'f', 0)
                                            : QStringLiteral("?");
            f.text = PowerText(QT_TRANSLATE_NOOP("power", "%1's air rises %2 from inlet (%3) to exhaust (%4) with its fans at %5"))
                         .arg(h.host).arg(QStringLiteral("%L1 °C").arg(*h.exhaustC - *h.inletC, 0, 'f', 0)).arg(celsius(*h.inletC))
                         .arg(celsius(*h.exhaustC)).arg(fans);
            f.action = PowerText(QT_TRANSLATE_NOOP("power", "Raise the fan profile in the BMC (acoustic to performance): the fans have room "
                                                            "to carry the heat away before the parts behind them run hot."));
            r.findings.push_back(f);
        }
    }
}

}  // namespace

std::vector<FeedCase> feedCases(const std::vector<PowerFeed>& feeds, const std::vector<FeedDraw>& draws) {
    std::map<QString, std::size_t> index;
    for (std::size_t i = 0; i < feeds.size(); ++i) index[feeds[i].name] = i;
    std::vector<FeedCase> out;
    for (std::size_t l = 0; l <= feeds.size(); ++l) {
        const std::optional<std::size_t> lost = l < feeds.size() ? std::optional(l) : std::nullopt;
        std::vector<FeedCase> cases(feeds.size());
        for (std::size_t i = 0; i < feeds.size(); ++i) cases[i] = {i, lost, 0, 0, !lost};
        for (const FeedDraw& d : draws) {
            std::vector<std::size_t> on;
            bool hadLost = false;
            for (const QString& f : d.feeds)
                if (const auto it = index.find(f); it != index.end()) {
                    if (lost && it->second == *lost) hadLost = true;
                    else on.push_back(it->second);
                }
            for (std::size_t i : on) {
                cases[i].a += d.a / static_cast<double>(on.size());
                cases[i].b += d.b / static_cast<double>(on.size());
                cases[i].shared = cases[i].shared || hadLost;
            }
        }
        for (std::size_t i = 0; i < feeds.size(); ++i)
            if (!(lost && i == *lost)) out.push_back(cases[i]);
    }
    return out;
}

const FeedLoad* RackPower::tightestFeed() const {
    const FeedLoad* tightest = nullptr;
    for (const FeedLoad& f : feeds)
        if (!tightest || f.headroomW() < tightest->headroomW()) tightest = &f;
    return tightest;
}

HostPower hostPower(const HostRecord& record, const std::vector<PowerFeed>& rackFeeds, std::optional<double> historyPeakW) {
    const HostSpec& spec = record.spec;
    const HostSummary& s = record.summary;
    HostPower h;
    h.host = spec.name;
    h.rack = spec.rack;
    h.unit = spec.rackUnit;
    h.heightU = std::max(1, spec.rackHeightU);
    h.feeds = feedsOf(spec.powerFeeds, rackFeeds);
    h.reachable = record.state == HostState::Connected && record.lastSampleAtMs > 0;
    if (h.reachable) {
        h.powerW = s.powerW;
        h.source = s.powerSource;
        h.inletC = s.inletC;
        h.exhaustC = s.exhaustC;
        h.fanPct = s.fanMedianPct;
        h.fanRpm = s.fanMedianRpm;
        h.bmcError = s.bmcError;
    }
    if (historyPeakW) {
        h.peakW = std::max(*historyPeakW, h.powerW.value_or(0));
        h.peakFrom = QStringLiteral("history_24h");
    } else if (h.powerW && s.powerMaxW && *s.powerMaxW > *h.powerW) {
        h.peakW = s.powerMaxW;
        h.peakFrom = QStringLiteral("bmc_period");
    } else if (h.powerW) {
        h.peakW = h.powerW;
        h.peakFrom = QStringLiteral("now");
    }
    if (h.reachable)
        for (const GpuSample& g : s.gpus) {
            if (!g.temp_c || (h.hottestGpuC && *g.temp_c <= *h.hottestGpuC)) continue;
            h.hottestGpuC = g.temp_c;
            h.hottestGpu = QStringLiteral("GPU %1").arg(g.index);
            h.gpuHot = temperatureBand(g.temp_c, g.temp_slowdown_c) >= TemperatureBand::Hot || thermalThrottled(g);
        }
    return h;
}

RackPower evaluateRack(const QString& rack, int heightU, const std::vector<PowerFeed>& feeds, std::vector<HostPower> hosts,
                       const PowerThresholds& thresholds) {
    RackPower r;
    r.rack = rack;
    r.heightU = std::max(1, heightU);
    for (const PowerFeed& f : feeds) {
        FeedLoad load;
        load.feed = f;
        r.feeds.push_back(load);
    }
    for (HostPower& h : hosts)
        if (h.rack == rack) r.hosts.push_back(std::move(h));
    std::stable_sort(r.hosts.begin(), r.hosts.end(), [](const HostPower& a, const HostPower& b) {
        return a.unit + a.heightU > b.unit + b.heightU;  // top unit first; unplaced (unit 0) last
    });
    for (const HostPower& h : r.hosts) {
        if (!h.powerW) {
            ++r.unmeasured;
            continue;
        }
        (h.source == QLatin1String("estimated") ? r.estimated : r.measured) += 1;
        r.nowW += *h.powerW;
        r.peakW += h.peakW.value_or(*h.powerW);
    }
    loadFeeds(r);
    feedFindings(r);
    airFindings(r, thresholds);
    std::stable_sort(r.findings.begin(), r.findings.end(), [](const PowerFinding& a, const PowerFinding& b) {
        if (a.severity != b.severity) return a.severity > b.severity;
        return kindOrder(a.kind) < kindOrder(b.kind);
    });
    return r;
}

}  // namespace fleetdeck::power
