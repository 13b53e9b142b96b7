// The BMC's power and air as the agent reads them (agent/ipmi/bmc_monitor.h): a stand-in
// ipmitool at the fixed path of a tree with a BMC device answers with recordings of real BMCs
// (tests/fixtures/ipmitool/), the real agent puts them in its samples, a BMC whose DCMI is
// deactivated gives its power sensor instead, and one that hangs leaves the sample path untouched:
// the reading says why, keeps its last figures with their age, and --once never waits past 15 s.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "agent/ipmi/bmc_monitor.h"
#include "agent/json/json.h"
#include "tests/support/subprocess.h"

namespace fs = std::filesystem;
using namespace fleetdeck::agent;
namespace protocol = fleetdeck::protocol;
using Json = nlohmann::json;

namespace {

void put(const fs::path& path, const std::string& text, bool executable = false) {
    fs::create_directories(path.parent_path());
    std::ofstream(path) << text;
    if (executable) ::chmod(path.c_str(), 0755);
}

std::string recorded(const std::string& name) { return std::string(FLEETDECK_SOURCE_DIR) + "/tests/fixtures/ipmitool/" + name; }

// A tree with /dev/ipmi0 and a stand-in ipmitool: `dcmi power reading` prints `dcmi`, every `sdr
// type …` prints `sdr` (a whole `sdr elist`: the readers take their own type's rows from it).
// `hang_after` > 0: the stand-in answers that many times, then hangs.
fs::path bmc_tree(const std::string& name, const std::string& dcmi, const std::string& sdr, int hang_after = 0) {
    const fs::path root = fs::path(testing::TempDir()) / name;
    fs::remove_all(root);
    put(root / "dev/ipmi0", "");
    put(root / "proc/.keep", "");
    std::string script = "#!/bin/sh\ncount=\"$(dirname \"$0\")/../../calls\"\necho x >> \"$count\"\n";
    if (hang_after > 0) script += "[ \"$(wc -l < \"$count\")\" -gt " + std::to_string(hang_after) + " ] && exec sleep 600\n";
    script += "case \"$1\" in\n  dcmi) exec cat '" + recorded(dcmi) + "' ;;\n  sdr) exec cat '" + recorded(sdr) + "' ;;\nesac\nexit 1\n";
    put(root / "usr/bin/ipmitool", script, true);
    return root;
}

}  // namespace

TEST(BmcReading, DcmiPowerAndTheInletFromAnHpeBmc) {
    const auto root = bmc_tree("bmc-hpe", "hpe-proliant-dl360-gen9-dcmi-power-reading.txt", "hpe-proliant-dl360-gen9-sdr-elist.txt");
    const protocol::BmcSample b = ipmi::read_bmc(RootFs(root.string()), std::chrono::seconds(5));
    EXPECT_FALSE(b.error) << *b.error;
    EXPECT_EQ(b.power_source, "dcmi");
    EXPECT_EQ(b.power_w, 221);
    EXPECT_EQ(b.power_max_w, 487);
    EXPECT_EQ(b.inlet_c, 17);
    EXPECT_EQ(b.exhaust_c, std::nullopt) << "this BMC names no exhaust sensor";
    bool inlet = false;
    for (const auto& s : b.sensors) inlet = inlet || (s.name == "01-Inlet Ambient" && s.sensor_class == "inlet" && s.value == 17.0);
    EXPECT_TRUE(inlet);
    ASSERT_FALSE(b.fans.empty());
    EXPECT_EQ(b.fans[0].percent, 19.6);
}

// An OpenBMC whose DCMI power reading is deactivated (its figures are not readings): the power
// comes from the server's power sensor, here a Dell's "Pwr Consumption" in `sdr type Current`.
TEST(BmcReading, ADeactivatedDcmiReadingFallsBackToThePowerSensor) {
    const auto root = bmc_tree("bmc-deactivated", "ibm-witherspoon-openbmc-dcmi-power-reading.txt", "dell-poweredge-r740-sdr-elist.txt");
    const protocol::BmcSample b = ipmi::read_bmc(RootFs(root.string()), std::chrono::seconds(5));
    EXPECT_EQ(b.power_source, "power_sensor");
    EXPECT_EQ(b.power_w, 208);
    EXPECT_EQ(b.power_max_w, std::nullopt);
    EXPECT_EQ(b.inlet_c, 23);
    EXPECT_EQ(b.exhaust_c, 31);
}

