// NVIDIA GPU health (gpus[].state, ecc, remapped_rows, retired_pages, pcie_replays, nvlinks),
// gpu_pci_count and NVML's XIDs, through the scripted NVML in tests/fake_nvml and its faults.
#include <gtest/gtest.h>

#include <cstdlib>
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

Json once_on_intel(const std::vector<std::string>& env) {
    return run_agent({"--once", "--root", fixture_root(kIntelServer)}, env);
}

// Sets FLEETDECK_FAKE_NVML_FAULTS for NVML opened in this process, and clears it again.
class FaultsInProcess {
public:
    explicit FaultsInProcess(const char* faults) { ::setenv("FLEETDECK_FAKE_NVML_FAULTS", faults, 1); }
    ~FaultsInProcess() { ::unsetenv("FLEETDECK_FAKE_NVML_FAULTS"); }
};

Json sample_in_process(NvidiaGpuCollector& collector, const RootFs& fs) {
    Json snap;
    sample_into(collector, fs, snap);
    return snap;
}

}  // namespace

// The H100 capture: ECC enabled, no errors, row remapping with no rows, page retirement not
// supported (it is pre-Ampere only), 18 NVLinks; the captured board had 9 PCIe replays.
TEST(GpuHealth, HealthyH100sReportTheCapturedValues) {
    const Json snap = once_on_intel(with_fake_nvml());
    ASSERT_EQ(snap["gpus"].size(), 8u);
    const Json& g = snap["gpus"][0];
    EXPECT_EQ(g["state"], "ok");
    EXPECT_EQ(g["ecc"], Json::parse(R"({"enabled":true,"corrected_volatile":0,"uncorrected_volatile":0,
        "corrected_aggregate":0,"uncorrected_aggregate":0})"));
    EXPECT_EQ(g["remapped_rows"], Json::parse(R"({"correctable":0,"uncorrectable":0,"pending":false,"failed":false})"));
    EXPECT_TRUE(g["retired_pages"].is_null()) << "NOT_SUPPORTED is null, never 0";
    EXPECT_EQ(g["pcie_replays"], 9);
    ASSERT_EQ(g["nvlinks"].size(), 18u) << "links 0 … 17, up to NVML_NVLINK_MAX_LINKS";
    for (int l = 0; l < 18; ++l)
        EXPECT_EQ(g["nvlinks"][l], (Json{{"link", l}, {"active", true}, {"replay_errors", 0}, {"recovery_errors", 0},
                                        {"crc_errors", 0}}));
    EXPECT_EQ(snap["gpus"][1]["pcie_replays"], 0);
    EXPECT_EQ(snap["gpu_pci_count"], 8);
}

// The L40S capture (tests/fake_nvml/l40s-595.80.json): a PCIe card with ECC and row remapping.
TEST(GpuHealth, L40sCaptureHasEccAndRowRemappingButNoNvlink) {
    TempDir dir;
    std::vector<std::string> env = with_fake_nvml();
    env.push_back(std::string("FLEETDECK_FAKE_NVML_SCRIPT=") + FLEETDECK_SOURCE_DIR + "/tests/fake_nvml/l40s-595.80.json");
    const Json snap = run_agent({"--once", "--root", dir.path().string()}, env);
    ASSERT_EQ(snap["gpus"].size(), 1u);
    const Json& g = snap["gpus"][0];
    EXPECT_EQ(g["name"], "NVIDIA L40S");
    EXPECT_EQ(g["ecc"]["enabled"], true);
    EXPECT_EQ(g["ecc"]["uncorrected_aggregate"], 0);
    EXPECT_EQ(g["remapped_rows"]["pending"], false);
    EXPECT_TRUE(g["retired_pages"].is_null());
    EXPECT_EQ(g["pcie_replays"], 0);
    EXPECT_EQ(g["nvlinks"], Json::array());
}

