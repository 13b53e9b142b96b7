// HostSession over the real local transport: the built agent binary, and small scripted agents
// that misbehave on purpose.
#include <gtest/gtest.h>

#include <csignal>

#include "app/host_session.h"
#include "app/local_transport.h"
#include "tests/support/qt_wait.h"
#include "tests/support/temp_dir.h"

#include <sys/stat.h>

using namespace fleetdeck;
using fleetdeck::test::TempDir;
using fleetdeck::test::waitUntil;

namespace {

HostSession::TransportFactory agentFactory(LocalTransport** last = nullptr) {
    return [last] {
        auto t = std::make_unique<LocalTransport>(QStringLiteral(FLEETDECK_AGENT_BIN), QStringList{});
        if (last) *last = t.get();
        return t;
    };
}

// A shell script standing in for an agent; it gets --stdio as its first argument.
QString scriptAgent(const TempDir& dir, const std::string& body) {
    const auto path = dir.write("agent.sh", "#!/bin/sh\n" + body);
    ::chmod(path.c_str(), 0755);
    return QString::fromStdString(path.string());
}

HostSession::Options fastOptions() {
    HostSession::Options o;
    o.backoffInitialMs = 100;
    o.backoffMaxMs = 400;
    o.helloTimeoutMs = 3000;
    return o;
}

}  // namespace

TEST(HostSession, HandshakeThenRequestsAreCorrelated) {
    HostSession session(QStringLiteral("local"), agentFactory(), fastOptions());
    session.start();
    ASSERT_TRUE(waitUntil([&] { return session.state() == HostState::Connected; }));
    EXPECT_EQ(session.hello().protocol, 1);
    EXPECT_TRUE(session.hello().serves("snapshot"));
    EXPECT_FALSE(session.hello().simulated);

    std::optional<Reply> snapshot, ping, unknown;
    session.request(QStringLiteral("snapshot"), Json::object(), [&](const Reply& r) { snapshot = r; });
    session.request(QStringLiteral("ping"), Json{{"echo", "x"}}, [&](const Reply& r) { ping = r; });
    session.request(QStringLiteral("no.such.method"), Json::object(), [&](const Reply& r) { unknown = r; });
    ASSERT_TRUE(waitUntil([&] { return snapshot && ping && unknown; }));
    ASSERT_TRUE(snapshot->ok());
    EXPECT_TRUE(snapshot->result["memory"]["total_bytes"].is_number());
    EXPECT_EQ(ping->result["echo"], "x");
    ASSERT_FALSE(unknown->ok());
    EXPECT_EQ(unknown->error->code, protocol::ErrorCode::MethodNotFound);
}

TEST(HostSession, RequestsBeforeHandshakeWaitForIt) {
    HostSession session(QStringLiteral("local"), agentFactory(), fastOptions());
    std::optional<Reply> facts;
    session.start();
    session.request(QStringLiteral("facts"), Json::object(), [&](const Reply& r) { facts = r; });
    ASSERT_TRUE(waitUntil([&] { return facts.has_value(); }));
    ASSERT_TRUE(facts->ok());
    EXPECT_TRUE(facts->result["hostname"].is_string());
}

TEST(HostSession, SubscribedSamplesArriveDecoded) {
    HostSession session(QStringLiteral("local"), agentFactory(), fastOptions());
    int samples = 0;
    QObject::connect(&session, &HostSession::sampleReceived, [&](const protocol::Sample& sample) {
        if (sample.cpu) ++samples;
    });
    session.start();
    session.request(QStringLiteral("subscribe"), Json{{"interval_ms", 100}}, [](const Reply&) {});
    EXPECT_TRUE(waitUntil([&] { return samples >= 3; }));
}

