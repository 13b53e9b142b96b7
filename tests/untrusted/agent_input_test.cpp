// The caps and shape checks on what agents send (app/untrusted/agent_input.h), on recorded agent
// output and on hostile variations of it.
#include <gtest/gtest.h>

#include <climits>
#include <fstream>

#include "agent/protocol/message.h"
#include "agent/protocol/decode.h"
#include "agent/protocol/facts.h"
#include "agent/protocol/hello.h"
#include "app/untrusted/agent_input.h"
#include "app/untrusted/agent_replies.h"
#include "tests/support/subprocess.h"

using namespace fleetdeck;
using Json = nlohmann::json;

namespace {

Json recorded(const char* file) {
    std::ifstream in(std::string(FLEETDECK_SOURCE_DIR "/tests/fixtures/intel-2s-xeon-gold-6426y/") + file);
    return Json::parse(in);
}

// What the real agent prints for `mode` (--once or --facts) with `args`.
Json agentOutput(const std::string& mode, std::vector<std::string> args) {
    args.insert(args.begin(), mode);
    test::Subprocess agent(FLEETDECK_AGENT_BIN, args);
    const auto line = agent.read_line(std::chrono::seconds(20));
    return line ? Json::parse(*line) : Json();
}

std::string orNothing(const std::optional<std::string>& v) { return v.value_or("(nothing)"); }

// What decodeSample says about `data`: the error, or nothing when it decodes.
std::optional<std::string> sampleProblem(const Json& data, const AgentInputLimits& limits) {
    try {
        decodeSample(data, limits);
        return std::nullopt;
    } catch (const protocol::DecodeError& e) {
        return std::string(e.what());
    }
}

std::optional<std::string> helloProblem(const Json& result) {
    try {
        protocol::hello_from_json(result);
        return std::nullopt;
    } catch (const protocol::DecodeError& e) {
        return std::string(e.what());
    }
}

// What the session's check of a facts answer says (it decodes it into protocol::Facts).
std::optional<std::string> factsProblem(const Json& result) { return checkReply("facts", result, AgentInputLimits{}); }

}  // namespace

TEST(AgentInput, RecordedSnapshotAndFactsPass) {
    const AgentInputLimits limits;
    const Json once = recorded("once.json");
    EXPECT_EQ(sampleProblem(once, limits), std::nullopt) << orNothing(sampleProblem(once, limits));
    const Json facts = recorded("facts.json");
    EXPECT_EQ(factsProblem(facts), std::nullopt) << orNothing(factsProblem(facts));
    EXPECT_EQ(checkBounds(facts, limits, "result"), std::nullopt);
}

// The agent's own output must always pass: a check stricter than the agent is a bug in the check.
TEST(AgentInput, RealAndSimulatedAgentsPass) {
    const AgentInputLimits limits;
    for (const std::vector<std::string>& args :
         {std::vector<std::string>{"--simulate", "hgx-h100-8+bad-fan:7"}, {"--simulate", "l40s-4:3"}, {"--simulate", "cpu-only:1"},
          {"--root", FLEETDECK_SOURCE_DIR "/tests/fixtures/amd-epyc-9124-w7900/root"}, {}}) {
        const Json sample = agentOutput("--once", args);
        ASSERT_TRUE(sample.is_object());
        EXPECT_EQ(sampleProblem(sample, limits), std::nullopt) << orNothing(sampleProblem(sample, limits));
        const Json facts = agentOutput("--facts", args);
        ASSERT_TRUE(facts.is_object());
        EXPECT_EQ(factsProblem(facts), std::nullopt) << orNothing(factsProblem(facts));
    }
}

TEST(AgentInput, SampleListsAreCappedByWhatServersHave) {
    const AgentInputLimits limits;
    Json sample = recorded("once.json");
    sample["gpus"] = Json::array();
    for (int i = 0; i < 65; ++i) sample["gpus"].push_back(Json{{"index", i}});
    EXPECT_EQ(orNothing(sampleProblem(sample, limits)), "data.gpus: 65 entries, at most 64");
    sample["gpus"].erase(64);
    EXPECT_EQ(sampleProblem(sample, limits), std::nullopt);
}

