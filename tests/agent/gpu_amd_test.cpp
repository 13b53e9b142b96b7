#include <gtest/gtest.h>

#include "agent/collectors/gpu_amd.h"
#include "agent/gpu/pci_link.h"
#include "tests/agent/collector_json.h"
#include "tests/agent/recorded_tree.h"
#include "tests/support/temp_dir.h"

using namespace fleetdeck::agent;
using namespace fleetdeck::test;

TEST(PciLink, GenerationFromLinkSpeed) {
    EXPECT_EQ(gpu::pcie_generation("2.5 GT/s PCIe"), 1);
    EXPECT_EQ(gpu::pcie_generation("8.0 GT/s PCIe"), 3);
    EXPECT_EQ(gpu::pcie_generation("16.0 GT/s PCIe"), 4);
    EXPECT_EQ(gpu::pcie_generation("32.0 GT/s PCIe"), 5);
    EXPECT_EQ(gpu::pcie_generation("64.0 GT/s PCIe"), 6);
    EXPECT_FALSE(gpu::pcie_generation("Unknown"));
    EXPECT_FALSE(gpu::pcie_generation(""));
}

TEST(AmdGpuCollector, RadeonProW7900EveryField) {
    AmdGpuCollector amd;
    Json snap = Json::object();
    sample_into(amd, RootFs(fixture_root(kAmdServer)), snap);
    ASSERT_EQ(snap["gpus"].size(), 1u);  // card0 is the BMC's ASPEED, not an AMD GPU
    EXPECT_EQ(snap["gpus"][0], Json::parse(R"({
        "index": 0, "vendor": "amd", "name": "AMD Radeon PRO W7900", "uuid": "5a1e2f3c4b6d7e80",
        "pci_bus_id": "0000:c3:00.0",
        "temp_c": 45.0, "temp_slowdown_c": 100.0, "temp_shutdown_c": 105.0, "temp_junction_c": 58.0, "temp_mem_c": 52.0,
        "util_pct": 87.0, "mem_util_pct": 35.0, "mem_used_bytes": 21474836480, "mem_total_bytes": 51539607552,
        "power_w": 243.0, "power_limit_w": 295.0, "power_limit_min_w": 200.0, "power_limit_max_w": 295.0, "power_limit_set_w": 295.0,
        "fan_pct": 30.2, "sm_clock_mhz": 1895, "mem_clock_mhz": 1249, "mem_reserved_bytes": null,
        "throttle": null, "persistence_mode": null,
        "pcie_gen": 4, "pcie_width": 16, "pcie_gen_max": 4, "pcie_width_max": 16,
        "state": "ok", "ecc": null, "remapped_rows": null, "retired_pages": null, "pcie_replays": null, "nvlinks": [],
        "processes": null, "prof": null, "energy_mj": null, "violation_ns": null, "mig": null})"));
}

TEST(AmdGpuCollector, CardWithoutHwmonOrCountersGivesNulls) {
    TempDir dir;
    dir.write("sys/bus/pci/devices/0000:03:00.0/vendor", "0x1002\n");
    dir.write("sys/bus/pci/devices/0000:03:00.0/gpu_busy_percent", "12\n");
    std::filesystem::create_directories(dir.path() / "sys/class/drm/card0");
    std::filesystem::create_symlink("../../../bus/pci/devices/0000:03:00.0", dir.path() / "sys/class/drm/card0/device");
    AmdGpuCollector amd;
    Json snap = Json::object();
    sample_into(amd, RootFs(dir.path().string()), snap);
    ASSERT_EQ(snap["gpus"].size(), 1u);
    const Json& g = snap["gpus"][0];
    EXPECT_EQ(g["util_pct"], 12.0);
    EXPECT_EQ(g["pci_bus_id"], "0000:03:00.0");
    for (const char* key : {"name", "temp_c", "power_w", "fan_pct", "mem_total_bytes", "pcie_gen", "sm_clock_mhz"})
        EXPECT_TRUE(g[key].is_null()) << key;
}

TEST(AmdGpuCollector, NoCardsStillGivesAnEmptyList) {
    TempDir dir;
    AmdGpuCollector amd;
    Json snap = Json::object();
    sample_into(amd, RootFs(dir.path().string()), snap);
    EXPECT_EQ(snap["gpus"], Json::array());
}
