// NVIDIA GPUs through the scripted NVML in tests/fake_nvml (8 × H100; see its kDefaultScript).
#include <gtest/gtest.h>

#include <dlfcn.h>

#include "agent/collectors/gpu_nvidia.h"
#include "agent/gpu/nvml_library.h"
#include "tests/agent/collector_json.h"
#include "tests/agent/recorded_tree.h"
#include "tests/support/temp_dir.h"

using namespace fleetdeck::agent;
using namespace fleetdeck::test;
using fleetdeck::agent::gpu::NvmlLibrary;
using fleetdeck::test::TempDir;

namespace {

// What the agent must report for the fake's 8 GPUs, field by field, nulls included.
const char* const kExpectedGpus = R"([
 {"index":0,"vendor":"nvidia","name":"NVIDIA H100 80GB HBM3","uuid":"GPU-3f6a1c2e-8b4d-4e1f-9a7c-0d2e5b6f7a80",
  "pci_bus_id":"0000:18:00.0","temp_c":34.0,"temp_slowdown_c":89.0,"temp_shutdown_c":92.0,"temp_junction_c":null,
  "temp_mem_c":null,"util_pct":0.0,"mem_util_pct":0.0,"mem_used_bytes":0,"mem_total_bytes":85520809984,"mem_reserved_bytes":502267904,
  "power_w":69.85,"power_limit_w":700.0,"power_limit_set_w":700.0,"power_limit_min_w":200.0,"power_limit_max_w":700.0,"fan_pct":30.0,
  "sm_clock_mhz":345,"mem_clock_mhz":2619,"throttle":["gpu_idle"],"persistence_mode":true,
  "pcie_gen":1,"pcie_width":16,"pcie_gen_max":null,"pcie_width_max":16},
 {"index":1,"vendor":"nvidia","name":"NVIDIA H100 80GB HBM3","uuid":"GPU-3f6a1c2e-8b4d-4e1f-9a7c-0d2e5b6f7a81",
  "pci_bus_id":"0000:2a:00.0","temp_c":61.0,"temp_slowdown_c":null,"temp_shutdown_c":92.0,"temp_junction_c":null,
  "temp_mem_c":null,"util_pct":97.0,"mem_util_pct":58.0,"mem_used_bytes":68719476736,"mem_total_bytes":85520809984,"mem_reserved_bytes":502267904,
  "power_w":652.31,"power_limit_w":700.0,"power_limit_set_w":700.0,"power_limit_min_w":200.0,"power_limit_max_w":700.0,"fan_pct":null,
  "sm_clock_mhz":1980,"mem_clock_mhz":2619,"throttle":[],"persistence_mode":true,
  "pcie_gen":5,"pcie_width":16,"pcie_gen_max":null,"pcie_width_max":16},
 {"index":2,"vendor":"nvidia","name":"NVIDIA H100 80GB HBM3","uuid":"GPU-3f6a1c2e-8b4d-4e1f-9a7c-0d2e5b6f7a82",
  "pci_bus_id":"0000:3a:00.0","temp_c":66.0,"temp_slowdown_c":89.0,"temp_shutdown_c":92.0,"temp_junction_c":null,
  "temp_mem_c":null,"util_pct":100.0,"mem_util_pct":61.0,"mem_used_bytes":70866960384,"mem_total_bytes":85520809984,"mem_reserved_bytes":502267904,
  "power_w":401.12,"power_limit_w":400.0,"power_limit_set_w":400.0,"power_limit_min_w":200.0,"power_limit_max_w":700.0,"fan_pct":45.0,
  "sm_clock_mhz":1755,"mem_clock_mhz":2619,"throttle":["sw_power_cap"],"persistence_mode":true,
  "pcie_gen":5,"pcie_width":16,"pcie_gen_max":null,"pcie_width_max":16},
 {"index":3,"vendor":"nvidia","name":"NVIDIA H100 80GB HBM3","uuid":"GPU-3f6a1c2e-8b4d-4e1f-9a7c-0d2e5b6f7a83",
  "pci_bus_id":"0000:5d:00.0","temp_c":63.0,"temp_slowdown_c":89.0,"temp_shutdown_c":92.0,"temp_junction_c":null,
  "temp_mem_c":null,"util_pct":96.0,"mem_util_pct":55.0,"mem_used_bytes":68719476736,"mem_total_bytes":85520809984,"mem_reserved_bytes":502267904,
  "power_w":null,"power_limit_w":700.0,"power_limit_set_w":700.0,"power_limit_min_w":200.0,"power_limit_max_w":700.0,"fan_pct":null,
  "sm_clock_mhz":1980,"mem_clock_mhz":2619,"throttle":["hw_slowdown","hw_power_brake"],"persistence_mode":true,
  "pcie_gen":5,"pcie_width":16,"pcie_gen_max":null,"pcie_width_max":16},
 {"index":4,"vendor":"nvidia","name":"NVIDIA H100 80GB HBM3","uuid":"GPU-3f6a1c2e-8b4d-4e1f-9a7c-0d2e5b6f7a84",
  "pci_bus_id":"0000:9a:00.0","temp_c":65.0,"temp_slowdown_c":89.0,"temp_shutdown_c":92.0,"temp_junction_c":null,
  "temp_mem_c":null,"util_pct":98.0,"mem_util_pct":60.0,"mem_used_bytes":68719476736,"mem_total_bytes":85520809984,"mem_reserved_bytes":502267904,
  "power_w":688.04,"power_limit_w":700.0,"power_limit_set_w":700.0,"power_limit_min_w":200.0,"power_limit_max_w":700.0,"fan_pct":52.0,
  "sm_clock_mhz":1980,"mem_clock_mhz":2619,"throttle":[],"persistence_mode":null,
  "pcie_gen":5,"pcie_width":16,"pcie_gen_max":null,"pcie_width_max":16},
 {"index":5,"vendor":"nvidia","name":"NVIDIA H100 80GB HBM3","uuid":"GPU-3f6a1c2e-8b4d-4e1f-9a7c-0d2e5b6f7a85",
  "pci_bus_id":"0000:ab:00.0","temp_c":88.0,"temp_slowdown_c":89.0,"temp_shutdown_c":92.0,"temp_junction_c":null,
  "temp_mem_c":null,"util_pct":71.0,"mem_util_pct":40.0,"mem_used_bytes":68719476736,"mem_total_bytes":85520809984,"mem_reserved_bytes":502267904,
  "power_w":512.77,"power_limit_w":700.0,"power_limit_set_w":700.0,"power_limit_min_w":200.0,"power_limit_max_w":700.0,"fan_pct":null,
  "sm_clock_mhz":1410,"mem_clock_mhz":2619,"throttle":["sw_thermal","hw_thermal"],"persistence_mode":true,
  "pcie_gen":5,"pcie_width":16,"pcie_gen_max":null,"pcie_width_max":16},
 {"index":6,"vendor":"nvidia","name":"NVIDIA H100 80GB HBM3","uuid":"GPU-3f6a1c2e-8b4d-4e1f-9a7c-0d2e5b6f7a86",
  "pci_bus_id":"0000:ba:00.0","temp_c":37.0,"temp_slowdown_c":89.0,"temp_shutdown_c":92.0,"temp_junction_c":null,
  "temp_mem_c":null,"util_pct":null,"mem_util_pct":null,"mem_used_bytes":42949672960,"mem_total_bytes":85520809984,"mem_reserved_bytes":502267904,
  "power_w":301.5,"power_limit_w":700.0,"power_limit_set_w":700.0,"power_limit_min_w":200.0,"power_limit_max_w":700.0,"fan_pct":38.0,
  "sm_clock_mhz":1980,"mem_clock_mhz":2619,"throttle":[],"persistence_mode":false,
  "pcie_gen":5,"pcie_width":16,"pcie_gen_max":null,"pcie_width_max":16},
 {"index":7,"vendor":"nvidia","name":"NVIDIA H100 80GB HBM3","uuid":"GPU-3f6a1c2e-8b4d-4e1f-9a7c-0d2e5b6f7a87",
  "pci_bus_id":"0000:db:00.0","temp_c":64.0,"temp_slowdown_c":89.0,"temp_shutdown_c":92.0,"temp_junction_c":null,
  "temp_mem_c":null,"util_pct":99.0,"mem_util_pct":57.0,"mem_used_bytes":68719476736,"mem_total_bytes":85520809984,"mem_reserved_bytes":502267904,
  "power_w":676.9,"power_limit_w":700.0,"power_limit_set_w":700.0,"power_limit_min_w":200.0,"power_limit_max_w":700.0,"fan_pct":null,
  "sm_clock_mhz":1965,"mem_clock_mhz":2619,"throttle":null,"persistence_mode":true,
  "pcie_gen":5,"pcie_width":8,"pcie_gen_max":null,"pcie_width_max":16}
])";

