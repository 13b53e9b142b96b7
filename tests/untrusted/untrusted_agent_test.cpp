// The app against agents that misbehave (misbehaving_agent.cpp), over the real local transport:
// each mode ends with that host in the `agent misbehaving` state with a sentence naming what it
// did, the app's memory stays bounded, and well-behaved hosts beside it carry on. What the session
// does next (its pending requests, its backoff) is checked on the same lines from an agent in
// memory (tests/support/memory_transport.h).
#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include "agent/protocol/message.h"
#include "app/host_session.h"
#include "app/local_transport.h"
#include "tests/support/memory_transport.h"
#include "tests/support/process_memory.h"
#include "tests/support/qt_wait.h"
#include "tests/support/sanitizers.h"
#include "tests/untrusted/misbehaving.h"

using namespace fleetdeck;
using fleetdeck::test::misbehaving;
using fleetdeck::test::waitUntil;

namespace {

HostSession::Options options() {
    HostSession::Options o;
    o.backoffInitialMs = 200;
    o.backoffMaxMs = 2000;
    o.helloTimeoutMs = 5000;
    return o;
}

HostSession::TransportFactory realAgent() {
    return [] {
        return std::make_unique<LocalTransport>(
            QStringLiteral(FLEETDECK_AGENT_BIN),
            QStringList{QStringLiteral("--root"), QStringLiteral(FLEETDECK_SOURCE_DIR "/tests/fixtures/intel-2s-xeon-gold-6426y/root")});
    };
}

// The misbehaving agent in memory: its handshake, then `badLine` right after the hello answer, as
// misbehaving_agent.cpp writes it; facts and everything else answered as it answers them.
HostSession::TransportFactory misbehavingInMemory(const std::string& badLine) {
    return [badLine] {
        auto transport = std::make_unique<test::MemoryTransport>();
        test::MemoryTransport* connection = transport.get();
        connection->setHandler([connection, badLine](const protocol::Request& r) -> std::optional<std::string> {
            if (r.method == "hello") {
                connection->pushLine(badLine);
                return protocol::encode_result(
                    r.id, {{"protocol", protocol::kProtocolVersion}, {"agent", "fleetdeck-agent"}, {"agent_version", "0.1.0"},
                           {"capabilities", {"hello", "ping", "facts", "subscribe"}}, {"host", {{"hostname", "misbehaving-01"}}},
                           {"simulated", false}, {"privileged", false}});
            }
            if (r.method == "facts") return protocol::encode_result(r.id, {{"hostname", "misbehaving-01"}});
            return protocol::encode_result(r.id, Json::object());
        });
        return transport;
    };
}

// misbehaving_agent's many-gpus (100000 GPUs in a line under the frame limit) and wrong-types
// samples. The first is spelled out as that agent writes it rather than built as 100000 JSON
// values in this unoptimised test code.
std::string manyGpusSample() {
    std::string gpus = "[{}";
    for (int i = 1; i < 100000; ++i) gpus += ",{}";
    return R"({"event":"sample","data":{"time_ms":1,"gpus":)" + gpus + "]}}";
}
std::string wrongTypesSample() {
    return protocol::encode(protocol::Event{"sample", {{"time_ms", "yesterday"}, {"gpus", "eight"}}});
}

struct Case {
    std::string mode;
    std::string reason;  // part of the sentence the host must show
};

// Names the case in test listings (ctest shows the parameter).
void PrintTo(const Case& c, std::ostream* os) { *os << c.mode; }

class MisbehavingAgent : public ::testing::TestWithParam<Case> {};

constexpr std::int64_t kGrowthBoundBytes = (test::kUnderAsan ? std::int64_t{512} : std::int64_t{96}) << 20;

}  // namespace

TEST_P(MisbehavingAgent, HostShowsAgentErrorWithSentenceAndMemoryStaysBounded) {
    const Case& c = GetParam();
    const std::int64_t before = test::residentBytes();
    HostSession session(QStringLiteral("gpu-07"), misbehaving(c.mode), options());
    std::int64_t peak = before;
    session.start();
    ASSERT_TRUE(waitUntil([&] {
        peak = std::max(peak, test::residentBytes());
        return session.state() == HostState::Misbehaving;
    }, 60000)) << toString(session.state()).toStdString() << ": " << session.reason().toStdString();
    const std::string reason = session.reason().toStdString();
    EXPECT_NE(reason.find("the agent on gpu-07 broke the protocol"), std::string::npos) << reason;
    EXPECT_NE(reason.find(c.reason), std::string::npos) << reason;
    EXPECT_NE(reason.find("redeploy"), std::string::npos) << reason;
    EXPECT_NE(reason.find("retrying in"), std::string::npos) << reason;
    // A 1 GiB line, 10^6 GPUs or an endless flood would show here as hundreds of MiB (more than a
    // GiB for the line). AddressSanitizer keeps freed memory in a 256 MiB quarantine, so its bound
    // is wider; the unbounded cases still exceed it.
    EXPECT_LT(peak - before, kGrowthBoundBytes) << "resident memory grew from " << before << " to " << peak << " bytes";
    session.stop();
}

