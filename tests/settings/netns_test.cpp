// Real runtime applies: net.* sysctls are per network namespace, so the agent runs inside one
// the test creates (and a private mount namespace with a tmpfs on /var/lib, so its journal stays
// there too). Values are read back from inside the namespace with nsenter; the machine's own
// values must not move.
#include <gtest/gtest.h>

#include "tests/settings/tuning_tree.h"

using fleetdeck::test::AgentConversation;
using fleetdeck::test::changes;
using fleetdeck::test::run_capture;
using Json = nlohmann::json;

namespace {

std::string host_value(const std::string& key) {
    int status = -1;
    return run_capture("/bin/cat", {"/proc/sys/" + key}, &status);
}

std::string inside(pid_t pid, const std::string& key) {
    int status = -1;
    const std::string out =
        run_capture("/usr/bin/nsenter", {"--net=/proc/" + std::to_string(pid) + "/ns/net", "/bin/cat", "/proc/sys/" + key}, &status);
    EXPECT_EQ(status, 0) << out;
    return out;
}

std::vector<std::string> namespaced_agent() {
    return {"/usr/bin/unshare", "--net", "--mount", "/bin/sh", "-c",
            std::string("mount -t tmpfs fleetdeck-test /var/lib && exec ") + FLEETDECK_AGENT_BIN + " --stdio"};
}

TEST(SettingsNetns, RuntimeApplyAndRollbackInsideANetworkNamespace) {
    const std::vector<std::string> keys = {"net/core/somaxconn", "net/ipv4/tcp_rmem", "net/ipv4/tcp_slow_start_after_idle"};
    std::map<std::string, std::string> host_before;
    for (const auto& k : keys) host_before[k] = host_value(k);

    AgentConversation agent(namespaced_agent());
    const pid_t pid = agent.process().pid();
    EXPECT_EQ(agent.call("hello")["result"]["privileged"], true);
    const std::string somaxconn_before = inside(pid, "net/core/somaxconn");
    const std::string rmem_before = inside(pid, "net/ipv4/tcp_rmem");
    const Json r = agent.call("tune.apply", changes({{"sysctl:net.core.somaxconn", 8192},
                                                     {"sysctl:net.ipv4.tcp_rmem", "4096 262144 33554432"},
                                                     {"sysctl:net.ipv4.tcp_slow_start_after_idle", 0}}))["result"];
    ASSERT_EQ(r["status"], "verified") << r.dump(2);
    EXPECT_EQ(inside(pid, "net/core/somaxconn"), "8192\n");
    EXPECT_EQ(inside(pid, "net/ipv4/tcp_rmem"), "4096\t262144\t33554432\n") << "the kernel writes tabs; compared normalized";
    EXPECT_EQ(inside(pid, "net/ipv4/tcp_slow_start_after_idle"), "0\n");
    for (const auto& k : keys) EXPECT_EQ(host_value(k), host_before[k]) << k << " moved on the machine itself";

    const Json back = agent.call("tune.rollback", {{"txn", r["txn"]}})["result"];
    ASSERT_EQ(back["status"], "verified") << back.dump(2);
    EXPECT_EQ(inside(pid, "net/core/somaxconn"), somaxconn_before);
    EXPECT_EQ(inside(pid, "net/ipv4/tcp_rmem"), rmem_before);
    for (const auto& k : keys) EXPECT_EQ(host_value(k), host_before[k]) << k;
}

}  // namespace