TEST(GpuHealth, LostGpuKeepsItsPlaceWithEveryReadingNull) {
    const Json snap = once_on_intel(with_fake_nvml("lost=3"));
    ASSERT_EQ(snap["gpus"].size(), 8u);
    const Json& g = snap["gpus"][3];
    EXPECT_EQ(g["index"], 3);
    EXPECT_EQ(g["state"], "lost");
    EXPECT_EQ(g["pci_bus_id"], "0000:5d:00.0");  // who it was stays known
    EXPECT_EQ(g["name"], "NVIDIA H100 80GB HBM3");
    for (const char* key : {"temp_c", "util_pct", "mem_used_bytes", "power_w", "power_limit_w", "fan_pct", "sm_clock_mhz",
                            "throttle", "persistence_mode", "pcie_gen", "temp_slowdown_c", "power_limit_max_w", "ecc",
                            "remapped_rows", "retired_pages", "pcie_replays"})
        EXPECT_TRUE(g[key].is_null()) << key;
    EXPECT_EQ(g["nvlinks"], Json::array());
    EXPECT_EQ(snap["gpus"][4]["state"], "ok");
    EXPECT_EQ(snap["gpus"][4]["index"], 4);
}

TEST(GpuHealth, MemoryErrorFaultsShowInEccAndRemappedRows) {
    const Json snap = once_on_intel(with_fake_nvml("ecc=1,remap-pending=2,remap-failed=5,retired-pages=4"));
    EXPECT_EQ(snap["gpus"][1]["ecc"]["uncorrected_volatile"], 2);
    EXPECT_EQ(snap["gpus"][1]["ecc"]["uncorrected_aggregate"], 2);
    EXPECT_EQ(snap["gpus"][1]["ecc"]["corrected_volatile"], 0);
    EXPECT_EQ(snap["gpus"][2]["remapped_rows"], Json::parse(R"({"correctable":0,"uncorrectable":1,"pending":true,"failed":false})"));
    EXPECT_EQ(snap["gpus"][5]["remapped_rows"], Json::parse(R"({"correctable":0,"uncorrectable":1,"pending":false,"failed":true})"));
    // A board that retires pages (before Ampere): the count query, through _v2 (the old name fails).
    EXPECT_EQ(snap["gpus"][4]["retired_pages"], Json::parse(R"({"single_bit":2,"double_bit":1,"pending":true})"));
    EXPECT_TRUE(snap["gpus"][4]["remapped_rows"].is_null());
}

TEST(GpuHealth, NvlinkEnumerationStopsAtTheFirstLinkTheGpuLacks) {
    TempDir dir;
    const auto script = dir.write("script.json", R"({"gpus": [
        {"bus_id": "00000000:18:00.0", "nvlinks": 4, "nvlink_down": [2], "nvlink_crc_errors": 7,
         "nvlink_recovery_errors": "NOT_SUPPORTED"},
        {"bus_id": "00000000:2A:00.0"}]})");
    std::vector<std::string> env = with_fake_nvml("nvlink-down=0:3");
    env.push_back("FLEETDECK_FAKE_NVML_SCRIPT=" + script.string());
    const Json snap = run_agent({"--once", "--root", dir.path().string()}, env);
    ASSERT_EQ(snap["gpus"].size(), 2u);
    const Json& links = snap["gpus"][0]["nvlinks"];
    ASSERT_EQ(links.size(), 4u) << "link 4 answers INVALID_ARGUMENT: the GPU has four";
    EXPECT_EQ(links[0]["active"], true);
    EXPECT_EQ(links[2]["active"], false);
    EXPECT_EQ(links[3]["active"], false);
    EXPECT_EQ(links[1]["crc_errors"], 7);
    EXPECT_TRUE(links[1]["recovery_errors"].is_null());
    EXPECT_TRUE(links[1]["replay_errors"].is_null());
    // No NVLink at all (a PCIe card): link 0 answers NOT_SUPPORTED.
    EXPECT_EQ(snap["gpus"][1]["nvlinks"], Json::array());
    // Nothing in the script: every health call answers NOT_SUPPORTED.
    for (const char* key : {"ecc", "remapped_rows", "retired_pages", "pcie_replays"})
        EXPECT_TRUE(snap["gpus"][1][key].is_null()) << key;
}

TEST(GpuHealth, NoPermissionAndNotSupportedGiveNull) {
    TempDir dir;
    const auto script = dir.write("script.json", R"({"gpus": [
        {"ecc_enabled": 0, "ecc_corrected_volatile": "NOT_SUPPORTED", "remapped_correctable": "NO_PERMISSION",
         "remapped_uncorrectable": 0, "remapped_pending": 0, "remapped_failed": 0, "pcie_replays": "NO_PERMISSION"}]})");
    std::vector<std::string> env = with_fake_nvml();
    env.push_back("FLEETDECK_FAKE_NVML_SCRIPT=" + script.string());
    const Json g = run_agent({"--once", "--root", dir.path().string()}, env)["gpus"][0];
    EXPECT_EQ(g["ecc"], Json::parse(R"({"enabled":false,"corrected_volatile":null,"uncorrected_volatile":null,
        "corrected_aggregate":null,"uncorrected_aggregate":null})"));
    EXPECT_TRUE(g["remapped_rows"].is_null());
    EXPECT_TRUE(g["pcie_replays"].is_null());
}

