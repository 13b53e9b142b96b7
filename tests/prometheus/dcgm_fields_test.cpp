// dcgm-exporter's fields as DCGM fills them, on the recorded Intel server with the stand-in NVML:
// the pci_bus_id label in NVML's form, the power limit set beside the enforced one, and the
// framebuffer without the memory the driver reserves (the idle H100 capture's 479 MiB).
#include <sstream>

#include <gtest/gtest.h>

#include "agent/metrics/sample_metrics.h"
#include "agent/metrics/xid_tally.h"
#include "tests/agent/recorded_tree.h"

namespace fleetdeck::agent::metrics {
namespace {

std::string recorded_scrape(const std::vector<std::string>& env) {
    const auto root = test::fixture_root(test::kIntelServer);
    const auto sample = protocol::sample_from_json(test::run_agent({"--once", "--root", root}, env));
    const auto facts = protocol::facts_from_json(test::run_agent({"--facts", "--root", root}, env));
    XidTally xids;
    xids.add(sample.xid_events);
    return render_metrics(sample, facts, xids, ExpositionFormat::Text004);
}

// The value of `name` for the GPU with index `gpu`; NaN when there is no such line.
double gpu_value(const std::string& scrape, const std::string& name, int gpu) {
    std::istringstream in(scrape);
    const std::string prefix = name + "{gpu=\"" + std::to_string(gpu) + "\",";
    for (std::string line; std::getline(in, line);)
        if (line.rfind(prefix, 0) == 0) return std::stod(line.substr(line.rfind(' ') + 1));
    return std::numeric_limits<double>::quiet_NaN();
}

TEST(DcgmFields, BusIdLabelIsNvmlsForm) {
    const std::string scrape = recorded_scrape(test::with_fake_nvml());
    // dcgm-exporter's own tests show "00000000:1B:00.0" (NVML_DEVICE_PCI_BUS_ID_FMT "%08X:%02X:%02X.0").
    EXPECT_NE(scrape.find("DCGM_FI_DEV_GPU_TEMP{gpu=\"0\",UUID=\"GPU-3f6a1c2e-8b4d-4e1f-9a7c-0d2e5b6f7a80\","
                          "pci_bus_id=\"00000000:18:00.0\","),
              std::string::npos)
        << scrape.substr(0, 2000);
    EXPECT_NE(scrape.find("pci_bus_id=\"00000000:DB:00.0\""), std::string::npos);
    EXPECT_EQ(scrape.find("pci_bus_id=\"0000:18:00.0\""), std::string::npos) << "the sysfs form stays in the samples";
}

TEST(DcgmFields, PowerLimitSetAndEnforcedAreTwoFields) {
    const std::string scrape = recorded_scrape(test::with_fake_nvml("enforced-limit=1:550"));
    EXPECT_EQ(gpu_value(scrape, "DCGM_FI_DEV_POWER_MGMT_LIMIT", 1), 700);
    EXPECT_EQ(gpu_value(scrape, "DCGM_FI_DEV_ENFORCED_POWER_LIMIT", 1), 550);
    EXPECT_EQ(gpu_value(scrape, "DCGM_FI_DEV_ENFORCED_POWER_LIMIT", 0), 700);
}

TEST(DcgmFields, FramebufferUsedLeavesOutReservedMemory) {
    // The idle H100 80GB HBM3 capture (driver 590.48.01): Total 81559 MiB, Reserved 479 MiB, Used 0 MiB.
    const std::string scrape = recorded_scrape(test::with_fake_nvml());
    EXPECT_EQ(gpu_value(scrape, "DCGM_FI_DEV_FB_USED", 0), 0);
    EXPECT_EQ(gpu_value(scrape, "DCGM_FI_DEV_FB_FREE", 0), 81559 - 479);
    // A driver before nvmlDeviceGetMemoryInfo_v2: its "used" includes the reserved memory.
    const std::string old = recorded_scrape({std::string("FLEETDECK_NVML_LIB=") + FLEETDECK_FAKE_NVML_LEGACY});
    EXPECT_EQ(gpu_value(old, "DCGM_FI_DEV_FB_USED", 0), 479);
    EXPECT_EQ(gpu_value(old, "DCGM_FI_DEV_FB_FREE", 0), 81559 - 479);
}

}  // namespace
}  // namespace fleetdeck::agent::metrics
