// fleetdeck-cli apply and rollback as an operator runs them, against the local agent (the tests
// run as root, so it is privileged without sudo): on a recorded tree (the host "root:DIR"), and
// for real inside a network namespace.
#include <gtest/gtest.h>

#include "agent/json/json.h"

#include "tests/settings/tuning_tree.h"

using fleetdeck::test::TempDir;
using fleetdeck::test::run_capture;
using fleetdeck::test::tree_contents;
using Json = nlohmann::json;

namespace {

const std::string kCli = std::string(FLEETDECK_BIN_DIR) + "/fleetdeck-cli";

// apply and rollback write FleetDeck's audit log: here, never in the user's data directory.
const TempDir& dataHome() {
    static const TempDir dir;
    return dir;
}

// The host a test pushes to: the recorded tree, through a local agent ("root:DIR").
std::string hostOf(const TempDir& tree) { return "root:" + tree.path().string(); }

std::vector<std::string> envFor(const std::string& fault = {}) {
    std::vector<std::string> env = {std::string("FLEETDECK_AGENT=") + FLEETDECK_AGENT_BIN,
                                    "XDG_DATA_HOME=" + dataHome().path().string()};
    if (!fault.empty()) env.push_back("FLEETDECK_FAULT_INJECT=" + fault);
    return env;
}

std::string profile(const TempDir& dir) {
    return dir.write("profile.json", R"({"name": "training", "answers": {}, "settings": [
        {"id": "sysctl:vm.swappiness", "value": 10},
        {"id": "thp.defrag", "value": "defer+madvise"},
        {"id": "cpu.governor", "value": "performance"},
        {"id": "limits.nofile", "value": 1048576},
        {"id": "sysctl:net.core.somaxconn", "value": 4096, "at_least": true}]})").string();
}

TEST(CliPush, PersistentApplyThenRollbackByTransaction) {
    TempDir tree, files;
    fleetdeck::test::write_tuning_tree(tree);
    const auto before = tree_contents(tree.path());
    int status = -1;
    const std::string out =
        run_capture(kCli, {"apply", "--json", "--persistent", "--profile", profile(files), hostOf(tree)}, &status, envFor());
    ASSERT_EQ(status, 0) << out;
    const Json doc = Json::parse(out);
    const Json& host = doc.at(hostOf(tree));
    EXPECT_EQ(host["state"], "verified");
    ASSERT_TRUE(host["txn"].is_string());
    EXPECT_EQ(host["settings"][0], (Json{{"id", "sysctl:vm.swappiness"}, {"before", 60}, {"after", 10}, {"result", "verified"}}));
    EXPECT_EQ(host["settings"][4]["result"], "unchanged");
    EXPECT_EQ(host["tuned"]["active"], false);
    const auto applied = tree_contents(tree.path());
    EXPECT_NE(applied.at("etc/security/limits.d/90-fleetdeck.conf").find("* hard nofile 1048576"), std::string::npos);
    EXPECT_NE(applied.at("etc/sysctl.d/90-fleetdeck.conf").find("vm.swappiness = 10"), std::string::npos);

    const std::string text = run_capture(kCli, {"rollback", hostOf(tree), host["txn"]}, &status, envFor());
    EXPECT_EQ(status, 0) << text;
    EXPECT_NE(text.find("== " + hostOf(tree) + ": verified"), std::string::npos) << text;
    EXPECT_NE(text.find("1 verified, 0 rolled back, 0 failed, 0 skipped of 1 hosts"), std::string::npos) << text;
    EXPECT_EQ(fleetdeck::test::tree_difference(tree_contents(tree.path()), before), "");

    run_capture(kCli, {"rollback", hostOf(tree), host["txn"]}, &status, envFor());
    EXPECT_EQ(status, 6) << "already rolled back";
}

TEST(CliPush, AFailedStepRollsBackAndExitsSix) {
    TempDir tree, files;
    fleetdeck::test::write_tuning_tree(tree);
    const auto before = tree_contents(tree.path());
    int status = -1;
    const std::string out = run_capture(kCli, {"apply", "--json", "--persistent", "--profile", profile(files), hostOf(tree)},
                                        &status, envFor("fail_at:3"));
    EXPECT_EQ(status, 6) << out;
    const Json host = Json::parse(out).at(hostOf(tree));
    EXPECT_EQ(host["state"], "rolled back");
    EXPECT_NE(host["reason"].get<std::string>().find("failure injected at step 3"), std::string::npos);
    EXPECT_EQ(host["settings"][2]["result"], "failed");
    EXPECT_EQ(host["settings"][0]["result"], "rolled_back");
    EXPECT_EQ(fleetdeck::test::tree_difference(tree_contents(tree.path()), before), "");
}