// Who is on each GPU and how (the stand-in's usage script, tests/fake_nvml/fake_nvml.cpp): the
// same GPM figures on every H100, the load capture's processes on GPU 1 (not running on the
// recorded tree, so without name or user), clock-limit time on GPUs 2 and 5.
const char* const kExpectedProf = R"({"source":"gpm","sm_active_pct":93.5,"sm_occupancy_pct":41.25,"tensor_active_pct":62.0,
  "dram_active_pct":48.5,"fp64_active_pct":0.0,"fp32_active_pct":12.5,"fp16_active_pct":3.0,
  "pcie_tx_bytes_per_s":3166208.0,"pcie_rx_bytes_per_s":6498304.0,
  "nvlink_tx_bytes_per_s":2147483648.0,"nvlink_rx_bytes_per_s":1073741824.0})";
const char* const kGpu1Processes = R"([
  {"pid":11327,"kind":"compute","name":null,"user":null,"gpu_mem_bytes":2690646016,"sm_util_pct":0.0,
   "slurm_job":null,"container":null,"k8s_pod_uid":null,"systemd_unit":null},
  {"pid":11328,"kind":"compute","name":null,"user":null,"gpu_mem_bytes":1616904192,"sm_util_pct":0.0,
   "slurm_job":null,"container":null,"k8s_pod_uid":null,"systemd_unit":null},
  {"pid":11345,"kind":"compute","name":null,"user":null,"gpu_mem_bytes":16452157440,"sm_util_pct":99.0,
   "slurm_job":null,"container":null,"k8s_pod_uid":null,"systemd_unit":null}])";

