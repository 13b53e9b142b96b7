// NVML's field values and MIG instances through the scripted NVML (tests/fake_nvml,
// fake_nvml_fields.cpp): NVLink throughput of GPUs without GPM from the cumulative counters,
// clock-limit times from the field values with nvmlDeviceGetViolationStatus as the fallback, and
// the GPM figures of each GPU instance of a GPU in MIG mode (gpus[].mig[]).
#include <gtest/gtest.h>

#include <dlfcn.h>

#include <cstdlib>
#include <thread>

#include "agent/collectors/gpu_nvidia.h"
#include "agent/gpu/nvml_mig.h"
#include "agent/gpu/nvml_usage.h"
#include "tests/agent/collector_json.h"
#include "tests/agent/recorded_tree.h"
#include "tests/support/temp_dir.h"

using namespace fleetdeck::agent;
using namespace fleetdeck::test;
using fleetdeck::agent::gpu::NvmlLibrary;
using fleetdeck::agent::gpu::NvmlUsageReader;

namespace {

constexpr double kMiB = 1024.0 * 1024.0;

Json basic_gpu(const char* uuid, const char* bus_id) {
    return {{"name", "NVIDIA A100-SXM4-80GB"}, {"uuid", uuid}, {"bus_id", bus_id}, {"pcie_tx_kb_per_s", 585}, {"pcie_rx_kb_per_s", 244}};
}

Json run_script(const Json& gpus, const std::string& faults = "") {
    static TempDir dir;
    const auto path = dir.write("script.json", Json{{"driver_version", "535.104.05"}, {"gpus", gpus}}.dump());
    std::vector<std::string> env = {std::string("FLEETDECK_NVML_LIB=") + FLEETDECK_FAKE_NVML,
                                    "FLEETDECK_FAKE_NVML_SCRIPT=" + path.string()};
    if (!faults.empty()) env.push_back("FLEETDECK_FAKE_NVML_FAULTS=" + faults);
    return run_agent({"--once", "--root", fixture_root(kIntelServer)}, env);
}

}  // namespace

// An A100 has no GPM: its NVLink traffic comes from NVML_FI_DEV_NVLINK_THROUGHPUT_DATA_TX/RX (KiB,
// all links), read when the collector starts and again 110 ms later for --once. A board without
// NVLink (the counters NOT_SUPPORTED) has null, not 0.
TEST(NvmlFieldValues, ABasicGpuGetsItsNvlinkRatesFromTheCounters) {
    Json linked = basic_gpu("GPU-0", "00000000:07:00.0");
    linked["nvlink_tx_kib_per_s"] = 2097152;  // 2 GiB/s
    linked["nvlink_rx_kib_per_s"] = 524288;   // 512 MiB/s
    const Json unlinked = basic_gpu("GPU-1", "00000000:0F:00.0");
    const Json snap = run_script({linked, unlinked});
    ASSERT_EQ(snap["gpus"].size(), 2u) << snap.dump();
    const Json& prof = snap["gpus"][0]["prof"];
    EXPECT_EQ(prof["source"], "basic");
    EXPECT_EQ(prof["pcie_tx_bytes_per_s"], 585.0 * 1024);
    ASSERT_TRUE(prof["nvlink_tx_bytes_per_s"].is_number()) << prof.dump();
    ASSERT_TRUE(prof["nvlink_rx_bytes_per_s"].is_number()) << prof.dump();
    // The counters are whole KiB: over at least 100 ms the rate is off by 10 KiB/s at most.
    EXPECT_NEAR(prof["nvlink_tx_bytes_per_s"].get<double>(), 2048 * kMiB, 10 * 1024);
    EXPECT_NEAR(prof["nvlink_rx_bytes_per_s"].get<double>(), 512 * kMiB, 10 * 1024);
    EXPECT_TRUE(prof["sm_active_pct"].is_null());

    const Json& other = snap["gpus"][1]["prof"];
    EXPECT_EQ(other["source"], "basic");
    EXPECT_TRUE(other["nvlink_tx_bytes_per_s"].is_null()) << other.dump();
    EXPECT_TRUE(other["nvlink_rx_bytes_per_s"].is_null());
    EXPECT_EQ(other["pcie_rx_bytes_per_s"], 244.0 * 1024);
}

