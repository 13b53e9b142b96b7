// fleetdeck-cli commission, the real binary, on a simulated rack.
#include <fstream>

#include <gtest/gtest.h>

#include "agent/json/json.h"
#include "tests/support/subprocess.h"
#include "tests/support/temp_dir.h"

namespace fleetdeck {
namespace {

using CommissionRun = test::ProcessRun;

CommissionRun runCommission(const test::TempDir& home, const std::vector<std::string>& args) {
    std::vector<std::string> all = {"commission", "--inventory", (home.path() / "inventory.json").string()};
    all.insert(all.end(), args.begin(), args.end());
    return test::run_process(std::string(FLEETDECK_BIN_DIR) + "/fleetdeck-cli", all,
                             {"XDG_CONFIG_HOME=" + home.path().string(), "XDG_DATA_HOME=" + home.path().string()});
}

TEST(CommissionCli, ARackLearnedFromOneHostFailsOnlyTheHostAtX8) {
    test::TempDir home;
    const std::string specFile = (home.path() / "rack-b.json").string();
    const CommissionRun r = runCommission(home, {"--learn-from", "sim:hgx-h100-8:1", "--save-spec", specFile, "--json",
                                                 "sim:hgx-h100-8:1", "sim:hgx-h100-8:2", "sim:hgx-h100-8+pcie-x8:3",
                                                 "sim:hgx-h100-8:4"});
    ASSERT_EQ(r.status, 7) << r.err << r.out;
    const auto doc = nlohmann::json::parse(r.out);
    EXPECT_EQ(doc["pass"], false);
    EXPECT_TRUE(doc["report_sha256"].is_null());
    ASSERT_EQ(doc["hosts"].size(), 4u);
    for (const char* good : {"sim:hgx-h100-8:1", "sim:hgx-h100-8:2", "sim:hgx-h100-8:4"}) {
        EXPECT_EQ(doc["hosts"][good]["pass"], true) << good << ": " << doc["hosts"][good].dump();
    }
    const auto& bad = doc["hosts"]["sim:hgx-h100-8+pcie-x8:3"];
    EXPECT_EQ(bad["pass"], false);
    ASSERT_GE(bad["findings"].size(), 1u);
    const auto& f = bad["findings"][0];
    EXPECT_EQ(f["severity"], "critical");
    EXPECT_EQ(f["kind"], "spec_mismatch");
    EXPECT_EQ(f["fact"], "gpu.pcie_width");
    EXPECT_TRUE(f["gpu"].is_number_integer());
    EXPECT_EQ(f["expected"], "≥ 16 lanes");
    EXPECT_EQ(f["actual"], "8 lanes");

    // The saved spec checks the same rack the same way, without a golden host.
    std::ifstream saved(specFile);
    ASSERT_TRUE(saved.good());
    const CommissionRun again = runCommission(home, {"--spec", specFile, "sim:hgx-h100-8:5", "sim:hgx-h100-8+pcie-x8:3"});
    EXPECT_EQ(again.status, 7) << again.err;
    EXPECT_NE(again.out.find("sim:hgx-h100-8:5: pass\n"), std::string::npos) << again.out;
    EXPECT_NE(again.out.find("sim:hgx-h100-8+pcie-x8:3: FAIL (1 critical)\n"), std::string::npos) << again.out;
    EXPECT_NE(again.out.find("PCIe link width 8 lanes, the spec says ≥ 16 lanes"), std::string::npos) << again.out;
    EXPECT_NE(again.out.find("1 of 2 hosts pass"), std::string::npos) << again.out;
}

TEST(CommissionCli, EveryHostPassingExitsZero) {
    test::TempDir home;
    const CommissionRun r = runCommission(home, {"--learn-from", "sim:l40s-4:1", "sim:l40s-4:2", "sim:l40s-4:3"});
    EXPECT_EQ(r.status, 0) << r.err << r.out;
    EXPECT_NE(r.out.find("2 of 2 hosts pass"), std::string::npos) << r.out;
}

TEST(CommissionCli, ABadSpecOrMissingArgumentsAreUsageErrorsThatSayWhy) {
    test::TempDir home;
    const std::string specFile = (home.path() / "bad.json").string();
    std::ofstream(specFile) << R"({"gpu": {"count": "eight"}})";
    const CommissionRun bad = runCommission(home, {"--spec", specFile, "sim:hgx-h100-8:1"});
    EXPECT_EQ(bad.status, 2);
    EXPECT_NE(bad.err.find("bad.json: gpu.count: expected an integer"), std::string::npos) << bad.err;
    const CommissionRun neither = runCommission(home, {"sim:hgx-h100-8:1"});
    EXPECT_EQ(neither.status, 2);
    EXPECT_NE(neither.err.find("needs either --spec FILE or --learn-from HOST"), std::string::npos) << neither.err;
    const CommissionRun noHosts = runCommission(home, {"--learn-from", "sim:hgx-h100-8:1"});
    EXPECT_EQ(noHosts.status, 2);
}

}  // namespace
}  // namespace fleetdeck
