// The real agent binary over its real stdin/stdout.
#include <chrono>
#include <thread>

#include <gtest/gtest.h>

#include "agent/json/json.h"

#include "tests/support/subprocess.h"

using fleetdeck::test::Subprocess;
using Json = nlohmann::json;

namespace {

Json next_json(Subprocess& agent) {
    const auto line = agent.read_line();
    EXPECT_TRUE(line) << "agent printed nothing; stderr: " << agent.stderr_text();
    return line ? Json::parse(*line) : Json();
}

std::string error_code(const Json& response) { return response["error"]["code"].get<std::string>(); }

}  // namespace

TEST(AgentStdio, HelloReportsVersionCapabilitiesAndIdentity) {
    Subprocess agent(FLEETDECK_AGENT_BIN, {"--stdio"});
    agent.write(R"({"id":1,"method":"hello","params":{"protocol":1,"client":"test"}})" "\n");
    const Json r = next_json(agent);
    EXPECT_EQ(r["id"], 1);
    EXPECT_EQ(r["result"]["protocol"], 1);
    EXPECT_EQ(r["result"]["simulated"], false);
    EXPECT_FALSE(r["result"]["agent_version"].get<std::string>().empty());
    const auto caps = r["result"]["capabilities"];
    for (const char* m : {"hello", "ping", "facts", "snapshot", "subscribe", "unsubscribe"})
        EXPECT_NE(std::find(caps.begin(), caps.end(), m), caps.end()) << m;
    EXPECT_TRUE(r["result"]["host"]["hostname"].is_string());
}

TEST(AgentStdio, GarbageThenOversizedLineThenPingGetsErrorsThenPong) {
    Subprocess agent(FLEETDECK_AGENT_BIN, {"--stdio"});
    agent.write(std::string("garbage\0\xff\xfe binary\n", 18));
    agent.write(std::string(2 * 1024 * 1024, 'a') + "\n");
    agent.write(R"({"id":5,"method":"ping"})" "\n");
    const Json garbage = next_json(agent);
    EXPECT_EQ(error_code(garbage), "parse_error");
    EXPECT_TRUE(garbage["id"].is_null());
    const Json big = next_json(agent);
    EXPECT_EQ(error_code(big), "line_too_long");
    const Json pong = next_json(agent);
    EXPECT_EQ(pong["id"], 5);
    EXPECT_EQ(pong["result"]["pong"], true);
}

TEST(AgentStdio, WrongParamsAndUnknownMethodKeepServing) {
    Subprocess agent(FLEETDECK_AGENT_BIN, {"--stdio"});
    agent.write(R"({"id":1,"method":"subscribe","params":{"interval_ms":"soon"}})" "\n"
                R"({"id":2,"method":"subscribe","params":{"interval_ms":99}})" "\n"
                R"({"id":3,"method":"reboot"})" "\n"
                R"({"id":4,"method":"ping","params":{"echo":[1,2]}})" "\n");
    Json r = next_json(agent);
    EXPECT_EQ(error_code(r), "invalid_params");
    EXPECT_EQ(r["error"]["message"], "params.interval_ms: expected integer");
    r = next_json(agent);
    EXPECT_EQ(r["id"], 2);
    EXPECT_EQ(error_code(r), "invalid_params");
    r = next_json(agent);
    EXPECT_EQ(error_code(r), "method_not_found");
    r = next_json(agent);
    EXPECT_EQ(r["result"]["echo"], Json::array({1, 2}));
}

TEST(AgentStdio, SnapshotHasContractKeys) {
    Subprocess agent(FLEETDECK_AGENT_BIN, {"--stdio"});
    agent.write(R"({"id":1,"method":"snapshot"})" "\n");
    const Json s = next_json(agent)["result"];
    EXPECT_TRUE(s["time_ms"].is_number_integer());
    EXPECT_TRUE(s["cpu"]["util_pct"].is_number());
    ASSERT_FALSE(s["cpu"]["cores"].empty());
    EXPECT_TRUE(s["cpu"]["cores"][0]["util_pct"].is_number());
    EXPECT_GT(s["memory"]["total_bytes"].get<std::int64_t>(), 0);
    EXPECT_GT(s["memory"]["available_bytes"].get<std::int64_t>(), 0);
}

