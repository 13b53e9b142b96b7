// fleetdeck-cli facts/snapshot against the real sshd: exit codes and the JSON document.
#include <fstream>

#include <nlohmann/json.hpp>

#include "tests/ssh/ssh_fixture.h"
#include "tests/support/subprocess.h"

namespace fleetdeck::test {
namespace {
namespace fs = std::filesystem;

struct CliRun {
    int status = -1;
    std::string out;
};

CliRun cli(const std::vector<std::string>& args) {
    CliRun r;
    r.out = run_capture(FLEETDECK_BIN_DIR "/fleetdeck-cli", args, &r.status);
    return r;
}

std::string target(const TestSshd& sshd) { return "root@127.0.0.1:" + std::to_string(sshd.port()); }

TEST_F(SshTest, CliFactsAndSnapshotAnswerAsJsonKeyedByHost) {
    const CliRun facts = cli({"facts", "--json", target(*sshd_)});
    ASSERT_EQ(facts.status, 0) << facts.out;
    const auto doc = nlohmann::json::parse(facts.out);
    ASSERT_TRUE(doc.contains(target(*sshd_)));
    EXPECT_TRUE(doc[target(*sshd_)].is_object());
    EXPECT_FALSE(doc[target(*sshd_)].contains("error"));

    const CliRun snapshot = cli({"snapshot", "--json", target(*sshd_)});
    ASSERT_EQ(snapshot.status, 0) << snapshot.out;
    EXPECT_TRUE(nlohmann::json::parse(snapshot.out)[target(*sshd_)].is_object());
}

TEST_F(SshTest, CliResolvesInventoryNamesAndSshConfigAliases) {
    std::ofstream(tmp_.path() / "inv.json") << R"({"version":1,"hosts":[{"name":"rack-a-07","address":"127.0.0.1","port":)"
                                            << sshd_->port() << R"(,"user":"root"}]})";
    const CliRun byName = cli({"facts", "--json", "--inventory", (tmp_.path() / "inv.json").string(), "rack-a-07"});
    ASSERT_EQ(byName.status, 0) << byName.out;
    EXPECT_TRUE(nlohmann::json::parse(byName.out).contains("rack-a-07"));

    std::ofstream(home() / ".ssh/config") << "Host lab-gpu\n  HostName 127.0.0.1\n  Port " << sshd_->port() << "\n  User root\n";
    const CliRun byAlias = cli({"facts", "--json", "lab-gpu"});
    ASSERT_EQ(byAlias.status, 0) << byAlias.out;
    EXPECT_TRUE(nlohmann::json::parse(byAlias.out).contains("lab-gpu"));
}

TEST_F(SshTest, CliRefusesAnUnknownKeyWithExit5UnlessAcceptNew) {
    const fs::path file = tmp_.path() / "fresh_known_hosts";
    const CliRun refused = cli({"facts", "--json", "--known-hosts", file.string(), target(*sshd_)});
    EXPECT_EQ(refused.status, 5) << refused.out;
    const auto doc = nlohmann::json::parse(refused.out);
    const std::string message = doc[target(*sshd_)]["error"]["message"];
    EXPECT_NE(message.find(sshd_->hostKeyFingerprint()), std::string::npos) << message;
    EXPECT_EQ(doc[target(*sshd_)]["error"]["state"], "host key unknown");

    const CliRun accepted = cli({"facts", "--known-hosts", file.string(), "--accept-new", target(*sshd_)});
    EXPECT_EQ(accepted.status, 0) << accepted.out;
    EXPECT_NE(readFile(file).find("[127.0.0.1]:" + std::to_string(sshd_->port())), std::string::npos);
    EXPECT_EQ(cli({"facts", "--known-hosts", file.string(), target(*sshd_)}).status, 0);
}

TEST_F(SshTest, CliExitCodesForChangedKeyWrongKeyAndRefusedConnection) {
    sshd_->kill();
    sshd_->regenerateHostKey();
    ASSERT_TRUE(sshd_->start());
    const CliRun changed = cli({"facts", "--json", "--accept-new", target(*sshd_)});
    EXPECT_EQ(changed.status, 5) << changed.out;
    EXPECT_NE(changed.out.find("CHANGED"), std::string::npos);

    std::ofstream(knownHosts()) << sshd_->knownHostsLine();
    fs::remove(userKey());
    fs::remove(userKey().string() + ".pub");
    generateKey(tmp_.path() / "stranger_key");
    EXPECT_EQ(cli({"facts", "--identity", (tmp_.path() / "stranger_key").string(), target(*sshd_)}).status, 4);

    EXPECT_EQ(cli({"facts", "root@127.0.0.1:" + std::to_string(freeLoopbackPort())}).status, 3);
}

}  // namespace
}  // namespace fleetdeck::test
