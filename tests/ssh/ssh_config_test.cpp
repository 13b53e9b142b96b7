// ~/.ssh/config as ssh(1) reads it: first value wins, wildcards, negation, ProxyJump.
#include <gtest/gtest.h>

#include <QDir>

#include "app/ssh/ssh_config.h"
#include "app/ssh/ssh_connect.h"

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
Match host foo
    User nobody
)";

TEST(SshConfig, FirstValueWinsAndWildcardsApply) {
    const SshConfig c = SshConfig::parse(QString::fromUtf8(kConfig));
    const SshHostConfig g1 = c.resolve(QStringLiteral("gpu-01"));
    EXPECT_EQ(g1.hostName, QStringLiteral("gpu-01.colo.example.net"));
    EXPECT_EQ(g1.port, 2201);
    EXPECT_EQ(g1.user, QStringLiteral("ops"));
    EXPECT_EQ(g1.proxyJump, QStringLiteral("bastion"));
    ASSERT_EQ(g1.identityFiles.size(), 2);
    EXPECT_EQ(g1.identityFiles[0], QDir::homePath() + QStringLiteral("/.ssh/colo_ed25519"));

    const SshHostConfig b = c.resolve(QStringLiteral("bastion"));
    EXPECT_EQ(b.port, 2222);
    EXPECT_EQ(b.user, QStringLiteral("jump"));
    EXPECT_TRUE(b.proxyJump.isEmpty());
}

TEST(SshConfig, NegatedPatternsExcludeAHost) {
    const SshConfig c = SshConfig::parse(QString::fromUtf8(kConfig));
    const SshHostConfig g9 = c.resolve(QStringLiteral("gpu-09"));
    EXPECT_TRUE(g9.hostName.isEmpty());
    EXPECT_TRUE(g9.proxyJump.isEmpty());
    EXPECT_EQ(g9.port, 22);
}

TEST(SshConfig, ConcreteHostsLeaveOutPatternsAndMatchBlocksAreNotApplied) {
    const SshConfig c = SshConfig::parse(QString::fromUtf8(kConfig));
    EXPECT_EQ(c.concreteHosts(), (QStringList{QStringLiteral("bastion"), QStringLiteral("gpu-01")}));
    EXPECT_NE(c.resolve(QStringLiteral("foo")).user, QStringLiteral("nobody"));
}

TEST(SshConfig, KeyEqualsValueAndQuotedValues) {
    const SshConfig c = SshConfig::parse(QStringLiteral("Host=a\nHostName=\"10.0.0.5\"\nPort = 2200\n"));
    EXPECT_EQ(c.resolve(QStringLiteral("a")).hostName, QStringLiteral("10.0.0.5"));
    EXPECT_EQ(c.resolve(QStringLiteral("a")).port, 2200);
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