// NVML 13's field values first (CLOCKS_EVENT_REASON_SW_POWER_CAP, SW_THERM_SLOWDOWN,
// PERF_POLICY_RELIABILITY); each one a driver refuses comes from nvmlDeviceGetViolationStatus.
TEST(NvmlFieldValues, ViolationTimesComeFromTheFieldsAndElseFromTheOldCall) {
    Json both = basic_gpu("GPU-0", "00000000:07:00.0");
    both["violation_fields"] = {{"power", 111000}, {"thermal", 222000}, {"reliability", 333000}};
    both["violation_power_ns"] = 5;
    both["violation_thermal_ns"] = 6;
    both["violation_reliability_ns"] = 7;
    Json old_driver = basic_gpu("GPU-1", "00000000:0F:00.0");
    old_driver["violation_power_ns"] = 5;
    old_driver["violation_thermal_ns"] = 6;
    old_driver["violation_reliability_ns"] = 7;
    Json mixed = basic_gpu("GPU-2", "00000000:47:00.0");
    mixed["violation_fields"] = {{"power", 111000}, {"thermal", "NOT_SUPPORTED"}};
    mixed["violation_thermal_ns"] = 6;
    const Json snap = run_script({both, old_driver, mixed});
    ASSERT_EQ(snap["gpus"].size(), 3u) << snap.dump();
    EXPECT_EQ(snap["gpus"][0]["violation_ns"], (Json{{"power", 111000}, {"thermal", 222000}, {"reliability", 333000}}));
    EXPECT_EQ(snap["gpus"][1]["violation_ns"], (Json{{"power", 5}, {"thermal", 6}, {"reliability", 7}}));
    EXPECT_EQ(snap["gpus"][2]["violation_ns"], (Json{{"power", 111000}, {"thermal", 6}, {"reliability", nullptr}}));
}

// GPU 4 of the built-in script partitioned (the mig fault): two GPU instances, each with its own
// GPM figures from nvmlGpmMigSampleGet; the whole GPU keeps what NVML's device-level GPM gives.
// The others are not in MIG mode: no `mig`.
TEST(NvmlMig, APartitionedGpuReportsEachInstancesGpmFigures) {
    const Json snap = run_agent({"--once", "--root", fixture_root(kIntelServer)}, with_fake_nvml("mig=4"));
    ASSERT_EQ(snap["gpus"].size(), 8u);
    for (std::size_t i = 0; i < 8; ++i) {
        if (i == 4) continue;
        EXPECT_TRUE(snap["gpus"][i]["mig"].is_null()) << i;
    }
    const Json& mig = snap["gpus"][4]["mig"];
    ASSERT_TRUE(mig.is_array()) << snap["gpus"][4].dump();
    ASSERT_EQ(mig.size(), 2u) << mig.dump();
    const Json first_prof = {{"source", "gpm"},           {"sm_active_pct", 61.5},          {"sm_occupancy_pct", 30.25},
                             {"tensor_active_pct", 44.0}, {"dram_active_pct", 27.5},        {"fp64_active_pct", 0.0},
                             {"fp32_active_pct", 8.5},    {"fp16_active_pct", 2.0},         {"pcie_tx_bytes_per_s", 1.5 * kMiB},
                             {"pcie_rx_bytes_per_s", 3.25 * kMiB}, {"nvlink_tx_bytes_per_s", 768 * kMiB},
                             {"nvlink_rx_bytes_per_s", 512 * kMiB}};
    EXPECT_EQ(mig[0], (Json{{"gpu_instance_id", 1}, {"profile", "3g.40gb"}, {"prof", first_prof}}));
    EXPECT_EQ(mig[1]["gpu_instance_id"], 2);
    EXPECT_EQ(mig[1]["profile"], "2g.20gb");
    EXPECT_EQ(mig[1]["prof"]["sm_active_pct"], 12.5);
    EXPECT_EQ(mig[1]["prof"]["nvlink_tx_bytes_per_s"], 32 * kMiB);
    EXPECT_EQ(snap["gpus"][4]["prof"]["sm_active_pct"], 93.5) << "the device-level GPM figures stay";
}

// A GPU whose MIG mode is off has no `mig` even if instances were scripted; one in MIG mode
// without GPM (an A100) lists its instances with `prof` null.
TEST(NvmlMig, OnlyAGpuInMigModeHasInstancesAndOnlyGpmGivesThemFigures) {
    Json off = basic_gpu("GPU-0", "00000000:07:00.0");
    off["mig_mode"] = 0;
    off["mig_instances"] = {{{"gpu_instance_id", 1}, {"profile", "7g.80gb"}}};
    Json a100 = basic_gpu("GPU-1", "00000000:0F:00.0");
    a100["mig_mode"] = 1;
    a100["mig_instances"] = {{{"gpu_instance_id", 3}, {"profile", "3g.40gb"}}, {{"gpu_instance_id", 5}, {"profile", "1g.10gb"}}};
    const Json snap = run_script({off, a100});
    ASSERT_EQ(snap["gpus"].size(), 2u) << snap.dump();
    EXPECT_TRUE(snap["gpus"][0]["mig"].is_null());
    EXPECT_EQ(snap["gpus"][1]["mig"], Json::parse(R"([{"gpu_instance_id":3,"profile":"3g.40gb","prof":null},
                                                      {"gpu_instance_id":5,"profile":"1g.10gb","prof":null}])"));
}

