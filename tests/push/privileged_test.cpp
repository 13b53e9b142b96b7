// The privileged agent's command line and the sudo wrapper, with the real sudo: passwordless as
// root, and sudo's refusals for a user it will not let in.
#include <gtest/gtest.h>

#include "app/host_session.h"
#include "app/local_transport.h"
#include "app/push/privileged_agent_command.h"
#include "app/push/privileged_transport.h"
#include "app/ssh/remote_command.h"
#include "tests/support/qt_wait.h"
#include "tests/support/temp_dir.h"

using namespace fleetdeck;

namespace {

TEST(PrivilegedAgentCommand, ArgvForEachWayToRoot) {
    PrivilegedAgentCommand c{QStringLiteral("/opt/agent"), SudoMode::Passwordless, {QStringLiteral("--root"), QStringLiteral("/t")}};
    EXPECT_EQ(c.argv(), (QStringList{"sudo", "-n", "--", "/opt/agent", "--stdio", "--announce", "--root", "/t"}));
    c.sudo = SudoMode::Password;
    EXPECT_EQ(c.argv(), (QStringList{"sudo", "-S", "-p", "", "--", "/opt/agent", "--stdio", "--announce", "--root", "/t"}));
    EXPECT_EQ(c.shellCommand(), "'sudo' '-S' '-p' '' '--' '/opt/agent' '--stdio' '--announce' '--root' '/t'");
    c.sudo = SudoMode::None;
    c.agentArguments = {};
    EXPECT_EQ(c.argv(), (QStringList{"/opt/agent", "--stdio", "--announce"}));
    EXPECT_EQ(ssh::shellWord(QStringLiteral("it's $(rm -rf /)")), "'it'\\''s $(rm -rf /)'");
}

struct Outcome {
    bool opened = false;
    std::optional<TransportProblem> closed;
};

// Opens `argv` through the wrapper and waits until it opens or closes.
Outcome openThroughSudo(const QStringList& argv, const QByteArray& password) {
    PrivilegedTransport t(LocalTransport::command(argv), QStringLiteral("gpu-07"), password);
    Outcome o;
    QObject::connect(&t, &Transport::opened, [&] { o.opened = true; });
    QObject::connect(&t, &Transport::closed, [&](const TransportProblem& p) { o.closed = p; });
    t.open();
    test::waitUntil([&] { return o.opened || o.closed.has_value(); }, 20000);
    if (o.opened) t.close();
    return o;
}

QStringList asNobody(const PrivilegedAgentCommand& c) {
    return QStringList{"/usr/bin/setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups"} + c.argv();
}

TEST(PrivilegedTransport, PasswordlessSudoStartsARootAgentThatAnnouncesItself) {
    test::TempDir dir;
    PrivilegedAgentCommand c{QStringLiteral(FLEETDECK_AGENT_BIN), SudoMode::Passwordless,
                             {QStringLiteral("--root"), QString::fromStdString(dir.path().string())}};
    dir.write("proc/sys/kernel/hostname", "sudo-test\n");
    HostSession session(QStringLiteral("local"), [&] {
        return std::make_unique<PrivilegedTransport>(LocalTransport::command(c.argv()), QStringLiteral("local"), QByteArray());
    });
    std::vector<QString> events;
    QObject::connect(&session, &HostSession::eventReceived, [&](const QString& name, const nlohmann::json&) { events.push_back(name); });
    session.start();
    ASSERT_TRUE(test::waitUntil([&] { return session.state() == HostState::Connected; }, 20000)) << session.reason().toStdString();
    EXPECT_TRUE(session.hello().privileged);
    EXPECT_TRUE(session.hello().capabilities.contains(QStringLiteral("tune.apply")));
    test::waitUntil([&] { return !events.empty(); }, 2000);
    EXPECT_EQ(events, std::vector<QString>{QStringLiteral("ready")});
    session.stop();
}

TEST(PrivilegedTransport, SudoWantingAPasswordSaysSo) {
    const Outcome o = openThroughSudo(asNobody({QStringLiteral(FLEETDECK_AGENT_BIN), SudoMode::Passwordless, {}}), {});
    ASSERT_TRUE(o.closed.has_value());
    EXPECT_FALSE(o.opened);
    EXPECT_EQ(o.closed->kind, TransportProblem::Kind::AuthFailed);
    EXPECT_EQ(o.closed->message.toStdString(),
              "sudo needs a password on gpu-07: enter it, or allow fleetdeck-agent in sudoers (NOPASSWD)");
}

TEST(PrivilegedTransport, ARefusedPasswordEndsAtOnce) {
    const Outcome o = openThroughSudo(asNobody({QStringLiteral(FLEETDECK_AGENT_BIN), SudoMode::Password, {}}),
                                      QByteArray("not-the-password"));
    ASSERT_TRUE(o.closed.has_value());
    EXPECT_FALSE(o.opened);
    EXPECT_EQ(o.closed->kind, TransportProblem::Kind::AuthFailed);
    EXPECT_EQ(o.closed->message.toStdString(), "sudo on gpu-07 refused the password");
}

}  // namespace
