// Faults in the middle of a transaction: a step that fails, an agent killed between steps,
// values rejected before anything is written, an agent without the privilege.
#include <sys/stat.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include "tests/settings/tuning_tree.h"

using fleetdeck::test::AgentConversation;
using fleetdeck::test::TempDir;
using fleetdeck::test::agent_on;
using fleetdeck::test::changes;
using fleetdeck::test::tree_contents;
using Json = nlohmann::json;

namespace {

// Five settings and two files: seven steps.
Json seven_steps() {
    return changes({{"sysctl:vm.swappiness", 10},
                    {"sysctl:net.core.somaxconn", 8192},
                    {"thp.enabled", "never"},
                    {"cpu.governor", "performance"},
                    {"block.read_ahead_kb", 4096}},
                   "persistent");
}

TEST(SettingsFaults, FailureAtEachStepRestoresEveryEarlierStep) {
    for (int k = 1; k <= 7; ++k) {
        SCOPED_TRACE("fail_at:" + std::to_string(k));
        TempDir dir;
        fleetdeck::test::write_tuning_tree(dir);
        const auto before = tree_contents(dir.path());
        AgentConversation agent(agent_on(dir.path()), {"FLEETDECK_FAULT_INJECT=fail_at:" + std::to_string(k)});
        const Json r = agent.call("tune.apply", seven_steps())["result"];
        ASSERT_EQ(r["status"], "rolled_back") << r.dump(2);
        EXPECT_EQ(r["failed"]["step"], k);
        EXPECT_NE(r["failed"]["message"].get<std::string>().find("failure injected at step"), std::string::npos);
        EXPECT_EQ(r["rollback"]["complete"], true);
        EXPECT_EQ(fleetdeck::test::tree_difference(tree_contents(dir.path()), before), "") << "every file and knob read back as before";
        // Each setting's row says what happened, and its `after` was read back from the tree.
        int failed = 0;
        for (const Json& row : r["settings"]) {
            EXPECT_EQ(row["after"], row["before"]) << row.dump();
            failed += row["result"] == "failed";
        }
        EXPECT_EQ(failed, k <= 5 ? 1 : 0);
        const Json values = agent.call("tune.read")["result"]["values"];
        EXPECT_EQ(values["sysctl:vm.swappiness"]["value"], 60);
        EXPECT_EQ(values["cpu.governor"]["value"], "powersave");
        const Json journal = agent.call("journal.read")["result"]["entries"];
        EXPECT_EQ(journal.back()["status"], "rolled_back");
        EXPECT_EQ(journal.back()["failed_step"], k);
    }
}

TEST(SettingsFaults, AgentKilledBetweenStepsIsRolledBackAtTheNextStart) {
    TempDir dir;
    fleetdeck::test::write_tuning_tree(dir);
    const auto before = tree_contents(dir.path());
    std::string txn;
    {
        AgentConversation agent(agent_on(dir.path()), {"FLEETDECK_FAULT_INJECT=kill_at:4"});
        agent.process().write(Json{{"id", 1}, {"method", "tune.apply"}, {"params", seven_steps()}}.dump() + "\n");
        EXPECT_FALSE(agent.process().read_line()) << "the agent died before answering";
        EXPECT_EQ(agent.process().wait(), -SIGKILL);
    }
    const auto half = tree_contents(dir.path());
    EXPECT_NE(half, before) << "three steps were written before the kill";
    EXPECT_EQ(half.at("proc/sys/vm/swappiness"), "10\n");
    EXPECT_EQ(half.at("sys/kernel/mm/transparent_hugepage/enabled"), "never\n");

    AgentConversation next(agent_on(dir.path()));
    const Json hello = next.call("hello")["result"];
    ASSERT_EQ(hello["recovered"].size(), 1u) << hello.dump(2);
    EXPECT_EQ(hello["recovered"][0]["steps_begun"], 3);
    EXPECT_EQ(hello["recovered"][0]["steps_total"], 7);
    EXPECT_EQ(hello["recovered"][0]["complete"], true);
    EXPECT_EQ(fleetdeck::test::tree_difference(tree_contents(dir.path()), before), "");
    const Json journal = next.call("journal.read")["result"]["entries"];
    EXPECT_EQ(journal.back()["type"], "end");
    EXPECT_EQ(journal.back()["status"], "recovered");
    txn = journal.back()["txn"];

    AgentConversation third(agent_on(dir.path()));
    EXPECT_TRUE(third.call("hello")["result"]["recovered"].empty()) << "recovered once, not at every start";
    EXPECT_EQ(third.call("tune.rollback", {{"txn", txn}})["error"]["code"], "validation_failed");
}

TEST(SettingsFaults, InvalidValuesAndUnknownIdsAreRejectedBeforeAnythingIsWritten) {
    TempDir dir;
    fleetdeck::test::write_tuning_tree(dir);
    const auto before = tree_contents(dir.path());
    AgentConversation agent(agent_on(dir.path()));
    const Json r = agent.call("tune.apply", changes({{"sysctl:vm.swappiness", 10},
                                                     {"sysctl:kernel.core_pattern", "|/bin/sh"},
                                                     {"sysctl:vm.dirty_ratio", 300},
                                                     {"cpu.governor", "conservative"},
                                                     {"limits.nofile", 65536}}));
    ASSERT_EQ(r["error"]["code"], "validation_failed") << r.dump();
    const std::string message = r["error"]["message"];
    EXPECT_NE(message.find("nothing was changed"), std::string::npos);
    EXPECT_NE(message.find("sysctl:kernel.core_pattern: not a known setting id"), std::string::npos) << message;
    EXPECT_NE(message.find("sysctl:vm.dirty_ratio: 300 is out of range 1..100"), std::string::npos) << message;
    EXPECT_NE(message.find("cpu.governor: this host does not offer conservative"), std::string::npos) << message;
    EXPECT_NE(message.find("limits.nofile: exists only in configuration files"), std::string::npos) << message;
    EXPECT_EQ(message.find("swappiness"), std::string::npos) << "the valid value is not named";
    EXPECT_EQ(fleetdeck::test::tree_difference(tree_contents(dir.path()), before), "");
    EXPECT_FALSE(std::filesystem::exists(dir.path() / "var/lib/fleetdeck")) << "not even the journal was touched";

    const Json bad_params = agent.call("tune.apply", {{"changes", {{{"id", 7}, {"value", 1}}}}});
    EXPECT_EQ(bad_params["error"]["code"], "invalid_params");
    EXPECT_EQ(bad_params["error"]["message"], "params.changes[0].id: expected string");
}

// The tree belongs to root; the agent runs as nobody, as a push without sudo would.
TEST(SettingsFaults, AnAgentWithoutRootGetsPermissionDeniedAndWritesNothing) {
    ASSERT_EQ(::geteuid(), 0u) << "this test runs as root to drop to nobody";
    TempDir dir;
    fleetdeck::test::write_tuning_tree(dir);
    ::chmod(dir.path().c_str(), 0755);
    const auto before = tree_contents(dir.path());
    const std::vector<std::string> as_nobody = {"/usr/bin/setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups"};

    std::vector<std::string> on_tree = as_nobody;
    for (const auto& a : agent_on(dir.path())) on_tree.push_back(a);
    AgentConversation agent(on_tree);
    EXPECT_EQ(agent.call("hello")["result"]["privileged"], false);
    const Json r = agent.call("tune.apply", changes({{"sysctl:vm.swappiness", 10}}));
    EXPECT_EQ(r["error"]["code"], "permission_denied") << r.dump();
    EXPECT_NE(r["error"]["message"].get<std::string>().find("needs root"), std::string::npos);
    EXPECT_EQ(fleetdeck::test::tree_difference(tree_contents(dir.path()), before), "");
    EXPECT_FALSE(std::filesystem::exists(dir.path() / "var/lib/fleetdeck"));

    // On the live system the agent refuses before it opens anything.
    std::vector<std::string> live = as_nobody;
    live.insert(live.end(), {FLEETDECK_AGENT_BIN, "--stdio"});
    AgentConversation live_agent(live);
    const Json l = live_agent.call("tune.apply", changes({{"sysctl:vm.swappiness", 10}}));
    EXPECT_EQ(l["error"]["code"], "permission_denied") << l.dump();
    EXPECT_NE(l["error"]["message"].get<std::string>().find("through sudo"), std::string::npos);
}

}  // namespace
