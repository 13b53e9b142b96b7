// fleetdeck-cli facts/snapshot against the real sshd: exit codes and the JSON document.
#include <fstream>
#include <thread>

#include "agent/json/json.h"

#include "tests/ssh/ssh_fixture.h"
#include "tests/support/qt_wait.h"
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

TEST_F(SshTest, CliNoResidentLeavesNoAgentRunningOnTheServer) {
    for (int run = 0; run < 2; ++run) {
        const CliRun facts = cli({"facts", "--json", "--no-resident", target(*sshd_)});
        ASSERT_EQ(facts.status, 0) << facts.out;
        EXPECT_FALSE(nlohmann::json::parse(facts.out)[target(*sshd_)].contains("error")) << facts.out;
    }
    // Each run started the agent and left nothing behind: no resident agent's socket.
    std::this_thread::sleep_for(std::chrono::seconds(1));  // a listener would have bound by now
    std::vector<std::string> sockets;
    for (const auto& e : std::filesystem::directory_iterator(cachedAgent().parent_path()))
        if (e.path().extension() == ".sock") sockets.push_back(e.path().filename().string());
    EXPECT_TRUE(sockets.empty()) << sockets.front();

    // Without the flag the next run leaves one.
    ASSERT_EQ(cli({"facts", "--json", target(*sshd_)}).status, 0);
    EXPECT_TRUE(test::waitUntil([&] { return std::filesystem::exists(residentSocket()); }, 5000));
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
TEST_F(SshTest, CliMeshPrintsAFullMatrixOfRealLoopbackRoundTrips) {
    auto second = makeSshd("second");
    ASSERT_TRUE(second->start()) << second->log();
    trust(*second);
    const CliRun mesh = cli({"mesh", "--json", "--count", "3", target(*sshd_), target(*second)});
    ASSERT_EQ(mesh.status, 0) << mesh.out;
    const auto doc = nlohmann::json::parse(mesh.out);
    ASSERT_EQ(doc["hosts"].size(), 2u);
    ASSERT_EQ(doc["links"].size(), 2u);  // each agent measured the other's SSH port
    for (const auto& link : doc["links"]) {
        EXPECT_NE(link["source"], link["target"]);
        EXPECT_EQ(link["sent"], 3);
        EXPECT_EQ(link["received"], 3);
        EXPECT_TRUE(link["p50_ms"].is_number());
        EXPECT_GE(link["p50_ms"].get<double>(), 0.0);
    }
    EXPECT_TRUE(doc["unreachable_sources"].empty());

    const CliRun text = cli({"mesh", "--count", "2", target(*sshd_), target(*second)});
    ASSERT_EQ(text.status, 0) << text.out;
    EXPECT_NE(text.out.find("p50 round trip"), std::string::npos) << text.out;
    EXPECT_NE(text.out.find(" ms"), std::string::npos) << text.out;
}

}  // namespace fleetdeck::test