TEST(AgentInput, SampleFieldsHaveTheirDocumentedTypes) {
    const AgentInputLimits limits;
    Json sample = recorded("once.json");
    sample["gpus"] = Json::array({Json{{"index", 0}, {"temp_c", "hot"}}});
    EXPECT_EQ(orNothing(sampleProblem(sample, limits)), "data.gpus[0].temp_c: expected number");
    sample["gpus"] = Json::array({Json{{"index", 0}, {"temp_c", nullptr}, {"throttle", {"sw_thermal", 3}}}});
    EXPECT_EQ(orNothing(sampleProblem(sample, limits)), "data.gpus[0].throttle[1]: expected string");
    sample["gpus"] = Json::array({42});
    EXPECT_EQ(orNothing(sampleProblem(sample, limits)), "data.gpus[0]: expected object");
    sample = recorded("once.json");
    sample["memory"] = "plenty";
    EXPECT_EQ(orNothing(sampleProblem(sample, limits)), "data.memory: expected object");
    EXPECT_EQ(orNothing(sampleProblem(Json::array(), limits)), "data: expected object");
}

TEST(AgentInput, FactsFieldsHaveTheirDocumentedTypes) {
    Json facts = recorded("facts.json");
    facts["gpus"][0]["pcie_width"] = "x16";
    EXPECT_EQ(orNothing(factsProblem(facts)), "result.gpus[0].pcie_width: expected integer");
    facts = recorded("facts.json");
    facts["cpu"]["flags"] = Json::array({"avx2", 512});
    EXPECT_EQ(orNothing(factsProblem(facts)), "result.cpu.flags[1]: expected string");
    facts = recorded("facts.json");
    facts["virtualization"]["hypervisor"] = "no";
    EXPECT_EQ(orNothing(factsProblem(facts)), "result.virtualization.hypervisor: expected boolean");
    facts = recorded("facts.json");
    facts["memory"]["total_bytes"] = 1.5e12;
    EXPECT_EQ(orNothing(factsProblem(facts)), "result.memory.total_bytes: expected integer");
    facts = recorded("facts.json");
    facts["thp"] = "madvise";
    EXPECT_EQ(orNothing(factsProblem(facts)), "result.thp: expected object");
    facts = recorded("facts.json");
    facts["addresses"] = Json::array({Json{{"interface", "eth0"}, {"family", "ipv4"}, {"address", 10}}});
    EXPECT_EQ(orNothing(factsProblem(facts)), "result.addresses[0].address: expected string");
    facts = recorded("facts.json");
    facts["block"] = Json::object();
    EXPECT_EQ(orNothing(factsProblem(facts)), "result.block: expected array");
    EXPECT_EQ(orNothing(factsProblem(Json::array())), "result: expected object");
}

TEST(AgentInput, FactsListsAreCappedByWhatServersHave) {
    Json facts = recorded("facts.json");
    facts["gpus"] = Json::array();
    for (int i = 0; i < 65; ++i) facts["gpus"].push_back(Json{{"vendor", "nvidia"}});
    EXPECT_EQ(orNothing(factsProblem(facts)), "result.gpus: 65 entries, at most 64");
    facts["gpus"].erase(64);
    EXPECT_EQ(factsProblem(facts), std::nullopt);
    facts["cpu"]["flags"] = Json(std::vector<std::string>(1025, "avx2"));
    EXPECT_EQ(orNothing(factsProblem(facts)), "result.cpu.flags: 1025 entries, at most 1024");
    facts = recorded("facts.json");
    facts["nics"] = Json(std::vector<Json>(1025, Json{{"name", "eth0"}}));
    EXPECT_EQ(orNothing(factsProblem(facts)), "result.nics: 1025 entries, at most 1024");
}

// The facts caps travel in AgentInputLimits, as the sample caps do: the session's check and the
// monitor's decoding hold an agent to the same, chosen, limits.
TEST(AgentInput, FactsListsAreHeldToTheLimitsGiven) {
    AgentInputLimits limits;
    limits.facts.max_gpus = 4;
    limits.facts.max_list_items = 2;
    const Json facts = recorded("facts.json");  // 8 GPUs, 3 NICs, 3 disks
    EXPECT_EQ(orNothing(checkReply("facts", facts, limits)), "result.gpus: 8 entries, at most 4");
    limits.facts.max_gpus = 8;
    EXPECT_EQ(orNothing(checkReply("facts", facts, limits)), "result.nics: 3 entries, at most 2");
    try {
        decodeFacts(facts, limits);
        ADD_FAILURE() << "decoded past the limit";
    } catch (const protocol::DecodeError& e) {
        EXPECT_STREQ(e.what(), "result.nics: 3 entries, at most 2");
    }
    limits.facts.max_list_items = 3;
    EXPECT_EQ(checkReply("facts", facts, limits), std::nullopt);
    EXPECT_EQ(decodeFacts(facts, limits).block.size(), 3u);
    EXPECT_EQ(AgentInputLimits{}.facts.max_list_items, 1024u);  // the defaults are what servers have
}