TEST(GpuHealth, ADriverWithoutTheHealthFunctionsGivesNull) {
    const std::vector<std::string> env = {std::string("FLEETDECK_NVML_LIB=") + FLEETDECK_FAKE_NVML_LEGACY};
    const Json snap = once_on_intel(env);
    ASSERT_EQ(snap["gpus"].size(), 8u);
    for (const Json& g : snap["gpus"]) {
        EXPECT_EQ(g["state"], "ok");
        for (const char* key : {"ecc", "remapped_rows", "retired_pages", "pcie_replays"}) EXPECT_TRUE(g[key].is_null()) << key;
        EXPECT_EQ(g["nvlinks"], Json::array());
    }
    EXPECT_EQ(snap["gpu_pci_count"], 8);
    EXPECT_EQ(snap["xid_events"].size(), 6u) << "the kernel log still has its XIDs";
}

TEST(GpuHealth, NvmlHidingAGpuShowsAgainstTheBus) {
    const Json snap = once_on_intel(with_fake_nvml("hide-gpu"));
    EXPECT_EQ(snap["gpus"].size(), 7u);
    EXPECT_EQ(snap["gpu_pci_count"], 8);
}

TEST(GpuHealth, PciCountIsNullWithoutAPciBus) {
    TempDir dir;
    dir.write("proc/stat", "cpu  1 0 1 100 0 0 0 0 0 0\nbtime 1764390000\n");
    const Json snap = run_agent({"--once", "--root", dir.path().string()}, with_fake_nvml());
    EXPECT_TRUE(snap["gpu_pci_count"].is_null());
    EXPECT_EQ(run_agent({"--once", "--root", fixture_root(kAmdServer)})["gpu_pci_count"], 0);
}

TEST(GpuHealth, XidEventFromNvmlIsListedAfterTheKernelLogsOlderOnes) {
    const Json snap = once_on_intel(with_fake_nvml("xid=5:13,xid=5:31"));
    const Json& xids = snap["xid_events"];
    ASSERT_EQ(xids.size(), 8u);  // six from the recorded kernel log, two from NVML
    EXPECT_EQ(xids[0]["source"], "kernel");
    const Json& a = xids[6];
    EXPECT_EQ(a["source"], "nvml");
    EXPECT_EQ(a["code"], 13);
    EXPECT_EQ(a["pci_bus_id"], "0000:ab:00.0");
    EXPECT_EQ(a["message"], "Graphics Engine Exception");
    EXPECT_EQ(xids[7]["code"], 31);
    EXPECT_GE(a["time_ms"].get<std::int64_t>(), xids[5]["time_ms"].get<std::int64_t>());
}

TEST(GpuHealth, PcieReplaysGrowAndSlowCountersWaitTenSeconds) {
    const FaultsInProcess faults("pcie-replays=7:4,ecc=1");
    auto nvml = NvmlLibrary::open({FLEETDECK_FAKE_NVML});
    ASSERT_TRUE(nvml->ready());
    NvidiaGpuCollector collector(nvml);
    const RootFs fs(fixture_root(kIntelServer));
    const Json first = sample_in_process(collector, fs);
    const Json second = sample_in_process(collector, fs);
    EXPECT_EQ(first["gpus"][7]["pcie_replays"], 0);
    EXPECT_EQ(second["gpus"][7]["pcie_replays"], 4);
    EXPECT_EQ(second["gpus"][1]["ecc"]["uncorrected_volatile"], 2);
    EXPECT_EQ(second["gpus"][1]["ecc"]["uncorrected_aggregate"], 2);  // read in the first sample, repeated
}

