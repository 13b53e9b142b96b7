// fleetdeck-cli diagnose and top against simulated hosts (the real binary, the real agent in
// --simulate mode): each simulated workload gets its verdict within one window, the healthy one
// none, and top lists the processes the simulator placed on the GPUs.

#include <gtest/gtest.h>

#include <map>

#include "agent/json/json.h"
#include "tests/support/subprocess.h"

namespace fleetdeck {
namespace {

const std::string kCli = std::string(FLEETDECK_BIN_DIR) + "/fleetdeck-cli";

test::ProcessRun cli(const std::vector<std::string>& args) { return test::run_process(kCli, args, {"LANG=C.UTF-8"}); }

TEST(DiagnoseCli, EachSimulatedWorkloadGetsItsVerdictWithinOneWindow) {
    const std::map<std::string, std::string> expected = {
        {"sim:hgx-h100-8+busy:1", "busy"},
        {"sim:hgx-h100-8+idle:2", "idle"},
        {"sim:hgx-h100-8+held-idle:3", "held_idle"},
        {"sim:hgx-h100-8+input-bound:4", "input_bound"},
        {"sim:hgx-h100-8+comm-bound:5", "comm_bound"},
        {"sim:hgx-h100-8+power-capped:6", "power_capped"},
        {"sim:hgx-h100-8+memory-bound:7", "memory_bound"},
    };
    std::vector<std::string> args = {"diagnose", "--window", "12m", "--sim-speed", "100", "--json"};
    for (const auto& [host, verdict] : expected) args.push_back(host);
    const test::ProcessRun r = cli(args);
    ASSERT_EQ(r.status, 7) << r.err;  // held idle and bound GPUs are problems
    const nlohmann::json doc = nlohmann::json::parse(r.out);
    for (const auto& [host, verdict] : expected) {
        SCOPED_TRACE(host);
        ASSERT_TRUE(doc.contains(host));
        const nlohmann::json& h = doc.at(host);
        EXPECT_EQ(h.at("verdict"), verdict) << h.at("text");
        EXPECT_EQ(h.at("problem").get<bool>(), verdict != "busy" && verdict != "idle");
        ASSERT_EQ(h.at("gpus").size(), 8u);
        for (const nlohmann::json& g : h.at("gpus")) {
            EXPECT_EQ(g.at("verdict"), verdict) << g.at("text");
            EXPECT_TRUE(g.at("evidence").is_object());
            EXPECT_TRUE(g.at("text").is_string());
            EXPECT_EQ(g.at("prof_source"), "gpm");
        }
        // The window was watched: 12 simulated minutes of samples. The engine keeps the last
        // 12 minutes and one step; a stall on a loaded machine (a sanitizer build beside other
        // tests) stretches a step, and the oldest sample falls out of the window with it.
        EXPECT_GE(h.at("window_s").get<double>(), 600);
    }
    const nlohmann::json& held = doc.at("sim:hgx-h100-8+held-idle:3").at("gpus").at(0);
    EXPECT_GE(held.at("evidence").at("held_idle_s").get<double>(), 600);
    ASSERT_FALSE(held.at("holders").empty());
    EXPECT_TRUE(held.at("holders").at(0).at("user").is_string());
    EXPECT_NE(held.at("text").get<std::string>().find("user "), std::string::npos) << held.at("text");
    const nlohmann::json& input = doc.at("sim:hgx-h100-8+input-bound:4").at("gpus").at(0);
    EXPECT_EQ(input.at("guide"), "§2.2");
    EXPECT_EQ(doc.at("sim:hgx-h100-8+comm-bound:5").at("gpus").at(0).at("guide"), "§4, §5.1");
    EXPECT_TRUE(doc.at("sim:hgx-h100-8+busy:1").at("gpus").at(0).at("evidence").contains("sm_active_pct"));
}

TEST(DiagnoseCli, AHealthyHostExitsZeroAndPrintsItsVerdicts) {
    const test::ProcessRun r = cli({"diagnose", "--window", "20s", "--sim-speed", "20", "sim:hgx-h100-8+busy:9"});
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_NE(r.out.find("sim:hgx-h100-8+busy:9: busy"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("GPU 7"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("sm_active_pct"), std::string::npos) << r.out;
}

TEST(DiagnoseCli, BeforeHopperItSaysProfilingNeedsHopperRatherThanGuessing) {
    const test::ProcessRun r = cli({"diagnose", "--window", "20s", "--sim-speed", "20", "--json", "sim:l40s-4:1"});
    ASSERT_EQ(r.status, 0) << r.err;
    const nlohmann::json doc = nlohmann::json::parse(r.out);
    const nlohmann::json& h = doc.at("sim:l40s-4:1");
    EXPECT_EQ(h.at("verdict"), "unknown");
    for (const nlohmann::json& g : h.at("gpus")) {
        EXPECT_EQ(g.at("prof_source"), "basic");
        EXPECT_EQ(g.at("verdict"), "unknown");
        EXPECT_NE(g.at("text").get<std::string>().find("profiling needs Hopper or later"), std::string::npos) << g.at("text");
    }
}

TEST(DiagnoseCli, UsageErrors) {
    EXPECT_EQ(cli({"diagnose", "--window", "1s", "sim:hgx-h100-8:1"}).status, 2);
    EXPECT_EQ(cli({"diagnose", "--window", "soon", "sim:hgx-h100-8:1"}).status, 2);
    EXPECT_EQ(cli({"diagnose"}).status, 2);
    const test::ProcessRun real = cli({"diagnose", "--sim-speed", "10", "local"});
    EXPECT_EQ(real.status, 2);
    EXPECT_NE(real.err.find("--sim-speed is for simulated hosts"), std::string::npos) << real.err;
}

TEST(TopCli, ListsEveryProcessOnEveryGpuWithItsUserAndJob) {
    const test::ProcessRun r = cli({"top", "--json", "sim:hgx-h100-8+busy:1", "sim:hgx-h100-8+idle:2"});
    ASSERT_EQ(r.status, 0) << r.err;
    const nlohmann::json doc = nlohmann::json::parse(r.out);
    const nlohmann::json& busy = doc.at("sim:hgx-h100-8+busy:1").at("gpus");
    ASSERT_EQ(busy.size(), 8u);
    for (const nlohmann::json& g : busy) {
        ASSERT_TRUE(g.at("processes").is_array());
        ASSERT_FALSE(g.at("processes").empty());
        const nlohmann::json& p = g.at("processes").at(0);
        EXPECT_GT(p.at("pid").get<std::int64_t>(), 0);
        EXPECT_TRUE(p.at("user").is_string());
        EXPECT_TRUE(p.at("gpu_mem_bytes").is_number());
        EXPECT_TRUE(p.at("slurm_job").is_number() || p.at("container").is_string()) << p;
    }
    for (const nlohmann::json& g : doc.at("sim:hgx-h100-8+idle:2").at("gpus")) EXPECT_TRUE(g.at("processes").empty());

    const test::ProcessRun table = cli({"top", "sim:hgx-h100-8+busy:1", "sim:hgx-h100-8+idle:2"});
    ASSERT_EQ(table.status, 0) << table.err;
    EXPECT_NE(table.out.find("JOB / CONTAINER"), std::string::npos) << table.out;
    EXPECT_NE(table.out.find(busy.at(0).at("processes").at(0).at("user").get<std::string>()), std::string::npos) << table.out;
    EXPECT_NE(table.out.find("(no process;"), std::string::npos) << table.out;
}

TEST(TopCli, WatchReadsAgainOverTheSameConnection) {
    const test::ProcessRun r = cli({"top", "--watch", "2", "--json", "sim:hgx-h100-8+busy:1"});
    ASSERT_EQ(r.status, 0) << r.err;
    // One JSON line per reading: now and after 2 s.
    std::size_t lines = 0;
    for (char c : r.out) lines += c == '\n';
    EXPECT_EQ(lines, 2u) << r.out;
}

}  // namespace
}  // namespace fleetdeck
