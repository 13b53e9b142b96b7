#include <gtest/gtest.h>

#include "agent/json/json.h"

#include "tests/support/subprocess.h"
#include "tests/support/temp_dir.h"

using fleetdeck::test::run_capture;
using fleetdeck::test::TempDir;
using Json = nlohmann::json;

TEST(AgentCli, OncePrintsOneSnapshotWithContractKeys) {
    int status = -1;
    const std::string out = run_capture(FLEETDECK_AGENT_BIN, {"--once"}, &status);
    EXPECT_EQ(status, 0);
    const Json s = Json::parse(out);
    for (const char* key : {"/time_ms", "/cpu/util_pct", "/cpu/cores/0/util_pct", "/memory/total_bytes",
                            "/memory/available_bytes"})
        EXPECT_TRUE(s.contains(Json::json_pointer(key))) << key;
    EXPECT_TRUE(s["cpu"]["util_pct"].is_number());
}

TEST(AgentCli, FactsAndRootReadTheRecordedTree) {
    TempDir dir;
    dir.write("proc/sys/kernel/hostname", "recorded-host\n");
    dir.write("proc/meminfo", "MemTotal:       2048 kB\nMemAvailable:   1024 kB\n");
    dir.write("proc/stat", "cpu  1 0 1 8 0 0 0 0 0 0\ncpu0 1 0 1 8 0 0 0 0 0 0\n");
    int status = -1;
    const Json facts = Json::parse(run_capture(FLEETDECK_AGENT_BIN, {"--facts", "--root", dir.path()}, &status));
    EXPECT_EQ(status, 0);
    EXPECT_EQ(facts["hostname"], "recorded-host");
    EXPECT_EQ(facts["memory"]["total_bytes"], 2048 * 1024);

    const Json snap = Json::parse(run_capture(FLEETDECK_AGENT_BIN, {"--once", "--root", dir.path()}, &status));
    EXPECT_EQ(snap["memory"]["available_bytes"], 1024 * 1024);
    EXPECT_EQ(snap["cpu"]["cores"].size(), 1u);
    // The recorded counters do not move between the two reads: no rate, and null says so.
    EXPECT_TRUE(snap["cpu"]["util_pct"].is_null());
}

TEST(AgentCli, VersionHelpAndUsageErrors) {
    int status = -1;
    EXPECT_NE(run_capture(FLEETDECK_AGENT_BIN, {"--version"}, &status).find("protocol 1"), std::string::npos);
    EXPECT_EQ(status, 0);
    EXPECT_NE(run_capture(FLEETDECK_AGENT_BIN, {"--help"}, &status).find("--stdio"), std::string::npos);
    EXPECT_EQ(status, 0);
    run_capture(FLEETDECK_AGENT_BIN, {"--bogus"}, &status);
    EXPECT_EQ(status, 2);
    run_capture(FLEETDECK_AGENT_BIN, {"--once", "--facts"}, &status);
    EXPECT_EQ(status, 2);
    run_capture(FLEETDECK_AGENT_BIN, {"--once", "--root", "/definitely/not/here"}, &status);
    EXPECT_EQ(status, 2);
}
