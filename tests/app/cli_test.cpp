// fleetdeck-cli as a user runs it.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "tests/support/subprocess.h"

using fleetdeck::test::run_capture;
using Json = nlohmann::json;

namespace {
const std::string kCli = std::string(FLEETDECK_BIN_DIR) + "/fleetdeck-cli";
const std::vector<std::string> kEnv = {std::string("FLEETDECK_AGENT=") + FLEETDECK_AGENT_BIN};
}  // namespace

TEST(Cli, FactsLocalPrintsJson) {
    int status = -1;
    const Json facts = Json::parse(run_capture(kCli, {"facts", "local"}, &status, kEnv));
    EXPECT_EQ(status, 0);
    EXPECT_TRUE(facts["hostname"].is_string());
    EXPECT_TRUE(facts["cpu"]["threads"].is_number());
}

TEST(Cli, SnapshotJsonIsKeyedByHost) {
    int status = -1;
    const Json doc = Json::parse(run_capture(kCli, {"snapshot", "--json", "local"}, &status, kEnv));
    EXPECT_EQ(status, 0);
    ASSERT_TRUE(doc.contains("local"));
    EXPECT_TRUE(doc["local"]["cpu"]["util_pct"].is_number());
    EXPECT_TRUE(doc["local"]["memory"]["available_bytes"].is_number());
}

TEST(Cli, UsageErrorsExitTwo) {
    int status = -1;
    run_capture(kCli, {}, &status, kEnv);
    EXPECT_EQ(status, 2);
    run_capture(kCli, {"snapshot"}, &status, kEnv);
    EXPECT_EQ(status, 2);
    run_capture(kCli, {"frobnicate", "local"}, &status, kEnv);
    EXPECT_EQ(status, 2);
    run_capture(kCli, {"facts", "--bogus", "local"}, &status, kEnv);
    EXPECT_EQ(status, 2);
    run_capture(kCli, {"facts", "bad host!"}, &status, kEnv);
    EXPECT_EQ(status, 2);
}

TEST(Cli, MissingAgentIsAConnectionFailure) {
    int status = -1;
    run_capture(kCli, {"facts", "local"}, &status, {"FLEETDECK_AGENT=/nonexistent/agent"});
    EXPECT_EQ(status, 3);
}

TEST(Cli, SimulatedHostsAndSystemTreesAreHosts) {
    int status = -1;
    const Json sim = Json::parse(run_capture(kCli, {"snapshot", "--json", "sim:hgx-h100-8+bad-fan:7", "sim:cpu-only:1"}, &status, kEnv));
    EXPECT_EQ(status, 0);
    ASSERT_TRUE(sim.contains("sim:hgx-h100-8+bad-fan:7")) << sim.dump();
    EXPECT_EQ(sim["sim:hgx-h100-8+bad-fan:7"]["gpus"].size(), 8u);
    EXPECT_TRUE(sim["sim:cpu-only:1"]["gpus"].empty());

    const std::string tree = std::string(FLEETDECK_SOURCE_DIR) + "/tests/fixtures/amd-epyc-9124-w7900/root";
    const Json facts = Json::parse(run_capture(kCli, {"facts", "root:" + tree}, &status, kEnv));
    EXPECT_EQ(status, 0);
    EXPECT_EQ(facts["gpus"][0]["vendor"], "amd") << "read from the tree, not from this machine";

    const std::string refused = run_capture(kCli, {"facts", "sim:l40s-4;reboot"}, &status, kEnv);
    EXPECT_EQ(status, 2) << refused;
    run_capture(kCli, {"facts", "root:relative/tree"}, &status, kEnv);
    EXPECT_EQ(status, 2);
}