TEST(BmcReading, WithoutIpmitoolOrWithAFailingBmcItSaysWhy) {
    const fs::path root = fs::path(testing::TempDir()) / "bmc-none";
    fs::remove_all(root);
    put(root / "dev/ipmi0", "");
    protocol::BmcSample b = ipmi::read_bmc(RootFs(root.string()), std::chrono::seconds(5));
    EXPECT_EQ(b.error, "ipmitool is not installed (/usr/bin/ipmitool): the BMC's power and air are not read");
    EXPECT_EQ(b.power_w, std::nullopt);
    const auto failing = bmc_tree("bmc-failing", "supermicro-a2sdi-hln4f-dcmi-power-reading-invalid-command.txt",
                                  "supermicro-a2sdi-hln4f-dcmi-power-reading-invalid-command.txt");
    b = ipmi::read_bmc(RootFs(failing.string()), std::chrono::seconds(5));
    EXPECT_EQ(b.power_w, std::nullopt) << "DCMI answered \"Invalid command\": no figure";
    EXPECT_TRUE(b.sensors.empty());
    // No BMC device at all: no BMC, and nothing is run.
    const fs::path bare = fs::path(testing::TempDir()) / "bmc-bare";
    fs::remove_all(bare);
    fs::create_directories(bare);
    EXPECT_FALSE(ipmi::BmcMonitor(RootFs(bare.string())).latest());
}

// A BMC that answers once and then hangs: the next reading is cut at its timeout, the last
// figures stay with their age and the reason, and stopping the monitor does not wait for the hang.
TEST(BmcMonitor, AHangingBmcKeepsTheLastReadingWithItsAgeAndWhy) {
    const auto root = bmc_tree("bmc-hang", "hpe-proliant-dl360-gen9-dcmi-power-reading.txt", "hpe-proliant-dl360-gen9-sdr-elist.txt", 3);
    auto monitor = std::make_unique<ipmi::BmcMonitor>(RootFs(root.string()), std::chrono::seconds(1), std::chrono::milliseconds(300));
    ASSERT_TRUE(monitor->wait_first(std::chrono::seconds(10)));
    EXPECT_EQ(monitor->latest()->power_w, 221);
    std::optional<protocol::BmcSample> later;
    for (int i = 0; i < 100; ++i) {
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
        later = monitor->latest();
        if (later->error) break;
    }
    ASSERT_TRUE(later->error) << "the hang is said";
    EXPECT_NE(later->error->find("gave no answer within 0 s"), std::string::npos) << *later->error;
    EXPECT_EQ(later->power_w, 221) << "the last figures are kept";
    EXPECT_GT(later->age_s.value_or(0), 0.9);
    const auto started = std::chrono::steady_clock::now();
    monitor.reset();
    EXPECT_LT(std::chrono::steady_clock::now() - started, std::chrono::seconds(2)) << "a hung ipmitool is killed, not waited for";
}

// The real agent: --once on the tree carries the reading in `bmc`; with a BMC that hangs from the
// start it answers within 15 s with the reason instead.
TEST(BmcMonitor, TheAgentsSnapshotCarriesTheBmcAndNeverHangsOnIt) {
    const auto root = bmc_tree("bmc-agent", "asus-esc8000a-e12-dcmi-power-reading.txt", "asus-esc8000a-e12-sdr-elist.txt");
    auto run = fleetdeck::test::run_process(FLEETDECK_AGENT_BIN, {"--once", "--root", root.string()}, {});
    ASSERT_EQ(run.status, 0) << run.err;
    Json bmc = Json::parse(run.out)["bmc"];
    EXPECT_EQ(bmc["power_w"], 2064) << bmc.dump(2);
    EXPECT_EQ(bmc["power_source"], "dcmi");
    EXPECT_EQ(bmc["inlet_c"], 19);

    const auto hung = bmc_tree("bmc-agent-hung", "asus-esc8000a-e12-dcmi-power-reading.txt", "asus-esc8000a-e12-sdr-elist.txt", -1);
    put(hung / "usr/bin/ipmitool", "#!/bin/sh\nexec sleep 600\n", true);
    const auto started = std::chrono::steady_clock::now();
    run = fleetdeck::test::run_process(FLEETDECK_AGENT_BIN, {"--once", "--root", hung.string()}, {});
    EXPECT_LT(std::chrono::steady_clock::now() - started, std::chrono::seconds(20));
    ASSERT_EQ(run.status, 0) << run.err;
    bmc = Json::parse(run.out)["bmc"];
    EXPECT_TRUE(bmc["power_w"].is_null());
    EXPECT_EQ(bmc["error"], "the BMC's first reading is still being taken") << bmc.dump(2);
}
