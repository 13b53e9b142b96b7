// Judging a burn-in window: hand-made series for each rule, and recordings of the simulator's
// thermal model on a simulated clock (15 simulated minutes in a moment).
#include <algorithm>

#include <gtest/gtest.h>

#include "agent/protocol/message.h"
#include "agent/simulator/simulated_machine.h"
#include "app/commission/burnin.h"

namespace fleetdeck::commission {
namespace {

constexpr const char* kModel = "NVIDIA H100 80GB HBM3";

BurnInPoint loadedPoint(double t, double tempC, std::int64_t clockMhz = 1980, std::vector<std::string> throttle = {}) {
    BurnInPoint p;
    p.t_s = t;
    p.temp_c = tempC;
    p.util_pct = 100;
    p.power_w = 650;
    p.power_limit_w = 700;
    p.fan_pct = 70;
    p.sm_clock_mhz = clockMhz;
    p.throttle = std::move(throttle);
    return p;
}

// A GPU loaded for `n` samples at one temperature and clock; `edit` changes point i.
GpuBurnIn gpuSeries(int index, double tempC, int n = 100, const std::function<void(int, BurnInPoint&)>& edit = {}) {
    GpuBurnIn g;
    g.index = index;
    g.model = kModel;
    g.slowdown_c = 87;
    for (int i = 0; i < n; ++i) {
        BurnInPoint p = loadedPoint(i, tempC + (i % 3) * 0.5);
        if (edit) edit(i, p);
        g.points.push_back(std::move(p));
    }
    return g;
}

// A host of eight GPUs at 66-69 °C; `gpuEdit` replaces one GPU.
HostBurnIn healthyHost(int firstTemp = 66) {
    HostBurnIn h;
    for (int i = 0; i < 8; ++i) h.gpus.push_back(gpuSeries(i, firstTemp + i % 4));
    h.recordedS = 100;
    return h;
}

std::vector<AcceptanceFinding> ofKind(const std::vector<AcceptanceFinding>& list, const char* kind) {
    std::vector<AcceptanceFinding> out;
    std::copy_if(list.begin(), list.end(), std::back_inserter(out), [&](const AcceptanceFinding& f) { return f.kind == kind; });
    return out;
}

TEST(BurnInJudging, AHealthyRackHasNoFindings) {
    const auto findings = judgeBurnIn({{"gpu-01", healthyHost()}, {"gpu-02", healthyHost(67)}, {"gpu-03", healthyHost()}});
    EXPECT_TRUE(findings.empty()) << findings.begin()->second.front().text.toStdString();
}

TEST(BurnInJudging, AHotGpuIsAnOutlierAgainstTheRacksMedianOfItsModel) {
    HostBurnIn hot = healthyHost();
    hot.gpus[5] = gpuSeries(5, 80);
    const auto findings = judgeBurnIn({{"gpu-01", healthyHost()}, {"gpu-02", hot}, {"gpu-03", healthyHost()}});
    ASSERT_EQ(findings.size(), 1u);
    const auto outliers = ofKind(findings.at("gpu-02"), "burnin_hot_outlier");
    ASSERT_EQ(outliers.size(), 1u);
    const AcceptanceFinding& f = outliers.front();
    EXPECT_EQ(f.severity, FindingSeverity::Critical);
    EXPECT_EQ(f.gpu, 5);
    EXPECT_EQ(f.actual, QStringLiteral("81 °C"));  // the p95 of 80, 80.5, 81
    EXPECT_TRUE(f.text.startsWith(QStringLiteral("GPU 5: 81 °C under load, "))) << f.text.toStdString();
    EXPECT_TRUE(f.text.contains(QStringLiteral("median 69 °C of the rack's 24 NVIDIA H100 80GB HBM3 GPUs"))) << f.text.toStdString();
}

TEST(BurnInJudging, AnOutlierMustBeAtLeastFiveDegreesHotterEvenWhenTheRackAgreesClosely) {
    // Every GPU at exactly 66 °C (MAD 0): one at 70 °C is 4 °C hotter, not an outlier; 71 °C is.
    const auto flat = [](double hotTemp) {
        HostBurnIn h;
        for (int i = 0; i < 8; ++i) h.gpus.push_back(gpuSeries(i, i == 2 ? hotTemp : 66, 10, [](int, BurnInPoint& p) { p.temp_c = std::floor(*p.temp_c); }));
        return h;
    };
    const auto near = judgeBurnIn({{"a", flat(70)}, {"b", flat(66)}});
    EXPECT_TRUE(near.count("a") == 0 || ofKind(near.at("a"), "burnin_hot_outlier").empty());
    const auto hot = judgeBurnIn({{"a", flat(71)}, {"b", flat(66)}});
    ASSERT_EQ(ofKind(hot.at("a"), "burnin_hot_outlier").size(), 1u);
    EXPECT_EQ(ofKind(hot.at("a"), "burnin_hot_outlier").front().gpu, 2);
}

TEST(BurnInJudging, ThrottleReasonsGiveSlowdownAndPowerCapFindings) {
    HostBurnIn h = healthyHost();
    // GPU 1: thermal slowdown in 10 samples, hardware slowdown in 4 of them.
    h.gpus[1] = gpuSeries(1, 68, 100, [](int i, BurnInPoint& p) {
        if (i >= 90) p.throttle = {"sw_thermal"};
        if (i >= 96) {
            p.throttle = {"sw_thermal", "hw_thermal", "hw_slowdown"};
            p.temp_c = 88;
        }
    });
    // GPU 2: at its power cap in 30 of 100 loaded samples; GPU 3: in 5 (under the 10 % rule).
    h.gpus[2] = gpuSeries(2, 66, 100, [](int i, BurnInPoint& p) {
        if (i < 30) p.throttle = {"sw_power_cap"};
    });
    h.gpus[3] = gpuSeries(3, 66, 100, [](int i, BurnInPoint& p) {
        if (i < 5) p.throttle = {"sw_power_cap"};
    });
    const auto findings = judgeBurnIn({{"gpu-01", h}}).at("gpu-01");
    const auto thermal = ofKind(findings, "burnin_thermal_slowdown");
    ASSERT_EQ(thermal.size(), 1u);
    EXPECT_EQ(thermal.front().gpu, 1);
    EXPECT_EQ(thermal.front().severity, FindingSeverity::Critical);
    EXPECT_EQ(thermal.front().text.toStdString(),
              "GPU 1: thermal slowdown in 10 of 100 samples (10 %), at up to 88 °C; slowdown threshold 87 °C");
    const auto hw = ofKind(findings, "burnin_hw_slowdown");
    ASSERT_EQ(hw.size(), 1u);
    EXPECT_EQ(hw.front().gpu, 1);
    EXPECT_EQ(hw.front().actual, QStringLiteral("4 % of samples"));
    const auto cap = ofKind(findings, "burnin_power_cap");
    ASSERT_EQ(cap.size(), 1u);
    EXPECT_EQ(cap.front().gpu, 2);
    EXPECT_EQ(cap.front().severity, FindingSeverity::Warning);
    EXPECT_EQ(cap.front().text.toStdString(), "GPU 2: at its power cap 30 % of the time under load");
}

TEST(BurnInJudging, AClockFarUnderTheModelsTopUnderLoadIsAClockDrop) {
    HostBurnIn h = healthyHost();
    h.gpus[4] = gpuSeries(4, 67, 100, [](int, BurnInPoint& p) { p.sm_clock_mhz = 1500; });
    h.gpus[6] = gpuSeries(6, 67, 100, [](int, BurnInPoint& p) { p.sm_clock_mhz = 1800; });  // 91 %: within the rule
    const auto findings = judgeBurnIn({{"gpu-01", h}}).at("gpu-01");
    const auto drops = ofKind(findings, "burnin_clock_drop");
    ASSERT_EQ(drops.size(), 1u);
    EXPECT_EQ(drops.front().gpu, 4);
    EXPECT_EQ(drops.front().text.toStdString(), "GPU 4: SM clock under load 1500 MHz (median), 76 % of 1980 MHz");
    EXPECT_EQ(drops.front().expected.toStdString(), "≥ 1683 MHz");
    // The GPU's own maximum, where known, is the reference instead of the rack's top clock.
    HostBurnIn known = healthyHost();
    known.gpus[0].sm_clock_max_mhz = 2400;
    EXPECT_EQ(ofKind(judgeBurnIn({{"gpu-01", known}}).at("gpu-01"), "burnin_clock_drop").front().gpu, 0);
}

TEST(BurnInJudging, FansAtMaximumMostOfTheTimeAreAWarning) {
    HostBurnIn h = healthyHost();
    h.gpus[7] = gpuSeries(7, 68, 100, [](int i, BurnInPoint& p) { p.fan_pct = i < 60 ? 100 : 80; });
    const auto fans = ofKind(judgeBurnIn({{"gpu-01", h}}).at("gpu-01"), "burnin_fan_max");
    ASSERT_EQ(fans.size(), 1u);
    EXPECT_EQ(fans.front().gpu, 7);
    EXPECT_EQ(fans.front().severity, FindingSeverity::Warning);
    EXPECT_EQ(fans.front().actual, QStringLiteral("60 %"));
}

TEST(BurnInJudging, IdleGpusAFailedLoadAndADroppedHostAreHostFindings) {
    HostBurnIn idle = healthyHost();
    for (GpuBurnIn& g : idle.gpus)
        for (BurnInPoint& p : g.points) p.util_pct = 3;
    LoadOutcome failed;
    failed.started = true;
    failed.exitStatus = 127;
    failed.lastLines = {QStringLiteral("sh: gpu_burn: not found")};
    idle.load = failed;
    HostBurnIn dropped = healthyHost();
    dropped.error = QStringLiteral("offline: connection lost");
    dropped.recordedS = 312;
    LoadOutcome stopped;  // ran the whole window and was stopped: no finding
    stopped.started = true;
    stopped.stopped = true;
    dropped.load = stopped;
    const auto findings = judgeBurnIn({{"idle", idle}, {"dropped", dropped}, {"fine", healthyHost()}});
    EXPECT_EQ(findings.count("fine"), 0u);
    const auto notLoaded = ofKind(findings.at("idle"), "burnin_not_loaded");
    ASSERT_EQ(notLoaded.size(), 1u);
    EXPECT_EQ(notLoaded.front().severity, FindingSeverity::Warning);
    EXPECT_TRUE(notLoaded.front().text.startsWith(QStringLiteral("No GPU was under load"))) << notLoaded.front().text.toStdString();
    const auto load = ofKind(findings.at("idle"), "burnin_load_failed");
    ASSERT_EQ(load.size(), 1u);
    EXPECT_EQ(load.front().severity, FindingSeverity::Critical);
    EXPECT_EQ(load.front().text.toStdString(), "Burn-in load failed: the load command exited with status 127: sh: gpu_burn: not found");
    const auto incomplete = ofKind(findings.at("dropped"), "burnin_incomplete");
    ASSERT_EQ(incomplete.size(), 1u);
    EXPECT_EQ(incomplete.front().severity, FindingSeverity::Critical);
    EXPECT_EQ(incomplete.front().text.toStdString(), "Burn-in incomplete: recording stopped after 5.2 min: offline: connection lost");
    EXPECT_TRUE(ofKind(findings.at("dropped"), "burnin_load_failed").empty());

    LoadOutcome neverStarted;
    neverStarted.error = QStringLiteral("sudo needs a password");
    HostBurnIn h = healthyHost();
    h.load = neverStarted;
    EXPECT_EQ(ofKind(judgeBurnIn({{"x", h}}).at("x"), "burnin_load_failed").front().text.toStdString(),
              "Burn-in load failed: the load command did not start: sudo needs a password");
}

// 15 simulated minutes of one simulated host at 1 Hz, recorded as the engine records a host.
HostBurnIn recordSimulated(const std::string& spec) {
    agent::sim::SimulatedMachine machine(*agent::sim::parse_sim_spec(spec).spec, [] { return 0.0; });
    HostBurnIn h;
    for (int t = 0; t < 900; ++t) {
        const protocol::Sample& sample = machine.sample_at(t);
        if (h.gpus.empty())
            for (const protocol::GpuSample& g : sample.gpus) h.gpus.push_back(gpuBurnInOf(g));
        for (const protocol::GpuSample& g : sample.gpus) h.gpus[static_cast<std::size_t>(g.index)].points.push_back(burnInPointOf(g, t));
    }
    h.recordedS = 899;
    return h;
}

TEST(BurnInJudging, OnTheSimulatorHealthyHostsPassAndTheBadFanIsTheHotOutlier) {
    const std::string badFan = "hgx-h100-8+bad-fan:3";
    const std::map<QString, HostBurnIn> rack = {{"good-1", recordSimulated("hgx-h100-8:1")},
                                                {"good-2", recordSimulated("hgx-h100-8:2")},
                                                {"bad-fan", recordSimulated(badFan)},
                                                {"good-4", recordSimulated("hgx-h100-8+pcie-x8:4")}};
    const auto findings = judgeBurnIn(rack);
    for (const char* good : {"good-1", "good-2", "good-4"}) {
        if (!findings.count(good)) continue;
        for (const AcceptanceFinding& f : findings.at(good)) EXPECT_NE(f.severity, FindingSeverity::Critical) << good << ": " << f.text.toStdString();
    }
    ASSERT_EQ(findings.count("bad-fan"), 1u);
    const int hotGpu = *agent::sim::parse_sim_spec(badFan).spec->bad_fan_gpu();
    const auto& bad = findings.at("bad-fan");
    const auto outliers = ofKind(bad, "burnin_hot_outlier");
    ASSERT_EQ(outliers.size(), 1u) << (bad.empty() ? "" : bad.front().text.toStdString());
    EXPECT_EQ(outliers.front().gpu, hotGpu);
    const auto thermal = ofKind(bad, "burnin_thermal_slowdown");
    ASSERT_EQ(thermal.size(), 1u);
    EXPECT_EQ(thermal.front().gpu, hotGpu);
    for (const AcceptanceFinding& f : bad)
        if (f.severity == FindingSeverity::Critical) {
            EXPECT_EQ(f.gpu, hotGpu) << f.text.toStdString();
        }
}

TEST(InletJudging, InletAirOutsideEighteenToTwentySevenFailsTheHostFromTheSampleOrTheBurnIn) {
    HostObservation observed;
    observed.sample.emplace().bmc.emplace().inlet_c = 22.0;
    EXPECT_TRUE(inletFindings(observed, nullptr).empty());
    HostBurnIn b;
    b.inletMinC = 21;
    b.inletMaxC = 28;  // the room warmed during the burn-in
    auto found = inletFindings(observed, &b);
    ASSERT_EQ(found.size(), 1u);
    EXPECT_EQ(found[0].kind, QStringLiteral("air_inlet_hot"));
    EXPECT_EQ(found[0].severity, FindingSeverity::Critical);
    EXPECT_EQ(found[0].actual, QStringLiteral("28 °C"));
    observed.sample->bmc->inlet_c = 16.0;
    found = inletFindings(observed, nullptr);
    ASSERT_EQ(found.size(), 1u);
    EXPECT_EQ(found[0].kind, QStringLiteral("air_inlet_cold"));
    observed.sample->bmc.reset();
    EXPECT_TRUE(inletFindings(observed, nullptr).empty()) << "no BMC, nothing to judge";
}

}  // namespace
}  // namespace fleetdeck::commission
