// fleetdeck-cli drift end to end: hosts behind the real test sshd, each agent on its own recorded
// tree (tests/pushssh/push_ssh_fixture.h), so a value "changed behind FleetDeck's back" is a write
// to that host's /proc/sys file, a package's sysctl.d file is a file in its tree, and a reboot is
// a new boot id. The push, the drift check, the re-apply and the accept all go through the CLI
// and land in one audit log.
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include "tests/pushssh/push_ssh_fixture.h"

using namespace fleetdeck;
using Json = nlohmann::json;

namespace {

std::string slurp(const std::filesystem::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

void put(const std::filesystem::path& p, const std::string& text) {
    std::filesystem::create_directories(p.parent_path());
    std::ofstream(p, std::ios::binary | std::ios::trunc) << text;
}

class DriftOverSsh : public test::PushSshTest {
protected:
    std::vector<std::string> withAudit(std::vector<std::string> args) const {
        for (const auto& a : {std::string("--audit-log"), auditLog().string(), std::string("--audit-key"), auditKey().string()})
            args.push_back(a);
        return args;
    }
    Json driftJson(int* status) const {
        const std::string out = cli(withAudit({"drift", "--json", target(0)}), status);
        const Json j = Json::parse(out, nullptr, false);
        EXPECT_FALSE(j.is_discarded()) << out;
        return j.is_discarded() ? Json() : j.at(target(0));
    }
    std::vector<Json> auditEntries() const {
        std::vector<Json> out;
        std::istringstream lines(slurp(auditLog()));
        for (std::string line; std::getline(lines, line);) out.push_back(Json::parse(line));
        return out;
    }
    // Pushes the profile runtime-only and returns the push id the audit log gave it.
    std::string push(const std::string& profile) const {
        int status = -1;
        const std::string out = cli(withAudit({"apply", "--profile", profileFile(profile), target(0)}), &status);
        EXPECT_EQ(status, 0) << out;
        const std::string message = auditEntries().back()["message"];
        return message.substr(5, message.find(':') - 5);
    }
};

TEST_F(DriftOverSsh, ByHandAndSysctlFileFoundThenReappliedAndLinkedToTheOriginalPush) {
    startFleet(1);
    ASSERT_FALSE(HasFatalFailure());
    const std::string pushId = push(R"({"name": "t", "settings": [{"id": "sysctl:vm.swappiness", "value": 10},
                                                                  {"id": "sysctl:vm.dirty_ratio", "value": 10}]})");
    int status = -1;
    Json host = driftJson(&status);
    EXPECT_EQ(status, 0) << host.dump();
    EXPECT_EQ(host, (Json{{"push_id", pushId}, {"drift", Json::array()}}));

    // `sysctl -w vm.swappiness=60` by someone; a package ships a file that sets dirty_ratio later.
    put(root(0) / "proc/sys/vm/swappiness", "60\n");
    put(root(0) / "etc/sysctl.d/99-vendor.conf", "vm.dirty_ratio = 30\n");
    put(root(0) / "proc/sys/vm/dirty_ratio", "30\n");
    host = driftJson(&status);
    EXPECT_EQ(status, 7) << host.dump();
    EXPECT_EQ(host["push_id"], pushId);
    EXPECT_EQ(host["drift"], (Json{{{"id", "sysctl:vm.dirty_ratio"}, {"pushed", 10}, {"current", 30}, {"cause", "sysctl_file"},
                                    {"file", "/etc/sysctl.d/99-vendor.conf"}},
                                   {{"id", "sysctl:vm.swappiness"}, {"pushed", 10}, {"current", 60}, {"cause", "by_hand"}}}));
    const std::string text = cli(withAudit({"drift", target(0)}), &status);
    EXPECT_EQ(status, 7);
    EXPECT_NE(text.find("2 of 2 pushed settings drifted"), std::string::npos) << text;
    EXPECT_NE(text.find("/etc/sysctl.d/99-vendor.conf sets vm.dirty_ratio = 30 after FleetDeck's file"), std::string::npos) << text;

    const std::string reapplied = cli(withAudit({"drift", "--reapply", target(0)}), &status);
    EXPECT_EQ(status, 0) << reapplied;
    EXPECT_EQ(slurp(root(0) / "proc/sys/vm/swappiness"), "10\n");
    EXPECT_EQ(slurp(root(0) / "proc/sys/vm/dirty_ratio"), "10\n");
    int reapplies = 0;
    for (const Json& e : auditEntries())
        if (e.contains("reapplies")) {
            EXPECT_EQ(e["reapplies"], pushId) << e.dump();
            ++reapplies;
        }
    EXPECT_EQ(reapplies, 3) << "the apply step and one verify step per setting";
    host = driftJson(&status);
    EXPECT_EQ(status, 0) << host.dump();
    EXPECT_EQ(host["push_id"], pushId) << "a re-apply restores the original push";
    int verifyStatus = -1;
    const std::string verified = cli({"audit", "verify", auditLog().string(), "--key", auditKey().string()}, &verifyStatus);
    EXPECT_EQ(verifyStatus, 0) << verified;
}

TEST_F(DriftOverSsh, ARebootDropsRuntimeSettingsAndAcceptCurrentIsRecorded) {
    startFleet(1);
    ASSERT_FALSE(HasFatalFailure());
    put(root(0) / "proc/sys/kernel/random/boot_id", "aaaaaaaa-0000-4000-8000-000000000001\n");
    push(R"({"name": "t", "settings": [{"id": "sysctl:vm.swappiness", "value": 10}, {"id": "sysctl:vm.dirty_ratio", "value": 10}]})");
    // The host rebooted: a new boot id, and the kernel's defaults are back.
    put(root(0) / "proc/sys/kernel/random/boot_id", "bbbbbbbb-0000-4000-8000-000000000002\n");
    put(root(0) / "proc/sys/vm/swappiness", "60\n");
    int status = -1;
    Json host = driftJson(&status);
    EXPECT_EQ(status, 7) << host.dump();
    ASSERT_EQ(host["drift"].size(), 1u) << host.dump();
    EXPECT_EQ(host["drift"][0]["cause"], "reboot_runtime_only");

    const std::string accepted = cli(withAudit({"drift", "--accept", target(0), "sysctl:vm.swappiness"}), &status);
    EXPECT_EQ(status, 0) << accepted;
    const Json last = auditEntries().back();
    EXPECT_EQ(last["action"], "accept");
    EXPECT_EQ(last["setting"], "sysctl:vm.swappiness");
    EXPECT_EQ(last["before"], 10);
    EXPECT_EQ(last["after"], 60);
    host = driftJson(&status);
    EXPECT_EQ(status, 0) << "60 is the desired value now: " << host.dump();
    const std::string unknown = cli(withAudit({"drift", "--accept", target(0), "sysctl:vm.overcommit_memory"}), &status);
    EXPECT_EQ(status, 2) << unknown;
}

}  // namespace
