#include <gtest/gtest.h>

#include <atomic>
#include <mutex>
#include <set>

#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include "agent/json/json.h"

#include "agent/probe/latency_probe.h"
#include "tests/support/subprocess.h"

using namespace fleetdeck::agent;
using Outcome = ProbeAttempt::Outcome;

namespace {

// A TCP socket on 127.0.0.1 with an ephemeral port; listening unless `listen_backlog` < 0.
struct LoopbackSocket {
    int fd = -1;
    int port = 0;
    explicit LoopbackSocket(int listen_backlog) {
        fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
        sockaddr_in a{};
        a.sin_family = AF_INET;
        a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        ::bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a);
        socklen_t len = sizeof a;
        ::getsockname(fd, reinterpret_cast<sockaddr*>(&a), &len);
        port = ntohs(a.sin_port);
        if (listen_backlog >= 0) ::listen(fd, listen_backlog);
    }
    ~LoopbackSocket() { ::close(fd); }
};

ProbeAttempt ok(double ms) { return {Outcome::Connected, ms}; }

}  // namespace

TEST(ProbeStats, PercentilesLossAndErrorKinds) {
    const std::vector<ProbeAttempt> attempts = {
        ok(0.4), ok(0.1), {Outcome::Refused, 0.2}, {Outcome::Timeout, std::nullopt}, ok(0.3),
        ok(5.0), {Outcome::Unreachable, std::nullopt}, ok(0.25), ok(0.35), {Outcome::Error, std::nullopt},
    };
    const ProbeStats s = summarize(attempts);
    EXPECT_EQ(s.sent, 10);
    EXPECT_EQ(s.received, 7);  // refused counts: it is a measured round trip
    EXPECT_DOUBLE_EQ(s.loss_pct, 30.0);
    EXPECT_DOUBLE_EQ(*s.min_ms, 0.1);
    EXPECT_DOUBLE_EQ(*s.p50_ms, 0.3);  // sorted: .1 .2 .25 .3 .35 .4 5.0 → 4th
    EXPECT_DOUBLE_EQ(*s.p95_ms, 5.0);
    EXPECT_DOUBLE_EQ(*s.max_ms, 5.0);
    EXPECT_EQ(s.timeouts, 1);
    EXPECT_EQ(s.refused, 1);
    EXPECT_EQ(s.unreachable, 1);
    EXPECT_EQ(s.other_errors, 1);
}

TEST(ProbeStats, AllLostHasNullTimes) {
    const ProbeStats s = summarize({{Outcome::Timeout, std::nullopt}, {Outcome::Timeout, std::nullopt}});
    EXPECT_DOUBLE_EQ(s.loss_pct, 100.0);
    EXPECT_FALSE(s.p50_ms);
    const auto j = to_json({"10.0.0.2", 22, "gpu-02"}, s);
    EXPECT_TRUE(j["p50_ms"].is_null());
    EXPECT_EQ(j["errors"]["timeout"], 2);
    EXPECT_EQ(j["name"], "gpu-02");
}

TEST(RunProbes, SpacesAttemptsAndBoundsConcurrency) {
    std::vector<ProbeTarget> targets;
    for (int i = 0; i < 6; ++i) targets.push_back({"10.0.0." + std::to_string(i), 22, ""});
    std::atomic<int> inFlight{0}, peak{0}, sleeps{0};
    std::mutex m;
    std::multiset<std::string> seen;
    const Connector connector = [&](const ProbeTarget& t, std::chrono::milliseconds timeout) {
        EXPECT_EQ(timeout.count(), 50);
        const int now = ++inFlight;
        int p = peak.load();
        while (now > p && !peak.compare_exchange_weak(p, now)) {}
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
        {
            std::lock_guard lock(m);
            seen.insert(t.address);
        }
        --inFlight;
        return ok(std::stod(t.address.substr(7)) + 1.0);
    };
    ProbeOptions options;
    options.count = 3;
    options.spacing_ms = 7;
    options.timeout_ms = 50;
    options.concurrency = 2;
    const auto stats = run_probes(targets, options, connector, [&](std::chrono::milliseconds d) {
        EXPECT_EQ(d.count(), 7);
        ++sleeps;
    });
    ASSERT_EQ(stats.size(), 6u);
    EXPECT_LE(peak.load(), 2);
    EXPECT_EQ(sleeps.load(), 6 * 2);  // count - 1 pauses per target
    EXPECT_EQ(seen.size(), 18u);
    EXPECT_DOUBLE_EQ(*stats[4].p50_ms, 5.0);  // results stay in target order
}

