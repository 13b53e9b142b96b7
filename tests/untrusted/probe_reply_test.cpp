// A `probe` answer line read straight from its text (readProbeReply, protocol::read_probe_reply)
// against the same line read through nlohmann's tree (decode_message + decodeResult<ProbeResult>,
// the session's path before): on the real agent's answers and two thousand hostile variations of
// them, either both read the same id and result, or the direct reader leaves the line to the tree.
// It must never read a line the tree refuses. Then the session: a probe through the real agent
// arrives as the tree reads it, and a malformed answer still disconnects its host with the tree's
// sentence.
#include <gtest/gtest.h>

#include <iostream>
#include <map>
#include <thread>
#include <variant>

#include "agent/protocol/message.h"
#include "agent/protocol/probe_text_reader.h"
#include "app/host_session.h"
#include "app/local_transport.h"
#include "app/untrusted/agent_replies.h"
#include "tests/support/memory_transport.h"
#include "tests/support/qt_wait.h"
#include "tests/support/subprocess.h"
#include "tests/untrusted/json_mutations.h"

using namespace fleetdeck;
using Json = nlohmann::json;

// A named namespace around the whole file: the test files are built in unity batches.
namespace probe_reply_test {

// What the tree makes of a line, read as the session reads a probe's answer: the reply, or why not.
struct TreeReply {
    std::optional<protocol::ProbeReply> reply;
    std::string problem;
};

TreeReply readThroughTree(const std::string& line, const AgentInputLimits& limits) {
    auto decoded = protocol::decode_message(line);
    if (const auto* failure = std::get_if<protocol::DecodeFailure>(&decoded)) return {std::nullopt, failure->error.message};
    auto* response = std::get_if<protocol::Response>(&std::get<protocol::Message>(decoded));
    if (!response || !response->id || response->error) return {std::nullopt, "not a result answering a request"};
    try {
        // checkResponse's caps are decodeResult's first step.
        return {protocol::ProbeReply{*response->id, decodeResult<protocol::ProbeResult>("probe", response->result, limits)}, {}};
    } catch (const protocol::DecodeError& e) {
        return {std::nullopt, e.what()};
    }
}

// ProbeResult has no operator==; the schema's own writer covers every field.
bool sameResult(const protocol::ProbeResult& a, const protocol::ProbeResult& b) { return protocol::to_json(a) == protocol::to_json(b); }

enum class Verdict { BothRead, BothRefused, LeftToTree };

std::string shortened(const std::string& line) { return line.size() > 400 ? line.substr(0, 400) + "..." : line; }

Verdict compare(const std::string& line, const AgentInputLimits& limits) {
    const std::optional<protocol::ProbeReply> read = readProbeReply(line, limits);
    const TreeReply expected = readThroughTree(line, limits);
    if (!read) return expected.reply ? Verdict::LeftToTree : Verdict::BothRefused;
    EXPECT_TRUE(expected.reply) << "read directly, refused by the tree (" << expected.problem << "): " << shortened(line);
    if (!expected.reply) return Verdict::BothRefused;
    EXPECT_EQ(read->id, expected.reply->id) << shortened(line);
    EXPECT_TRUE(sameResult(read->result, expected.reply->result)) << "the two readers read different results: " << shortened(line);
    return Verdict::BothRead;
}

// `count` peers as LatencyMesh names them for a simulated source: racks of eight, named sim-NNN,
// every seventh without a name and every fifth on another port; and one address no simulated
// host has (unreachable).
Json probeParams(int count) {
    Json targets = Json::array();
    for (int i = 1; i <= count; ++i) {
        char host[16], rack[16];
        std::snprintf(host, sizeof host, "sim-%03d", i);
        std::snprintf(rack, sizeof rack, "rack-%02d", (i - 1) / 8 + 1);
        Json target = {{"address", std::string(host) + "." + rack + ".sim.invalid"}};
        if (i % 7 != 0) target["name"] = host;
        if (i % 5 == 0) target["port"] = 2222;
        targets.push_back(target);
    }
    targets.push_back({{"address", "192.0.2.7"}, {"name", "outside"}});
    return {{"targets", targets}, {"count", 5}};
}

const std::vector<std::string> kAgentArgs = {"--stdio", "--simulate", "hgx-h100-8+bad-link=sim-003:5", "--sim-rack", "rack-01"};

// The real agent binary's answers (the whole lines) to probes of `peers`, one after another.
std::vector<std::string> agentAnswers(const std::vector<int>& peers) {
    test::Subprocess agent(FLEETDECK_AGENT_BIN, kAgentArgs);
    agent.write(R"({"id":1,"method":"hello","params":{"protocol":1}})" "\n");
    std::vector<std::string> lines;
    int id = 2;
    for (const int count : peers) {
        const std::string request = protocol::encode(protocol::Request{id, "probe", probeParams(count)}) + "\n";
        agent.write(request);
        while (true) {
            const auto line = agent.read_line(std::chrono::seconds(20));
            if (!line) {
                ADD_FAILURE() << "the agent stopped answering; stderr: " << agent.stderr_text();
                return lines;
            }
            const Json answer = Json::parse(*line);
            if (answer.value("id", Json()) != id) continue;
            if (answer.contains("result")) {
                lines.push_back(*line);
                break;
            }
            // The agent frees its probe thread just after writing the answer before: a request
            // that comes in between is answered `busy`, and is asked again.
            if (answer.value("error", Json::object()).value("code", "") != "busy") {
                ADD_FAILURE() << "the agent answered " << *line;
                return lines;
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
            agent.write(request);
        }
        ++id;
    }
    return lines;
}

std::string reply(const std::string& result, const std::string& id = "7") { return R"({"id":)" + id + R"(,"result":)" + result + "}"; }

std::string target(const std::string& members) { return R"({"targets":[{"address":"a",)" + members + "}]}"; }

TEST(ProbeReply, TheRealAgentsAnswersAreReadDirectlyAndAsTheTreeReadsThem) {
    const AgentInputLimits limits;
    // The mesh's size at 1,000 hosts (its rack and 128 others), a small fleet, and the cap.
    const std::vector<std::string> lines = agentAnswers({135, 3, 1023});
    ASSERT_EQ(lines.size(), 3u);
    for (const std::string& line : lines) EXPECT_EQ(compare(line, limits), Verdict::BothRead) << shortened(line);
    const auto read = readProbeReply(lines[0], limits);
    ASSERT_TRUE(read);
    EXPECT_EQ(read->id, 2);
    ASSERT_EQ(read->result.targets.size(), 136u);
    const protocol::ProbeTargetResult& bad = read->result.targets[2];  // the bad link
    EXPECT_EQ(bad.name, "sim-003");
    EXPECT_GT(bad.stats.loss_pct, 0.0);
    EXPECT_GE(bad.stats.timeouts, 1);
    EXPECT_FALSE(read->result.targets[6].name);  // sim-007 went without one
    EXPECT_EQ(read->result.targets[4].port, 2222);
    const protocol::ProbeTargetResult& outside = read->result.targets.back();
    EXPECT_EQ(outside.stats.unreachable, 5);
    EXPECT_FALSE(outside.stats.p50_ms);
}

TEST(ProbeReply, OtherMessagesAndUnusualEnvelopesAreLeftToTheTree) {
    const AgentInputLimits limits;
    const std::string result = R"({"method":"tcp_connect","targets":[]})";
    for (const std::string& line : std::vector<std::string>{
             R"({"id":7,"error":{"code":"busy","message":"a probe is already running"}})",
             R"({"id":7,"result":)" + result + R"(,"error":{"code":"busy","message":"x"}})",
             R"({"id":null,"result":)" + result + "}",
             R"({"result":)" + result + "}",
             R"({"id":"7","result":)" + result + "}",
             R"({"id":7.0,"result":)" + result + "}",
             R"({"id":9223372036854775808,"result":)" + result + "}",
             R"({"id":18446744073709551615,"result":)" + result + "}",
             R"({"id":7})",
             R"({"id":7,"id":8,"result":)" + result + "}",
             R"({"id":7,"result":{},"result":)" + result + "}",
             R"({"id":7,"method":"probe","result":)" + result + "}",  // a request
             R"({"id":7,"event":"probe","result":)" + result + "}",
             R"({"id":7,"result":)" + result + R"(,"extra":1})",
             R"({"data":{},"event":"sample"})",
             R"({"id":7,"result":[]})",
             R"({"id":7,"result":5})",
             "\xEF\xBB\xBF" + reply(result),  // a byte order mark
             reply(result) + " x",
             "[" + reply(result) + "]",
         }) {
        EXPECT_FALSE(readProbeReply(line, limits)) << line;
        EXPECT_NE(compare(line, limits), Verdict::BothRead) << line;
    }
    // Either order, any JSON whitespace, escaped keys and strings, a null result, unknown keys.
    for (const std::string& line : std::vector<std::string>{
             R"({"result":)" + result + R"(,"id":7})",
             std::string(" \t{ \"id\" :\r\n-4 , \"result\" : { \"targets\" : [ { \"address\" : \"a\" } ] } }\n"),
             std::string(R"({"i\u0064":7,"result":{"t\u0061rgets":[{"n\u0061me":"sim \"1\" \u00b5\ud83d\ude00 \/","address":"a"}]}})"),
             reply("null"),
             reply(R"({"targets":null})"),
             reply(R"({"targets":[{"address":"a","rtt_hist":[[1,2],{"k":null}],"errors":{"other":1,"dns":2}}],"round":3})"),
         }) {
        ASSERT_EQ(compare(line, limits), Verdict::BothRead) << line;
    }
    const auto escaped = readProbeReply(R"({"i\u0064":7,"result":{"t\u0061rgets":[{"n\u0061me":"x"}]}})", limits);
    ASSERT_TRUE(escaped);
    EXPECT_EQ(escaped->id, 7);
    EXPECT_EQ(escaped->result.targets.at(0).name, "x");
}