TEST(HostSession, AgentKilledGoesOfflineWithReasonThenReconnectsByItself) {
    LocalTransport* transport = nullptr;
    HostSession session(QStringLiteral("local"), agentFactory(&transport), fastOptions());
    std::vector<HostState> states;
    QObject::connect(&session, &HostSession::stateChanged, [&](HostState s, const QString&) { states.push_back(s); });
    session.start();
    ASSERT_TRUE(waitUntil([&] { return session.state() == HostState::Connected; }));
    std::optional<Reply> inFlight;
    session.request(QStringLiteral("ping"), Json::object(), [&](const Reply& r) { inFlight = r; });
    ::kill(static_cast<pid_t>(transport->processId()), SIGKILL);
    ASSERT_TRUE(waitUntil([&] { return session.state() == HostState::Offline; }));
    EXPECT_TRUE(session.reason().contains(QStringLiteral("crashed")) || session.reason().contains(QStringLiteral("exited")))
        << session.reason().toStdString();
    EXPECT_TRUE(session.reason().contains(QStringLiteral("retrying"))) << session.reason().toStdString();
    ASSERT_TRUE(waitUntil([&] { return session.state() == HostState::Connected; }));
    // The ping either got its pong before the kill or was failed as unavailable; never lost.
    ASSERT_TRUE(inFlight.has_value());
    if (!inFlight->ok()) {
        EXPECT_EQ(inFlight->error->code, protocol::ErrorCode::Unavailable);
    }
    EXPECT_NE(std::find(states.begin(), states.end(), HostState::Offline), states.end());
}

TEST(HostSession, MissingAgentBinaryIsOfflineWithActionableReason) {
    auto opts = fastOptions();
    opts.reconnect = false;
    HostSession session(QStringLiteral("local"), [] {
        return std::make_unique<LocalTransport>(QStringLiteral("/nonexistent/fleetdeck-agent"), QStringList{});
    }, opts);
    session.start();
    ASSERT_TRUE(waitUntil([&] { return session.state() == HostState::Offline; }));
    EXPECT_TRUE(session.reason().contains(QStringLiteral("FLEETDECK_AGENT"))) << session.reason().toStdString();
}

TEST(HostSession, NewerProtocolIsIncompatibleAndNotRetried) {
    TempDir dir;
    const QString agent = scriptAgent(dir, "read line\necho '{\"id\":1,\"result\":{\"protocol\":99}}'\nsleep 5\n");
    HostSession session(QStringLiteral("future"), [agent] {
        return std::make_unique<LocalTransport>(agent, QStringList{});
    }, fastOptions());
    session.start();
    ASSERT_TRUE(waitUntil([&] { return session.state() == HostState::Incompatible; }));
    EXPECT_TRUE(session.reason().contains(QStringLiteral("protocol 99"))) << session.reason().toStdString();
}

TEST(HostSession, GarbageFromAgentIsSkippedAndValidAnswersStillCount) {
    TempDir dir;
    const QString agent = scriptAgent(dir,
        "read line\n"
        "printf 'not json\\n\\377\\376\\n{\"id\":12345,\"result\":{}}\\n[1,2]\\n'\n"
        "echo '{\"id\":1,\"result\":{\"protocol\":1,\"agent_version\":\"script\",\"capabilities\":[\"hello\"]}}'\n"
        "sleep 5\n");
    HostSession session(QStringLiteral("noisy"), [agent] {
        return std::make_unique<LocalTransport>(agent, QStringList{});
    }, fastOptions());
    QStringList diagnostics;
    QObject::connect(&session, &HostSession::diagnostic, [&](const QString& d) { diagnostics << d; });
    session.start();
    ASSERT_TRUE(waitUntil([&] { return session.state() == HostState::Connected; }));
    EXPECT_EQ(session.hello().agent_version, "script");
    EXPECT_GE(diagnostics.size(), 2);
}

TEST(HostSession, UnansweredRequestTimesOut) {
    TempDir dir;
    const QString agent = scriptAgent(dir,
        "read line\n"
        "echo '{\"id\":1,\"result\":{\"protocol\":1,\"agent_version\":\"mute\"}}'\n"
        "sleep 5\n");
    HostSession session(QStringLiteral("mute"), [agent] {
        return std::make_unique<LocalTransport>(agent, QStringList{});
    }, fastOptions());
    session.start();
    ASSERT_TRUE(waitUntil([&] { return session.state() == HostState::Connected; }));
    std::optional<Reply> reply;
    session.request(QStringLiteral("snapshot"), Json::object(), [&](const Reply& r) { reply = r; }, 300);
    ASSERT_TRUE(waitUntil([&] { return reply.has_value(); }));
    ASSERT_FALSE(reply->ok());
    EXPECT_EQ(reply->error->code, protocol::ErrorCode::Timeout);
}