// An older agent or a hand-written file may leave keys out: they read as unknown, not as errors.
TEST(AgentInput, FactsWithoutAKeyReadAsUnknown) {
    EXPECT_EQ(factsProblem(Json::object()), std::nullopt);
    const protocol::Facts f = protocol::facts_from_json(Json{{"hostname", "gpu-01"}, {"cpu", {{"cores", 8}}}, {"os", nullptr}});
    EXPECT_EQ(f.host.hostname, "gpu-01");
    EXPECT_EQ(f.cpu.cores, 8);
    EXPECT_FALSE(f.cpu.flags.has_value());
    EXPECT_FALSE(f.os.id.has_value());
    EXPECT_FALSE(f.virtualization.hypervisor.has_value());
    EXPECT_TRUE(f.gpus.empty());
    EXPECT_TRUE(f.block.empty());
    EXPECT_EQ(protocol::facts_from_json(recorded("facts.json")).gpus.at(7).pcie_width, 8);
}

TEST(AgentInput, SampleStringsAreShort) {
    const AgentInputLimits limits;
    Json sample = recorded("once.json");
    sample["note"] = std::string(5000, 'x');
    EXPECT_EQ(orNothing(sampleProblem(sample, limits)), "data.note: a 5000-byte string, at most 4096");
}

TEST(AgentInput, BoundsCapDepthArraysAndStrings) {
    AgentInputLimits limits;
    limits.maxDepth = 3;
    limits.maxArrayItems = 4;
    limits.maxStringBytes = 8;
    EXPECT_EQ(checkBounds(Json::parse(R"({"a":[[1]]})"), limits, "result"), std::nullopt);
    EXPECT_EQ(orNothing(checkBounds(Json::parse(R"({"a":[[[1]]]})"), limits, "result")),
              "result.a[0][0]: nested deeper than 3 levels");
    EXPECT_EQ(orNothing(checkBounds(Json::parse(R"({"a":[1,2,3,4,5]})"), limits, "result")),
              "result.a: 5 items, at most 4");
    EXPECT_EQ(orNothing(checkBounds(Json::parse(R"({"a":"123456789"})"), limits, "result")),
              "result.a: a 9-byte string, at most 8");
}

TEST(AgentInput, HelloNeedsTheTypesTheSessionReads) {
    EXPECT_EQ(helloProblem(Json::parse(R"({"protocol":1,"agent_version":"0.1.0","capabilities":["hello"],
                                              "host":{"hostname":"gpu-01"},"simulated":false})")),
              std::nullopt);
    EXPECT_EQ(orNothing(helloProblem(Json::parse(R"({"protocol":"1"})"))),
              "result.protocol: expected integer");
    EXPECT_EQ(orNothing(helloProblem(Json::parse(R"({"protocol":1,"capabilities":[1]})"))),
              "result.capabilities[0]: expected string");
    // A version out of any range is still a version: the session calls the agent incompatible.
    EXPECT_EQ(protocol::hello_from_json(Json::parse(R"({"protocol":99999999999})")).protocol, INT_MAX);
}

TEST(AgentInput, UnsolicitedRateAllowsABurstThenTheSustainedRate) {
    AgentInputLimits limits;
    limits.maxUnsolicitedPerSecond = 10;
    limits.unsolicitedBurst = 20;
    UnsolicitedRate rate(limits);
    rate.reset(0.0);
    int allowed = 0;
    for (int i = 0; i < 100; ++i) allowed += rate.allow(0.0);
    EXPECT_EQ(allowed, 20);
    allowed = 0;
    for (int i = 0; i < 100; ++i) allowed += rate.allow(1.0);  // one second later: ten more
    EXPECT_EQ(allowed, 10);
}

TEST(ProtocolNesting, DeepLinesAreUnreadableBeforeAnythingIsBuilt) {
    const std::size_t depth = 100000;
    const std::string line = R"({"event":"log","data":)" + std::string(depth, '[') + std::string(depth, ']') + "}";
    const auto decoded = protocol::decode_message(line);
    const auto* failure = std::get_if<protocol::DecodeFailure>(&decoded);
    ASSERT_NE(failure, nullptr);
    EXPECT_EQ(failure->error.code, protocol::ErrorCode::ParseError);
    EXPECT_EQ(failure->error.message, "line nests arrays or objects deeper than 64 levels");
    // Brackets inside strings are text, and 64 levels are still fine.
    const std::string ok = R"({"event":"log","data":{"text":"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[\"[["},"deep":)" +
                           std::string(62, '[') + std::string(62, ']') + "}";
    EXPECT_TRUE(std::holds_alternative<protocol::Message>(protocol::decode_message(ok)));
}