Json expected_usage(std::size_t gpu) {
    Json usage = {{"processes", gpu == 1 ? Json::parse(kGpu1Processes) : Json::array()},
                  {"prof", Json::parse(kExpectedProf)},
                  {"energy_mj", 1715042210},
                  {"violation_ns", {{"power", gpu == 2 ? 318500000000 : 0}, {"thermal", gpu == 5 ? 95250000000 : 0}, {"reliability", 0}}},
                  {"mig", nullptr}};  // unpartitioned: NVML answers NOT_SUPPORTED for the MIG mode
    return usage;
}

// Keeps the fake library loaded for the test's lifetime, so its call counters survive the
// NvmlLibrary that is being tested unloading it.
class FakeNvmlCounters {
public:
    FakeNvmlCounters() : handle_(::dlopen(FLEETDECK_FAKE_NVML, RTLD_NOW | RTLD_LOCAL)) {}
    ~FakeNvmlCounters() {
        if (handle_) ::dlclose(handle_);
    }
    int operator()(const char* symbol) const {
        auto* fn = handle_ ? reinterpret_cast<int (*)()>(::dlsym(handle_, symbol)) : nullptr;
        return fn ? fn() : -1;
    }

private:
    void* handle_;
};

}  // namespace

// The health keys are checked on their own (gpu_health_test.cpp).
TEST(Nvml, AgentReportsEveryScriptedFieldAndNull) {
    const Json snap = run_agent({"--once", "--root", fixture_root(kIntelServer)}, with_fake_nvml());
    Json expected = Json::parse(kExpectedGpus);
    for (std::size_t i = 0; i < expected.size(); ++i) expected[i].update(expected_usage(i));
    ASSERT_EQ(snap["gpus"].size(), 8u) << "nvmlDeviceGetCount_v2 must win over the deprecated name";
    for (std::size_t i = 0; i < expected.size(); ++i) {
        Json gpu = snap["gpus"][i];
        for (const char* key : {"state", "ecc", "remapped_rows", "retired_pages", "pcie_replays", "nvlinks"}) {
            EXPECT_TRUE(gpu.contains(key)) << key;
            gpu.erase(key);
        }
        EXPECT_EQ(gpu, expected[i]) << "GPU " << i << " diff: " << Json::diff(gpu, expected[i]).dump();
    }
}

