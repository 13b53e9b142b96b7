// The CPU packages' power from RAPL (agent/ipmi/rapl_power.h) on node_exporter's recorded powercap
// tree: only package zones count (not their core/uncore subzones), the counter's wrap at
// max_energy_range_uj, and the agent's estimate for a host without a BMC.
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <thread>

#include "agent/ipmi/rapl_power.h"
#include "agent/machine.h"

namespace fs = std::filesystem;
using namespace fleetdeck::agent;
using namespace std::chrono_literals;

namespace {

const fs::path kRecorded = fs::path(FLEETDECK_SOURCE_DIR) / "tests/fixtures/powercap-node-exporter";

fs::path copyOfRecorded(const std::string& name) {
    const fs::path root = fs::path(testing::TempDir()) / name;
    fs::remove_all(root);
    fs::copy(kRecorded, root, fs::copy_options::recursive);
    return root;
}

void setEnergy(const fs::path& root, const char* zone, std::uint64_t uj) {
    std::ofstream(root / "sys/class/powercap" / zone / "energy_uj") << uj << "\n";
}

}  // namespace

TEST(Rapl, PackageZonesAreTheNumberedOnesWithoutASubzone) {
    EXPECT_TRUE(ipmi::is_package_zone("intel-rapl:0"));
    EXPECT_TRUE(ipmi::is_package_zone("intel-rapl:12"));
    EXPECT_FALSE(ipmi::is_package_zone("intel-rapl:0:0"));
    EXPECT_FALSE(ipmi::is_package_zone("intel-rapl"));
    EXPECT_FALSE(ipmi::is_package_zone("intel-rapl:"));
}

TEST(Rapl, ThePackagesPowerIsTheEnergyDeltaOverTimeAcrossTheWrap) {
    const fs::path root = copyOfRecorded("rapl_delta");
    const RootFs tree(root.string());
    ipmi::RaplMeter meter;
    const auto t0 = std::chrono::steady_clock::time_point(100s);
    EXPECT_FALSE(meter.watts(tree, t0)) << "the first reading is the baseline";
    setEnergy(root, "intel-rapl:0", 240422366267 + 150'000'000);  // 150 J
    setEnergy(root, "intel-rapl:0:0", 118821284256 + 90'000'000);   // the core's part of it: not added again
    const auto w = meter.watts(tree, t0 + 1s);
    ASSERT_TRUE(w);
    EXPECT_NEAR(*w, 150.0, 1e-6);
    EXPECT_FALSE(meter.watts(tree, t0 + 1s + 50ms)) << "too soon for a figure";
    // 262,143,328,850 µJ is where the counter wraps: 1,000,000 µJ before it, then 2,000,000 after zero.
    setEnergy(root, "intel-rapl:0", 262143328850 - 1'000'000);
    ASSERT_TRUE(meter.watts(tree, t0 + 2s));
    setEnergy(root, "intel-rapl:0", 2'000'000);
    const auto wrapped = meter.watts(tree, t0 + 4s);
    ASSERT_TRUE(wrapped);
    EXPECT_NEAR(*wrapped, 3.0 / 2.0, 1e-6) << "3 J over 2 s";
}

TEST(Rapl, AnUnreadableCounterOrNoPowercapGivesNothing) {
    const fs::path root = copyOfRecorded("rapl_unreadable");
    ipmi::RaplMeter meter;
    const auto t0 = std::chrono::steady_clock::time_point(100s);
    ASSERT_FALSE(meter.watts(RootFs(root.string()), t0));
    fs::remove(root / "sys/class/powercap/intel-rapl:0/energy_uj");  // as a non-root agent finds it since Linux 5.10
    EXPECT_FALSE(meter.watts(RootFs(root.string()), t0 + 1s));
    ipmi::RaplMeter none;
    EXPECT_FALSE(none.watts(RootFs((fs::path(testing::TempDir()) / "rapl_none").string()), t0));
    EXPECT_FALSE(none.watts(RootFs((fs::path(testing::TempDir()) / "rapl_none").string()), t0 + 1s));
}

TEST(Rapl, WithoutABmcTheAgentsSampleCarriesAnEstimateSaidToBeOne) {
    const fs::path root = copyOfRecorded("rapl_agent");
    fs::create_directories(root / "proc");
    LiveMachine machine{RootFs(root.string())};
    EXPECT_FALSE(machine.sample().bmc) << "no BMC device and no second RAPL reading yet";
    std::this_thread::sleep_for(150ms);
    setEnergy(root, "intel-rapl:0", 240422366267 + 400'000'000);  // a few hundred joules later
    const fleetdeck::protocol::Sample& s = machine.sample();
    ASSERT_TRUE(s.bmc);
    EXPECT_EQ(s.bmc->power_source, "estimated");
    ASSERT_TRUE(s.bmc->power_w);
    EXPECT_GT(*s.bmc->power_w, 0.0);
    EXPECT_FALSE(s.bmc->inlet_c) << "no air readings without a BMC";
    EXPECT_NE(s.bmc->error->find("estimated"), std::string::npos);
}
