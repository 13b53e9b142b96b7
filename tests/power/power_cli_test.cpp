// fleetdeck-cli power and inventory feed as a user runs them: the demo racks (simulated hosts
// with their feeds) over-budget on one feed's loss and recirculating, exit 7; a rack's feeds
// added, listed, assigned and removed in an inventory file, bad input refused losing nothing.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "agent/json/json.h"
#include "tests/support/subprocess.h"

using fleetdeck::test::run_process;
using Json = nlohmann::json;

namespace {

const std::string kCli = std::string(FLEETDECK_BIN_DIR) + "/fleetdeck-cli";
const std::vector<std::string> kEnv = {std::string("FLEETDECK_AGENT=") + FLEETDECK_AGENT_BIN};

std::vector<std::string> kinds(const Json& rack) {
    std::vector<std::string> out;
    for (const Json& f : rack["findings"]) out.push_back(f["kind"]);
    return out;
}

std::string readFile(const std::string& path) {
    std::ifstream in(path);
    return {std::istreambuf_iterator<char>(in), {}};
}

}  // namespace

TEST(PowerCli, TheDemoRacksShowAFeedThatWouldTripAndRecirculation) {
    const auto run = run_process(kCli, {"power", "--demo", "--json"}, kEnv);
    EXPECT_EQ(run.status, 7) << run.err;
    const Json doc = Json::parse(run.out);
    ASSERT_EQ(doc["racks"].size(), 2u);
    const Json& a = doc["racks"][0];
    EXPECT_EQ(a["rack"], "rack-a");
    ASSERT_EQ(a["feeds"].size(), 2u);
    for (const Json& f : a["feeds"]) {
        EXPECT_NEAR(f["budget_w"].get<double>(), 17293, 5) << "208 V × 60 A × √3 × 80 %";
        EXPECT_LT(f["now_w"].get<double>(), f["budget_w"].get<double>()) << "together the feeds carry the rack";
        EXPECT_GT(f["failover_peak_w"].get<double>(), f["budget_w"].get<double>()) << "one alone does not";
    }
    EXPECT_EQ(kinds(a)[0], "feed_loss_overload");
    EXPECT_EQ(a["findings"][0]["severity"], "critical");
    EXPECT_NE(std::find(kinds(a).begin(), kinds(a).end(), "gpu_hot_inlet_cool"), kinds(a).end()) << "gpu-a3's bad fan";
    double sum = 0;
    for (const Json& h : a["hosts"]) {
        EXPECT_EQ(h["power_source"], "dcmi");
        EXPECT_GT(h["power_w"].get<double>(), 1000);
        EXPECT_TRUE(h["inlet_c"].is_number());
        sum += h["power_w"].get<double>();
    }
    EXPECT_NEAR(a["now_w"].get<double>(), sum, 1e-6);
    const Json& b = doc["racks"][1];
    EXPECT_EQ(b["rack"], "rack-b");
    EXPECT_NE(std::find(kinds(b).begin(), kinds(b).end(), "recirculation"), kinds(b).end()) << b["findings"].dump(2);
    EXPECT_GT(b["inlet_top_c"].get<double>() - b["inlet_bottom_c"].get<double>(), 5.0);
    EXPECT_EQ(b["hosts"][3]["host"], "cpu-b4");
    EXPECT_EQ(b["hosts"][3]["feeds"], Json::array({"A"}));
    EXPECT_GT(b["feeds"][0]["now_w"].get<double>(), b["feeds"][1]["now_w"].get<double>()) << "cpu-b4 draws from A only";
}