// The idle H100 80GB HBM3 capture (driver 590.48.01, nvidia-smi -q "FB Memory Usage"): Total
// 81559 MiB, Reserved 479 MiB, Used 0 MiB, which the stand-in serves for GPU 0.
TEST(Nvml, MemoryUsedIsAllocatedMemoryAndReservedIsApart) {
    constexpr std::uint64_t kMiB = 1024 * 1024;
    const FakeNvmlCounters counter;
    const int v1_calls = counter("fake_nvml_memory_v1_calls");
    const int v2_calls = counter("fake_nvml_memory_v2_calls");
    {
        auto nvml = NvmlLibrary::open({FLEETDECK_FAKE_NVML});
        ASSERT_TRUE(nvml->ready());
        const auto m = nvml->memory(nvml->device(0));
        ASSERT_TRUE(m);
        EXPECT_EQ(m->total_bytes, 81559 * kMiB);
        EXPECT_EQ(m->used_bytes, 0u);
        EXPECT_EQ(m->reserved_bytes, 479 * kMiB);
        EXPECT_EQ(counter("fake_nvml_memory_v2_calls"), v2_calls + 1) << "nvmlDeviceGetMemoryInfo_v2, laid out as nvml.h";
        EXPECT_EQ(counter("fake_nvml_memory_v1_calls"), v1_calls) << "the first version is not needed";
    }
    // A driver from before _v2: the first version, whose used includes what is reserved.
    const std::vector<std::string> legacy = {std::string("FLEETDECK_NVML_LIB=") + FLEETDECK_FAKE_NVML_LEGACY};
    const Json old = run_agent({"--once", "--root", fixture_root(kIntelServer)}, legacy);
    EXPECT_EQ(old["gpus"][0]["mem_used_bytes"], 479 * kMiB);
    EXPECT_TRUE(old["gpus"][0]["mem_reserved_bytes"].is_null());
    EXPECT_EQ(old["gpus"][0]["mem_total_bytes"], 81559 * kMiB);
}

TEST(Nvml, InitialisedOnceAndShutDownWhenTheLastUserGoes) {
    const FakeNvmlCounters counter;
    const int inits = counter("fake_nvml_init_calls");
    const int shutdowns = counter("fake_nvml_shutdown_calls");
    ASSERT_GE(inits, 0);
    {
        auto nvml = NvmlLibrary::open({FLEETDECK_FAKE_NVML});
        ASSERT_TRUE(nvml->ready()) << nvml->message();
        EXPECT_EQ(nvml->message(), std::string("NVML ready (") + FLEETDECK_FAKE_NVML + ")");
        NvidiaGpuCollector collector(nvml);
        for (int i = 0; i < 3; ++i) {
            Json snap = Json::object();
            sample_into(collector, RootFs("/nonexistent"), snap);
            EXPECT_EQ(snap["gpus"].size(), 8u);
        }
        EXPECT_EQ(counter("fake_nvml_init_calls"), inits + 1);
        EXPECT_EQ(counter("fake_nvml_shutdown_calls"), shutdowns);
    }
    EXPECT_EQ(counter("fake_nvml_shutdown_calls"), shutdowns + 1);
}

TEST(Nvml, OldSymbolNamesAreTheFallbackAndMissingOnesGiveNull) {
    auto nvml = NvmlLibrary::open({FLEETDECK_FAKE_NVML});
    ASSERT_TRUE(nvml->ready());
    NvmlLibrary::Device* gpu5 = nvml->device(5);
    ASSERT_NE(gpu5, nullptr);
    // Only nvmlDeviceGetCurrentClocksThrottleReasons is exported: the old name answers.
    EXPECT_EQ(nvml->clocks_event_reasons(gpu5), 0x60u);
    // nvmlDeviceGetTemperatureV answers; the deprecated nvmlDeviceGetTemperature would fail.
    EXPECT_EQ(nvml->temperature_c(gpu5), 88u);
    // nvmlDeviceGetMaxPcieLinkGeneration is not exported at all.
    EXPECT_FALSE(nvml->pcie_gen_max(gpu5));
    EXPECT_EQ(nvml->pcie_width_max(gpu5), 16u);
    EXPECT_EQ(nvml->driver_version(), "590.48.01");
    EXPECT_EQ(nvml->device(8), nullptr);
}

TEST(Nvml, ThrottleBitsDecodeToNames) {
    EXPECT_EQ(gpu::clocks_event_reason_names(0), std::vector<std::string>{});
    EXPECT_EQ(gpu::clocks_event_reason_names(0x1FF),
              (std::vector<std::string>{"gpu_idle", "app_clocks", "sw_power_cap", "hw_slowdown", "sync_boost",
                                        "sw_thermal", "hw_thermal", "hw_power_brake", "display_clock"}));
    EXPECT_EQ(gpu::clocks_event_reason_names(0x60 | 0x1000), (std::vector<std::string>{"sw_thermal", "hw_thermal"}));
}

