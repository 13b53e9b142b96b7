// HostSession's handshake, request correlation, timeouts and protocol slips over the in-memory
// transport (tests/support/memory_transport.h): agents scripted here, or one that answers as the
// agent does, with a recorded server's snapshot and facts (tests/support/memory_agent.h). One
// test runs the built agent over the real local transport end to end (killed, it goes offline and
// comes back), and one checks what the local transport says when there is no agent binary.
#include <gtest/gtest.h>

#include <csignal>

#include <QCoreApplication>
#include <QElapsedTimer>

#include "agent/protocol/message.h"
#include "app/host_session.h"
#include "app/local_transport.h"
#include "tests/support/memory_agent.h"
#include "tests/support/memory_transport.h"
#include "tests/support/qt_wait.h"

using namespace fleetdeck;
using fleetdeck::test::MemoryAgent;
using fleetdeck::test::MemoryTransport;
using fleetdeck::test::waitUntil;

namespace {

const std::string kRecordedServer = "intel-2s-xeon-gold-6426y";

HostSession::TransportFactory agentFactory(LocalTransport** last = nullptr) {
    return [last] {
        auto t = std::make_unique<LocalTransport>(QStringLiteral(FLEETDECK_AGENT_BIN), QStringList{});
        if (last) *last = t.get();
        return t;
    };
}

// An agent scripted by `handler`, a new connection each time the session opens one; `connections`
// counts them.
HostSession::TransportFactory scriptedAgent(MemoryTransport::Handler handler, int* connections = nullptr,
                                            MemoryTransport** last = nullptr) {
    return [handler = std::move(handler), connections, last] {
        auto t = std::make_unique<MemoryTransport>(handler);
        if (connections) ++*connections;
        if (last) *last = t.get();
        return t;
    };
}

std::string helloLine(const protocol::Request& r, const Json& result) { return protocol::encode_result(r.id, result); }

HostSession::Options fastOptions() {
    HostSession::Options o;
    o.backoffInitialMs = 100;
    o.backoffMaxMs = 400;
    o.helloTimeoutMs = 3000;
    return o;
}

}  // namespace

TEST(HostSession, HandshakeThenRequestsAreCorrelated) {
    MemoryAgent agent(test::recordedMachine(kRecordedServer));
    // The snapshot's answer comes last, after those to the two requests sent after it: each answer
    // must still reach its own request.
    agent.onConnect([](MemoryTransport& t) { t.delayAnswers("snapshot", 20); });
    HostSession session(QStringLiteral("local"), agent.factory(), fastOptions());
    session.start();
    ASSERT_TRUE(waitUntil([&] { return session.state() == HostState::Connected; }));
    EXPECT_EQ(session.hello().protocol, 1);
    EXPECT_TRUE(session.hello().serves("snapshot"));
    EXPECT_FALSE(session.hello().simulated);

    std::optional<Reply> snapshot, ping, unknown;
    std::vector<std::string> answered;
    const auto keep = [&answered](std::optional<Reply>& into, const char* what) {
        return [&into, &answered, what](const Reply& r) {
            into = r;
            answered.push_back(what);
        };
    };
    session.request(QStringLiteral("snapshot"), Json::object(), keep(snapshot, "snapshot"));
    session.request(QStringLiteral("ping"), Json{{"echo", "x"}}, keep(ping, "ping"));
    session.request(QStringLiteral("no.such.method"), Json::object(), keep(unknown, "unknown"));
    ASSERT_TRUE(waitUntil([&] { return snapshot && ping && unknown; }));
    EXPECT_EQ(answered, (std::vector<std::string>{"ping", "unknown", "snapshot"}));
    ASSERT_TRUE(snapshot->ok());
    EXPECT_TRUE(snapshot->result["memory"]["total_bytes"].is_number());
    EXPECT_EQ(ping->result["echo"], "x");
    ASSERT_FALSE(unknown->ok());
    EXPECT_EQ(unknown->error->code, protocol::ErrorCode::MethodNotFound);
}

TEST(HostSession, RequestsBeforeHandshakeWaitForIt) {
    MemoryAgent agent(test::recordedMachine(kRecordedServer));
    HostSession session(QStringLiteral("local"), agent.factory(), fastOptions());
    std::optional<Reply> facts;
    session.start();
    session.request(QStringLiteral("facts"), Json::object(), [&](const Reply& r) { facts = r; });
    ASSERT_TRUE(waitUntil([&] { return facts.has_value(); }));
    ASSERT_TRUE(facts->ok());
    EXPECT_TRUE(facts->result["hostname"].is_string());
    ASSERT_NE(agent.last(), nullptr);
    EXPECT_EQ(agent.last()->methods(), (std::vector<std::string>{"hello", "facts"}));
}