TEST(ProbeReply, FieldRulesAreProbeResultFromJsonsRules) {
    const AgentInputLimits limits;
    const auto expect = [&](const std::string& line, Verdict verdict) { EXPECT_EQ(compare(line, limits), verdict) << line; };
    // port 0..65535, 22 where absent or null.
    for (const char* port : {"0", "65535", "null", "22"}) expect(reply(target(std::string(R"("port":)") + port)), Verdict::BothRead);
    for (const char* port : {"-1", "65536", "22.0", "\"22\"", "true"}) expect(reply(target(std::string(R"("port":)") + port)), Verdict::BothRefused);
    const auto absent = readProbeReply(reply(target(R"("port":null)")), limits);
    ASSERT_TRUE(absent);
    EXPECT_EQ(absent->result.targets.at(0).port, 22);
    // Counts 0..2^30, in the target and in errors.
    for (const char* key : {"sent", "received"}) {
        for (const char* n : {"0", "1073741824", "null"}) expect(reply(target('"' + std::string(key) + "\":" + n)), Verdict::BothRead);
        for (const char* n : {"-1", "1073741825", "5.0", "\"5\""}) expect(reply(target('"' + std::string(key) + "\":" + n)), Verdict::BothRefused);
    }
    for (const char* key : {"timeout", "refused", "unreachable", "other"}) {
        expect(reply(target(std::string(R"("errors":{")") + key + R"(":1073741824})")), Verdict::BothRead);
        expect(reply(target(std::string(R"("errors":{")") + key + R"(":-1})")), Verdict::BothRefused);
    }
    for (const char* errors : {"null", "{}"}) expect(reply(target(std::string(R"("errors":)") + errors)), Verdict::BothRead);
    for (const char* errors : {"[]", "0", "\"none\""}) expect(reply(target(std::string(R"("errors":)") + errors)), Verdict::BothRefused);
    // Numbers: an integer reads as a double, null as absent (loss_pct: 0).
    expect(reply(target(R"("loss_pct":1,"min_ms":null,"p50_ms":0.25,"p95_ms":-0,"max_ms":1e-3)")), Verdict::BothRead);
    for (const char* key : {"loss_pct", "min_ms", "p50_ms", "p95_ms", "max_ms"})
        expect(reply(target('"' + std::string(key) + R"(":"1")")), Verdict::BothRefused);
    // Strings: null reads as absent (an empty address).
    expect(reply(target(R"("name":null)")), Verdict::BothRead);
    expect(reply(target(R"("name":5)")), Verdict::BothRefused);
    expect(reply(R"({"targets":[{"address":null}]})"), Verdict::BothRead);
    expect(reply(R"({"targets":[{"address":5}]})"), Verdict::BothRefused);
    // Each target an object; at most 1024 of them.
    for (const char* targets : {"[null]", "[[]]", "[1]", "{}", "\"all\""}) expect(reply(std::string(R"({"targets":)") + targets + "}"), Verdict::BothRefused);
    std::string many = R"({"targets":[{})";
    for (int i = 1; i < 1024; ++i) many += ",{}";
    expect(reply(many + "]}"), Verdict::BothRead);
    expect(reply(many + ",{}]}"), Verdict::BothRefused);
}

TEST(ProbeReply, CapsAreTheAppsCapsForAResult) {
    AgentInputLimits limits;
    const auto withExtra = [](const std::string& extra) { return reply(R"({"targets":[],"extra":)" + extra + "}"); };
    const auto nested = [](std::size_t levels) { return std::string(levels, '[') + std::string(levels, ']'); };
    // The result is depth 0, "extra" depth 1: 31 more levels inside it are the most maxDepth (32) allows.
    EXPECT_EQ(compare(withExtra(nested(31)), limits), Verdict::BothRead);
    EXPECT_EQ(compare(withExtra(nested(32)), limits), Verdict::BothRefused);
    const std::size_t maxString = limits.maxStringBytes;
    EXPECT_EQ(compare(withExtra('"' + std::string(maxString, 'x') + '"'), limits), Verdict::BothRead);
    EXPECT_EQ(compare(withExtra('"' + std::string(maxString + 1, 'x') + '"'), limits), Verdict::BothRefused);
    // A string's length is what it reads as: six bytes of escape are one byte.
    EXPECT_EQ(compare(withExtra('"' + std::string(maxString - 1, 'x') + "\\u0041\""), limits), Verdict::BothRead);
    // Smaller caps are followed, whatever they are set to.
    limits.maxDepth = 3;
    limits.maxObjectKeys = 2;
    limits.maxStringBytes = 8;
    limits.maxArrayItems = 2;
    // The result is depth 0, targets 1, a target 2: its errors object would be depth 3.
    EXPECT_EQ(compare(reply(R"({"targets":[{"address":"a","errors":null}]})"), limits), Verdict::BothRead);
    EXPECT_EQ(compare(reply(R"({"targets":[{"address":"a","errors":{}}]})"), limits), Verdict::BothRefused);
    EXPECT_EQ(compare(reply(R"({"targets":[{"address":"a","port":22,"sent":1}]})"), limits), Verdict::BothRefused);
    EXPECT_EQ(compare(reply(R"({"targets":[{"address":"12345678"}]})"), limits), Verdict::BothRead);
    EXPECT_EQ(compare(reply(R"({"targets":[{"address":"123456789"}]})"), limits), Verdict::BothRefused);
    EXPECT_EQ(compare(reply(R"({"targets":[{},{}]})"), limits), Verdict::BothRead);
    EXPECT_EQ(compare(reply(R"({"targets":[{},{},{}]})"), limits), Verdict::BothRefused);
}

TEST(ProbeReply, MutatedAnswersAreReadTheSameOrLeftToTheTree) {
    const AgentInputLimits limits;
    std::vector<Json> bases;
    for (const std::string& line : agentAnswers({12, 3})) bases.push_back(Json::parse(line)["result"]);
    ASSERT_EQ(bases.size(), 2u);
    bases.push_back(Json::parse(target(R"("name":null,"port":65535,"errors":null,"loss_pct":100,"min_ms":null)")));

    test::Mutator mutator(20261203, [](const Json& result, bool otherOrder) {
        return otherOrder ? R"({"result":)" + result.dump() + R"(,"id":7})" : protocol::encode_result(7, result);
    }, {Json(65535), Json(65536), Json(1 << 30), Json((1 << 30) + 1), Json("tcp_connect")});
    std::map<Verdict, int> verdicts;
    for (int i = 0; i < 2000; ++i) {
        const std::string line = mutator.mutate(bases[static_cast<std::size_t>(i) % bases.size()]);
        ++verdicts[compare(line, limits)];
        if (HasFailure()) {
            ADD_FAILURE() << "mutation " << i << ": " << shortened(line);
            break;
        }
    }
    // What is left to the tree although it reads it is what the direct reader does not take on
    // (duplicate keys, integers past int64, a number that underflows).
    EXPECT_GT(verdicts[Verdict::BothRead], 500);
    EXPECT_GT(verdicts[Verdict::BothRefused], 900);
    EXPECT_LT(verdicts[Verdict::LeftToTree], 300);
    std::cout << "both read " << verdicts[Verdict::BothRead] << ", both refused " << verdicts[Verdict::BothRefused]
              << ", left to the tree " << verdicts[Verdict::LeftToTree] << "\n";
}

HostSession::Options sessionOptions() {
    HostSession::Options o;
    o.reconnect = false;
    o.helloTimeoutMs = 5000;
    o.requestTimeoutMs = 20000;
    return o;
}

// One probe through `session` once connected: what its callback got.
std::optional<Result<protocol::ProbeResult>> probeOnce(HostSession& session, const Json& params) {
    std::optional<Result<protocol::ProbeResult>> got;
    session.start();
    session.request<protocol::ProbeResult>(QStringLiteral("probe"), params, [&](const Result<protocol::ProbeResult>& r) { got = r; });
    EXPECT_TRUE(test::waitUntil([&] { return got.has_value(); }, 30000));
    return got;
}

// An agent in memory that answers hello, and `probe` with `answer(id)`.
HostSession::TransportFactory answeringProbeWith(std::function<std::string(protocol::RequestId)> answer) {
    return [answer] {
        auto transport = std::make_unique<test::MemoryTransport>();
        transport->setHandler([answer](const protocol::Request& r) -> std::optional<std::string> {
            if (r.method == "probe") return answer(r.id);
            return protocol::encode_result(
                r.id, {{"protocol", protocol::kProtocolVersion}, {"agent", "fleetdeck-agent"}, {"agent_version", "0.1.0"},
                       {"capabilities", {"hello", "ping", "probe"}}, {"host", {{"hostname", "gpu-09"}}}, {"simulated", true},
                       {"privileged", false}});
        });
        return transport;
    };
}

TEST(ProbeReplySession, AProbeThroughTheRealAgentArrivesAsTheTreeReadsIt) {
    // The n-th probe of an agent with a given spec and rack always answers the same: the answer the
    // session gets is the first answer of another agent started alike, read here both ways.
    const std::vector<std::string> lines = agentAnswers({135});
    ASSERT_EQ(lines.size(), 1u);
    const AgentInputLimits limits;
    ASSERT_TRUE(readProbeReply(lines[0], limits)) << "the session would read it through the tree";
    const TreeReply tree = readThroughTree(lines[0], limits);
    ASSERT_TRUE(tree.reply) << tree.problem;

    HostSession session(QStringLiteral("sim-001"), [] {
        QStringList args;
        for (std::size_t i = 1; i < kAgentArgs.size(); ++i) args << QString::fromStdString(kAgentArgs[i]);  // LocalTransport adds --stdio
        return std::make_unique<LocalTransport>(QStringLiteral(FLEETDECK_AGENT_BIN), args);
    }, sessionOptions());
    const auto got = probeOnce(session, probeParams(135));
    ASSERT_TRUE(got);
    ASSERT_TRUE(*got) << got->problem().message.toStdString();
    EXPECT_TRUE(sameResult(**got, tree.reply->result));
    EXPECT_EQ(session.state(), HostState::Connected);
}

TEST(ProbeReplySession, AMalformedAnswerStillDisconnectsWithTheTreesSentence) {
    const struct {
        std::string result;
        std::string sentence;
    } cases[] = {
        {R"({"targets":[{"address":"a"},{"address":"b","sent":"five"}]})", "answered probe with result.targets[1].sent: expected integer"},
        {R"({"targets":[{"address":"a","port":70000}]})", "answered probe with result.targets[0].port: 70000 is out of range 0..65535"},
        {R"({"targets":[{"address":"a","errors":[]}]})", "answered probe with result.targets[0].errors: expected object"},
    };
    for (const auto& c : cases) {
        ASSERT_FALSE(readProbeReply(reply(c.result), AgentInputLimits{})) << c.result;
        HostSession session(QStringLiteral("gpu-09"),
                            answeringProbeWith([&c](protocol::RequestId id) { return reply(c.result, std::to_string(id)); }),
                            sessionOptions());
        const auto got = probeOnce(session, probeParams(2));
        ASSERT_TRUE(got);
        EXPECT_FALSE(*got);
        ASSERT_TRUE(test::waitUntil([&] { return session.state() == HostState::Misbehaving; }, 10000)) << c.result;
        EXPECT_NE(session.reason().indexOf(QString::fromStdString(c.sentence)), -1) << session.reason().toStdString();
    }
}

TEST(ProbeReplySession, AnAnswerLeftToTheTreeIsStillRead) {
    // A key written twice: the direct reader leaves it to the tree, which keeps the last value.
    const std::string result = R"({"targets":[{"address":"a","sent":1,"sent":5,"received":5}]})";
    ASSERT_FALSE(readProbeReply(reply(result), AgentInputLimits{}));
    HostSession session(QStringLiteral("gpu-09"),
                        answeringProbeWith([&result](protocol::RequestId id) { return reply(result, std::to_string(id)); }),
                        sessionOptions());
    const auto got = probeOnce(session, probeParams(1));
    ASSERT_TRUE(got);
    ASSERT_TRUE(*got) << got->problem().message.toStdString();
    ASSERT_EQ((*got)->targets.size(), 1u);
    EXPECT_EQ((*got)->targets[0].stats.sent, 5);
    EXPECT_EQ(session.state(), HostState::Connected);
}

}  // namespace probe_reply_test
