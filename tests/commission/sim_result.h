#pragma once

// A commissioning result for a small simulated rack, as the engine would fill it: six hosts of
// rack "b2" (gpu-03 has a GPU at PCIe x8 and fails, gpu-02 has one GPU running hot under the
// burn-in, gpu-05 has no unit, gpu-06 was not reached), the spec learned from gpu-01, and a burn-in
// recording drawn by hand.
#include <cmath>
#include <string>

#include "app/commission/acceptance.h"
#include "app/commission/commission_result.h"
#include "tests/commission/sim_rack.h"

namespace fleetdeck::test {

inline commission::GpuBurnIn simulatedGpuBurnIn(int index, bool hot, int windowS, int stepS) {
    commission::GpuBurnIn g;
    g.index = index;
    g.model = "NVIDIA H100 80GB HBM3";
    g.slowdown_c = 87;
    g.sm_clock_max_mhz = 1980;
    for (int t = 0; t <= windowS; t += stepS) {
        commission::BurnInPoint p;
        p.t_s = t;
        const double rise = 1.0 - std::exp(-t / 120.0);
        const double settle = hot ? 89.0 : 68.0 + index * 0.4;
        p.temp_c = 34.0 + (settle - 34.0) * rise;
        p.power_w = 90.0 + 590.0 * std::min(1.0, t / 20.0);
        p.power_limit_w = 700;
        p.fan_pct = hot ? 100.0 : 55.0 + 20.0 * rise;
        p.util_pct = t < 5 ? 0.0 : 100.0;
        const bool throttled = hot && *p.temp_c >= 87.0;
        p.sm_clock_mhz = throttled ? 1410 : 1980;
        if (throttled) p.throttle = {"sw_thermal_slowdown"};
        if (t == 300) p.fan_pct.reset();  // a reading the host could not give once
        g.points.push_back(std::move(p));
    }
    return g;
}

inline commission::CommissionResult simulatedCommission(int windowS = 900, int stepS = 5) {
    using namespace commission;
    CommissionResult r;
    r.rack = QStringLiteral("b2");
    r.specSource = QStringLiteral("learned from gpu-01");
    r.operatorName = QStringLiteral("dana.ops");
    r.startedMs = 1'780'000'000'000;
    r.finishedMs = r.startedMs + (windowS + 75) * 1000LL;
    r.fleetdeckVersion = QStringLiteral("0.9.0");
    r.meshRound = true;
    BurnInPlan plan;
    plan.durationS = windowS;
    plan.intervalMs = stepS * 1000;
    plan.loadCommand = QStringLiteral("gpu_burn %1").arg(windowS);
    r.burnIn = plan;

    const char* variants[] = {"hgx-h100-8:1", "hgx-h100-8+bad-fan:2", "hgx-h100-8+pcie-x8:3",
                              "hgx-h100-8:4", "hgx-h100-8:5", "hgx-h100-8:6"};
    const int units[] = {1, 5, 9, 13, 0, 17};
    r.spec = learnSpec(observeSimulated(variants[0]));
    for (int i = 0; i < 6; ++i) {
        HostResult h;
        h.spec.name = QStringLiteral("gpu-%1").arg(i + 1, 2, 10, QLatin1Char('0'));
        h.spec.kind = HostSpec::Kind::Simulated;
        h.spec.simulateProfile = QString::fromLatin1(variants[i]);
        h.spec.rack = r.rack;
        h.spec.rackUnit = units[i];
        h.spec.rackHeightU = 4;
        h.spec.tags = QStringList{QStringLiteral("new"), QStringLiteral("h100")};
        if (i == 5) {
            h.reached = false;
            h.failedState = HostState::Offline;
            h.error = QStringLiteral("connection refused by 10.2.0.16 port 22");
            h.findings.push_back({FindingSeverity::Critical, QStringLiteral("unreachable"), {},
                                  QStringLiteral("not reached: connection refused by 10.2.0.16 port 22"), -1, {}, {}, {}});
            r.hosts.push_back(std::move(h));
            continue;
        }
        h.reached = true;
        h.observed = observeSimulated(variants[i]);
        h.findings = checkAgainstSpec(r.spec, *h.observed);
        HostBurnIn b;
        for (int g = 0; g < 8; ++g) b.gpus.push_back(simulatedGpuBurnIn(g, i == 1 && g == 5, windowS, stepS));
        b.recordedS = windowS;
        LoadOutcome load;
        load.started = true;
        load.exitStatus = 0;
        load.lastLines = {QStringLiteral("GPU 0: OK (21043 Gflop/s)"), QStringLiteral("Tested 8 GPUs:"),
                          QStringLiteral("all GPUs OK")};
        if (i == 3) load.lastLines << QStringLiteral("<b>x</b> & done");  // remote text that looks like markup
        b.load = load;
        h.burnIn = std::move(b);
        if (i == 1) {
            h.findings.push_back({FindingSeverity::Warning, QStringLiteral("burnin_hot_outlier"), {},
                                  QStringLiteral("GPU 5: 89 °C under load, the rack's H100s 69 °C (median), "
                                                 "20 °C above"),
                                  5, QStringLiteral("≤ 74 °C"), QStringLiteral("89 °C"), {}});
            h.findings.push_back({FindingSeverity::Warning, QStringLiteral("burnin_thermal_slowdown"), {},
                                  QStringLiteral("GPU 5: thermal slowdown for 512 s of the window"), 5, {}, {}, {}});
        }
        sortFindings(h.findings);
        h.pass = passes(h.findings);
        r.hosts.push_back(std::move(h));
    }
    return r;
}

}  // namespace fleetdeck::test
