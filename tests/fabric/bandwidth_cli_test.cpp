// fleetdeck-cli bandwidth as a user runs it, on simulated hosts: the matrix, its findings in
// --json and CSV, exit 7 for a critical finding, and usage errors that cost no test.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "agent/json/json.h"
#include "tests/support/subprocess.h"

using fleetdeck::test::run_process;
using Json = nlohmann::json;

namespace {

const std::string kCli = std::string(FLEETDECK_BIN_DIR) + "/fleetdeck-cli";
const std::vector<std::string> kEnv = {std::string("FLEETDECK_AGENT=") + FLEETDECK_AGENT_BIN};

std::vector<Json> findings(const Json& doc, const std::string& kind) {
    std::vector<Json> out;
    for (const Json& f : doc["findings"])
        if (f["kind"] == kind) out.push_back(f);
    return out;
}

}  // namespace

TEST(BandwidthCli, ASlowPathAndANicBelowItsPeersAreCriticalFindings) {
    const std::string csv = testing::TempDir() + "/bandwidth.csv";
    const auto run = run_process(kCli, {"bandwidth", "--json", "--duration", "2s", "--csv", csv, "sim:hgx-h100-8:1",
                                        "sim:hgx-h100-8+slow-link=sim-hgx-h100-8-4:2", "sim:hgx-h100-8+nic-25g+mtu-1500:3", "sim:hgx-h100-8:4"},
                                 kEnv);
    EXPECT_EQ(run.status, 7) << run.err;
    const Json doc = Json::parse(run.out);
    EXPECT_EQ(doc["hosts"].size(), 4u);
    EXPECT_EQ(doc["pairs"].size(), 12u) << "every ordered pair";
    for (const Json& p : doc["pairs"]) {
        EXPECT_EQ(p["kind"], "tcp");
        EXPECT_EQ(p["streams"], 4);
        EXPECT_EQ(p["per_second"].size(), 2u);
        EXPECT_TRUE(p["gbps"].is_number()) << p.dump();
    }
    const auto slow = findings(doc, "slow_path");
    ASSERT_EQ(slow.size(), 1u) << doc["findings"].dump(2);
    EXPECT_EQ(slow[0]["severity"], "critical");
    EXPECT_EQ(slow[0]["hosts"], Json::array({"sim:hgx-h100-8+slow-link=sim-hgx-h100-8-4:2", "sim:hgx-h100-8:4"}));
    const auto nic = findings(doc, "nic_below_max");
    ASSERT_EQ(nic.size(), 1u);
    EXPECT_EQ(nic[0]["hosts"], Json::array({"sim:hgx-h100-8+nic-25g+mtu-1500:3"}));
    const auto mtu = findings(doc, "mtu_mismatch");
    ASSERT_EQ(mtu.size(), 1u);
    EXPECT_EQ(mtu[0]["hosts"], Json::array({"sim:hgx-h100-8+nic-25g+mtu-1500:3"}));
    EXPECT_EQ(mtu[0]["severity"], "warning");
    EXPECT_EQ(findings(doc, "retransmits").size(), 1u) << "the slow path drops and retransmits in one direction's sender";
    EXPECT_TRUE(findings(doc, "slow_host").empty());

    std::ifstream f(csv);
    std::stringstream text;
    text << f.rdbuf();
    const std::string rows = text.str();
    EXPECT_EQ(rows.substr(0, 22), "from,to,kind,gbps,refe");
    EXPECT_EQ(std::count(rows.begin(), rows.end(), '\n'), 13) << "a header and every ordered pair";
}

TEST(BandwidthCli, AHealthyFabricExitsZeroAndPrintsTheMatrix) {
    const auto run = run_process(kCli, {"bandwidth", "--duration", "1", "--streams", "2", "sim:l40s-4:1", "sim:l40s-4:2", "sim:l40s-4:3"}, kEnv);
    EXPECT_EQ(run.status, 0) << run.err;
    EXPECT_NE(run.out.find("TCP Gb/s, sender (row) → receiver (column)"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("Every pair carries what its NICs promise."), std::string::npos) << run.out;
    EXPECT_NE(run.err.find("bandwidth: 3 hosts, 3 rounds of 1 s each way"), std::string::npos) << run.err;
    EXPECT_NE(run.err.find("[6/6] done"), std::string::npos) << run.err;
}

TEST(BandwidthCli, AboveFullUpToItSaysWhichPairsItMeasures) {
    const auto run = run_process(kCli, {"bandwidth", "--duration", "1", "--full-up-to", "2", "--rotation", "5", "sim:l40s-4:1", "sim:l40s-4:2",
                                        "sim:l40s-4:3"},
                                 kEnv);
    EXPECT_EQ(run.status, 0) << run.err;
    EXPECT_NE(run.err.find("more than 2 hosts: the pairs within each rack and one partner per host in another rack (rotation 5"),
              std::string::npos)
        << run.err;
    // Hosts without a rack are one rack: every pair of it is measured.
    EXPECT_NE(run.err.find("[6/6] done"), std::string::npos) << run.err;
}

TEST(BandwidthCli, BadArgumentsAreUsageErrorsBeforeAnyTest) {
    for (const std::vector<std::string>& args :
         {std::vector<std::string>{"bandwidth", "sim:l40s-4:1"}, {"bandwidth", "--duration", "30s", "sim:l40s-4:1", "sim:l40s-4:2"},
          {"bandwidth", "--duration", "0", "sim:l40s-4:1", "sim:l40s-4:2"}, {"bandwidth", "--streams", "17", "sim:l40s-4:1", "sim:l40s-4:2"},
          {"bandwidth", "--csv", "/nonexistent/dir/x.csv", "sim:l40s-4:1", "sim:l40s-4:2"},
          {"bandwidth", "sim:l40s-4:1", "local"}, {"bandwidth", "--full-up-to", "1", "sim:l40s-4:1", "sim:l40s-4:2"},
          {"bandwidth", "--rotation", "-1", "sim:l40s-4:1", "sim:l40s-4:2"}}) {
        const auto run = run_process(kCli, args, kEnv);
        EXPECT_EQ(run.status, 2) << args.back() << ": " << run.err;
        EXPECT_FALSE(run.err.empty());
        EXPECT_EQ(run.err.find("rounds of"), std::string::npos) << "no test started: " << run.err;
    }
}
