// Which gate a connect goes through, and how many go through one at once (app/ssh/connect_gates.h).
#include <gtest/gtest.h>

#include "app/ssh/connect_gates.h"
#include "app/ssh/ssh_connect.h"

namespace fleetdeck::ssh {
namespace {

ConnectPlan planTo(const QString& host, int port) {
    ConnectPlan plan;
    plan.host = host;
    plan.port = port;
    return plan;
}

TEST(ConnectGates, AJumpIsItsFirstHopAndADirectConnectHasNone) {
    ConnectPlan direct = planTo(QStringLiteral("10.0.0.22"), 22);
    EXPECT_TRUE(ConnectGates::gatewayOf(direct).isEmpty());
    ConnectPlan jumped = direct;
    jumped.proxyJump = QStringLiteral("Ops@Bastion:2222,inner");
    EXPECT_EQ(ConnectGates::gatewayOf(jumped), QStringLiteral("jump ops@bastion:2222"));
    ConnectPlan other = planTo(QStringLiteral("10.0.0.23"), 22);
    other.proxyJump = QStringLiteral("ops@bastion:2222");
    EXPECT_EQ(ConnectGates::gatewayOf(other), ConnectGates::gatewayOf(jumped)) << "two hosts behind one bastion share its gate";
}

TEST(ConnectGates, EveryHostOneProxyCommandReachesSharesItsGate) {
    ConnectPlan a = planTo(QStringLiteral("10.0.0.22"), 22);
    a.proxyCommand = QStringLiteral("ssh -W 10.0.0.22:22 bastion22");
    ConnectPlan b = planTo(QStringLiteral("gpu-07"), 22);
    b.proxyCommand = QStringLiteral("ssh -W gpu-07:22 bastion22");
    EXPECT_EQ(ConnectGates::gatewayOf(a), QStringLiteral("command ssh -W %h:%p bastion22"));
    EXPECT_EQ(ConnectGates::gatewayOf(b), ConnectGates::gatewayOf(a));
    ConnectPlan c = planTo(QStringLiteral("gpu-08"), 22);
    c.proxyCommand = QStringLiteral("ssh -W gpu-08:22 other-bastion");
    EXPECT_NE(ConnectGates::gatewayOf(c), ConnectGates::gatewayOf(a));
}

TEST(ConnectGates, AFullGateTurnsTheNextConnectAwayUntilASlotIsGiven) {
    ConnectGates gates(3);
    const QString bastion = QStringLiteral("jump bastion");
    std::vector<ConnectGates::Slot> held;
    for (int i = 0; i < 3; ++i) {
        auto slot = gates.tryEnter(bastion);
        ASSERT_TRUE(slot);
        held.push_back(std::move(*slot));
    }
    EXPECT_EQ(gates.inFlight(bastion), 3);
    EXPECT_FALSE(gates.tryEnter(bastion)) << "the fourth waits";
    EXPECT_TRUE(gates.tryEnter(QStringLiteral("jump other"))) << "another bastion has its own gate";
    for (int i = 0; i < 10; ++i) EXPECT_TRUE(gates.tryEnter(QString())) << "direct connects pass";
    held.pop_back();
    EXPECT_EQ(gates.inFlight(bastion), 2);
    EXPECT_TRUE(gates.tryEnter(bastion));
    held.clear();
    EXPECT_EQ(gates.inFlight(bastion), 0);
}

}  // namespace
}  // namespace fleetdeck::ssh
