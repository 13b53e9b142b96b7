// fleetdeck-cli as a user runs it.
#include <gtest/gtest.h>

#include <set>

#include "agent/json/json.h"

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

// health: a recorded 8 × H100 server whose stand-in NVML has a lost GPU, uncorrectable ECC
// errors, a pending row remap, an XID and a down NVLink shows each and exits 7; a healthy
// simulated host shows none and exits 0.
TEST(Cli, HealthFindsEachGpuFaultAndExitsSeven) {
    const std::string tree = std::string(FLEETDECK_SOURCE_DIR) + "/tests/fixtures/intel-2s-xeon-gold-6426y/root";
    std::vector<std::string> env = kEnv;
    env.push_back(std::string("FLEETDECK_NVML_LIB=") + FLEETDECK_FAKE_NVML);
    env.push_back("FLEETDECK_FAKE_NVML_FAULTS=lost=5,ecc=2,remap-pending=1,xid=3:79,nvlink-down=6:3");
    int status = -1;
    const std::string host = "root:" + tree;
    const Json doc = Json::parse(run_capture(kCli, {"health", "--json", host, "sim:hgx-h100-8:1"}, &status, env));
    EXPECT_EQ(status, 7) << doc.dump(2);
    std::set<std::pair<std::string, int>> found;
    for (const Json& f : doc[host]["findings"]) {
        found.emplace(f["kind"].get<std::string>(), f["gpu"].is_null() ? -1 : f["gpu"].get<int>());
        EXPECT_TRUE(f["severity"] == "critical" || f["severity"] == "warning") << f.dump();
        EXPECT_FALSE(f["text"].get<std::string>().empty());
    }
    for (const auto& expected : std::vector<std::pair<std::string, int>>{
             {"gpu_lost", 5}, {"ecc_uncorrected", 2}, {"remap_pending", 1}, {"xid", 3}, {"nvlink_down", 6}})
        EXPECT_TRUE(found.contains(expected)) << expected.first << " on GPU " << expected.second << "\n" << doc.dump(2);
    EXPECT_TRUE(doc["sim:hgx-h100-8:1"]["findings"].empty()) << doc.dump(2);

    const std::string text = run_capture(kCli, {"health", "sim:hgx-h100-8:1"}, &status, env);
    EXPECT_EQ(status, 0) << text;
    EXPECT_NE(text.find("sim:hgx-h100-8:1: healthy (8 GPUs, no findings)"), std::string::npos) << text;

    const std::string words = run_capture(kCli, {"health", host}, &status, env);
    EXPECT_EQ(status, 7);
    EXPECT_NE(words.find("GPU 5 fell off the bus"), std::string::npos) << words;
    EXPECT_NE(words.find("critical"), std::string::npos) << words;

    run_capture(kCli, {"health", "--watch", "0", "local"}, &status, env);
    EXPECT_EQ(status, 2);
    run_capture(kCli, {"health"}, &status, env);
    EXPECT_EQ(status, 2);
}

// health --watch on a simulated host whose InfiniBand port counts errors (ib-errors): the growth
// between the two readings is an ib_errors finding about the host, naming the port and counter;
// the healthy host beside it has none.
TEST(Cli, HealthWatchFindsGrowingInfinibandErrors) {
    int status = -1;
    const std::string bad = "sim:hgx-h100-8+ib-errors:3", good = "sim:hgx-h100-8:3";
    const Json doc = Json::parse(run_capture(kCli, {"health", "--json", "--watch", "2", bad, good}, &status, kEnv));
    ASSERT_EQ(doc[bad]["findings"].size(), 1u) << doc.dump(2);
    const Json& f = doc[bad]["findings"][0];
    EXPECT_EQ(f["kind"], "ib_errors");
    EXPECT_TRUE(f["gpu"].is_null()) << f.dump();
    EXPECT_EQ(f["severity"], "warning") << "symbol errors alone lose no traffic: " << f.dump();
    EXPECT_NE(f["text"].get<std::string>().find("symbol_error +"), std::string::npos) << f.dump();
    EXPECT_NE(f["text"].get<std::string>().find("InfiniBand port mlx5_"), std::string::npos) << f.dump();
    EXPECT_TRUE(doc[good]["findings"].empty()) << doc.dump(2);
    EXPECT_EQ(status, 0);
}