TEST(HostSession, TypedRequestsDeliverTheDecodedAnswerOrTheProblem) {
    MemoryAgent agent(test::recordedMachine(kRecordedServer));
    HostSession session(QStringLiteral("local"), agent.factory(), fastOptions());
    std::optional<Result<protocol::Facts>> facts;
    std::optional<Result<protocol::ProbeResult>> unknown;
    session.start();
    session.request<protocol::Facts>(QStringLiteral("facts"), Json::object(), [&](const Result<protocol::Facts>& r) { facts = r; });
    session.request<protocol::ProbeResult>(QStringLiteral("no.such.method"), Json::object(),
                                           [&](const Result<protocol::ProbeResult>& r) { unknown = r; });
    ASSERT_TRUE(waitUntil([&] { return facts.has_value() && unknown.has_value(); }));
    ASSERT_TRUE(facts->ok());
    EXPECT_TRUE((*facts)->host.hostname.has_value());
    EXPECT_FALSE((*facts)->cpu.model.value_or("").empty());
    ASSERT_FALSE(unknown->ok());
    EXPECT_EQ(unknown->problem().code, ProblemCode::MethodNotFound);
    EXPECT_EQ(unknown->problem().action(), ProblemAction::HideFeature);
    EXPECT_EQ(session.state(), HostState::Connected);
}

TEST(HostSession, SubscribedSamplesArriveDecoded) {
    MemoryAgent agent(test::recordedMachine(kRecordedServer));
    HostSession session(QStringLiteral("local"), agent.factory(), fastOptions());
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
    int connections = 0;
    HostSession session(QStringLiteral("future"), scriptedAgent([](const protocol::Request& r) -> std::optional<std::string> {
        if (r.method == "hello") return helloLine(r, {{"protocol", 99}});
        return std::nullopt;
    }, &connections), fastOptions());
    session.start();
    ASSERT_TRUE(waitUntil([&] { return session.state() == HostState::Incompatible; }));
    EXPECT_TRUE(session.reason().contains(QStringLiteral("protocol 99"))) << session.reason().toStdString();
    // Three times the longest first backoff (100 ms): a retry would have connected again by now.
    waitUntil([] { return false; }, 300);
    EXPECT_EQ(connections, 1);
    EXPECT_EQ(session.state(), HostState::Incompatible);
}

TEST(HostSession, GarbageFromAgentIsSkippedAndValidAnswersStillCount) {
    // Four lines that are not answers, then the hello answer, written together.
    HostSession session(QStringLiteral("noisy"), scriptedAgent([](const protocol::Request& r) -> std::optional<std::string> {
        if (r.method != "hello") return std::nullopt;
        return "not json\n\377\376\n{\"id\":12345,\"result\":{}}\n[1,2]\n" +
               helloLine(r, {{"protocol", 1}, {"agent_version", "script"}, {"capabilities", {"hello"}}});
    }), fastOptions());
    QStringList diagnostics;
    QObject::connect(&session, &HostSession::diagnostic, [&](const QString& d) { diagnostics << d; });
    session.start();
    ASSERT_TRUE(waitUntil([&] { return session.state() == HostState::Connected; }));
    EXPECT_EQ(session.hello().agent_version, "script");
    EXPECT_GE(diagnostics.size(), 2);
}

TEST(HostSession, UnansweredRequestTimesOut) {
    MemoryTransport* transport = nullptr;
    HostSession session(QStringLiteral("mute"), scriptedAgent([](const protocol::Request& r) -> std::optional<std::string> {
        if (r.method == "hello") return helloLine(r, {{"protocol", 1}, {"agent_version", "mute"}});
        return std::nullopt;
    }, nullptr, &transport), fastOptions());
    session.start();
    ASSERT_TRUE(waitUntil([&] { return session.state() == HostState::Connected; }));
    std::optional<Reply> reply;
    session.request(QStringLiteral("snapshot"), Json::object(), [&](const Reply& r) { reply = r; }, 300);
    ASSERT_TRUE(waitUntil([&] { return reply.has_value(); }));
    ASSERT_FALSE(reply->ok());
    EXPECT_EQ(reply->error->code, protocol::ErrorCode::Timeout);
    EXPECT_EQ(transport->methods(), (std::vector<std::string>{"hello", "snapshot"}));  // sent, and not answered
}

// Silence without a subscription is normal: the session pings, and calls the host stale only
// when the ping goes unanswered too; the next line from the agent makes it connected again.
TEST(HostSession, ASilentAgentThatIgnoresPingsTurnsStaleThenRecovers) {
    MemoryAgent agent(test::recordedMachine(kRecordedServer));
    bool answerPings = true;
    agent.answer("ping", [&](const protocol::Request& r, MemoryTransport&) -> std::optional<std::string> {
        if (!answerPings) return std::nullopt;
        return protocol::encode_result(r.id, Json{{"pong", true}});
    });
    HostSession::Options o = fastOptions();
    o.staleAfterMs = 200;
    HostSession session(QStringLiteral("quiet"), agent.factory(), o);
    session.start();
    ASSERT_TRUE(waitUntil([&] { return session.state() == HostState::Connected; }));
    // Answered pings keep it connected through several silent periods.
    QElapsedTimer quiet;
    quiet.start();
    while (quiet.elapsed() < 700) {
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
        ASSERT_EQ(session.state(), HostState::Connected) << session.reason().toStdString();
    }
    answerPings = false;
    ASSERT_TRUE(waitUntil([&] { return session.state() == HostState::Stale; }, 3000));
    EXPECT_NE(session.reason().toStdString().find("no answer from the agent"), std::string::npos) << session.reason().toStdString();
    ASSERT_NE(agent.last(), nullptr);
    agent.last()->pushLine(protocol::encode(protocol::Event{"sample", Json{{"time_ms", 1}}}));
    EXPECT_TRUE(waitUntil([&] { return session.state() == HostState::Connected; }, 3000)) << session.reason().toStdString();
    session.stop();
}
