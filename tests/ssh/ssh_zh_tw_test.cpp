// FleetDeck's own SSH sentences in Traditional Chinese: the problem's message stays the English
// that logs, `--json` and the history store keep; shownMessage() is what a person reads.
#include "app/ssh/ssh_connect.h"
#include "app/ssh/ssh_transport.h"
#include "tests/ssh/ssh_fixture.h"
#include "tests/support/chinese_catalogues.h"
#include "tests/support/qt_wait.h"

namespace fleetdeck::test {
namespace {

ssh::ConnectPlan badJumpPlan() {
    ssh::ConnectPlan plan;
    plan.label = QStringLiteral("gpu-01");
    plan.host = QStringLiteral("10.0.0.1");
    plan.knownHostsFile = QStringLiteral("/home/u/.ssh/known_hosts");
    plan.configFile = QStringLiteral("/home/u/.ssh/config");
    plan.proxyJump = QStringLiteral("bastion;touch /tmp/x");
    return plan;
}

const QString kBadJump = QStringLiteral("ProxyJump 'bastion;touch /tmp/x' for gpu-01 is not [user@]host[:port]");

TEST(SshInChinese, ABadProxyJumpKeepsTheEnglishMessageAndShowsChinese) {
    {
        ChineseCatalogues chinese;
        ASSERT_TRUE(chinese.loaded());
        const Result<QString> refused = ssh::proxyCommandFor(badJumpPlan());
        ASSERT_FALSE(refused);
        EXPECT_EQ(refused.problem().message, kBadJump);
        const QString shown = refused.problem().shownMessage();
        EXPECT_TRUE(hasIdeograph(shown)) << shown.toStdString();
        EXPECT_FALSE(shown.contains(QStringLiteral(" is not "))) << shown.toStdString();
        // The hop and the host are the user's words: the same in both.
        EXPECT_TRUE(shown.contains(QStringLiteral("bastion;touch /tmp/x"))) << shown.toStdString();
        EXPECT_TRUE(shown.contains(QStringLiteral("gpu-01"))) << shown.toStdString();
        EXPECT_TRUE(shown.contains(QStringLiteral("ProxyJump"))) << shown.toStdString();
    }
    const Result<QString> refused = ssh::proxyCommandFor(badJumpPlan());
    ASSERT_FALSE(refused);
    EXPECT_EQ(refused.problem().message, kBadJump);
    EXPECT_EQ(refused.problem().shownMessage(), kBadJump);
}

// A link that drops once the agent runs: the transport's own sentence, never translated into
// the message.
TEST_F(SshTest, ALostConnectionKeepsTheEnglishMessageAndShowsChinese) {
    ChineseCatalogues chinese;
    ASSERT_TRUE(chinese.loaded());
    ssh::SshTransport transport(specFor(*sshd_));
    bool opened = false;
    std::optional<Problem> closed;
    QObject::connect(&transport, &Transport::opened, &transport, [&] { opened = true; });
    QObject::connect(&transport, &Transport::closed, &transport, [&](const Problem& problem) { closed = problem; });
    transport.open();
    ASSERT_TRUE(waitUntil([&] { return opened || closed; }, 30000));
    ASSERT_TRUE(opened) << closed->message.toStdString();
    sshd_->kill();
    ASSERT_TRUE(waitUntil([&] { return closed.has_value(); }, 30000));
    ASSERT_EQ(closed->code, ProblemCode::Unavailable)
        << closed->message.toStdString();
    EXPECT_TRUE(closed->message.startsWith(QStringLiteral("connection to gpu-test lost")) ||
                closed->message.startsWith(QStringLiteral("the agent on gpu-test ")))
        << closed->message.toStdString();
    EXPECT_FALSE(hasIdeograph(closed->message)) << closed->message.toStdString();
    const QString shown = closed->shownMessage();
    EXPECT_TRUE(hasIdeograph(shown)) << shown.toStdString();
    EXPECT_TRUE(shown.contains(QStringLiteral("gpu-test"))) << shown.toStdString();
    EXPECT_FALSE(shown.startsWith(QStringLiteral("connection to"))) << shown.toStdString();
}

// A changed host key: the long refusal, English in the message, Chinese shown, the fingerprints in both.
TEST_F(SshTest, AChangedHostKeyIsRefusedInEnglishAndShownInChinese) {
    sshd_->kill();
    sshd_->regenerateHostKey();
    ASSERT_TRUE(sshd_->start());
    ChineseCatalogues chinese;
    ASSERT_TRUE(chinese.loaded());
    ssh::ConnectPlan plan = ssh::planConnection(specFor(*sshd_));
    const ssh::LoginOutcome outcome = ssh::connectAndLogIn(plan);
    ASSERT_FALSE(outcome);
    const Problem* problem = &outcome.problem();
    EXPECT_EQ(problem->code, ProblemCode::HostKeyChanged);
    EXPECT_TRUE(problem->message.startsWith(QStringLiteral("the host key of [127.0.0.1]:"))) << problem->message.toStdString();
    EXPECT_TRUE(problem->message.contains(QStringLiteral("has CHANGED"))) << problem->message.toStdString();
    const QString fingerprint = QString::fromStdString(sshd_->hostKeyFingerprint());
    EXPECT_TRUE(problem->message.contains(fingerprint));
    const QString shown = problem->shownMessage();
    EXPECT_TRUE(hasIdeograph(shown)) << shown.toStdString();
    EXPECT_FALSE(shown.contains(QStringLiteral("has CHANGED"))) << shown.toStdString();
    EXPECT_TRUE(shown.contains(fingerprint)) << shown.toStdString();
    EXPECT_TRUE(shown.contains(QStringLiteral("ssh-keygen -R"))) << shown.toStdString();
}

}  // namespace
}  // namespace fleetdeck::test