// In a zh_TW locale the findings and their severity read in Traditional Chinese while --json keeps
// the English text and the stable kind and severity words, byte for byte.
TEST(Cli, HealthInTraditionalChineseKeepsTheJsonEnglish) {
    const std::string tree = std::string(FLEETDECK_SOURCE_DIR) + "/tests/fixtures/intel-2s-xeon-gold-6426y/root";
    std::vector<std::string> env = kEnv;
    env.push_back(std::string("FLEETDECK_NVML_LIB=") + FLEETDECK_FAKE_NVML);
    env.push_back("FLEETDECK_FAKE_NVML_FAULTS=lost=5,ecc=2,remap-pending=1,nvlink-down=6:3");
    const std::string host = "root:" + tree;
    // env(1) replaces the runner's locale (an appended variable would not override an inherited one).
    const auto inLocale = [&](const std::string& lang, std::vector<std::string> args) {
        std::vector<std::string> all = {"-u", "LC_ALL", "-u", "LC_MESSAGES", "-u", "LANGUAGE", "LANG=" + lang, kCli};
        all.insert(all.end(), args.begin(), args.end());
        return all;
    };
    int status = -1;
    const std::string words = run_capture("/usr/bin/env", inLocale("zh_TW.UTF-8", {"health", host}), &status, env);
    EXPECT_EQ(status, 7);
    EXPECT_NE(words.find("GPU 5 已從匯流排上脫落"), std::string::npos) << words;
    // Severity in words, padded by terminal columns (two per ideograph); the kind stays the
    // documented identifier.
    EXPECT_NE(words.find("  嚴重     GPU 5  gpu_lost"), std::string::npos) << words;
    EXPECT_EQ(words.find("critical"), std::string::npos) << words;

    int enStatus = -1;
    const std::string zhJson = run_capture("/usr/bin/env", inLocale("zh_TW.UTF-8", {"health", "--json", host}), &status, env);
    const std::string enJson = run_capture("/usr/bin/env", inLocale("C.UTF-8", {"health", "--json", host}), &enStatus, env);
    EXPECT_EQ(status, enStatus);
    EXPECT_NE(enJson.find("fell off the bus"), std::string::npos) << enJson;
    EXPECT_EQ(zhJson, enJson);
}

// --watch takes a second reading: a PCIe replay counter that grows between them is a finding.
TEST(Cli, HealthWatchSeesACounterGrow) {
    const std::string tree = std::string(FLEETDECK_SOURCE_DIR) + "/tests/fixtures/intel-2s-xeon-gold-6426y/root";
    std::vector<std::string> env = kEnv;
    env.push_back(std::string("FLEETDECK_NVML_LIB=") + FLEETDECK_FAKE_NVML);
    env.push_back("FLEETDECK_FAKE_NVML_FAULTS=pcie-replays=4:50");
    int status = -1;
    const std::string host = "root:" + tree;
    const Json once = Json::parse(run_capture(kCli, {"health", "--json", host}, &status, env));
    for (const Json& f : once[host]["findings"]) EXPECT_NE(f["kind"], "pcie_replays") << "one reading cannot see growth";
    const Json watched = Json::parse(run_capture(kCli, {"health", "--json", "--watch", "1", host}, &status, env));
    bool grew = false;
    for (const Json& f : watched[host]["findings"]) grew = grew || (f["kind"] == "pcie_replays" && f["gpu"] == 4);
    EXPECT_TRUE(grew) << watched.dump(2);
}
