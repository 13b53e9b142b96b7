// dcgm-exporter's profiling, energy and clock-limit fields and its process-attribution labels,
// rendered from typed samples: what a GPU's `prof`, `energy_mj`, `violation_ns` and `processes`
// become under dcgm-exporter's names and units (etc/default-counters.csv at d5e5f51), and that a
// reading the sample lacks is no series at all.
#include <sstream>

#include <gtest/gtest.h>

#include "agent/metrics/sample_metrics.h"
#include "agent/metrics/xid_tally.h"
#include "tests/support/subprocess.h"
#include "tests/support/temp_dir.h"

namespace fleetdeck::agent::metrics::gpu_usage_test {
namespace {

protocol::GpuSample h100() {
    protocol::GpuSample g;
    g.index = 0;
    g.vendor = "nvidia";
    g.name = "NVIDIA H100 80GB HBM3";
    g.uuid = "GPU-3f6a1c2e-8b4d-4e1f-9a7c-0d2e5b6f7a80";
    g.pci_bus_id = "0000:18:00.0";
    g.temp_c = 61;
    return g;
}

std::string scrape_of(const protocol::Sample& sample) {
    protocol::Facts facts;
    facts.host.hostname = "gpu-07";
    XidTally xids;
    return render_metrics(sample, facts, xids, ExpositionFormat::Text004);
}

std::vector<std::string> lines_named(const std::string& scrape, const std::string& name) {
    std::vector<std::string> out;
    std::istringstream in(scrape);
    for (std::string line; std::getline(in, line);)
        if (line.rfind(name + "{", 0) == 0) out.push_back(line);
    return out;
}

double only_value(const std::string& scrape, const std::string& name) {
    const auto lines = lines_named(scrape, name);
    EXPECT_EQ(lines.size(), 1u) << name;
    if (lines.size() != 1) return std::numeric_limits<double>::quiet_NaN();
    return std::stod(lines[0].substr(lines[0].rfind(' ') + 1));
}

const char* const kGpuLabels =
    "{gpu=\"0\",UUID=\"GPU-3f6a1c2e-8b4d-4e1f-9a7c-0d2e5b6f7a80\",pci_bus_id=\"00000000:18:00.0\",device=\"nvidia0\","
    "modelName=\"NVIDIA H100 80GB HBM3\",Hostname=\"gpu-07\"";

TEST(GpuUsageMetrics, ProfilingActivitiesAreRatiosAndTrafficBytesPerSecond) {
    protocol::Sample s;
    auto& g = s.gpus.emplace_back(h100());
    auto& p = g.prof.emplace();
    p.source = "gpm";
    p.sm_active_pct = 87.5;
    p.sm_occupancy_pct = 40;
    p.tensor_active_pct = 62.25;
    p.dram_active_pct = 31;
    p.fp64_active_pct = 0;
    p.fp32_active_pct = 12;
    p.fp16_active_pct = 55;
    p.pcie_tx_bytes_per_s = 1.5e9;
    p.pcie_rx_bytes_per_s = 2.25e9;
    p.nvlink_tx_bytes_per_s = 120e9;
    p.nvlink_rx_bytes_per_s = 118e9;
    const std::string scrape = scrape_of(s);
    EXPECT_EQ(only_value(scrape, "DCGM_FI_PROF_SM_ACTIVE"), 0.875);
    EXPECT_EQ(only_value(scrape, "DCGM_FI_PROF_SM_OCCUPANCY"), 0.4);
    EXPECT_EQ(only_value(scrape, "DCGM_FI_PROF_PIPE_TENSOR_ACTIVE"), 0.6225);
    EXPECT_EQ(only_value(scrape, "DCGM_FI_PROF_DRAM_ACTIVE"), 0.31);
    EXPECT_EQ(only_value(scrape, "DCGM_FI_PROF_PIPE_FP64_ACTIVE"), 0);  // measured idle is a 0, not missing
    EXPECT_EQ(only_value(scrape, "DCGM_FI_PROF_PIPE_FP32_ACTIVE"), 0.12);
    EXPECT_EQ(only_value(scrape, "DCGM_FI_PROF_PIPE_FP16_ACTIVE"), 0.55);
    EXPECT_EQ(only_value(scrape, "DCGM_FI_PROF_PCIE_TX_BYTES"), 1.5e9);
    EXPECT_EQ(only_value(scrape, "DCGM_FI_PROF_PCIE_RX_BYTES"), 2.25e9);
    EXPECT_EQ(only_value(scrape, "DCGM_FI_PROF_NVLINK_TX_BYTES"), 120e9);
    EXPECT_EQ(only_value(scrape, "DCGM_FI_PROF_NVLINK_RX_BYTES"), 118e9);
    // Types and HELP as dcgm-exporter's csv gives them.
    EXPECT_NE(scrape.find("# TYPE DCGM_FI_PROF_SM_ACTIVE gauge\n"), std::string::npos);
    EXPECT_NE(scrape.find("# HELP DCGM_FI_PROF_PIPE_TENSOR_ACTIVE Ratio of cycles the tensor (HMMA) pipe is active.\n"),
              std::string::npos);
    EXPECT_EQ(lines_named(scrape, "DCGM_FI_PROF_SM_ACTIVE")[0], std::string("DCGM_FI_PROF_SM_ACTIVE") + kGpuLabels + "} 0.875");
}

TEST(GpuUsageMetrics, BasicProfilingHasOnlyTrafficAndNullsAreNoSeries) {
    // A GPU before Hopper: PCIe throughput only.
    protocol::Sample s;
    auto& g = s.gpus.emplace_back(h100());
    auto& p = g.prof.emplace();
    p.source = "basic";
    p.pcie_tx_bytes_per_s = 4e6;
    const std::string scrape = scrape_of(s);
    EXPECT_EQ(only_value(scrape, "DCGM_FI_PROF_PCIE_TX_BYTES"), 4e6);
    for (const char* name : {"DCGM_FI_PROF_SM_ACTIVE", "DCGM_FI_PROF_SM_OCCUPANCY", "DCGM_FI_PROF_PIPE_TENSOR_ACTIVE",
                             "DCGM_FI_PROF_DRAM_ACTIVE", "DCGM_FI_PROF_PIPE_FP64_ACTIVE", "DCGM_FI_PROF_PIPE_FP32_ACTIVE",
                             "DCGM_FI_PROF_PIPE_FP16_ACTIVE", "DCGM_FI_PROF_PCIE_RX_BYTES", "DCGM_FI_PROF_NVLINK_TX_BYTES",
                             "DCGM_FI_PROF_NVLINK_RX_BYTES", "DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION",
                             "DCGM_FI_DEV_POWER_VIOLATION", "DCGM_FI_DEV_THERMAL_VIOLATION",
                             "DCGM_FI_DEV_RELIABILITY_VIOLATION"}) {
        EXPECT_TRUE(lines_named(scrape, name).empty()) << name;
        EXPECT_EQ(scrape.find(std::string("# TYPE ") + name + " "), std::string::npos) << name;  // nor its header
    }
    // No `prof` at all (an AMD GPU, a driver without the calls): nothing either.
    s.gpus[0].prof.reset();
    EXPECT_TRUE(lines_named(scrape_of(s), "DCGM_FI_PROF_PCIE_TX_BYTES").empty());
}

TEST(GpuUsageMetrics, EnergyInMillijoulesAndClockLimitTimeInNanoseconds) {
    protocol::Sample s;
    auto& g = s.gpus.emplace_back(h100());
    g.energy_mj = 987654321;
    auto& v = g.violation_ns.emplace();
    v.power = 12'000'000'000;
    v.thermal = 0;
    const std::string scrape = scrape_of(s);
    EXPECT_EQ(only_value(scrape, "DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION"), 987654321);
    EXPECT_EQ(only_value(scrape, "DCGM_FI_DEV_POWER_VIOLATION"), 12e9);
    EXPECT_EQ(only_value(scrape, "DCGM_FI_DEV_THERMAL_VIOLATION"), 0);
    EXPECT_TRUE(lines_named(scrape, "DCGM_FI_DEV_RELIABILITY_VIOLATION").empty());
    EXPECT_NE(scrape.find("# TYPE DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION counter\n"), std::string::npos);
    EXPECT_NE(scrape.find("# HELP DCGM_FI_DEV_POWER_VIOLATION Throttling duration due to power constraints (in ns).\n"),
              std::string::npos);
}

protocol::GpuProcess process(std::int64_t pid, std::optional<std::int64_t> job, std::optional<std::string> container,
                             std::optional<std::string> pod_uid = std::nullopt) {
    protocol::GpuProcess p;
    p.pid = pid;
    p.kind = "compute";
    p.slurm_job = job;
    p.container = std::move(container);
    p.k8s_pod_uid = std::move(pod_uid);
    return p;
}

TEST(GpuUsageMetrics, EachJobOrContainerOnAGpuGetsItsCopyOfTheGpusSeries) {
    protocol::Sample s;
    auto& shared = s.gpus.emplace_back(h100());
    // Two ranks of Slurm job 4242 and one of 4243 on the same GPU: one copy per job.
    shared.processes = std::vector{process(101, 4242, std::nullopt), process(102, 4242, std::nullopt),
                                   process(103, 4243, std::nullopt)};
    auto& pod = s.gpus.emplace_back(h100());
    pod.index = 1;
    pod.pci_bus_id = "0000:2a:00.0";
    pod.processes = std::vector{process(200, std::nullopt, "3f2a9c1b7e44", "0f3c9a52-1d2e-4b6f-8a90-5c7d1e2f3a4b")};
    auto& plain = s.gpus.emplace_back(h100());
    plain.index = 2;
    plain.pci_bus_id = "0000:3a:00.0";
    plain.processes = std::vector{process(300, std::nullopt, std::nullopt)};  // a process outside any job or container
    auto& idle = s.gpus.emplace_back(h100());
    idle.index = 3;
    idle.pci_bus_id = "0000:5d:00.0";
    idle.processes.emplace();
    const std::string scrape = scrape_of(s);
    const auto temps = lines_named(scrape, "DCGM_FI_DEV_GPU_TEMP");
    ASSERT_EQ(temps.size(), 5u) << scrape;
    EXPECT_EQ(temps[0], std::string("DCGM_FI_DEV_GPU_TEMP") + kGpuLabels + ",hpc_job=\"4242\"} 61");
    EXPECT_EQ(temps[1], std::string("DCGM_FI_DEV_GPU_TEMP") + kGpuLabels + ",hpc_job=\"4243\"} 61");
    EXPECT_NE(temps[2].find("gpu=\"1\""), std::string::npos);
    EXPECT_NE(temps[2].find(",container=\"3f2a9c1b7e44\",pod_uid=\"0f3c9a52-1d2e-4b6f-8a90-5c7d1e2f3a4b\"} 61"),
              std::string::npos);
    // dcgm-exporter writes the pod's name and namespace from the kubelet, which the agent does not ask.
    EXPECT_EQ(scrape.find("pod=\""), std::string::npos);
    EXPECT_EQ(scrape.find("namespace=\""), std::string::npos);
    EXPECT_EQ(temps[3].find("hpc_job"), std::string::npos);
    EXPECT_NE(temps[3].find("gpu=\"2\""), std::string::npos);
    EXPECT_NE(temps[4].find("gpu=\"3\""), std::string::npos);
    // The XID field is a DCGM series too; FleetDeck's own families keep one series per GPU.
    EXPECT_EQ(lines_named(scrape, "DCGM_FI_DEV_XID_ERRORS").size(), 5u);
    EXPECT_EQ(lines_named(scrape, "fleetdeck_gpu_state").size(), 8u);  // ok and lost for each of the four
}

TEST(GpuUsageMetrics, PromtoolParsesTheNewFamiliesAndLabels) {
    protocol::Sample s;
    auto& g = s.gpus.emplace_back(h100());
    g.prof = protocol::GpuProfSample{"gpm", 90, 45, 60, 30, 1, 10, 50, 1e9, 2e9, 3e9, 4e9};
    g.energy_mj = 1000;
    g.violation_ns = protocol::GpuViolations{1, 2, 3};
    g.processes = std::vector{process(1, 4242, "3f2a9c1b7e44", "0f3c9a52-1d2e-4b6f-8a90-5c7d1e2f3a4b"), process(2, 4243, std::nullopt)};
    g.mig = std::vector<protocol::GpuMigInstance>{
        {1, "3g.40gb", protocol::GpuProfSample{"gpm", 61.5, 30.25, 44, 27.5, 0, 8.5, 2, 1.5e6, 3.25e6, 8e8, 5e8}},
        {2, std::nullopt, protocol::GpuProfSample{"gpm", 12.5, 6.75, 4, 9.5, 0, 1.5, 0.5, 2.5e5, 7.5e5, 6e7, 3e7}}};
    test::TempDir dir;
    const auto file = dir.write("scrape.prom", scrape_of(s));
    // Debian's promtool (scripts/deps.sh): 0 clean, 3 lint only, 1 a parse error.
    const auto run = test::run_process("/bin/sh", {"-c", "exec promtool check metrics < '" + file.string() + "'"});
    ASSERT_TRUE(run.status == 0 || run.status == 3) << run.out << run.err;
    std::istringstream lint(run.out + run.err);
    for (std::string line; std::getline(lint, line);) {
        // What the upstream names bring: dcgm-exporter's camelCase labels and counters without _total.
        const bool upstream = line.find("camelCase") != std::string::npos ||
                              line.find("counter metrics should have \"_total\" suffix") != std::string::npos;
        EXPECT_TRUE(upstream) << line;
    }
}

// dcgm-exporter's MIG labels (internal/pkg/rendermetrics/render_metrics.go:47 at d5e5f51): each
// GPU instance's profiling figures on the same DCGM_FI_PROF_* names, with GPU_I_PROFILE and
// GPU_I_ID after the GPU's labels; the GPU's own series stay, and a GPU not in MIG mode has none.
TEST(GpuUsageMetrics, MigInstancesGetTheirOwnProfilingSeries) {
    protocol::Sample s;
    auto& g = s.gpus.emplace_back(h100());
    g.prof = protocol::GpuProfSample{"gpm", 90, 45, 60, 30, 1, 10, 50, 1e9, 2e9, 3e9, 4e9};
    protocol::GpuProfSample first{"gpm", 61.5, 30.25, 44, 27.5, 0, 8.5, 2, 1.5e6, 3.25e6, 8e8, 5e8};
    first.pcie_rx_bytes_per_s.reset();
    g.mig = std::vector<protocol::GpuMigInstance>{{1, "3g.40gb", first}, {2, "2g.20gb", std::nullopt}};
    protocol::GpuSample plain = h100();
    plain.index = 1;
    plain.prof = g.prof;
    s.gpus.push_back(plain);
    const std::string scrape = scrape_of(s);
    const auto sm = lines_named(scrape, "DCGM_FI_PROF_SM_ACTIVE");
    ASSERT_EQ(sm.size(), 3u) << scrape;  // GPU 0, its instance 1 (instance 2 has no figures), GPU 1
    EXPECT_EQ(sm[0], std::string("DCGM_FI_PROF_SM_ACTIVE") + kGpuLabels + "} 0.9");
    EXPECT_EQ(sm[1], std::string("DCGM_FI_PROF_SM_ACTIVE") + kGpuLabels + ",GPU_I_PROFILE=\"3g.40gb\",GPU_I_ID=\"1\"} 0.615");
    EXPECT_EQ(sm[2].find("GPU_I_"), std::string::npos);
    EXPECT_EQ(lines_named(scrape, "DCGM_FI_PROF_NVLINK_TX_BYTES")[1],
              std::string("DCGM_FI_PROF_NVLINK_TX_BYTES") + kGpuLabels + ",GPU_I_PROFILE=\"3g.40gb\",GPU_I_ID=\"1\"} 800000000");
    EXPECT_EQ(lines_named(scrape, "DCGM_FI_PROF_PCIE_RX_BYTES").size(), 2u) << "a null figure is no series";
    // Only the profiling families: the GPU's other fields are the whole GPU's.
    EXPECT_EQ(lines_named(scrape, "DCGM_FI_DEV_GPU_TEMP").size(), 2u);
}

TEST(GpuUsageMetrics, LabelSetsPerGpuAreCapped) {
    protocol::Sample s;
    auto& g = s.gpus.emplace_back(h100());
    std::vector<protocol::GpuProcess> many;
    for (int i = 0; i < 20; ++i) many.push_back(process(1000 + i, 5000 + i, std::nullopt));
    g.processes = many;
    EXPECT_EQ(lines_named(scrape_of(s), "DCGM_FI_DEV_GPU_TEMP").size(), 8u);
}

}  // namespace
}  // namespace fleetdeck::agent::metrics::gpu_usage_test