TEST(TcpConnectProbe, ListeningPortConnects) {
    LoopbackSocket server(16);
    const auto a = tcp_connect_attempt({"127.0.0.1", server.port, ""}, std::chrono::milliseconds(1000));
    EXPECT_EQ(a.outcome, Outcome::Connected);
    ASSERT_TRUE(a.rtt_ms);
    EXPECT_GE(*a.rtt_ms, 0.0);
}

TEST(TcpConnectProbe, ClosedPortIsRefusedButStillARoundTrip) {
    int port = 0;
    {
        LoopbackSocket bound(-1);  // bound, not listening: connects are refused
        port = bound.port;
        const auto a = tcp_connect_attempt({"127.0.0.1", port, ""}, std::chrono::milliseconds(1000));
        EXPECT_EQ(a.outcome, Outcome::Refused);
        EXPECT_TRUE(a.rtt_ms.has_value());
    }
}

TEST(TcpConnectProbe, FullAcceptQueueTimesOutOnLoopback) {
    // Backlog 0 admits one queued connection; with nobody accepting, later SYNs are dropped by the
    // kernel, so the next connect gets no answer: a timeout without leaving this machine.
    LoopbackSocket server(0);
    const int holder = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    a.sin_port = htons(static_cast<uint16_t>(server.port));
    ASSERT_EQ(::connect(holder, reinterpret_cast<sockaddr*>(&a), sizeof a), 0);
    const auto timed_out = tcp_connect_attempt({"127.0.0.1", server.port, ""}, std::chrono::milliseconds(200));
    EXPECT_EQ(timed_out.outcome, Outcome::Timeout);
    EXPECT_FALSE(timed_out.rtt_ms);
    ::close(holder);
}

TEST(AgentProbeMethod, AnswersWithStatsAndKeepsServingMeanwhile) {
    LoopbackSocket server(16);
    fleetdeck::test::Subprocess agent(FLEETDECK_AGENT_BIN, {"--stdio"});
    const std::string probe = R"({"id":1,"method":"probe","params":{"targets":[{"address":"127.0.0.1","port":)" +
                              std::to_string(server.port) +
                              R"(,"name":"peer"}],"count":4,"spacing_ms":100}})" "\n";
    agent.write(probe + R"({"id":2,"method":"probe","params":{"targets":[]}})" "\n" R"({"id":3,"method":"ping"})" "\n");
    std::map<int, nlohmann::json> replies;
    for (int i = 0; i < 3; ++i) {
        const auto line = agent.read_line();
        ASSERT_TRUE(line);
        const auto j = nlohmann::json::parse(*line);
        replies[j["id"].get<int>()] = j;
    }
    EXPECT_EQ(replies[2]["error"]["code"], "busy");
    EXPECT_EQ(replies[3]["result"]["pong"], true);
    const auto& t = replies[1]["result"]["targets"][0];
    EXPECT_EQ(t["name"], "peer");
    EXPECT_EQ(t["sent"], 4);
    EXPECT_EQ(t["received"], 4);
    EXPECT_EQ(t["loss_pct"], 0.0);
    EXPECT_TRUE(t["p50_ms"].is_number());
}

TEST(AgentProbeMethod, BadTargetsAreInvalidParamsWithPath) {
    fleetdeck::test::Subprocess agent(FLEETDECK_AGENT_BIN, {"--stdio"});
    agent.write(R"({"id":1,"method":"probe","params":{"targets":[{"address":"a","port":70000}]}})" "\n");
    const auto j = nlohmann::json::parse(*agent.read_line());
    EXPECT_EQ(j["error"]["code"], "invalid_params");
    EXPECT_EQ(j["error"]["message"], "params.targets[0].port: 70000 is out of range 1..65535");
}
