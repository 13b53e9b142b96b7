// The verdict engine on typed samples: each rule of docs/efficiency.md with the figures that make
// it, the figures just short of it, and a healthy busy host that gets no problem verdict.

#include <gtest/gtest.h>

#include <functional>

#include "app/utilization/verdict_engine.h"

namespace fleetdeck::utilization {
namespace {

using protocol::GpuProcess;
using protocol::GpuSample;
using protocol::Sample;

constexpr std::int64_t kStepMs = 1000;

GpuProcess trainer() {
    GpuProcess p;
    p.pid = 4242;
    p.kind = "compute";
    p.name = "python3";
    p.user = "alice";
    p.gpu_mem_bytes = 40LL << 30;
    p.slurm_job = 9001;
    return p;
}

// An H100 with a process on it, SM active `sm` and the rest quiet.
GpuSample h100(int index, double sm, double tensor = 0, double dram = 10) {
    GpuSample g;
    g.index = index;
    g.vendor = "nvidia";
    g.name = "NVIDIA H100 80GB HBM3";
    g.uuid = "GPU-" + std::to_string(index);
    g.util_pct = sm > 0 ? 100 : 0;
    g.pcie_gen = 5;
    g.pcie_width = 16;
    for (int l = 0; l < 18; ++l) g.nvlinks.push_back({l, true, 0, 0, 0});
    g.processes = std::vector<GpuProcess>{trainer()};
    protocol::GpuProfSample prof;
    prof.source = "gpm";
    prof.sm_active_pct = sm;
    prof.sm_occupancy_pct = sm / 2;
    prof.tensor_active_pct = tensor;
    prof.dram_active_pct = dram;
    prof.pcie_tx_bytes_per_s = 1e9;
    prof.pcie_rx_bytes_per_s = 1e9;
    prof.nvlink_tx_bytes_per_s = 1e9;
    prof.nvlink_rx_bytes_per_s = 1e9;
    g.prof = prof;
    g.violation_ns = protocol::GpuViolations{0, 0, 0};
    return g;
}

Sample host(std::vector<GpuSample> gpus, double cpuUtil = 20) {
    Sample s;
    s.cpu = protocol::CpuSample{};
    s.cpu->util_pct = cpuUtil;
    s.pressure = protocol::PressureSample{protocol::PressureLine{2.0, 0.0}, protocol::PressureLine{1.0, 0.5}, protocol::PressureLine{0.0, 0.0}};
    s.gpus = std::move(gpus);
    return s;
}

// Feeds `seconds` samples, one a second, each made by `make(second)`; returns the last verdict.
HostVerdict feed(VerdictEngine& engine, int seconds, const std::function<Sample(int)>& make, std::int64_t startMs = 1'000'000) {
    for (int i = 0; i < seconds; ++i) engine.add(QStringLiteral("gpu-01"), startMs + i * kStepMs, make(i));
    return engine.verdict(QStringLiteral("gpu-01"));
}

const GpuVerdict& only(const HostVerdict& v) {
    EXPECT_EQ(v.gpus.size(), 1u);
    return v.gpus.front();
}

TEST(VerdictEngine, HealthyBusyHostHasNoProblem) {
    VerdictEngine engine;
    const HostVerdict v = feed(engine, 90, [](int) {
        std::vector<GpuSample> gpus;
        for (int i = 0; i < 8; ++i) gpus.push_back(h100(i, 85, 60, 45));
        return host(gpus);
    });
    EXPECT_EQ(v.verdict, Verdict::Busy);
    EXPECT_FALSE(v.hasProblem());
    ASSERT_EQ(v.gpus.size(), 8u);
    for (const GpuVerdict& g : v.gpus) {
        EXPECT_EQ(g.verdict, Verdict::Busy) << g.text.toStdString();
        ASSERT_NE(g.figure(QStringLiteral("sm_active_pct")), nullptr);
        EXPECT_DOUBLE_EQ(g.figure(QStringLiteral("sm_active_pct"))->value, 85);
    }
    EXPECT_EQ(v.text, QStringLiteral("8 of 8 GPUs busy."));
    // The window is 60 s: the first 30 samples fell out.
    EXPECT_EQ(v.samples, 60);
}

TEST(VerdictEngine, NoProcessIsIdle) {
    VerdictEngine engine;
    const HostVerdict v = feed(engine, 10, [](int) {
        GpuSample g = h100(0, 0);
        g.processes = std::vector<GpuProcess>{};
        return host({g});
    });
    EXPECT_EQ(only(v).verdict, Verdict::Idle);
    EXPECT_EQ(v.verdict, Verdict::Idle);
    EXPECT_FALSE(v.hasProblem());
}

TEST(VerdictEngine, HeldWithoutWorkForTenMinutesIsHeldIdleAndNamesTheHolder) {
    VerdictEngine engine;
    const auto make = [](int) { return host({h100(0, 1.5)}); };
    // Nine minutes: not yet.
    HostVerdict v = feed(engine, 9 * 60, make);
    EXPECT_EQ(only(v).verdict, Verdict::Idle) << only(v).text.toStdString();
    EXPECT_FALSE(v.hasProblem());
    // Past ten minutes, continuing the same run.
    v = feed(engine, 62, make, 1'000'000 + 9 * 60 * kStepMs);
    const GpuVerdict& g = only(v);
    EXPECT_EQ(g.verdict, Verdict::HeldIdle);
    EXPECT_EQ(v.verdict, Verdict::HeldIdle);
    EXPECT_TRUE(v.hasProblem());
    ASSERT_EQ(g.holders.size(), 1u);
    EXPECT_EQ(g.holders[0].user, QStringLiteral("alice"));
    EXPECT_EQ(g.holders[0].belongsTo(), QStringLiteral("job 9001"));
    EXPECT_TRUE(g.text.contains(QStringLiteral("python3 (pid 4242, user alice, job 9001)"))) << g.text.toStdString();
    EXPECT_EQ(g.sinceMs, 1'000'000);
    ASSERT_NE(g.figure(QStringLiteral("held_idle_s")), nullptr);
    EXPECT_GE(g.figure(QStringLiteral("held_idle_s"))->value, 600);
}

TEST(VerdictEngine, OneBusySampleRestartsTheHeldIdleRun) {
    VerdictEngine engine;
    HostVerdict v = feed(engine, 11 * 60, [](int i) { return host({h100(0, i == 300 ? 70 : 1)}); });
    EXPECT_EQ(only(v).verdict, Verdict::Idle) << only(v).text.toStdString();
}

TEST(VerdictEngine, LowSmWithCpuPressureIsInputBound) {
    VerdictEngine engine;
    const HostVerdict v = feed(engine, 60, [](int) {
        Sample s = host({h100(0, 25, 10)}, 97);
        s.pressure->cpu->some_avg10 = 65;
        return s;
    });
    const GpuVerdict& g = only(v);
    EXPECT_EQ(g.verdict, Verdict::InputBound) << g.text.toStdString();
    EXPECT_EQ(g.guide, QStringLiteral("§2.2"));
    EXPECT_TRUE(g.text.contains(QStringLiteral("local NVMe")));
    ASSERT_NE(g.figure(QStringLiteral("cpu_pressure_some_pct")), nullptr);
    EXPECT_EQ(g.figure(QStringLiteral("cpu_pressure_some_pct"))->threshold, 40);
    EXPECT_NE(g.figure(QStringLiteral("cpu_util_pct")), nullptr);
}

TEST(VerdictEngine, LowSmWithABusyDiskIsInputBound) {
    VerdictEngine engine;
    const HostVerdict v = feed(engine, 60, [](int) {
        Sample s = host({h100(0, 20)});
        s.disks.push_back({"nvme0n1", 3.1e9, 0.0, 99.0, 60.0});
        s.disks.push_back({"sda", 1e6, 1e6, 3.0, 0.1});
        return s;
    });
    EXPECT_EQ(only(v).verdict, Verdict::InputBound);
    EXPECT_TRUE(only(v).text.contains(QStringLiteral("nvme0n1 is busy 99 %"))) << only(v).text.toStdString();
}

TEST(VerdictEngine, SmFallingAsNvlinkRisesIsCommBound) {
    VerdictEngine engine;
    const HostVerdict v = feed(engine, 60, [](int i) {
        // Compute and all-reduce take turns: 5 s of each.
        const bool comm = (i / 5) % 2 == 1;
        GpuSample g = h100(0, comm ? 8 : 70, comm ? 2 : 40);
        g.prof->nvlink_tx_bytes_per_s = comm ? 400e9 : 20e9;  // of 18 × 25 GB/s
        return host({g});
    });
    const GpuVerdict& g = only(v);
    EXPECT_EQ(g.verdict, Verdict::CommBound) << g.text.toStdString();
    EXPECT_EQ(g.guide, QStringLiteral("§4, §5.1"));
    ASSERT_NE(g.figure(QStringLiteral("sm_active_vs_link_correlation")), nullptr);
    EXPECT_LT(g.figure(QStringLiteral("sm_active_vs_link_correlation"))->value, -0.9);
    EXPECT_NEAR(g.figure(QStringLiteral("nvlink_peak_pct_of_rate"))->value, 400e9 / 450e9 * 100, 0.01);
}

TEST(VerdictEngine, AFullLinkWhileSmStaysBusyIsNotCommBound) {
    VerdictEngine engine;
    const HostVerdict v = feed(engine, 60, [](int i) {
        GpuSample g = h100(0, 80 + (i % 2), 50);
        g.prof->nvlink_tx_bytes_per_s = i % 2 ? 420e9 : 380e9;
        return host({g});
    });
    EXPECT_EQ(only(v).verdict, Verdict::Busy);
}

TEST(VerdictEngine, FastestNicCarriesTheCommWithoutNvlink) {
    VerdictEngine engine;
    const HostVerdict v = feed(engine, 60, [](int i) {
        const bool comm = (i / 4) % 2 == 1;
        GpuSample g = h100(0, comm ? 10 : 65, 30);
        g.nvlinks.clear();
        Sample s = host({g});
        protocol::NicSample slow, fast;
        slow.name = "eno1";
        slow.operstate = "up";
        slow.speed_mbps = 1000;
        slow.rx_bytes_per_s = 1e8;
        fast.name = "ens1f0";
        fast.operstate = "up";
        fast.speed_mbps = 100000;
        fast.rx_bytes_per_s = comm ? 11.5e9 : 0.5e9;
        s.nics = {slow, fast};
        return s;
    });
    EXPECT_EQ(only(v).verdict, Verdict::CommBound) << only(v).text.toStdString();
    EXPECT_TRUE(only(v).text.contains(QStringLiteral("ens1f0"))) << only(v).text.toStdString();
}

TEST(VerdictEngine, PowerViolationOverATenthOfTheWindowIsPowerCapped) {
    VerdictEngine engine;
    const HostVerdict v = feed(engine, 60, [](int i) {
        GpuSample g = h100(0, 80, 60);
        g.violation_ns->power = std::int64_t(i) * 300'000'000;  // 0.3 s of every second
        return host({g});
    });
    const GpuVerdict& g = only(v);
    EXPECT_EQ(g.verdict, Verdict::PowerCapped) << g.text.toStdString();
    EXPECT_NEAR(g.figure(QStringLiteral("power_violation_pct_of_window"))->value, 30, 0.01);
}

TEST(VerdictEngine, PowerViolationUnderATenthIsNotCapped) {
    VerdictEngine engine;
    const HostVerdict v = feed(engine, 60, [](int i) {
        GpuSample g = h100(0, 80, 60);
        g.violation_ns->power = std::int64_t(i) * 90'000'000;
        return host({g});
    });
    EXPECT_EQ(only(v).verdict, Verdict::Busy);
}

TEST(VerdictEngine, ThermalViolationIsThermalCapped) {
    VerdictEngine engine;
    const HostVerdict v = feed(engine, 60, [](int i) {
        GpuSample g = h100(0, 60, 30);
        g.violation_ns->thermal = 5'000'000'000'000 + std::int64_t(i) * 500'000'000;
        return host({g});
    });
    EXPECT_EQ(only(v).verdict, Verdict::ThermalCapped);
    EXPECT_EQ(only(v).guide, QStringLiteral("§2.3"));
}

TEST(VerdictEngine, ACounterThatGoesBackIsABaselineNotAViolation) {
    VerdictEngine engine;
    const HostVerdict v = feed(engine, 60, [](int i) {
        GpuSample g = h100(0, 80, 60);
        g.violation_ns->power = i < 30 ? 900'000'000'000 : std::int64_t(i - 30);  // driver reloaded
        return host({g});
    });
    EXPECT_EQ(only(v).verdict, Verdict::Busy);
}

TEST(VerdictEngine, DramBusyWithTensorIdleIsMemoryBound) {
    VerdictEngine engine;
    const HostVerdict v = feed(engine, 60, [](int) { return host({h100(0, 65, 8, 92)}); });
    const GpuVerdict& g = only(v);
    EXPECT_EQ(g.verdict, Verdict::MemoryBound) << g.text.toStdString();
    EXPECT_EQ(g.figure(QStringLiteral("dram_active_pct"))->threshold, 80);
}

TEST(VerdictEngine, PcieNearItsRateWithSmLowIsPcieBound) {
    VerdictEngine engine;
    const HostVerdict v = feed(engine, 60, [](int) {
        GpuSample g = h100(0, 20, 5);
        g.pcie_gen = 4;
        g.prof->pcie_rx_bytes_per_s = 28e9;  // of 16 × 1.969 GB/s
        return host({g});
    });
    const GpuVerdict& g = only(v);
    EXPECT_EQ(g.verdict, Verdict::PcieBound) << g.text.toStdString();
    EXPECT_NEAR(g.figure(QStringLiteral("pcie_pct_of_rate"))->value, 28e9 / (16e9 * 128 / 130 / 8 * 16) * 100, 0.01);
}

TEST(VerdictEngine, BeforeHopperItSaysProfilingNeedsHopper) {
    VerdictEngine engine;
    const HostVerdict v = feed(engine, 60, [](int) {
        GpuSample g = h100(0, 0);
        g.name = "NVIDIA A100-SXM4-80GB";
        g.util_pct = 100;
        g.prof = protocol::GpuProfSample{};
        g.prof->source = "basic";
        g.prof->pcie_rx_bytes_per_s = 1e9;
        return host({g});
    });
    const GpuVerdict& g = only(v);
    EXPECT_EQ(g.verdict, Verdict::Unknown);
    EXPECT_EQ(g.profSource, QStringLiteral("basic"));
    EXPECT_TRUE(g.text.contains(QStringLiteral("profiling needs Hopper or later"))) << g.text.toStdString();
    EXPECT_FALSE(v.hasProblem());
}

TEST(VerdictEngine, BeforeHopperAHeldGpuWithNoUtilizationIsStillHeldIdle) {
    VerdictEngine engine;
    const HostVerdict v = feed(engine, 11 * 60, [](int) {
        GpuSample g = h100(0, 0);
        g.util_pct = 0;
        g.prof = std::nullopt;
        return host({g});
    });
    EXPECT_EQ(only(v).verdict, Verdict::HeldIdle) << only(v).text.toStdString();
    EXPECT_NE(only(v).figure(QStringLiteral("util_pct")), nullptr);
}

TEST(VerdictEngine, WithoutAProcessListADoingNothingGpuIsIdleAndNamesNoOne) {
    VerdictEngine engine;
    const HostVerdict v = feed(engine, 11 * 60, [](int) {
        GpuSample g = h100(0, 0.5);
        g.processes = std::nullopt;
        return host({g});
    });
    EXPECT_EQ(only(v).verdict, Verdict::Idle) << only(v).text.toStdString();
    EXPECT_TRUE(only(v).text.contains(QStringLiteral("does not list"))) << only(v).text.toStdString();
    EXPECT_TRUE(only(v).holders.empty());
}

TEST(VerdictEngine, TooFewSamplesIsUnknown) {
    VerdictEngine engine;
    const HostVerdict v = feed(engine, 2, [](int) { return host({h100(0, 90, 70)}); });
    EXPECT_EQ(only(v).verdict, Verdict::Unknown);
    EXPECT_EQ(engine.verdict(QStringLiteral("elsewhere")).verdict, Verdict::Unknown);
}

TEST(VerdictEngine, HostVerdictIsTheProblemMostGpusShare) {
    VerdictEngine engine;
    const HostVerdict v = feed(engine, 60, [](int) {
        Sample s = host({h100(0, 85, 60), h100(1, 65, 8, 92), h100(2, 66, 9, 93), h100(3, 20, 5)});
        s.gpus[3].prof->pcie_rx_bytes_per_s = 60e9;
        return s;
    });
    EXPECT_EQ(v.verdict, Verdict::MemoryBound);
    EXPECT_TRUE(v.text.startsWith(QStringLiteral("2 of 4 GPUs memory bound. GPU 1 is bound by its memory bandwidth"))) << v.text.toStdString();
}

TEST(VerdictEngine, NamesAndCodesRoundTrip) {
    for (Verdict v : kVerdicts) {
        EXPECT_EQ(verdictFromString(toString(v)), v);
        EXPECT_EQ(verdictFromCode(verdictCode(v)), v);
    }
    EXPECT_EQ(toString(Verdict::HeldIdle), QStringLiteral("held_idle"));
    EXPECT_EQ(toString(Verdict::PcieBound), QStringLiteral("pcie_bound"));
    EXPECT_FALSE(verdictFromCode(200).has_value());
    EXPECT_FALSE(verdictFromString(QStringLiteral("fast")).has_value());
}

TEST(LinkRates, FromGenerationWidthAndNvlinkLinks) {
    GpuSample g = h100(0, 0);
    EXPECT_NEAR(*pcieRateBytesPerS(g), 63.0e9, 0.1e9);  // Gen5 x16: 32 GT/s × 16, 128b/130b
    g.pcie_gen = 3;
    g.pcie_width = 8;
    EXPECT_NEAR(*pcieRateBytesPerS(g), 7.88e9, 0.01e9);
    g.pcie_gen.reset();
    EXPECT_FALSE(pcieRateBytesPerS(g).has_value());
    EXPECT_DOUBLE_EQ(*nvlinkRateBytesPerS(g), 18 * 25e9);
    g.nvlinks[0].active = false;
    EXPECT_DOUBLE_EQ(*nvlinkRateBytesPerS(g), 17 * 25e9);
    g.nvlinks.clear();
    EXPECT_FALSE(nvlinkRateBytesPerS(g).has_value());
}

}  // namespace
}  // namespace fleetdeck::utilization

