// The privileged agent's command line and the sudo wrapper, with the real sudo: passwordless as
// root, and sudo's refusals for a user it will not let in.
#include <gtest/gtest.h>

#include <QElapsedTimer>

#include "app/host_session.h"
#include "app/local_transport.h"
#include "app/push/privileged_agent_command.h"
#include "app/push/privileged_transport.h"
#include "app/ssh/remote_command.h"
#include "tests/support/qt_wait.h"
#include "tests/support/temp_dir.h"

using namespace fleetdeck;

namespace {

// sudo by its absolute path, never through PATH; over SSH the server's shell picks /usr/bin/sudo
// or /bin/sudo, and the packaged agent when it is trustworthy (tests/pushssh/push_sudo_test.cpp
// runs that command against a real sudoers rule).
TEST(PrivilegedAgentCommand, ArgvForEachWayToRoot) {
    PrivilegedAgentCommand c{QStringLiteral("/opt/agent"), SudoMode::Passwordless, {QStringLiteral("--root"), QStringLiteral("/t")}};
    EXPECT_EQ(c.argv(), (QStringList{"/usr/bin/sudo", "-n", "--", "/opt/agent", "--stdio", "--announce", "--root", "/t"}));
    c.sudo = SudoMode::Password;
    EXPECT_EQ(c.argv(), (QStringList{"/usr/bin/sudo", "-S", "-p", "", "--", "/opt/agent", "--stdio", "--announce", "--root", "/t"}));
    const std::string shell = c.shellCommand().toStdString();
    EXPECT_EQ(shell.rfind("\"$(test -x /usr/bin/sudo && echo /usr/bin/sudo || echo /bin/sudo)\" '-S' '-p' '' '--' "
                          "\"$(p=/usr/bin/fleetdeck-agent; ", 0), 0u) << shell;
    EXPECT_NE(shell.find("then printf %s \"$p\"; else printf %s '/opt/agent'; fi)\" '--stdio' '--announce' '--root' '/t'"),
              std::string::npos) << shell;
    EXPECT_EQ(shell.find("'sudo'"), std::string::npos) << shell;
    c.sudo = SudoMode::None;
    c.agentArguments = {};
    EXPECT_EQ(c.argv(), (QStringList{"/opt/agent", "--stdio", "--announce"}));
    EXPECT_EQ(c.shellCommand(), "'/opt/agent' '--stdio' '--announce'");
    EXPECT_EQ(ssh::shellWord(QStringLiteral("it's $(rm -rf /)")), "'it'\\''s $(rm -rf /)'");
    EXPECT_EQ(PrivilegedAgentCommand::sudoersRule(QStringLiteral("alice")),
              "alice ALL=(root) NOPASSWD: /usr/bin/fleetdeck-agent --stdio --announce");
}

// wipe() zeroes the bytes where they lie; moving hands over the same buffer; a clone is its own.
TEST(SecretBytes, WipesInPlaceAndIsNeverSharedImplicitly) {
    SecretBytes secret("hunter2", 7);
    const char* bytes = secret.data();
    SecretBytes moved = std::move(secret);
    EXPECT_EQ(moved.data(), bytes);
    EXPECT_TRUE(secret.empty());
    SecretBytes copy = moved.clone();
    EXPECT_NE(copy.data(), bytes);
    const SecretBytes line = moved.asLine();
    EXPECT_EQ(std::string(line.data(), line.size()), "hunter2\n");
    moved.wipe();
    EXPECT_TRUE(moved.empty());
    EXPECT_EQ(std::string(bytes, 7), std::string(7, '\0'));
    EXPECT_EQ(std::string(copy.data(), copy.size()), "hunter2");

    QByteArray typed("s3cret");
    const char* typedBytes = typed.constData();
    const SecretBytes taken = SecretBytes::takeFrom(typed);
    EXPECT_EQ(std::string(taken.data(), taken.size()), "s3cret");
    EXPECT_EQ(std::string(typedBytes, 6), std::string(6, '\0')) << "the array it came from is wiped too";
}

struct Outcome {
    bool opened = false;
    std::optional<Problem> closed;
};

// Opens `argv` through the wrapper and waits until it opens or closes.
Outcome openThroughSudo(const QStringList& argv, SecretBytes password) {
    PrivilegedTransport t(LocalTransport::command(argv), QStringLiteral("gpu-07"), std::move(password));
    Outcome o;
    QObject::connect(&t, &Transport::opened, [&] { o.opened = true; });
    QObject::connect(&t, &Transport::closed, [&](const Problem& p) { o.closed = p; });
    t.open();
    test::waitUntil([&] { return o.opened || o.closed.has_value(); }, 20000);
    if (o.opened) t.close();
    return o;
}

QStringList asNobody(const PrivilegedAgentCommand& c) {
    return QStringList{"/usr/bin/setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups"} + c.argv();
}

// A first line that is JSON but no ready event ({"event":7}) is the agent breaking the protocol:
// that host is "agent misbehaving", with a sentence, and nothing throws.
TEST(PrivilegedTransport, AReadyLineOfTheWrongShapeMakesThatHostMisbehaving) {
    const QStringList argv{QStringLiteral("/bin/sh"), QStringLiteral("-c"), QStringLiteral("echo '{\"event\":7}'; sleep 10")};
    const Outcome o = openThroughSudo(argv, {});
    ASSERT_TRUE(o.closed.has_value());
    EXPECT_EQ(o.closed->code, ProblemCode::ProtocolViolation);
    HostSession::Options once;
    once.reconnect = false;
    HostSession session(QStringLiteral("gpu-07"), [&] {
        return std::make_unique<PrivilegedTransport>(LocalTransport::command(argv), QStringLiteral("gpu-07"), SecretBytes());
    }, once);
    session.start();
    ASSERT_TRUE(test::waitUntil([&] { return session.state() == HostState::Misbehaving; }, 20000))
        << toString(session.state()).toStdString() << ": " << session.reason().toStdString();
    EXPECT_NE(session.reason().indexOf(QStringLiteral("the privileged agent on gpu-07 did not announce itself")), -1)
        << session.reason().toStdString();
}

TEST(PrivilegedTransport, PasswordlessSudoStartsARootAgentThatAnnouncesItself) {
    test::TempDir dir;
    PrivilegedAgentCommand c{QStringLiteral(FLEETDECK_AGENT_BIN), SudoMode::Passwordless,
                             {QStringLiteral("--root"), QString::fromStdString(dir.path().string())}};
    dir.write("proc/sys/kernel/hostname", "sudo-test\n");
    HostSession session(QStringLiteral("local"), [&] {
        return std::make_unique<PrivilegedTransport>(LocalTransport::command(c.argv()), QStringLiteral("local"), SecretBytes());
    });
    std::vector<QString> events;
    QObject::connect(&session, &HostSession::eventReceived, [&](const QString& name, const nlohmann::json&) { events.push_back(name); });
    QObject::connect(&session, &HostSession::readyEventReceived, [&](const protocol::ReadyEvent&) { events.push_back(QStringLiteral("ready")); });
    session.start();
    ASSERT_TRUE(test::waitUntil([&] { return session.state() == HostState::Connected; }, 20000)) << session.reason().toStdString();
    EXPECT_TRUE(session.hello().privileged);
    EXPECT_TRUE(session.hello().serves("tune.apply"));
    test::waitUntil([&] { return !events.empty(); }, 2000);
    EXPECT_EQ(events, std::vector<QString>{QStringLiteral("ready")});
    session.stop();
}

TEST(PrivilegedTransport, SudoWantingAPasswordSaysSo) {
    const Outcome o = openThroughSudo(asNobody({QStringLiteral(FLEETDECK_AGENT_BIN), SudoMode::Passwordless, {}}), SecretBytes());
    ASSERT_TRUE(o.closed.has_value());
    EXPECT_FALSE(o.opened);
    EXPECT_EQ(o.closed->code, ProblemCode::AuthFailed);
    EXPECT_EQ(o.closed->message.toStdString(),
              "sudo needs a password on gpu-07: enter it, or install the fleetdeck-agent package there and add the "
              "sudoers rule \"LOGIN ALL=(root) NOPASSWD: /usr/bin/fleetdeck-agent --stdio --announce\" (LOGIN: your login there)");
}

TEST(PrivilegedTransport, ARefusedPasswordEndsAtOnce) {
    const Outcome o = openThroughSudo(asNobody({QStringLiteral(FLEETDECK_AGENT_BIN), SudoMode::Password, {}}),
                                      SecretBytes("not-the-password", 16));
    ASSERT_TRUE(o.closed.has_value());
    EXPECT_FALSE(o.opened);
    EXPECT_EQ(o.closed->code, ProblemCode::AuthFailed);
    EXPECT_EQ(o.closed->message.toStdString(), "sudo on gpu-07 refused the password");
}

// Sets FLEETDECK_PUSH_START_TIMEOUT_MS for one test.
struct StartTimeout {
    explicit StartTimeout(int ms) { qputenv("FLEETDECK_PUSH_START_TIMEOUT_MS", QByteArray::number(ms)); }
    ~StartTimeout() { qunsetenv("FLEETDECK_PUSH_START_TIMEOUT_MS"); }
};

// A start that keeps showing signs of life (here: lines on stderr, as a chatty login shell or
// sudo's lecture) takes longer in all than the start timeout and still opens: the timeout
// counts from the last sign of life, not from the start (issue #26).
TEST(PrivilegedTransport, AStartThatKeepsShowingSignsOfLifeIsGivenTime) {
    const StartTimeout timeout(1500);
    test::TempDir dir;
    const QString agent = ssh::shellWord(QStringLiteral(FLEETDECK_AGENT_BIN));
    const QString script = QStringLiteral("for i in 1 2 3 4 5 6 7; do echo 'still starting' >&2; sleep 0.4; done; exec %1 "
                                          "--stdio --announce --root %2")
                               .arg(agent, ssh::shellWord(QString::fromStdString(dir.path().string())));
    QElapsedTimer clock;
    clock.start();
    const Outcome o = openThroughSudo({QStringLiteral("/bin/sh"), QStringLiteral("-c"), script}, {});
    EXPECT_TRUE(o.opened) << (o.closed ? o.closed->message.toStdString() : std::string("neither opened nor closed"));
    EXPECT_GT(clock.elapsed(), 2500) << "the start was not slower than its timeout, so this proves nothing";
}

// A silent start fails after the timeout with what it waited for; on a root login that is never
// sudo. While it waits it says so, with the seconds.
TEST(PrivilegedTransport, AStalledStartNamesWhatItWaitedFor) {
    const StartTimeout timeout(3500);
    for (const bool throughSudo : {false, true}) {
        PrivilegedTransport t(LocalTransport::command({QStringLiteral("/bin/sh"), QStringLiteral("-c"), QStringLiteral("sleep 20")}),
                              QStringLiteral("gpu-07"), {});
        t.setThroughSudo(throughSudo);
        std::vector<QString> waiting;
        std::optional<Problem> closed;
        QObject::connect(&t, &Transport::waiting, [&](const QString& w) { waiting.push_back(w); });
        QObject::connect(&t, &Transport::closed, [&](const Problem& p) { closed = p; });
        t.open();
        ASSERT_TRUE(test::waitUntil([&] { return closed.has_value(); }, 20000));
        const std::string message = closed->message.toStdString();
        ASSERT_FALSE(waiting.empty());
        if (throughSudo) {
            EXPECT_EQ(waiting.front().toStdString(), "waiting for sudo on gpu-07 (2 s)");
            EXPECT_NE(message.find("sudo on gpu-07 did not start the agent within 3 s"), std::string::npos) << message;
        } else {
            EXPECT_EQ(waiting.front().toStdString(), "waiting for the agent on gpu-07 to announce itself (2 s)");
            EXPECT_NE(message.find("the agent on gpu-07 started but did not announce itself within 3 s"), std::string::npos) << message;
            EXPECT_EQ(message.find("sudo"), std::string::npos) << message;
        }
    }
}

// Once sudo has the password, the bytes the caller handed over are zero where they lie, not only
// in a private copy of them. Root's sudo -S asks for nothing, so the line reaches the real agent,
// which answers it with a parse error and goes on.
TEST(PrivilegedTransport, ThePasswordIsWipedInPlaceOnceSent) {
    test::TempDir dir;
    const PrivilegedAgentCommand c{QStringLiteral(FLEETDECK_AGENT_BIN), SudoMode::Password,
                                   {QStringLiteral("--root"), QString::fromStdString(dir.path().string())}};
    SecretBytes password("hunter2-sudo", 12);
    const char* bytes = password.data();
    const std::string zeros(password.size(), '\0');
    PrivilegedTransport t(LocalTransport::command(c.argv()), QStringLiteral("gpu-07"), std::move(password));
    Outcome o;
    QObject::connect(&t, &Transport::opened, [&] { o.opened = true; });
    QObject::connect(&t, &Transport::closed, [&](const Problem& p) { o.closed = p; });
    t.open();
    ASSERT_TRUE(test::waitUntil([&] { return o.opened || o.closed.has_value(); }, 20000));
    ASSERT_TRUE(o.opened) << o.closed->message.toStdString();
    EXPECT_EQ(std::string(bytes, zeros.size()), zeros) << "the password is still in memory";
    t.close();
}

}  // namespace
