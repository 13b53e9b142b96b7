#include <gtest/gtest.h>

#include "app/host_spec.h"

using namespace fleetdeck;

namespace {

// Why `text` is not a host, or "(parsed)".
std::string refusal(const char* text) {
    const auto spec = parseHostTarget(QString::fromUtf8(text));
    if (spec) return "(parsed)";
    EXPECT_EQ(spec.problem().code, ProblemCode::BadInput);
    return spec.problem().message.toStdString();
}

}  // namespace

TEST(HostTarget, ParsesLocalAndSshForms) {
    auto local = parseHostTarget(QStringLiteral("local"));
    ASSERT_TRUE(local);
    EXPECT_EQ(local->kind, HostSpec::Kind::Local);

    auto full = parseHostTarget(QStringLiteral("ops@gpu-07.dc1:2222"));
    ASSERT_TRUE(full);
    EXPECT_EQ(full->kind, HostSpec::Kind::Ssh);
    EXPECT_EQ(full->user, QStringLiteral("ops"));
    EXPECT_EQ(full->address, QStringLiteral("gpu-07.dc1"));
    EXPECT_EQ(full->port, 2222);

    auto bare = parseHostTarget(QStringLiteral("10.0.0.5"));
    ASSERT_TRUE(bare);
    EXPECT_EQ(bare->port, 0);
    EXPECT_TRUE(bare->user.isEmpty());

    auto v6 = parseHostTarget(QStringLiteral("root@[::1]:22"));
    ASSERT_TRUE(v6);
    EXPECT_EQ(v6->address, QStringLiteral("::1"));
    EXPECT_EQ(v6->port, 22);
}

TEST(HostTarget, RejectsBadInputWithReason) {
    EXPECT_NE(refusal("host:99999").find("out of range"), std::string::npos);
    EXPECT_NE(refusal("a b").find("USER@HOST"), std::string::npos);
    EXPECT_NE(refusal("host;rm -rf /"), "(parsed)");
    EXPECT_NE(refusal(""), "(parsed)");
}

TEST(HostTarget, SimulatedHostsAndSystemTrees) {
    const auto sim = parseHostTarget(QStringLiteral("sim:hgx-h100-8+bad-fan:7"));
    ASSERT_TRUE(sim) << sim.problem().message.toStdString();
    EXPECT_EQ(sim->kind, HostSpec::Kind::Simulated);
    EXPECT_EQ(sim->simulateProfile, QStringLiteral("hgx-h100-8+bad-fan:7"));
    EXPECT_EQ(sim->name, QStringLiteral("sim:hgx-h100-8+bad-fan:7"));
    EXPECT_NE(refusal("sim:").find("sim:PROFILE"), std::string::npos);
    EXPECT_NE(refusal("sim:l40s-4;reboot"), "(parsed)");
    // Variants with a value, as the agent takes them.
    for (const char* text : {"sim:hgx-h100-8+bios=2.1a+dimm-missing:3", "sim:hgx-h100-8+xid=79", "sim:l40s-4+bad-link=sim-l40s-4-s2"}) {
        const auto valued = parseHostTarget(QString::fromLatin1(text));
        ASSERT_TRUE(valued) << text << ": " << valued.problem().message.toStdString();
        EXPECT_EQ(valued->simulateProfile, QString::fromLatin1(text + 4));
    }
    EXPECT_NE(refusal("sim:hgx-h100-8+bios=2.1 reboot"), "(parsed)");
    EXPECT_NE(refusal("sim:hgx-h100-8+bios=$(reboot)"), "(parsed)");
    EXPECT_NE(refusal("sim:hgx-h100-8+=2.1"), "(parsed)");

    const auto tree = parseHostTarget(QStringLiteral("root:/tmp/"));
    ASSERT_TRUE(tree) << tree.problem().message.toStdString();
    EXPECT_EQ(tree->kind, HostSpec::Kind::Local);
    EXPECT_EQ(tree->rootDir, QStringLiteral("/tmp"));
    EXPECT_EQ(localAgentArguments(*tree), (QStringList{QStringLiteral("--root"), QStringLiteral("/tmp")}));
    EXPECT_TRUE(localAgentArguments(*parseHostTarget(QStringLiteral("local"))).isEmpty());
    EXPECT_NE(refusal("root:relative/dir").find("absolute path"), std::string::npos);
    EXPECT_NE(refusal("root:/no/such/tree"), "(parsed)");
}
