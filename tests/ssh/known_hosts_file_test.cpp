// checkKnownHosts() on files alone: host patterns, hashed names and the order of verdicts, with
// keys made and names hashed by OpenSSH's own ssh-keygen.
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include "app/ssh/known_hosts_file.h"
#include "tests/ssh/test_sshd.h"
#include "tests/ssh/openssh_keys.h"
#include "tests/support/subprocess.h"
#include "tests/support/temp_dir.h"

namespace fleetdeck::test {
namespace {
namespace fs = std::filesystem;

class KnownHostsFileTest : public ::testing::Test {
protected:
    void SetUp() override {
        offeredLine_ = freshKey(tmp_.path(), "offered", "ed25519");
        otherLine_ = freshKey(tmp_.path(), "other", "ed25519");
        ASSERT_EQ(ssh_pki_import_pubkey_file((tmp_.path() / "offered.pub").c_str(), &offered_), SSH_OK);
    }
    void TearDown() override { ssh_key_free(offered_); }

    ssh::KnownHostsVerdict check(const std::string& text, const std::string& name) {
        std::ofstream(file()) << text;
        return ssh::checkKnownHosts(QString::fromStdString(file().string()), QString::fromStdString(name), offered_);
    }
    fs::path file() const { return tmp_.path() / "known_hosts"; }

    TempDir tmp_;
    std::string offeredLine_, otherLine_;
    ssh_key offered_ = nullptr;
};

using Kind = ssh::KnownHostsVerdict::Kind;

TEST_F(KnownHostsFileTest, PatternsCommaListsWildcardsAndNegationMatchAsInOpenSsh) {
    EXPECT_EQ(check("gpu-01," + std::string("[10.0.0.5]:2222 ") + offeredLine_ + "\n", "[10.0.0.5]:2222").kind, Kind::Known);
    EXPECT_EQ(check("GPU-01 " + offeredLine_ + "\n", "gpu-01").kind, Kind::Known);  // names compare case-insensitively
    EXPECT_EQ(check("gpu-* " + otherLine_ + "\n", "gpu-07").kind, Kind::Changed);
    EXPECT_EQ(check("gpu-0? " + otherLine_ + "\n", "gpu-07").kind, Kind::Changed);
    EXPECT_EQ(check("gpu-0? " + otherLine_ + "\n", "gpu-107").kind, Kind::Unknown);
    EXPECT_EQ(check("gpu-*,!gpu-07 " + otherLine_ + "\n", "gpu-07").kind, Kind::Unknown);
    EXPECT_EQ(check("!gpu-07,gpu-* " + otherLine_ + "\n", "gpu-08").kind, Kind::Changed);
    EXPECT_EQ(check("[10.0.0.5]:* " + otherLine_ + "\n", "[10.0.0.5]:2222").kind, Kind::Changed);
    EXPECT_EQ(check("10.0.0.5 " + otherLine_ + "\n", "[10.0.0.5]:2222").kind, Kind::Unknown);  // port 22 only
    EXPECT_EQ(check(hashedName(tmp_.path(), "[10.0.0.5]:2222", offeredLine_) + " " + offeredLine_ + "\n", "[10.0.0.5]:2222").kind,
              Kind::Known);
    EXPECT_EQ(check(hashedName(tmp_.path(), "gpu-01", otherLine_) + " " + otherLine_ + "\n", "gpu-02").kind, Kind::Unknown);
}

TEST_F(KnownHostsFileTest, AMatchingKeyAmongOtherKeysForTheHostIsKnownAndTheChangedLineIsNamed) {
    EXPECT_EQ(check("gpu-01 " + otherLine_ + "\ngpu-01 " + offeredLine_ + "\n", "gpu-01").kind, Kind::Known);
    const ssh::KnownHostsVerdict changed = check("# one\ngpu-01 " + otherLine_ + "\n", "gpu-01");
    EXPECT_EQ(changed.kind, Kind::Changed);
    EXPECT_EQ(changed.line, 2);
    EXPECT_EQ(changed.knownFingerprint.toStdString(), fingerprintOf(tmp_.path() / "other.pub"));
}

TEST_F(KnownHostsFileTest, AMissingFileIsUnknownAndUnreadableLinesNotForTheHostAreMentioned) {
    EXPECT_EQ(ssh::checkKnownHosts(QString::fromStdString((tmp_.path() / "absent").string()), QStringLiteral("gpu-01"), offered_).kind,
              Kind::Unknown);
    const ssh::KnownHostsVerdict v = check("gpu-02 ssh-ed25519 AAAA!!\njust-one-word\n", "gpu-01");
    EXPECT_EQ(v.kind, Kind::Unknown);
    EXPECT_EQ(v.skippedLines, QList<int>{2});
}

TEST_F(KnownHostsFileTest, AKeyWhoseDataIsOfAnotherTypeThanItsLineSaysCannotBeRead) {
    const std::string blob = offeredLine_.substr(offeredLine_.find(' ') + 1);
    const ssh::KnownHostsVerdict v = check("gpu-01 ecdsa-sha2-nistp256 " + blob + "\n", "gpu-01");
    EXPECT_EQ(v.kind, Kind::UnreadableLine);
    EXPECT_EQ(v.line, 1);
}

TEST_F(KnownHostsFileTest, AnUnreadableRevokedLineRefusesEveryHost) {
    const ssh::KnownHostsVerdict v = check("@revoked * ssh-ed25519 AAAA!!\ngpu-01 " + offeredLine_ + "\n", "gpu-01");
    EXPECT_EQ(v.kind, Kind::UnreadableLine);
    EXPECT_EQ(v.line, 1);
}

TEST_F(KnownHostsFileTest, AHostsOwnKeyIsTrustedBesideACertAuthorityLine) {
    EXPECT_EQ(check("@cert-authority *.lab " + otherLine_ + "\ngpu-01.lab " + offeredLine_ + "\n", "gpu-01.lab").kind, Kind::Known);
    EXPECT_EQ(check("@cert-authority *.lab " + otherLine_ + "\n", "gpu-01.lab").kind, Kind::CertAuthority);
    EXPECT_EQ(check("@cert-authority *.lab " + otherLine_ + "\n", "gpu-01.example").kind, Kind::Unknown);
}

}  // namespace
}  // namespace fleetdeck::test