// Drivers without nvmlDeviceGetFieldValues, the MIG calls or GPM (the stand-in without its usage,
// field-value and MIG files) still give every GPU, with the new keys null.
TEST(NvmlFieldValues, ADriverWithoutTheCallsStillSamplesWithNulls) {
    for (const char* lib : {FLEETDECK_FAKE_NVML_FIRST_PROCESSES, FLEETDECK_FAKE_NVML_LEGACY}) {
        const Json snap = run_agent({"--once", "--root", fixture_root(kIntelServer)}, {std::string("FLEETDECK_NVML_LIB=") + lib});
        ASSERT_EQ(snap["gpus"].size(), 8u) << lib;
        for (const Json& gpu : snap["gpus"]) {
            EXPECT_TRUE(gpu.contains("mig") && gpu["mig"].is_null()) << lib;
            EXPECT_TRUE(gpu["violation_ns"].is_null()) << lib;
            EXPECT_TRUE(gpu["prof"].is_null()) << lib;
            EXPECT_TRUE(gpu["temp_c"].is_number()) << lib;
        }
    }
}

// In-process, over two samples: each GPU instance has two GPM buffers, freed with the collector,
// and a sample kGpmMinInterval after the last one takes a new GPM sample of every instance.
TEST(NvmlMig, InstanceSamplesAreTakenEverySampleAndTheirBuffersFreed) {
    void* fake = ::dlopen(FLEETDECK_FAKE_NVML, RTLD_NOW | RTLD_LOCAL);
    ASSERT_NE(fake, nullptr);
    const auto counter = [fake](const char* name) { return reinterpret_cast<int (*)()>(::dlsym(fake, name))(); };
    const int live = counter("fake_nvml_gpm_samples_live");
    ::setenv("FLEETDECK_FAKE_NVML_FAULTS", "mig=1,gpm-any-interval", 1);
    {
        auto nvml = NvmlLibrary::open({FLEETDECK_FAKE_NVML});
        ::unsetenv("FLEETDECK_FAKE_NVML_FAULTS");
        ASSERT_TRUE(nvml->ready());
        NvidiaGpuCollector collector(nvml);
        Json first = Json::object();
        sample_into(collector, RootFs("/nonexistent"), first);
        EXPECT_EQ(counter("fake_nvml_gpm_samples_live"), live + 8 * 2 + 2 * 2) << "two buffers per GPU and per GPU instance";
        const int mig_samples = counter("fake_nvml_gpm_mig_samples");
        std::this_thread::sleep_for(NvmlUsageReader::kGpmMinInterval);  // a new pair of GPM samples is due
        Json again = Json::object();
        sample_into(collector, RootFs("/nonexistent"), again);
        EXPECT_GE(counter("fake_nvml_gpm_mig_samples"), mig_samples + 2);
        ASSERT_EQ(again["gpus"][1]["mig"].size(), 2u);
        EXPECT_EQ(again["gpus"][1]["mig"][0]["prof"]["sm_active_pct"], 61.5);
    }
    EXPECT_EQ(counter("fake_nvml_gpm_samples_live"), live);
    ::dlclose(fake);
}

// The rate of a cumulative KiB counter: NVML's timestamps time it; readings closer than 100 ms
// leave the last rate; a counter that goes back (a driver reload) or stops answering has none.
TEST(NvmlFieldValues, KibCounterRates) {
    using Reading = NvmlLibrary::FieldReading;
    const auto t0 = std::chrono::steady_clock::now();
    NvmlUsageReader::KibRate rate;
    rate.add(Reading{1000, 1'000'000}, t0);
    EXPECT_FALSE(rate.bytes_per_s());
    rate.add(Reading{1500, 1'500'000}, t0);  // 500 KiB in 0.5 s by NVML's clock
    EXPECT_EQ(rate.bytes_per_s(), 1024.0 * 1000);
    rate.add(Reading{1600, 1'550'000}, t0);  // 50 ms later: too close, the last rate stands
    EXPECT_EQ(rate.bytes_per_s(), 1024.0 * 1000);
    rate.add(Reading{3500, 2'500'000}, t0);  // 2000 KiB in 1 s
    EXPECT_EQ(rate.bytes_per_s(), 1024.0 * 2000);
    rate.add(Reading{10, 3'500'000}, t0);  // reset
    EXPECT_FALSE(rate.bytes_per_s());
    rate.add(std::nullopt, t0);
    EXPECT_FALSE(rate.bytes_per_s());
    // Without NVML's timestamps the agent's clock times the readings.
    NvmlUsageReader::KibRate unstamped;
    unstamped.add(Reading{0, 0}, t0);
    unstamped.add(Reading{250, 0}, t0 + std::chrono::milliseconds(250));
    EXPECT_EQ(unstamped.bytes_per_s(), 1024.0 * 1000);
}

TEST(NvmlMig, ProfileIsWhatTheMigDeviceNameSaysAfterMig) {
    EXPECT_EQ(gpu::mig_profile_of("NVIDIA H100 80GB HBM3 MIG 3g.40gb"), "3g.40gb");
    EXPECT_EQ(gpu::mig_profile_of("NVIDIA A100-SXM4-40GB MIG 1g.5gb"), "1g.5gb");
    EXPECT_EQ(gpu::mig_profile_of("NVIDIA H100 80GB HBM3"), std::nullopt);
    EXPECT_EQ(gpu::mig_profile_of("NVIDIA H100 80GB HBM3 MIG "), std::nullopt);
}
