// known_hosts read the way OpenSSH reads it, against the real sshd, the real fleetdeck-cli and
// files written or hashed by OpenSSH's own ssh-keygen.
#include <fstream>
#include <functional>
#include <sstream>

#include "agent/json/json.h"

#include "tests/ssh/ssh_fixture.h"
#include "tests/support/qt_wait.h"
#include "tests/ssh/openssh_keys.h"
#include "tests/support/subprocess.h"

namespace fleetdeck::test {
namespace {
namespace fs = std::filesystem;

// What a case needs to write its known_hosts.
struct CaseContext {
    const TestSshd& sshd;
    fs::path dir;          // scratch space for keys
    fs::path knownHosts;
    std::string name() const { return "[127.0.0.1]:" + std::to_string(sshd.port()); }
    std::string genuineKey() const { return keyPart(sshd.knownHostsLine().substr(name().size() + 1)); }
    std::string otherEd25519() const { return freshKey(dir, "other_ed25519", "ed25519"); }
    std::string otherFingerprint(const std::string& file) const { return fingerprintOf(dir / (file + ".pub")); }
};

// A known_hosts that must make every connect fail with a host-key refusal (CLI exit 5), with
// --accept-new too, and leave the file as it was. `write` returns the words the message must hold.
struct RefusedCase {
    std::string name;
    std::function<std::vector<std::string>(const CaseContext&)> write;
};

// gtest names the case in failures instead of dumping its bytes.
void PrintTo(const RefusedCase& c, std::ostream* os) { *os << c.name; }

void writeFile(const fs::path& path, const std::string& text) { std::ofstream(path) << text; }

std::vector<RefusedCase> refusedCases() {
    return {
        {"RevokedPlain",
         [](const CaseContext& c) {
             writeFile(c.knownHosts, "@revoked " + c.name() + " " + c.genuineKey() + "\n");
             return std::vector<std::string>{"REVOKED", c.knownHosts.string() + ":1"};
         }},
        {"RevokedHashed",
         [](const CaseContext& c) {
             writeFile(c.knownHosts, "# keys rotated\n@revoked " + hashedName(c.dir, c.name(), c.genuineKey()) + " " +
                                         c.genuineKey() + "\n");
             return std::vector<std::string>{"REVOKED", c.knownHosts.string() + ":2"};
         }},
        {"RevokedForAnotherHostBeforeAGenuineEntry",
         [](const CaseContext& c) {
             writeFile(c.knownHosts, "@revoked old-gpu.example " + c.genuineKey() + "\n" + c.sshd.knownHostsLine());
             return std::vector<std::string>{"REVOKED", c.knownHosts.string() + ":1"};
         }},
        {"LineOver8KiBThenADifferentKey",
         [](const CaseContext& c) {
             const std::string other = c.otherEd25519();
             writeFile(c.knownHosts, "other.example " + other + " " + std::string(9000, 'x') + "\n" + c.name() + " " + other + "\n");
             return std::vector<std::string>{"CHANGED", c.otherFingerprint("other_ed25519"), c.knownHosts.string() + ":2"};
         }},
        {"UnparsableLineThenADifferentKey",
         [](const CaseContext& c) {
             const std::string other = c.otherEd25519();
             writeFile(c.knownHosts, c.name() + " ssh-ed25519 AAAA!!not-base64\n" + c.name() + " " + other + "\n");
             return std::vector<std::string>{"CHANGED", c.otherFingerprint("other_ed25519")};
         }},
        {"UnparsableLineForTheHostOnly",
         [](const CaseContext& c) {
             writeFile(c.knownHosts, "other.example " + c.otherEd25519() + "\n" + c.name() + " ssh-ed25519 AAAA!!not-base64\n");
             return std::vector<std::string>{c.knownHosts.string() + ":2", "cannot be read"};
         }},
        {"DifferentKeyOfAnotherTypeUnderAHashedName",
         [](const CaseContext& c) {
             const std::string ecdsa = freshKey(c.dir, "other_ecdsa", "ecdsa");
             writeFile(c.knownHosts, hashedName(c.dir, c.name(), ecdsa) + " " + ecdsa + "\n");
             return std::vector<std::string>{"CHANGED", c.otherFingerprint("other_ecdsa")};
         }},
        {"UnreadableFileIsADirectory",
         [](const CaseContext& c) {
             fs::create_directories(c.knownHosts);
             return std::vector<std::string>{"cannot read known_hosts " + c.knownHosts.string(), "fix its permissions"};
         }},
        {"CertAuthorityLineForTheHost",
         [](const CaseContext& c) {
             writeFile(c.knownHosts, "@cert-authority [127.0.0.1]:* " + freshKey(c.dir, "host_ca", "ed25519") + "\n");
             return std::vector<std::string>{"@cert-authority", c.knownHosts.string() + ":1", "ssh-keyscan"};
         }},
    };
}

class RefusedKnownHostsTest : public SshTest, public ::testing::WithParamInterface<RefusedCase> {
protected:
    // Writes the case's known_hosts; returns the words the refusal must hold.
    std::vector<std::string> writeCase() {
        fs::remove(knownHosts());
        return GetParam().write(CaseContext{*sshd_, tmp_.path(), knownHosts()});
    }
    std::string snapshot() const { return fs::is_regular_file(knownHosts()) ? readFile(knownHosts()) : "<not a file>"; }
};

bool endsAttempt(HostState s) { return s != HostState::Idle && s != HostState::Connecting; }

TEST_P(RefusedKnownHostsTest, HostSessionRefusesWithAndWithoutAcceptNew) {
    const std::vector<std::string> words = writeCase();
    const std::string before = snapshot();
    for (const bool acceptNew : {false, true}) {
        SCOPED_TRACE(acceptNew ? "acceptNewHostKey" : "an accepting prompter");
        auto prompter = std::make_shared<RecordingPrompter>(true);  // would accept anything it is asked
        ssh::setSshPrompter(prompter);
        HostSpec spec = specFor(*sshd_);
        spec.ssh.acceptNewHostKey = acceptNew;
        auto session = startSession(spec);
        ASSERT_TRUE(waitUntil([&] { return endsAttempt(session->state()); }, 30000));
        const std::string reason = session->reason().toStdString();
        EXPECT_EQ(session->state(), HostState::HostKeyChanged) << reason;
        for (const std::string& w : words) EXPECT_NE(reason.find(w), std::string::npos) << "'" << w << "' missing in: " << reason;
        EXPECT_TRUE(prompter->asked.empty());
        EXPECT_EQ(snapshot(), before);
    }
}

TEST_P(RefusedKnownHostsTest, CliExits5WithAndWithoutAcceptNew) {
    const std::vector<std::string> words = writeCase();
    const std::string before = snapshot();
    const std::string target = "root@127.0.0.1:" + std::to_string(sshd_->port());
    for (const bool acceptNew : {false, true}) {
        SCOPED_TRACE(acceptNew ? "--accept-new" : "no flag");
        std::vector<std::string> args{"facts", "--json", "--known-hosts", knownHosts().string()};
        if (acceptNew) args.push_back("--accept-new");
        args.push_back(target);
        int status = -1;
        const std::string out = run_capture(FLEETDECK_BIN_DIR "/fleetdeck-cli", args, &status);
        EXPECT_EQ(status, 5) << out;
        const auto doc = nlohmann::json::parse(out, nullptr, false);
        ASSERT_FALSE(doc.is_discarded()) << out;
        const std::string message = doc[target]["error"].value("message", "");
        for (const std::string& w : words) EXPECT_NE(message.find(w), std::string::npos) << "'" << w << "' missing in: " << out;
        EXPECT_EQ(snapshot(), before);
    }
}

INSTANTIATE_TEST_SUITE_P(KnownHosts, RefusedKnownHostsTest, ::testing::ValuesIn(refusedCases()),
                         [](const ::testing::TestParamInfo<RefusedCase>& info) { return info.param.name; });

TEST_F(SshTest, AGenuineEntryAfterJunkLinesStillConnects) {
    const std::string key = keyPart(sshd_->knownHostsLine().substr(sshd_->knownHostsLine().find(' ') + 1));
    const std::string name = "[127.0.0.1]:" + std::to_string(sshd_->port());
    std::ofstream(knownHosts()) << "other.example " << freshKey(tmp_.path(), "other", "ed25519") << " " << std::string(9000, 'x') << "\n"
                                << "just-one-word\n"
                                << "@unknown-marker " << name << " " << key << "\n"
                                << name << " ssh-ed25519 AAAA!!not-base64\n"
                                << "  \t# indented comment\n\n"
                                << "other," << name << " " << key << "\n";
    const std::string before = readFile(knownHosts());
    auto prompter = std::make_shared<RecordingPrompter>(false);
    ssh::setSshPrompter(prompter);
    auto session = startSession(specFor(*sshd_));
    ASSERT_TRUE(waitForState(*session, HostState::Connected)) << session->reason().toStdString();
    EXPECT_TRUE(prompter->asked.empty());
    int status = -1;
    const std::string out = run_capture(FLEETDECK_BIN_DIR "/fleetdeck-cli", {"facts", "--json", "root@127.0.0.1:" + std::to_string(sshd_->port())}, &status);
    EXPECT_EQ(status, 0) << out;
    EXPECT_EQ(readFile(knownHosts()), before);
}

TEST_F(SshTest, AcceptNewAppendsOnItsOwnLineWhenTheFileLacksAFinalNewline) {
    std::ofstream(knownHosts(), std::ios::trunc) << "other.example " << freshKey(tmp_.path(), "other", "ed25519");
    HostSpec spec = specFor(*sshd_);
    spec.ssh.acceptNewHostKey = true;
    auto session = startSession(spec);
    ASSERT_TRUE(waitForState(*session, HostState::Connected)) << session->reason().toStdString();
    const std::string text = readFile(knownHosts());
    EXPECT_NE(text.find("\n" + sshd_->knownHostsLine()), std::string::npos) << text;
}

}  // namespace
}  // namespace fleetdeck::test