TEST(Nvml, BusIdsAreNormalisedToTheKernelsForm) {
    EXPECT_EQ(gpu::normalize_pci_bus_id("00000000:2A:00.0"), "0000:2a:00.0");
    EXPECT_EQ(gpu::normalize_pci_bus_id("0000:2a:00.0"), "0000:2a:00.0");
    EXPECT_EQ(gpu::normalize_pci_bus_id("00010000:01:00.0"), "10000:01:00.0");  // a VMD domain
}

TEST(Nvml, MissingLibraryIsAnInfoNotAnError) {
    const std::vector<std::string> env = {"FLEETDECK_NVML_LIB=/nonexistent/libnvidia-ml.so.1"};
    const Json snap = run_agent({"--once", "--root", fixture_root(kIntelServer)}, env);
    EXPECT_EQ(snap["gpus"], Json::array());
    const Json facts = run_agent({"--facts", "--root", fixture_root(kIntelServer)}, env);
    EXPECT_EQ(facts["nvidia"]["status"], "library_not_found");
    EXPECT_NE(facts["nvidia"]["message"].get<std::string>().find("/nonexistent/libnvidia-ml.so.1"), std::string::npos);
    EXPECT_EQ(facts["nvidia"]["driver_version"], "590.48.01");  // from /proc/driver/nvidia/version
    EXPECT_TRUE(facts["nvidia"]["gpu_count"].is_null());
    EXPECT_EQ(facts["gpus"].size(), 8u);  // the PCI bus still shows them
}

TEST(Nvml, RecordedTreeIsNotProbedWithoutTheVariable) {
    const Json facts = run_agent({"--facts", "--root", fixture_root(kIntelServer)});
    EXPECT_EQ(facts["nvidia"]["status"], "not_probed");
    EXPECT_TRUE(facts["gpus"][0]["name"].is_null());
}

TEST(Nvml, FactsNameGpusFromNvmlAndLinksFromTheKernel) {
    const Json facts = run_agent({"--facts", "--root", fixture_root(kIntelServer)}, with_fake_nvml());
    const Json nvidia = {{"status", "ready"},
                         {"message", std::string("NVML ready (") + FLEETDECK_FAKE_NVML + ")"},
                         {"driver_version", "590.48.01"},
                         {"gpu_count", 8}};
    EXPECT_EQ(facts["nvidia"], nvidia);
    ASSERT_EQ(facts["gpus"].size(), 8u);
    EXPECT_EQ(facts["gpus"][0], Json::parse(R"({"vendor":"nvidia","name":"NVIDIA H100 80GB HBM3",
        "pci_bus_id":"0000:18:00.0","driver":"nvidia","numa_node":0,"pcie_gen":1,"pcie_width":16,
        "pcie_gen_max":5,"pcie_width_max":16,"uuid":"GPU-3f6a1c2e-8b4d-4e1f-9a7c-0d2e5b6f7a80",
        "serial":"1654922000120","vbios_version":"96.00.A5.00.01","mem_total_bytes":85520809984,
        "compute_capability":"9.0"})"));
    EXPECT_EQ(facts["gpus"][7]["pcie_width"], 8);
    EXPECT_EQ(facts["gpus"][7]["numa_node"], 1);
    // Joined by bus id: each PCI device gets its own board's identity.
    for (int i = 0; i < 8; ++i) {
        EXPECT_EQ(facts["gpus"][i]["serial"], "165492200012" + std::to_string(i)) << i;
        EXPECT_EQ(facts["gpus"][i]["uuid"], "GPU-3f6a1c2e-8b4d-4e1f-9a7c-0d2e5b6f7a8" + std::to_string(i)) << i;
    }
}

// The captured H100's driver (R590) runs CUDA 13.1; an older stand-in without the functions gives null.
TEST(Nvml, ComputeCapabilityAndTheDriversCudaVersion) {
    auto nvml = NvmlLibrary::open({FLEETDECK_FAKE_NVML});
    ASSERT_TRUE(nvml->ready());
    EXPECT_EQ(nvml->cuda_driver_version(), 13010);
    const auto cc = nvml->compute_capability(nvml->device(0));
    ASSERT_TRUE(cc);
    EXPECT_EQ(cc->major, 9);
    EXPECT_EQ(cc->minor, 0);
    EXPECT_FALSE(nvml->compute_capability(nullptr));
    const Json facts = run_agent({"--facts", "--root", fixture_root(kIntelServer)}, with_fake_nvml());
    EXPECT_EQ(facts["cuda"]["driver_supports_cuda"], "13.1");
}

