#include <gtest/gtest.h>

#include "app/host_spec.h"

using namespace fleetdeck;

TEST(HostTarget, ParsesLocalAndSshForms) {
    QString error;
    auto local = parseHostTarget(QStringLiteral("local"), &error);
    ASSERT_TRUE(local);
    EXPECT_EQ(local->kind, HostSpec::Kind::Local);

    auto full = parseHostTarget(QStringLiteral("ops@gpu-07.dc1:2222"), &error);
    ASSERT_TRUE(full);
    EXPECT_EQ(full->kind, HostSpec::Kind::Ssh);
    EXPECT_EQ(full->user, QStringLiteral("ops"));
    EXPECT_EQ(full->address, QStringLiteral("gpu-07.dc1"));
    EXPECT_EQ(full->port, 2222);

    auto bare = parseHostTarget(QStringLiteral("10.0.0.5"), &error);
    ASSERT_TRUE(bare);
    EXPECT_EQ(bare->port, 0);
    EXPECT_TRUE(bare->user.isEmpty());

    auto v6 = parseHostTarget(QStringLiteral("root@[::1]:22"), &error);
    ASSERT_TRUE(v6);
    EXPECT_EQ(v6->address, QStringLiteral("::1"));
    EXPECT_EQ(v6->port, 22);
}

TEST(HostTarget, RejectsBadInputWithReason) {
    QString error;
    EXPECT_FALSE(parseHostTarget(QStringLiteral("host:99999"), &error));
    EXPECT_TRUE(error.contains(QStringLiteral("out of range"))) << error.toStdString();
    EXPECT_FALSE(parseHostTarget(QStringLiteral("a b"), &error));
    EXPECT_TRUE(error.contains(QStringLiteral("USER@HOST"))) << error.toStdString();
    EXPECT_FALSE(parseHostTarget(QStringLiteral("host;rm -rf /"), &error));
    EXPECT_FALSE(parseHostTarget(QString(), &error));
}