TEST(GpuHealth, NvmlReadsOneByOne) {
    const FaultsInProcess faults("retired-pages=2,nvlink-down=1:17");
    auto nvml = NvmlLibrary::open({FLEETDECK_FAKE_NVML});
    ASSERT_TRUE(nvml->ready());
    using E = NvmlLibrary::EccError;
    using C = NvmlLibrary::EccCounter;
    NvmlLibrary::Device* d0 = nvml->device(0);
    EXPECT_EQ(nvml->ecc_enabled(d0), true);
    EXPECT_EQ(nvml->ecc_errors(d0, E::Uncorrected, C::Aggregate), 0u);
    EXPECT_EQ(nvml->remapped_rows(d0)->uncorrectable, 0u);
    EXPECT_FALSE(nvml->retired_pages(d0, NvmlLibrary::RetirementCause::DoubleBit));
    EXPECT_EQ(nvml->retired_pages(nvml->device(2), NvmlLibrary::RetirementCause::DoubleBit), 1u);
    EXPECT_EQ(nvml->retired_pages(nvml->device(2), NvmlLibrary::RetirementCause::MultipleSingleBit), 2u);
    EXPECT_EQ(nvml->retired_pages_pending(nvml->device(2)), true);
    EXPECT_EQ(nvml->nvlink_active(nvml->device(1), 17), false);
    EXPECT_FALSE(nvml->nvlink_active(nvml->device(1), 18)) << "INVALID_ARGUMENT: no such link";
    EXPECT_EQ(nvml->nvlink_errors(d0, 0, NvmlLibrary::NvlinkError::CrcFlit), 0u);
    EXPECT_FALSE(nvml->ecc_enabled(nullptr));
    bool lost = true;
    EXPECT_EQ(nvml->temperature_c(d0, &lost), 34u);
    EXPECT_FALSE(lost);
}

// nvmlDeviceGetRetiredPages_v2 first; the first version (DCGM's count query) when _v2 refuses.
TEST(GpuHealth, RetiredPagesFallBackToTheFirstVersionWhenV2Refuses) {
    void* fake = ::dlopen(FLEETDECK_FAKE_NVML, RTLD_NOW | RTLD_LOCAL);  // keeps its counters loaded
    ASSERT_NE(fake, nullptr);
    const auto v1_calls = [fake] { return reinterpret_cast<int (*)()>(::dlsym(fake, "fake_nvml_retired_pages_v1_calls"))(); };
    using Cause = NvmlLibrary::RetirementCause;
    {
        const FaultsInProcess faults("retired-pages=2");
        auto nvml = NvmlLibrary::open({FLEETDECK_FAKE_NVML});
        const int before = v1_calls();
        EXPECT_EQ(nvml->retired_pages(nvml->device(2), Cause::DoubleBit), 1u);
        EXPECT_EQ(v1_calls(), before) << "_v2 answered";
    }
    {
        const FaultsInProcess faults("retired-pages=2,retired-pages-v2-refuses=2");
        auto nvml = NvmlLibrary::open({FLEETDECK_FAKE_NVML});
        const int before = v1_calls();
        EXPECT_EQ(nvml->retired_pages(nvml->device(2), Cause::DoubleBit), 1u);
        EXPECT_EQ(nvml->retired_pages(nvml->device(2), Cause::MultipleSingleBit), 2u);
        EXPECT_EQ(v1_calls(), before + 2);
        EXPECT_FALSE(nvml->retired_pages(nvml->device(0), Cause::DoubleBit)) << "NOT_SUPPORTED from both: null";
    }
    ::dlclose(fake);
}

TEST(GpuHealth, EventSetIsFreedWhenTheCollectorGoes) {
    void* fake = ::dlopen(FLEETDECK_FAKE_NVML, RTLD_NOW | RTLD_LOCAL);  // keeps its counters loaded
    ASSERT_NE(fake, nullptr);
    const auto counter = [fake](const char* name) { return reinterpret_cast<int (*)()>(::dlsym(fake, name))(); };
    const int created = counter("fake_nvml_event_sets_created");
    const int freed = counter("fake_nvml_event_sets_freed");
    {
        auto nvml = NvmlLibrary::open({FLEETDECK_FAKE_NVML});
        NvidiaGpuCollector collector(nvml);
        sample_in_process(collector, RootFs("/nonexistent"));
        EXPECT_EQ(counter("fake_nvml_event_sets_created"), created + 1);
        EXPECT_EQ(counter("fake_nvml_event_sets_freed"), freed);
    }
    EXPECT_EQ(counter("fake_nvml_event_sets_freed"), freed + 1);
    ::dlclose(fake);
}