INSTANTIATE_TEST_SUITE_P(
    Modes, MisbehavingAgent,
    ::testing::Values(Case{"huge-line", "sent a line longer than 1048576 bytes"},
                      Case{"endless-line", "sent a line longer than 1048576 bytes"},
                      Case{"million-gpus", "sent a line longer than 1048576 bytes"},
                      Case{"many-gpus", "data.gpus: 100000 entries, at most 64"},
                      Case{"wrong-types", "data.time_ms: expected integer"},
                      Case{"invalid-utf8", "made 5 protocol errors, the last an unreadable line"},
                      Case{"deep-nesting", "nests arrays or objects deeper than 64 levels"},
                      Case{"flood", "unsolicited messages a second"},
                      Case{"unknown-ids", "an answer to request 424246, which was never sent"},
                      Case{"bad-hello", "answered hello with something the app could not read (result.capabilities: expected array)"}),
    [](const ::testing::TestParamInfo<Case>& info) {
        std::string name = info.param.mode;
        for (char& ch : name)
            if (ch == '-') ch = '_';
        return name;
    });

TEST(MisbehavingAgentRequests, PendingRequestsFailWithTheViolationNotATimeout) {
    HostSession session(QStringLiteral("gpu-08"), misbehavingInMemory(manyGpusSample()), options());
    std::optional<Reply> facts;
    session.start();
    session.request(QStringLiteral("facts"), Json::object(), [&](const Reply& r) { facts = r; }, 60000);
    ASSERT_TRUE(waitUntil([&] { return session.state() == HostState::Misbehaving; }, 30000));
    ASSERT_TRUE(waitUntil([&] { return facts.has_value(); }, 30000));
    // The sample that broke the rules comes before the facts answer, as the agent writes it first.
    ASSERT_FALSE(facts->ok());
    EXPECT_EQ(facts->error->code, protocol::ErrorCode::Unavailable);
    EXPECT_NE(facts->error->message.find("broke the protocol"), std::string::npos) << facts->error->message;
    EXPECT_NE(session.reason().indexOf(QStringLiteral("data.gpus: 100000 entries, at most 64")), -1)
        << session.reason().toStdString();
    session.stop();
}

TEST(MisbehavingAgentRequests, KeepsRetryingWithGrowingBackoffAndStaysInTheErrorState) {
    HostSession::Options o = options();
    o.backoffInitialMs = 100;
    o.backoffMaxMs = 60000;
    HostSession session(QStringLiteral("gpu-09"), misbehavingInMemory(wrongTypesSample()), o);
    // Each handshake succeeds before the agent misbehaves, so only the violations can lengthen the
    // announced wait: 100 ms << 2, << 4, << 6 with jitter = at most 1 s, then at least 4 s.
    std::vector<int> retryS;
    QObject::connect(&session, &HostSession::stateChanged, [&](HostState s, const QString& reason) {
        if (s != HostState::Misbehaving) return;
        const QString tail = reason.section(QStringLiteral("retrying in "), 1);
        retryS.push_back(tail.section(QLatin1Char(' '), 0, 0).toInt());
    });
    session.start();
    ASSERT_TRUE(waitUntil([&] { return retryS.size() >= 3; }, 30000));
    EXPECT_EQ(retryS[0], 1);
    EXPECT_GE(retryS[2], 4);
    EXPECT_EQ(session.state(), HostState::Misbehaving);
    session.stop();
}

TEST(MisbehavingAgentNeighbours, OtherHostsKeepStreamingWhileOneFloods) {
    HostSession good1(QStringLiteral("good-1"), realAgent(), options());
    HostSession good2(QStringLiteral("good-2"), realAgent(), options());
    // The flooding host waits a minute before retrying, so what is checked below is the state its
    // flood left, not a retry that happens to be connected at that moment (a slow machine).
    HostSession::Options badOptions = options();
    badOptions.backoffInitialMs = badOptions.backoffMaxMs = 60000;
    HostSession bad(QStringLiteral("bad"), misbehaving("flood"), badOptions);
    std::map<QString, int> samples;
    for (HostSession* s : {&good1, &good2}) {
        QObject::connect(s, &HostSession::sampleReceived, [&samples, s](const protocol::Sample& sample) {
            if (sample.memory) ++samples[s->name()];
        });
        s->start();
        s->request(QStringLiteral("subscribe"), Json{{"interval_ms", 200}, {"per_core", false}}, [](const Reply&) {});
    }
    bad.start();
    ASSERT_TRUE(waitUntil([&] { return bad.state() == HostState::Misbehaving; }, 30000)) << bad.reason().toStdString();
    const int before1 = samples[QStringLiteral("good-1")], before2 = samples[QStringLiteral("good-2")];
    ASSERT_TRUE(waitUntil([&] {
        return samples[QStringLiteral("good-1")] >= before1 + 3 && samples[QStringLiteral("good-2")] >= before2 + 3;
    }, 30000));
    EXPECT_EQ(good1.state(), HostState::Connected) << good1.reason().toStdString();
    EXPECT_EQ(good2.state(), HostState::Connected) << good2.reason().toStdString();
    EXPECT_EQ(toString(bad.state()), QStringLiteral("agent misbehaving"));
    bad.stop();
    good1.stop();
    good2.stop();
}