namespace fleetdeck::utilization {
namespace {

// A reader fed every sample reads the verdict as last judged: judged again every judgeEveryMs
// while nothing changes, at once when a GPU's holder goes; verdict() judges every sample it has.
TEST(VerdictEngine, JudgedEveryFewSecondsAndAtOnceWhenAHolderGoes) {
    VerdictEngine engine;
    const QString name = QStringLiteral("gpu-01");
    const std::int64_t start = 1'000'000;
    for (int i = 0; i < 12; ++i) engine.add(name, start + i * kStepMs, host({h100(0, 80, 40)}));
    // Judged at each of the first three samples (too few before them), then 5 s after the third.
    const HostVerdict& judged = engine.judged(name);
    EXPECT_EQ(judged.windowEndMs, start + 7 * kStepMs);
    EXPECT_EQ(only(judged).verdict, Verdict::Busy);
    EXPECT_EQ(engine.verdict(name).windowEndMs, start + 11 * kStepMs) << "verdict() judges what is new";
    EXPECT_EQ(engine.judged(name).windowEndMs, start + 11 * kStepMs);

    // The process ends: the GPU is idle from that sample on, not five seconds later.
    GpuSample idle = h100(0, 0);
    idle.processes = std::vector<GpuProcess>{};
    engine.add(name, start + 12 * kStepMs, host({idle}));
    EXPECT_EQ(engine.judged(name).windowEndMs, start + 12 * kStepMs);
    EXPECT_EQ(only(engine.judged(name)).verdict, Verdict::Idle);
    EXPECT_TRUE(only(engine.judged(name)).holders.empty());

    // A host the engine never saw reads unknown.
    EXPECT_EQ(engine.judged(QStringLiteral("gpu-99")).verdict, Verdict::Unknown);
    EXPECT_TRUE(engine.judged(QStringLiteral("gpu-99")).gpus.empty());
}

// Holders follow the process list: a new process shows at once, and their memory moves their order.
TEST(VerdictEngine, HoldersFollowTheProcessListAndTheirMemory) {
    VerdictEngine engine;
    const QString name = QStringLiteral("gpu-01");
    GpuSample g = h100(0, 80, 40);
    for (int i = 0; i < 4; ++i) engine.add(name, 1'000'000 + i * kStepMs, host({g}));
    GpuProcess second = trainer();
    second.pid = 5151;
    second.user = "bob";
    second.gpu_mem_bytes = 1LL << 30;
    g.processes->push_back(second);
    engine.add(name, 1'000'000 + 4 * kStepMs, host({g}));
    ASSERT_EQ(only(engine.judged(name)).holders.size(), 2u);
    EXPECT_EQ(only(engine.judged(name)).holders.front().pid, 4242);
    // bob's process grows past alice's: the first holder is his by the next judging.
    (*g.processes)[1].gpu_mem_bytes = 60LL << 30;
    engine.add(name, 1'000'000 + 5 * kStepMs, host({g}));
    EXPECT_EQ(only(engine.verdict(name)).holders.front().pid, 5151);
    EXPECT_EQ(only(engine.verdict(name)).holders.front().user, QStringLiteral("bob"));
}

}  // namespace
}  // namespace fleetdeck::utilization

namespace fleetdeck::utilization {
namespace {

// A holder named otherwise with the same pid (an exec, a name read late) is shown as it is now.
TEST(VerdictEngine, AHolderRenamedUnderTheSamePidShowsItsNewName) {
    VerdictEngine engine;
    const QString name = QStringLiteral("gpu-01");
    GpuSample g = h100(0, 80, 40);
    for (int i = 0; i < 4; ++i) engine.add(name, 1'000'000 + i * kStepMs, host({g}));
    (*g.processes)[0].name = "torchrun";
    (*g.processes)[0].user = "carol";
    engine.add(name, 1'000'000 + 4 * kStepMs, host({g}));
    ASSERT_EQ(only(engine.judged(name)).holders.size(), 1u);
    EXPECT_EQ(only(engine.judged(name)).holders.front().name, QStringLiteral("torchrun"));
    EXPECT_EQ(only(engine.judged(name)).holders.front().user, QStringLiteral("carol"));
}

}  // namespace
}  // namespace fleetdeck::utilization