TEST(CliPush, DryRunChangesNothingAndBadProfilesAreUsageErrors) {
    TempDir tree, files;
    fleetdeck::test::write_tuning_tree(tree);
    const auto before = tree_contents(tree.path());
    int status = -1;
    const std::string out =
        run_capture(kCli, {"apply", "--dry-run", "--persistent", "--profile", profile(files), hostOf(tree)}, &status, envFor());
    EXPECT_EQ(status, 0) << out;
    EXPECT_NE(out.find("sysctl:vm.swappiness"), std::string::npos);
    EXPECT_NE(out.find("60 -> 10  change"), std::string::npos) << out;
    EXPECT_EQ(tree_contents(tree.path()), before);
    // Login limits exist only as files: a runtime dry run says the host would reject that one.
    const std::string runtime = run_capture(kCli, {"apply", "--dry-run", "--profile", profile(files), hostOf(tree)}, &status, envFor());
    EXPECT_EQ(status, 6) << runtime;
    EXPECT_NE(runtime.find("limits.nofile: exists only in configuration files"), std::string::npos) << runtime;

    const auto bad = files.write("bad.json", R"({"name": "x", "settings": [{"id": "sysctl:kernel.core_pattern", "value": "|/bin/sh"}]})");
    run_capture(kCli, {"apply", "--profile", bad.string(), hostOf(tree)}, &status, envFor());
    EXPECT_EQ(status, 2);
    run_capture(kCli, {"apply", hostOf(tree)}, &status, envFor());
    EXPECT_EQ(status, 2);
    run_capture(kCli, {"rollback", hostOf(tree)}, &status, envFor());
    EXPECT_EQ(status, 2);
}

// The CLI and its agent inside a fresh network namespace (and a tmpfs on /var/lib for the
// journal): real sysctl writes, read back from inside, the machine's own values untouched.
TEST(CliPush, RealSysctlsInANetworkNamespace) {
    TempDir files;
    const auto prof = files.write("net.json", R"({"name": "net", "settings": [
        {"id": "sysctl:net.core.somaxconn", "value": 8192},
        {"id": "sysctl:net.ipv4.tcp_slow_start_after_idle", "value": 0}]})");
    int status = -1;
    const std::string hostBefore = run_capture("/bin/cat", {"/proc/sys/net/core/somaxconn"}, &status);
    const std::string script =
        "mount -t tmpfs fleetdeck-test /var/lib || exit 9\n"
        "echo before=$(cat /proc/sys/net/core/somaxconn)\n"
        "\"$CLI\" apply --json --profile \"$PROFILE\" local > /var/lib/apply.json; echo apply=$?\n"
        "echo during=$(cat /proc/sys/net/core/somaxconn),$(cat /proc/sys/net/ipv4/tcp_slow_start_after_idle)\n"
        "txn=$(grep -o '\"txn\": \"[^\"]*\"' /var/lib/apply.json | cut -d'\"' -f4)\n"
        "\"$CLI\" rollback local \"$txn\" > /dev/null; echo rollback=$?\n"
        "echo after=$(cat /proc/sys/net/core/somaxconn),$(cat /proc/sys/net/ipv4/tcp_slow_start_after_idle)\n";
    const std::string out = run_capture("/usr/bin/unshare", {"--net", "--mount", "/bin/sh", "-c", script}, &status,
                                        {std::string("FLEETDECK_AGENT=") + FLEETDECK_AGENT_BIN, "CLI=" + kCli,
                                         "XDG_DATA_HOME=" + dataHome().path().string(),
                                         "PROFILE=" + prof.string(), "PATH=/usr/sbin:/usr/bin:/sbin:/bin"});
    EXPECT_EQ(status, 0) << out;
    const auto before = out.substr(out.find("before=") + 7, out.find('\n', out.find("before=")) - out.find("before=") - 7);
    EXPECT_NE(out.find("apply=0\n"), std::string::npos) << out;
    EXPECT_NE(out.find("during=8192,0\n"), std::string::npos) << out;
    EXPECT_NE(out.find("rollback=0\n"), std::string::npos) << out;
    EXPECT_NE(out.find("after=" + before + ",1\n"), std::string::npos) << out;
    EXPECT_EQ(run_capture("/bin/cat", {"/proc/sys/net/core/somaxconn"}, &status), hostBefore);
}

}  // namespace
