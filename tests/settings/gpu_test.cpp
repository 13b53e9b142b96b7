// NVIDIA persistence mode and power limit through NVML: the scripted library stands in for the
// driver, keeping what the agent sets for the life of the agent process.
#include <gtest/gtest.h>

#include "tests/settings/tuning_tree.h"

using fleetdeck::test::AgentConversation;
using fleetdeck::test::TempDir;
using fleetdeck::test::agent_on;
using fleetdeck::test::changes;
using Json = nlohmann::json;

namespace {

std::vector<std::string> nvml_env(const TempDir& dir) {
    const auto script = dir.write("nvml.json", R"({"gpus": [
        {"bus_id": "00000000:18:00.0", "persistence_mode": 0, "power_limit_mw": 700000},
        {"bus_id": "00000000:2A:00.0", "persistence_mode": 0, "power_limit_mw": 650000}],
      "defaults": {"name": "NVIDIA H100 80GB HBM3", "power_limit_min_mw": 200000, "power_limit_max_mw": 700000}})");
    return {std::string("FLEETDECK_NVML_LIB=") + FLEETDECK_FAKE_NVML, "FLEETDECK_FAKE_NVML_SCRIPT=" + script.string()};
}

TEST(SettingsGpu, PersistenceAndPowerLimitAreSetOnEveryGpuAndRolledBack) {
    TempDir dir;
    fleetdeck::test::write_tuning_tree(dir);
    AgentConversation agent(agent_on(dir.path()), nvml_env(dir));
    const Json before = agent.call("tune.read", {{"settings", {"gpu.persistence", "gpu.power_limit_w"}}})["result"]["values"];
    EXPECT_EQ(before["gpu.persistence"]["value"], false);
    EXPECT_EQ(before["gpu.power_limit_w"]["instances"], (Json{{"gpu0", 700}, {"gpu1", 650}}));

    const Json r = agent.call("tune.apply", changes({{"gpu.persistence", true}, {"gpu.power_limit_w", 500}}))["result"];
    ASSERT_EQ(r["status"], "verified") << r.dump(2);
    EXPECT_EQ(r["settings"][1]["before"], (Json{{"gpu0", 700}, {"gpu1", 650}}));
    EXPECT_EQ(r["settings"][1]["after"], 500);

    const Json back = agent.call("tune.rollback", {{"txn", r["txn"]}})["result"];
    ASSERT_EQ(back["status"], "verified") << back.dump(2);
    const Json after = agent.call("tune.read", {{"settings", {"gpu.persistence", "gpu.power_limit_w"}}})["result"]["values"];
    EXPECT_EQ(after["gpu.persistence"]["value"], false);
    EXPECT_EQ(after["gpu.power_limit_w"]["instances"], (Json{{"gpu0", 700}, {"gpu1", 650}}));
}

TEST(SettingsGpu, PowerLimitOutsideTheBoardsRangeIsRejected) {
    TempDir dir;
    fleetdeck::test::write_tuning_tree(dir);
    AgentConversation agent(agent_on(dir.path()), nvml_env(dir));
    const Json r = agent.call("tune.apply", changes({{"gpu.power_limit_w", 800}}));
    EXPECT_EQ(r["error"]["code"], "validation_failed");
    EXPECT_NE(r["error"]["message"].get<std::string>().find("outside gpu0's range 200..700 W"), std::string::npos)
        << r.dump();
}

TEST(SettingsGpu, FailureAfterTheGpuStepRestoresTheGpus) {
    TempDir dir;
    fleetdeck::test::write_tuning_tree(dir);
    auto env = nvml_env(dir);
    env.push_back("FLEETDECK_FAULT_INJECT=fail_at:2");
    AgentConversation agent(agent_on(dir.path()), env);
    const Json r = agent.call("tune.apply", changes({{"gpu.power_limit_w", 400}, {"sysctl:vm.swappiness", 10}}))["result"];
    ASSERT_EQ(r["status"], "rolled_back") << r.dump(2);
    EXPECT_EQ(r["settings"][0]["result"], "rolled_back");
    EXPECT_EQ(r["settings"][0]["after"], (Json{{"gpu0", 700}, {"gpu1", 650}}));
    EXPECT_EQ(r["settings"][1]["result"], "failed");
}

}  // namespace