TEST(PowerCli, TheTableSaysEachFeedsBudgetAndHeadroom) {
    const auto run = run_process(kCli, {"power", "--demo"}, kEnv);
    EXPECT_EQ(run.status, 7) << run.err;
    EXPECT_NE(run.out.find("208 V × 60 A × √3 × 80 %"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("HEADROOM"), std::string::npos);
    EXPECT_NE(run.out.find("If feed "), std::string::npos);
    EXPECT_NE(run.out.find("blanking panels"), std::string::npos) << "each finding says what to do";
}

TEST(PowerCli, SimulatedHostsInNoRackShowTheirReadingsAndANoBmcHostSaysSo) {
    const auto run = run_process(kCli, {"power", "--json", "sim:hgx-h100-8+hot-inlet:1", "sim:l40s-4+no-bmc:2"}, kEnv);
    EXPECT_EQ(run.status, 0) << "no rack, no feed to judge: " << run.err;
    const Json doc = Json::parse(run.out);
    EXPECT_TRUE(doc["racks"].empty());
    ASSERT_EQ(doc["hosts"].size(), 2u);
    EXPECT_EQ(doc["hosts"][0]["inlet_c"], 31.0);
    EXPECT_EQ(doc["hosts"][1]["power_source"], "estimated") << "no BMC: the agent's RAPL and GPU estimate";
    EXPECT_TRUE(doc["hosts"][1]["inlet_c"].is_null());
    EXPECT_NE(doc["hosts"][1]["bmc_error"].get<std::string>().find("estimated"), std::string::npos);
}

TEST(PowerCli, UsageErrorsCostNothing) {
    EXPECT_EQ(run_process(kCli, {"power"}, kEnv).status, 2);
    EXPECT_EQ(run_process(kCli, {"power", "--demo", "sim:cpu-only:1"}, kEnv).status, 2);
}

TEST(PowerCli, FeedsAreAddedListedAssignedAndRemovedAndBadInputLosesNothing) {
    const std::string dir = testing::TempDir() + "/power_cli_feeds";
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    const std::string inv = dir + "/inventory.json";
    {
        std::ofstream out(inv);
        out << R"({"version": 1, "hosts": [{"name": "gpu-01", "address": "10.0.0.1", "rack": "r7", "rack_unit": 30},
                                          {"name": "gpu-02", "address": "10.0.0.2", "rack": "r7", "rack_unit": 20}]})";
    }
    auto run = run_process(kCli, {"inventory", "feed", "add", "r7", "--name", "A", "--volts", "208", "--amps", "30", "--phases", "3",
                                  "--inventory", inv});
    ASSERT_EQ(run.status, 0) << run.err;
    EXPECT_NE(run.out.find("8.65 kW"), std::string::npos) << run.out;
    run = run_process(kCli, {"inventory", "feed", "add", "r7", "--name", "B", "--volts", "230", "--amps", "16", "--derating", "100",
                             "--inventory", inv});
    ASSERT_EQ(run.status, 0) << run.err;

    const std::string before = readFile(inv);
    EXPECT_EQ(run_process(kCli, {"inventory", "feed", "add", "r7", "--name", "C", "--volts", "208", "--amps", "30", "--phases", "2",
                                 "--inventory", inv}).status, 2);
    EXPECT_EQ(run_process(kCli, {"inventory", "feed", "add", "r7", "--name", "C", "--volts", "lots", "--amps", "30", "--inventory", inv}).status, 2);
    EXPECT_EQ(run_process(kCli, {"inventory", "feed", "assign", "gpu-01", "--feeds", "C", "--inventory", inv}).status, 2)
        << "r7 has no feed C";
    EXPECT_EQ(run_process(kCli, {"inventory", "feed", "assign", "nobody", "--feeds", "A", "--inventory", inv}).status, 2);
    EXPECT_EQ(readFile(inv), before) << "refused input changes nothing";

    run = run_process(kCli, {"inventory", "feed", "assign", "gpu-02", "--feeds", "B", "--inventory", inv});
    ASSERT_EQ(run.status, 0) << run.err;
    run = run_process(kCli, {"inventory", "feed", "list", "--json", "--inventory", inv});
    ASSERT_EQ(run.status, 0) << run.err;
    const Json listed = Json::parse(run.out);
    ASSERT_EQ(listed["r7"].size(), 2u);
    EXPECT_NEAR(listed["r7"][1]["budget_w"].get<double>(), 3680.0, 0.01) << "230 V × 16 A × 100 %";
    const Json saved = Json::parse(readFile(inv));
    EXPECT_EQ(saved["hosts"][1]["power_feeds"], "B");

    run = run_process(kCli, {"inventory", "feed", "remove", "r7", "--name", "B", "--inventory", inv});
    ASSERT_EQ(run.status, 0) << run.err;
    EXPECT_EQ(run_process(kCli, {"inventory", "feed", "remove", "r7", "--name", "B", "--inventory", inv}).status, 2);
    EXPECT_EQ(Json::parse(readFile(inv))["racks"]["r7"]["feeds"].size(), 1u);
}

TEST(PowerCli, FitPowerLowersTheDemoRacksGpuLimitsToOneFeedAndSavesAProfile) {
    const std::string profile = testing::TempDir() + "/rack-a-power.json";
    std::filesystem::remove(profile);
    auto run = run_process(kCli, {"plan", "--fit-power", "rack-a", "--demo", "--json", "--save-profile", profile}, kEnv);
    ASSERT_EQ(run.status, 0) << run.err;
    const Json fit = Json::parse(run.out);
    EXPECT_EQ(fit["rack"], "rack-a");
    EXPECT_TRUE(fit["changes"].get<bool>());
    EXPECT_TRUE(fit["possible"].get<bool>());
    EXPECT_FALSE(fit["lost_feed"].is_null()) << "an A+B rack fits one feed alone";
    EXPECT_LE(fit["fitted_w"].get<double>(), fit["budget_w"].get<double>() * 0.95 + 1e-6);
    EXPECT_GT(fit["full_load_w"].get<double>(), fit["budget_w"].get<double>());
    ASSERT_EQ(fit["hosts"].size(), 4u);
    double limit = 0;
    for (const Json& h : fit["hosts"]) {
        ASSERT_TRUE(h["counted"].get<bool>()) << h.dump();
        ASSERT_EQ(h["gpus"].size(), 8u);
        for (const Json& g : h["gpus"]) {
            EXPECT_LT(g["to_w"].get<double>(), g["from_w"].get<double>());
            EXPECT_GE(g["to_w"].get<double>(), g["min_w"].get<double>());
            EXPECT_EQ(static_cast<int>(g["to_w"].get<double>()) % 5, 0);
            limit = g["to_w"].get<double>();
        }
    }
    const Json saved = Json::parse(readFile(profile));
    EXPECT_EQ(saved["name"], "rack-a-power");
    ASSERT_EQ(saved["settings"].size(), 1u);
    EXPECT_EQ(saved["settings"][0]["id"], "gpu.power_limit_w");
    EXPECT_EQ(saved["settings"][0]["value"].get<double>(), limit);

    run = run_process(kCli, {"plan", "--fit-power", "rack-b", "--demo"}, kEnv);
    EXPECT_EQ(run.status, 0) << run.err;
    EXPECT_NE(run.out.find("rack-b"), std::string::npos) << run.out;
    EXPECT_EQ(run_process(kCli, {"plan", "--fit-power", "rack-z", "--demo"}, kEnv).status, 2) << "no such rack";
}
