// The app against agents that misbehave (misbehaving_agent.cpp), over the real local transport:
// each mode ends with that host in the `agent misbehaving` state with a sentence naming what it
// did, the app's memory stays bounded, and well-behaved hosts beside it carry on.
#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include "app/host_session.h"
#include "app/local_transport.h"
#include "tests/support/process_memory.h"
#include "tests/support/qt_wait.h"
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

struct Case {
    std::string mode;
    std::string reason;  // part of the sentence the host must show
};

// Names the case in test listings (ctest shows the parameter).
void PrintTo(const Case& c, std::ostream* os) { *os << c.mode; }

class MisbehavingAgent : public ::testing::TestWithParam<Case> {};

#if defined(__SANITIZE_ADDRESS__)
constexpr std::int64_t kGrowthBoundBytes = std::int64_t{512} << 20;
#else
constexpr std::int64_t kGrowthBoundBytes = std::int64_t{96} << 20;
#endif

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
    HostSession session(QStringLiteral("gpu-08"), misbehaving("many-gpus"), options());
    std::optional<Reply> facts;
    session.start();
    session.request(QStringLiteral("facts"), Json::object(), [&](const Reply& r) { facts = r; }, 60000);
    ASSERT_TRUE(waitUntil([&] { return session.state() == HostState::Misbehaving; }, 30000));
    ASSERT_TRUE(waitUntil([&] { return facts.has_value(); }, 30000));
    if (!facts->ok()) {  // the facts answer may have arrived before the sample that broke the rules
        EXPECT_EQ(facts->error->code, protocol::ErrorCode::Unavailable);
        EXPECT_NE(facts->error->message.find("broke the protocol"), std::string::npos) << facts->error->message;
    }
    session.stop();
}

TEST(MisbehavingAgentRequests, KeepsRetryingWithGrowingBackoffAndStaysInTheErrorState) {
    HostSession::Options o = options();
    o.backoffInitialMs = 100;
    o.backoffMaxMs = 60000;
    HostSession session(QStringLiteral("gpu-09"), misbehaving("wrong-types"), o);
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