TEST(Nvml, SerialAndVbiosFromTheirFunctionsAndNullOnAnOldDriver) {
    auto nvml = NvmlLibrary::open({FLEETDECK_FAKE_NVML});
    ASSERT_TRUE(nvml->ready());
    EXPECT_EQ(nvml->serial(nvml->device(3)), "1654922000123");
    EXPECT_EQ(nvml->vbios_version(nvml->device(3)), "96.00.A5.00.01");
    EXPECT_FALSE(nvml->serial(nullptr));
    nvml.reset();

    // A driver without nvmlDeviceGetSerial and nvmlDeviceGetVbiosVersion: the rest still answers.
    const std::vector<std::string> legacy = {std::string("FLEETDECK_NVML_LIB=") + FLEETDECK_FAKE_NVML_LEGACY};
    const Json facts = run_agent({"--facts", "--root", fixture_root(kIntelServer)}, legacy);
    ASSERT_EQ(facts["gpus"].size(), 8u);
    EXPECT_TRUE(facts["gpus"][0]["serial"].is_null());
    EXPECT_TRUE(facts["gpus"][0]["vbios_version"].is_null());
    EXPECT_EQ(facts["gpus"][0]["uuid"], "GPU-3f6a1c2e-8b4d-4e1f-9a7c-0d2e5b6f7a80");
    EXPECT_EQ(facts["gpus"][0]["mem_total_bytes"], 85520809984);
}

TEST(Nvml, L40sScriptHasTheCapturedVbiosAndALostGpuHasNoIdentityBeyondNvmlsHandle) {
    std::vector<std::string> env = with_fake_nvml();
    env.push_back(std::string("FLEETDECK_FAKE_NVML_SCRIPT=") + FLEETDECK_SOURCE_DIR + "/tests/fake_nvml/l40s-595.80.json");
    TempDir dir;
    const Json facts = run_agent({"--facts", "--root", dir.path().string()}, env);
    ASSERT_EQ(facts["gpus"].size(), 1u);  // NVML's only: no PCI bus in the tree
    EXPECT_EQ(facts["gpus"][0]["vbios_version"], "95.02.66.00.02");
    EXPECT_EQ(facts["gpus"][0]["serial"], "1321723045678");
    EXPECT_EQ(facts["gpus"][0]["mem_total_bytes"], 48305799168);
    // A GPU that fell off the bus answers nothing but its handle's name and uuid.
    const Json lost = run_agent({"--facts", "--root", fixture_root(kIntelServer)}, with_fake_nvml("lost=2"));
    EXPECT_TRUE(lost["gpus"][2]["serial"].is_null());
    EXPECT_TRUE(lost["gpus"][2]["mem_total_bytes"].is_null());
    EXPECT_EQ(lost["gpus"][3]["serial"], "1654922000123");
}

TEST(Nvml, FakeLibraryTakesAnotherScriptFromAFile) {
    TempDir dir;
    const auto script = dir.write("script.json", R"({"driver_version": "535.183.01", "gpus": [
        {"name": "NVIDIA L40S", "bus_id": "00000000:C1:00.0", "temp_c": 71, "fan_pct": "NO_PERMISSION",
         "clocks_event_reasons": 32}]})");
    std::vector<std::string> env = with_fake_nvml();
    env.push_back("FLEETDECK_FAKE_NVML_SCRIPT=" + script.string());
    const Json snap = run_agent({"--once", "--root", dir.path().string()}, env);
    ASSERT_EQ(snap["gpus"].size(), 1u);
    const Json& g = snap["gpus"][0];
    EXPECT_EQ(g["name"], "NVIDIA L40S");
    EXPECT_EQ(g["pci_bus_id"], "0000:c1:00.0");
    EXPECT_EQ(g["temp_c"], 71.0);
    EXPECT_TRUE(g["fan_pct"].is_null());
    EXPECT_TRUE(g["power_w"].is_null());  // not in the script: NOT_SUPPORTED
    EXPECT_EQ(g["throttle"], Json::parse(R"(["sw_thermal"])"));
    EXPECT_EQ(run_agent({"--facts", "--root", dir.path().string()}, env)["nvidia"]["driver_version"], "535.183.01");
}
