// ~/.ssh/config as ssh(1) reads it (ssh -G): first value wins, wildcards, negation, Include, Match,
// ProxyJump, ProxyCommand; and the small reader that lists its hosts.
#include <gtest/gtest.h>

#include <QDir>

#include "app/ssh/ssh_config.h"
#include "app/ssh/ssh_connect.h"
#include "tests/support/temp_dir.h"

namespace fleetdeck::ssh {
namespace {

const char* kConfig = R"(# colo A
Host bastion
    HostName 203.0.113.10
    User jump
    Port 2222

Host gpu-0? !gpu-09
    HostName %h.colo.example.net
    ProxyJump bastion
    IdentityFile ~/.ssh/colo_ed25519

Host gpu-01
    Port 2201

Host *
    User ops
    Port 22
    IdentityFile ~/.ssh/id_ed25519
)";

// ssh(1) reads the file (ssh -G): a config is a file, as it is for ssh.
SshHostConfig resolved(const test::TempDir& dir, const std::string& text, const QString& alias) {
    const auto file = dir.write("ssh_config", text);
    const auto r = resolveSshHost(alias, QString::fromStdString(file.string()));
    EXPECT_TRUE(r) << (r ? std::string() : r.problem().message.toStdString());
    return r ? *r : SshHostConfig{};
}

TEST(SshConfig, FirstValueWinsAndWildcardsApply) {
    test::TempDir dir;
    const SshHostConfig g1 = resolved(dir, kConfig, QStringLiteral("gpu-01"));
    EXPECT_EQ(g1.hostName, QStringLiteral("gpu-01.colo.example.net"));
    EXPECT_EQ(g1.port, 2201);
    EXPECT_EQ(g1.user, QStringLiteral("ops"));
    EXPECT_EQ(g1.proxyJump, QStringLiteral("bastion"));
    // ~/.ssh/id_ed25519 is one of ssh's defaults, which FleetDeck adds itself (defaultIdentityFiles()).
    ASSERT_EQ(g1.identityFiles.size(), 1);
    EXPECT_EQ(g1.identityFiles[0], QDir::homePath() + QStringLiteral("/.ssh/colo_ed25519"));

    const SshHostConfig b = resolved(dir, kConfig, QStringLiteral("bastion"));
    EXPECT_EQ(b.port, 2222);
    EXPECT_EQ(b.user, QStringLiteral("jump"));
    EXPECT_TRUE(b.proxyJump.isEmpty());
}

TEST(SshConfig, NegatedPatternsExcludeAHost) {
    test::TempDir dir;
    const SshHostConfig g9 = resolved(dir, kConfig, QStringLiteral("gpu-09"));
    EXPECT_EQ(g9.hostName, QStringLiteral("gpu-09"));
    EXPECT_TRUE(g9.proxyJump.isEmpty());
    EXPECT_EQ(g9.port, 22);
}

TEST(SshConfig, IncludeAndMatchHostApplyAsForSsh) {
    test::TempDir dir;
    dir.write("conf.d/10-lab.conf", "Host lab\n  ProxyCommand sh -c 'exec nc %h %p' # via %n\n  IdentityFile %d/keys/%r@%h\n");
    dir.write("conf.d/20-other.conf", "Host other\n  User nobody\n");
    const std::string config = "Include " + (dir.path() / "conf.d/*.conf").string() +
                               "\nHost lab\n  HostName 127.0.0.1\n  StrictHostKeyChecking yes\n  UserKnownHostsFile /etc/lab_known_hosts\n"
                               "Match host 127.0.0.1\n  User labuser\n  Port 2999\n";
    const SshHostConfig lab = resolved(dir, config, QStringLiteral("lab"));
    EXPECT_EQ(lab.hostName, QStringLiteral("127.0.0.1"));
    EXPECT_EQ(lab.user, QStringLiteral("labuser")) << "Match host applies to the HostName";
    EXPECT_EQ(lab.port, 2999);
    EXPECT_EQ(lab.proxyCommand, QStringLiteral("sh -c 'exec nc 127.0.0.1 2999' # via lab"));
    EXPECT_EQ(lab.identityFiles, QStringList{QDir::homePath() + QStringLiteral("/keys/labuser@127.0.0.1")});
    EXPECT_TRUE(lab.strictHostKeyChecking);
    EXPECT_EQ(lab.knownHostsFiles, QStringList{QStringLiteral("/etc/lab_known_hosts")});
    EXPECT_EQ(resolved(dir, config, QStringLiteral("other")).user, QStringLiteral("nobody"));

    const auto listed = listSshConfigHostsInFile(QString::fromStdString((dir.path() / "ssh_config").string()));
    EXPECT_EQ(listed.aliases, (QStringList{QStringLiteral("lab"), QStringLiteral("other")})) << "Include is followed, in order";
}

TEST(SshConfig, StrictHostKeyCheckingNoIsNotKeptAndDefaultsAreLeftOut) {
    test::TempDir dir;
    const SshHostConfig c = resolved(dir, "Host *\n  StrictHostKeyChecking no\n", QStringLiteral("x"));
    EXPECT_FALSE(c.strictHostKeyChecking);
    EXPECT_TRUE(c.knownHostsFiles.isEmpty()) << c.knownHostsFiles.join(QLatin1Char(' ')).toStdString();
    EXPECT_TRUE(c.identityFiles.isEmpty());
    EXPECT_TRUE(c.proxyCommand.isEmpty());
}

TEST(SshConfig, AMissingFileIsTheDefaultsAndABadOneSaysWhy) {
    const auto none = resolveSshHost(QStringLiteral("gpu-01"), QStringLiteral("/nonexistent/ssh_config"));
    ASSERT_TRUE(none);
    EXPECT_EQ(none->hostName, QStringLiteral("gpu-01"));
    EXPECT_EQ(none->port, 22);
    test::TempDir dir;
    const auto file = dir.write("ssh_config", "Host a\n  NoSuchOption yes\n");
    const auto bad = resolveSshHost(QStringLiteral("a"), QString::fromStdString(file.string()));
    ASSERT_FALSE(bad);
    EXPECT_TRUE(bad.problem().message.contains(QStringLiteral("line 2"))) << bad.problem().message.toStdString();
    // An alias is never read as an option of ssh(1).
    const auto good = dir.write("good_config", "Host *\n  User ops\n");
    const auto option = resolveSshHost(QStringLiteral("-oProxyCommand=touch /tmp/x"), QString::fromStdString(good.string()));
    ASSERT_FALSE(option);
    EXPECT_TRUE(option.problem().message.contains(QStringLiteral("invalid characters"))) << option.problem().message.toStdString();
}

TEST(SshConfig, KeyEqualsValueAndQuotedValues) {
    test::TempDir dir;
    const SshHostConfig a = resolved(dir, "Host=a\nHostName=\"10.0.0.5\"\nPort = 2200\n", QStringLiteral("a"));
    EXPECT_EQ(a.hostName, QStringLiteral("10.0.0.5"));
    EXPECT_EQ(a.port, 2200);
    EXPECT_EQ(listSshConfigHosts(QStringLiteral("Host=a b*\nHost \"c\" !d\n")).aliases, (QStringList{QStringLiteral("a"), QStringLiteral("c")}));
}

TEST(ProxyCommand, IsBuiltFromQuotedWordsAndRefusesShellText) {
    ConnectPlan plan;
    plan.label = QStringLiteral("gpu-01");
    plan.host = QStringLiteral("10.0.0.1");
    plan.port = 22;
    plan.knownHostsFile = QStringLiteral("/home/u/.ssh/known_hosts");
    plan.configFile = QStringLiteral("/home/u/.ssh/config");
    plan.proxyJump = QStringLiteral("a,ops@b:2222");
    const Result<QString> command = proxyCommandFor(plan);
    ASSERT_TRUE(command) << command.problem().message.toStdString();
    EXPECT_TRUE(command->contains(QStringLiteral("-J 'a'")));
    EXPECT_TRUE(command->contains(QStringLiteral("-W '10.0.0.1:22' 'ssh://ops@b:2222'")));
    EXPECT_TRUE(command->contains(QStringLiteral("StrictHostKeyChecking=yes")));

    plan.proxyJump = QStringLiteral("bastion;touch /tmp/x");
    const Result<QString> refused = proxyCommandFor(plan);
    ASSERT_FALSE(refused);
    EXPECT_EQ(refused.problem().code, ProblemCode::BadInput);
    EXPECT_EQ(refused.problem().message, QStringLiteral("ProxyJump 'bastion;touch /tmp/x' for gpu-01 is not [user@]host[:port]"));
    plan.proxyJump = QStringLiteral("-oProxyCommand=x");
    EXPECT_FALSE(proxyCommandFor(plan));
}

}  // namespace
}  // namespace fleetdeck::ssh