TEST(AgentStdio, SubscribeStreamsSamplesAtTheIntervalUntilUnsubscribed) {
    Subprocess agent(FLEETDECK_AGENT_BIN, {"--stdio"});
    agent.write(R"({"id":1,"method":"subscribe","params":{"interval_ms":100}})" "\n");
    const Json ack = next_json(agent);
    EXPECT_EQ(ack["result"]["interval_ms"], 100);
    std::vector<std::int64_t> times;
    for (int i = 0; i < 5; ++i) {
        const Json e = next_json(agent);
        ASSERT_EQ(e["event"], "sample");
        times.push_back(e["data"]["time_ms"].get<std::int64_t>());
    }
    // The first sample may wait for a rate window; from the second on they come every 100 ms,
    // never faster (a slow machine may make them later, not sooner).
    EXPECT_GE(times[4] - times[1], 270);
    agent.write(R"({"id":2,"method":"unsubscribe"})" "\n");
    // Samples already in flight may precede the response; after it, no more samples.
    Json r;
    do r = next_json(agent);
    while (r.contains("event"));
    EXPECT_EQ(r["id"], 2);
    EXPECT_FALSE(agent.read_line(std::chrono::milliseconds(400)));
}

TEST(AgentStdio, NvlinksWhenChangedSendsEachListOnceAndOnlyWhenAsked) {
    Subprocess agent(FLEETDECK_AGENT_BIN, {"--stdio", "--simulate", "hgx-h100-8:3"});
    // Without the parameter (an older app) every sample carries every list.
    agent.write(R"({"id":1,"method":"subscribe","params":{"interval_ms":100}})" "\n");
    EXPECT_EQ(next_json(agent)["id"], 1);
    for (int i = 0; i < 2; ++i) {
        const Json e = next_json(agent);
        ASSERT_EQ(e["event"], "sample");
        ASSERT_EQ(e["data"]["gpus"].size(), 8u);
        for (const Json& gpu : e["data"]["gpus"]) EXPECT_EQ(gpu["nvlinks"].size(), 18u);
    }
    agent.write(R"({"id":2,"method":"subscribe","params":{"interval_ms":100,"nvlinks_when_changed":true}})" "\n");
    Json e;
    do e = next_json(agent);
    while (e.contains("event"));
    EXPECT_EQ(e["id"], 2);
    // A new subscription starts with full lists, then the simulated links stay as they are.
    e = next_json(agent);
    ASSERT_EQ(e["event"], "sample");
    for (const Json& gpu : e["data"]["gpus"]) EXPECT_EQ(gpu["nvlinks"].size(), 18u);
    for (int i = 0; i < 2; ++i) {
        e = next_json(agent);
        ASSERT_EQ(e["event"], "sample");
        for (const Json& gpu : e["data"]["gpus"]) EXPECT_EQ(gpu["nvlinks"], "unchanged");
    }
}

TEST(AgentStdio, EofInsideALineExitsCleanly) {
    Subprocess agent(FLEETDECK_AGENT_BIN, {"--stdio"});
    agent.write(R"({"id":1,"method":"ping"})" "\n" R"({"id":2,"meth)");
    EXPECT_EQ(next_json(agent)["id"], 1);
    agent.close_stdin();
    EXPECT_EQ(agent.wait(), 0);
    EXPECT_NE(agent.stderr_text().find("input ended inside a line"), std::string::npos);
}

// per_core: false leaves cpu.cores out of the stream (the agent then skips parsing them), while a
// snapshot asked for in between still has them, with per-core utilisation from the first sample
// that compares per-core counters again.
TEST(AgentStdio, SubscriptionWithoutPerCoreStillAnswersASnapshotWithCores) {
    Subprocess agent(FLEETDECK_AGENT_BIN, {"--stdio"});
    agent.write(R"({"id":1,"method":"subscribe","params":{"interval_ms":100,"per_core":false}})" "\n");
    EXPECT_EQ(next_json(agent)["result"]["interval_ms"], 100);
    for (int i = 0; i < 3; ++i) {
        const Json e = next_json(agent);
        ASSERT_EQ(e["event"], "sample");
        EXPECT_FALSE(e["data"]["cpu"].contains("cores")) << e.dump();
        // The second sample comes right after the first, which waited for its rate window, and
        // may have no ticks to compare (the same with per-core readings); the third has.
        if (i == 2) {
            EXPECT_TRUE(e["data"]["cpu"]["util_pct"].is_number()) << e.dump();
        }
    }
    agent.write(R"({"id":2,"method":"unsubscribe"})" "\n");
    Json r;
    do r = next_json(agent);
    while (r.contains("event"));
    agent.write(R"({"id":3,"method":"snapshot"})" "\n");
    Json s = next_json(agent)["result"];
    ASSERT_FALSE(s["cpu"]["cores"].empty());
    EXPECT_TRUE(s["cpu"]["cores"][0]["util_pct"].is_null());  // no per-core counters before it
    std::this_thread::sleep_for(std::chrono::milliseconds(300));  // some ticks on every core
    agent.write(R"({"id":4,"method":"snapshot"})" "\n");
    s = next_json(agent)["result"];
    ASSERT_FALSE(s["cpu"]["cores"].empty());
    EXPECT_TRUE(s["cpu"]["cores"][0]["util_pct"].is_number());
}
