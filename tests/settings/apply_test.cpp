// The real agent applying settings to a recorded --root tree: read, plan, runtime and persistent
// applies read back from the files themselves, rollback of a past transaction, the journal.
#include <gtest/gtest.h>

#include "tests/settings/tuning_tree.h"

using fleetdeck::test::AgentConversation;
using fleetdeck::test::TempDir;
using fleetdeck::test::agent_on;
using fleetdeck::test::changes;
using fleetdeck::test::tree_contents;
using Json = nlohmann::json;

namespace {

std::string file(const TempDir& dir, const std::string& rel) {
    const auto all = tree_contents(dir.path());
    const auto it = all.find(rel);
    return it == all.end() ? std::string("<absent>") : it->second;
}

TEST(SettingsApply, ReadReportsEveryKindFromTheTree) {
    TempDir dir;
    fleetdeck::test::write_tuning_tree(dir);
    AgentConversation agent(agent_on(dir.path()));
    const Json v = agent.call("tune.read")["result"]["values"];
    EXPECT_EQ(v["sysctl:net.core.somaxconn"]["value"], 4096);
    EXPECT_EQ(v["sysctl:net.ipv4.tcp_rmem"]["value"], "4096 131072 6291456");
    EXPECT_EQ(v["thp.enabled"]["value"], "madvise");
    EXPECT_EQ(v["cpu.governor"]["value"], "powersave");
    EXPECT_EQ(v["cpu.governor"]["instances"].size(), 4u);
    EXPECT_EQ(v["cpu.epp"]["value"], "balance_performance");
    EXPECT_EQ(v["block.read_ahead_kb"]["instances"], (Json{{"nvme0n1", 128}, {"sda", 128}}));  // loop0 left out
    EXPECT_EQ(v["block.scheduler"]["instances"], (Json{{"nvme0n1", "none"}}));
    EXPECT_TRUE(v["limits.nofile"]["value"].is_null());
    EXPECT_EQ(v["module:tcp_bbr"]["value"], true);
    EXPECT_EQ(v["gpu.persistence"]["code"], "not_supported");
    EXPECT_EQ(v["sysctl:net.core.busy_poll"]["code"], "not_supported");  // not in this tree
}

TEST(SettingsApply, PlanShowsChangesAndWritesNothing) {
    TempDir dir;
    fleetdeck::test::write_tuning_tree(dir);
    const auto before = tree_contents(dir.path());
    AgentConversation agent(agent_on(dir.path()));
    Json params = changes({{"sysctl:vm.swappiness", 10}, {"thp.enabled", "madvise"}, {"cpu.governor", "performance"}},
                          "persistent");
    params["changes"].push_back({{"id", "sysctl:net.core.somaxconn"}, {"value", 2048}, {"at_least", true}});
    const Json plan = agent.call("tune.plan", params)["result"];
    EXPECT_EQ(plan["valid"], true);
    EXPECT_EQ(plan["settings"][0]["current"], 60);
    EXPECT_EQ(plan["settings"][0]["change"], true);
    EXPECT_EQ(plan["settings"][1]["change"], false);
    EXPECT_EQ(plan["settings"][2]["change"], true);
    EXPECT_EQ(plan["settings"][3]["change"], false) << "4096 already meets at least 2048";
    EXPECT_EQ(plan["files"].size(), 2u);  // sysctl.d and tmpfiles.d
    EXPECT_EQ(fleetdeck::test::tree_difference(tree_contents(dir.path()), before), "");
    EXPECT_FALSE(std::filesystem::exists(dir.path() / "var/lib/fleetdeck/journal.jsonl"));
}

TEST(SettingsApply, RuntimeApplyWritesEveryInstanceAndJournalsIt) {
    TempDir dir;
    fleetdeck::test::write_tuning_tree(dir);
    AgentConversation agent(agent_on(dir.path()));
    const Json r = agent.call("tune.apply", changes({{"sysctl:vm.swappiness", 10},
                                                     {"sysctl:net.ipv4.tcp_rmem", "4096  262144   33554432"},
                                                     {"thp.defrag", "defer+madvise"},
                                                     {"cpu.governor", "performance"},
                                                     {"block.read_ahead_kb", 4096}}))["result"];
    ASSERT_EQ(r["status"], "verified") << r.dump(2);
    EXPECT_EQ(r["settings"][1]["after"], "4096 262144 33554432");
    EXPECT_EQ(file(dir, "proc/sys/vm/swappiness"), "10\n");
    EXPECT_EQ(file(dir, "proc/sys/net/ipv4/tcp_rmem"), "4096 262144 33554432\n");
    EXPECT_EQ(file(dir, "sys/kernel/mm/transparent_hugepage/defrag"), "defer+madvise\n");
    for (int cpu = 0; cpu < 4; ++cpu)
        EXPECT_EQ(file(dir, "sys/devices/system/cpu/cpu" + std::to_string(cpu) + "/cpufreq/scaling_governor"), "performance\n");
    EXPECT_EQ(file(dir, "sys/block/nvme0n1/queue/read_ahead_kb"), "4096\n");
    EXPECT_EQ(file(dir, "sys/block/sda/queue/read_ahead_kb"), "4096\n");
    EXPECT_EQ(file(dir, "sys/block/loop0/queue/read_ahead_kb"), "128\n");
    EXPECT_EQ(file(dir, "etc/sysctl.d/90-fleetdeck.conf"), "# Managed by FleetDeck\nnet.core.rmem_max = 212992\n")
        << "runtime mode leaves the files alone";

    const Json journal = agent.call("journal.read")["result"]["entries"];
    ASSERT_GE(journal.size(), 3u);
    EXPECT_EQ(journal.front()["type"], "begin");
    EXPECT_EQ(journal.front()["txn"], r["txn"]);
    EXPECT_EQ(journal.front()["steps"][0]["before"], (Json{{"host", 60}}));
    EXPECT_EQ(journal.back()["type"], "end");
    EXPECT_EQ(journal.back()["status"], "verified");
}

TEST(SettingsApply, PersistentApplyWritesTheFilesAndRollbackRestoresThem) {
    TempDir dir;
    fleetdeck::test::write_tuning_tree(dir);
    const auto original = tree_contents(dir.path());
    AgentConversation agent(agent_on(dir.path()));
    const Json r = agent.call("tune.apply", changes({{"sysctl:vm.swappiness", 10},
                                                     {"sysctl:net.core.rmem_max", 16777216},
                                                     {"cpu.governor", "performance"},
                                                     {"block.read_ahead_kb", 4096},
                                                     {"limits.nofile", 1048576},
                                                     {"limits.memlock", "unlimited"},
                                                     {"module:tcp_bbr", true}},
                                                    "persistent"))["result"];
    ASSERT_EQ(r["status"], "verified") << r.dump(2);
    EXPECT_EQ(r["tuned"]["active"], false);
    const std::string sysctl = file(dir, "etc/sysctl.d/90-fleetdeck.conf");
    EXPECT_NE(sysctl.find("net.core.rmem_max = 16777216\n"), std::string::npos) << sysctl;
    EXPECT_NE(sysctl.find("vm.swappiness = 10\n"), std::string::npos) << sysctl;
    EXPECT_EQ(sysctl.find("212992"), std::string::npos) << "the older line for the same key is replaced";
    const std::string tmpfiles = file(dir, "etc/tmpfiles.d/fleetdeck.conf");
    EXPECT_NE(tmpfiles.find("w /sys/devices/system/cpu/cpu*/cpufreq/scaling_governor - - - - performance\n"), std::string::npos);
    EXPECT_NE(tmpfiles.find("w /sys/block/nvme0n1/queue/read_ahead_kb - - - - 4096\n"), std::string::npos);
    const std::string limits = file(dir, "etc/security/limits.d/90-fleetdeck.conf");
    EXPECT_NE(limits.find("* hard nofile 1048576\n"), std::string::npos) << limits;
    EXPECT_NE(limits.find("* soft memlock unlimited\n* hard memlock unlimited\n"), std::string::npos) << limits;
    EXPECT_EQ(limits.find("soft nofile"), std::string::npos) << "the soft open-file limit is left alone";
    EXPECT_NE(file(dir, "etc/modules-load.d/fleetdeck.conf").find("\ntcp_bbr\n"), std::string::npos);
    EXPECT_EQ(agent.call("tune.read", {{"settings", {"limits.nofile"}}})["result"]["values"]["limits.nofile"]["value"], 1048576);
    for (const auto& f : std::filesystem::recursive_directory_iterator(dir.path() / "etc"))
        EXPECT_FALSE(f.path().string().ends_with(".fleetdeck-new")) << "no temporary file left behind";

    const Json back = agent.call("tune.rollback", {{"txn", r["txn"]}})["result"];
    ASSERT_EQ(back["status"], "verified") << back.dump(2);
    EXPECT_EQ(back["rolls_back"], r["txn"]);
    EXPECT_EQ(fleetdeck::test::tree_difference(tree_contents(dir.path()), original), "") << "every file and knob as it was, removed files gone";
    const Json again = agent.call("tune.rollback", {{"txn", r["txn"]}});
    EXPECT_EQ(again["error"]["code"], "validation_failed");
    EXPECT_EQ(agent.call("tune.rollback", {{"txn", "no-such-txn"}})["error"]["code"], "not_found");
}

TEST(SettingsApply, TunedActiveIsReported) {
    TempDir dir;
    fleetdeck::test::write_tuning_tree(dir);
    dir.write("etc/tuned/active_profile", "throughput-performance\n");
    dir.write("etc/tuned/tuned-main.conf", "daemon = 1\nreapply_sysctl = 0\n");
    AgentConversation agent(agent_on(dir.path()));
    const Json r = agent.call("tune.apply", changes({{"sysctl:vm.swappiness", 10}}, "persistent"))["result"];
    EXPECT_EQ(r["tuned"]["active"], true);
    EXPECT_EQ(r["tuned"]["profile"], "throughput-performance");
    EXPECT_EQ(r["tuned"]["reapply_sysctl"], false);
    EXPECT_NE(r["tuned"]["message"].get<std::string>().find("override /etc/sysctl.d"), std::string::npos);
}

TEST(SettingsApply, NothingToChangeNeedsNoTransaction) {
    TempDir dir;
    fleetdeck::test::write_tuning_tree(dir);
    AgentConversation agent(agent_on(dir.path()));
    const Json r = agent.call("tune.apply", changes({{"thp.enabled", "madvise"}}))["result"];
    EXPECT_EQ(r["status"], "verified");
    EXPECT_TRUE(r["txn"].is_null());
    EXPECT_EQ(r["settings"][0]["result"], "unchanged");
}

TEST(SettingsApply, WitnessGoesIntoTheJournal) {
    TempDir dir;
    fleetdeck::test::write_tuning_tree(dir);
    AgentConversation agent(agent_on(dir.path()));
    const std::string hash(64, 'a');
    const Json w = agent.call("journal.append_witness", {{"seq", 42}, {"hash", hash}});
    ASSERT_TRUE(w.contains("result")) << w.dump();
    const Json entries = agent.call("journal.read", {{"after_seq", 0}})["result"]["entries"];
    ASSERT_EQ(entries.size(), 1u);
    EXPECT_EQ(entries[0]["type"], "witness");
    EXPECT_EQ(entries[0]["audit_seq"], 42);
    EXPECT_EQ(entries[0]["audit_hash"], hash);
    EXPECT_EQ(agent.call("journal.append_witness", {{"seq", 1}, {"hash", "not hex"}})["error"]["code"], "invalid_params");
}

}  // namespace
