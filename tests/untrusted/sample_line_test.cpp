// A sample event line read straight from its text (readSampleLine, protocol::read_sample_event)
// against the same line read through nlohmann's tree (decode_message + decodeSample, the session's
// path before): on the real agent's lines, every NVLink variant and a few thousand hostile
// variations of them, either both read the same Sample and leave the same NVLink memory, or the
// direct reader leaves the line to the tree (and its memory as it was). It must never read a line
// the tree refuses.
#include <gtest/gtest.h>

#include <fstream>
#include <iostream>
#include <map>
#include <variant>

#include "agent/protocol/message.h"
#include "agent/protocol/sample.h"
#include "agent/simulator/sim_spec.h"
#include "agent/simulator/simulated_machine.h"
#include "app/untrusted/agent_input.h"
#include "app/untrusted/sample_line.h"
#include "tests/support/sanitizers.h"
#include "tests/support/subprocess.h"
#include "tests/untrusted/json_mutations.h"

using namespace fleetdeck;
using Json = nlohmann::json;

namespace {

// What the tree makes of a line, read as the session reads it: the sample, or why not.
struct TreeReading {
    std::optional<protocol::Sample> sample;
    std::string problem;
};

TreeReading readThroughTree(const std::string& line, const AgentInputLimits& limits, protocol::NvlinkMemory* nvlinks) {
    auto decoded = protocol::decode_message(line);
    if (const auto* failure = std::get_if<protocol::DecodeFailure>(&decoded)) return {std::nullopt, failure->error.message};
    auto* event = std::get_if<protocol::Event>(&std::get<protocol::Message>(decoded));
    if (!event || event->name != "sample") return {std::nullopt, "not a sample event"};
    try {
        return {decodeSample(event->data, limits, nvlinks), {}};
    } catch (const protocol::DecodeError& e) {
        return {std::nullopt, e.what()};
    }
}

// Sample has no operator==; the schema's own writer covers every field.
bool sameSample(const protocol::Sample& a, const protocol::Sample& b) { return protocol::to_json(a) == protocol::to_json(b); }

enum class Verdict { BothRead, BothRefused, LeftToTree };

std::string excerpt(const std::string& line) { return line.size() > 400 ? line.substr(0, 400) + "..." : line; }

// Reads `line` both ways from the same NVLink memory (none when `nvlinks` is null) and records a
// failure where they disagree. `nvlinks` then holds what both left in it.
Verdict compareReaders(const std::string& line, const AgentInputLimits& limits, protocol::NvlinkMemory* nvlinks) {
    protocol::NvlinkMemory direct = nvlinks ? *nvlinks : protocol::NvlinkMemory{};
    protocol::NvlinkMemory tree = direct;
    const std::optional<protocol::Sample> read = readSampleLine(line, limits, nvlinks ? &direct : nullptr);
    const TreeReading expected = readThroughTree(line, limits, nvlinks ? &tree : nullptr);
    if (read) {
        EXPECT_TRUE(expected.sample) << "read directly, refused by the tree (" << expected.problem << "): " << excerpt(line);
        if (!expected.sample) return Verdict::BothRefused;
        EXPECT_TRUE(sameSample(*read, *expected.sample)) << "the two readers read different samples: " << excerpt(line);
        EXPECT_EQ(direct.by_position, tree.by_position) << excerpt(line);
    } else if (nvlinks) {
        EXPECT_EQ(direct.by_position, nvlinks->by_position) << "a line left to the tree changed the memory: " << excerpt(line);
    }
    if (nvlinks && expected.sample) *nvlinks = tree;
    if (read) return Verdict::BothRead;
    return expected.sample ? Verdict::LeftToTree : Verdict::BothRefused;
}

std::string eventLine(const Json& data) { return R"({"data":)" + data.dump() + R"(,"event":"sample"})"; }

// Lines of the real agent binary, subscribed over stdio as the app subscribes (or without the
// parameters, as an older app does): `count` sample events.
std::vector<std::string> agentLines(const std::vector<std::string>& args, const std::string& params, int count) {
    test::Subprocess agent(FLEETDECK_AGENT_BIN, args);
    agent.write(R"({"id":1,"method":"subscribe","params":{"interval_ms":100)" + params + "}}\n");
    std::vector<std::string> lines;
    while (static_cast<int>(lines.size()) < count) {
        const auto line = agent.read_line(std::chrono::seconds(20));
        if (!line) {
            ADD_FAILURE() << "the agent stopped printing; stderr: " << agent.stderr_text();
            break;
        }
        if (line->find(R"("event":"sample")") != std::string::npos) lines.push_back(*line);
    }
    return lines;
}

Json recordedSnapshot() {
    std::ifstream in(FLEETDECK_SOURCE_DIR "/tests/fixtures/intel-2s-xeon-gold-6426y/once.json");
    return Json::parse(in);
}

// A simulated server's sample at `t` seconds as the agent's writer puts it on the line.
protocol::Sample simulatedSample(const std::string& spec, double t, bool perCore = false) {
    agent::sim::SimulatedMachine machine(*agent::sim::parse_sim_spec(spec).spec, [t] { return t; });
    protocol::Sample s = machine.sample_at(t);
    if (!perCore && s.cpu) s.cpu->cores.clear();
    return s;
}

}  // namespace

TEST(SampleLine, TheRealAgentsLinesAreReadDirectlyAndAsTheTreeReadsThem) {
    const AgentInputLimits limits;
    const std::vector<std::vector<std::string>> agents = {
        {"--stdio", "--simulate", "hgx-h100-8:1"},
        {"--stdio", "--simulate", "hgx-h100-8+bad-fan+ecc+remap-pending+xid=79+gpu-lost+nvlink-down+pcie-x8:7"},
        {"--stdio", "--simulate", "l40s-4+xid=48+nic-x8:3"},
        {"--stdio", "--simulate", "cpu-only:1"},
        {"--stdio", "--root", FLEETDECK_SOURCE_DIR "/tests/fixtures/amd-epyc-9124-w7900/root"},
        {"--stdio"},  // this machine
    };
    for (const auto& args : agents) {
        for (const std::string& params : std::vector<std::string>{R"(,"per_core":false,"nvlinks_when_changed":true)", ""}) {
            protocol::NvlinkMemory memory;
            for (const std::string& line : agentLines(args, params, 3))
                EXPECT_EQ(compareReaders(line, limits, &memory), Verdict::BothRead) << args.back() << params << ": " << excerpt(line);
        }
    }
    // The agent's recorded snapshot of a real server, and what `--once` prints, as sample events.
    EXPECT_EQ(compareReaders(eventLine(recordedSnapshot()), limits, nullptr), Verdict::BothRead);
    const auto once = test::run_capture(FLEETDECK_AGENT_BIN, {"--once", "--simulate", "hgx-h100-8+ecc:5"});
    EXPECT_EQ(compareReaders(eventLine(Json::parse(once)), limits, nullptr), Verdict::BothRead);
}

TEST(SampleLine, EveryNvlinkVariantReadsAsTheTreeReadsIt) {
    const AgentInputLimits limits;
    const protocol::Sample sample = simulatedSample("hgx-h100-8+nvlink-down:4", 30);
    protocol::NvlinkMemory sent, memory;
    protocol::SampleLine written;
    protocol::write_sample_event(written, sample, &sent);
    const std::string full(written.text());
    protocol::write_sample_event(written, sample, &sent);
    const std::string unchanged(written.text());
    ASSERT_NE(unchanged.find(R"("nvlinks":"unchanged")"), std::string::npos);

    // Every list, then "unchanged" from the memory the first line left.
    ASSERT_EQ(compareReaders(full, limits, &memory), Verdict::BothRead);
    EXPECT_EQ(memory.by_position.size(), 8u);
    const auto read = readSampleLine(unchanged, limits, &memory);
    ASSERT_TRUE(read);
    ASSERT_EQ(read->gpus.size(), sample.gpus.size());
    for (std::size_t i = 0; i < sample.gpus.size(); ++i) EXPECT_EQ(read->gpus[i].nvlinks, sample.gpus[i].nvlinks);
    // "unchanged" with nothing held before (no memory, or not for that position) is refused.
    EXPECT_EQ(compareReaders(unchanged, limits, nullptr), Verdict::BothRefused);
    protocol::NvlinkMemory fewer = memory;
    fewer.by_position.resize(3);
    EXPECT_EQ(compareReaders(unchanged, limits, &fewer), Verdict::BothRefused);
    protocol::NvlinkMemory emptyHeld = memory;
    emptyHeld.by_position[5].clear();
    EXPECT_EQ(compareReaders(unchanged, limits, &emptyHeld), Verdict::BothRefused);

    // A list that changed replaces the one held; null and [] read as no links.
    Json data = Json::parse(unchanged)["data"];
    data["gpus"][2]["nvlinks"] = Json::array({Json{{"link", 0}, {"active", false}, {"crc_errors", 9}}});
    data["gpus"][3]["nvlinks"] = nullptr;
    data["gpus"][4]["nvlinks"] = Json::array();
    protocol::NvlinkMemory changed = memory;
    EXPECT_EQ(compareReaders(eventLine(data), limits, &changed), Verdict::BothRead);
    EXPECT_EQ(changed.by_position[2].size(), 1u);
    EXPECT_TRUE(changed.by_position[4].empty());
    // Fewer GPUs than before: the memory shrinks with them.
    data["gpus"].erase(7);
    changed = memory;
    EXPECT_EQ(compareReaders(eventLine(data), limits, &changed), Verdict::BothRead);
    EXPECT_EQ(changed.by_position.size(), 7u);

    for (const Json& wrong : {Json("Unchanged"), Json(""), Json(18), Json::object(), Json::array({nullptr})}) {
        data = Json::parse(unchanged)["data"];
        data["gpus"][0]["nvlinks"] = wrong;
        protocol::NvlinkMemory held = memory;
        EXPECT_EQ(compareReaders(eventLine(data), limits, &held), Verdict::BothRefused) << wrong.dump();
    }
    data = Json::parse(full)["data"];
    Json links = Json::array();
    const int cap = static_cast<int>(limits.sample.max_nvlinks);
    for (int i = 0; i <= cap; ++i) links.push_back(Json{{"link", i}});
    data["gpus"][0]["nvlinks"] = links;  // one more than limits.sample.max_nvlinks
    EXPECT_EQ(compareReaders(eventLine(data), limits, nullptr), Verdict::BothRefused);
    links.erase(static_cast<std::size_t>(cap));
    data["gpus"][0]["nvlinks"] = links;
    EXPECT_EQ(compareReaders(eventLine(data), limits, nullptr), Verdict::BothRead);
}

TEST(SampleLine, OtherMessagesAndUnusualEnvelopesAreLeftToTheTree) {
    const AgentInputLimits limits;
    const std::string data = R"({"time_ms":5,"gpus":[]})";
    for (const std::string& line : std::vector<std::string>{
             R"({"id":3,"result":{"time_ms":5}})",
             R"({"event":"ready","data":{"ready":true}})",
             R"({"data":)" + data + R"(,"event":"ready"})",
             R"({"data":)" + data + R"(,"event":"sample","method":"ping","id":1})",  // a request
             R"({"data":)" + data + R"(,"event":"sample","id":1})",
             R"({"data":)" + data + R"(,"data":{},"event":"sample"})",
             R"({"data":)" + data + R"(,"event":"sample","event":"sample"})",
             R"({"event":"sample"})",
             R"({"data":null,"event":"sample"})",
             R"({"data":[],"event":"sample"})",
             "\xEF\xBB\xBF" R"({"data":)" + data + R"(,"event":"sample"})",  // a byte order mark
             R"({"data":)" + data + R"(,"event":"sample"} x)",
             R"([{"data":)" + data + R"(,"event":"sample"}])",
         }) {
        EXPECT_FALSE(readSampleLine(line, limits)) << line;
        EXPECT_NE(compareReaders(line, limits, nullptr), Verdict::BothRead) << line;
    }
    // Either order, any JSON whitespace, escaped keys and strings: read directly, as the tree reads them.
    for (const std::string& line : std::vector<std::string>{
             R"({"event":"sample","data":)" + data + "}",
             std::string(" \t{ \"data\" :\r\n{ \"time_ms\" : 5 , \"gpus\" : [ ] } , \"event\" : \"sample\" }\n"),
             std::string(R"({"data":{"time_\u006ds":5,"gpus":[{"na\u006de":"H100 \"SXM\" \u00b5\ud83d\ude00 \/","vendor":"nvidia"}]},"ev\u0065nt":"s\u0061mple"})"),
         }) {
        ASSERT_EQ(compareReaders(line, limits, nullptr), Verdict::BothRead) << line;
    }
    const auto escaped = readSampleLine(R"({"event":"sample","data":{"time_\u006ds":5}})", limits);
    ASSERT_TRUE(escaped);
    EXPECT_EQ(escaped->time_ms, 5);
}

TEST(SampleLine, CapsOnUnknownKeysAreTheTreesCaps) {
    AgentInputLimits limits;
    const auto line = [](const std::string& extra) { return R"({"data":{"time_ms":1,"extra":)" + extra + R"(},"event":"sample"})"; };
    const auto nested = [](std::size_t levels) { return std::string(levels, '[') + std::string(levels, ']'); };
    // data is depth 0, "extra" depth 1: 31 more levels inside it are the most maxDepth (32) allows.
    EXPECT_EQ(compareReaders(line(nested(31)), limits, nullptr), Verdict::BothRead);
    EXPECT_EQ(compareReaders(line(nested(32)), limits, nullptr), Verdict::BothRefused);
    EXPECT_EQ(compareReaders(line('"' + std::string(4096, 'x') + '"'), limits, nullptr), Verdict::BothRead);
    EXPECT_EQ(compareReaders(line('"' + std::string(4097, 'x') + '"'), limits, nullptr), Verdict::BothRefused);
    // A string's length is what it reads as: six bytes of escape are one byte.
    EXPECT_EQ(compareReaders(line('"' + std::string(4095, 'x') + "\\u0041\""), limits, nullptr), Verdict::BothRead);
    EXPECT_EQ(compareReaders(line(R"({")" + std::string(4097, 'k') + R"(":1})"), limits, nullptr), Verdict::BothRefused);
    std::string items = "[0";
    for (int i = 1; i < 4097; ++i) items += ",0";
    EXPECT_EQ(compareReaders(line(items + "]"), limits, nullptr), Verdict::BothRefused);
    items.resize(items.size() - 2);
    EXPECT_EQ(compareReaders(line(items + "]"), limits, nullptr), Verdict::BothRead);
    // Smaller caps are followed, whatever they are set to.
    limits.maxDepth = 3;
    limits.maxObjectKeys = 2;
    EXPECT_EQ(compareReaders(line(nested(2)), limits, nullptr), Verdict::BothRead);
    EXPECT_EQ(compareReaders(line(nested(3)), limits, nullptr), Verdict::BothRefused);
    EXPECT_EQ(compareReaders(line(R"({"a":1,"b":2,"c":3})"), limits, nullptr), Verdict::BothRefused);
}

TEST(SampleLine, MutatedLinesAreReadTheSameOrLeftToTheTree) {
    const AgentInputLimits limits;
    struct Base {
        Json data;
        protocol::NvlinkMemory memory;  // what the app holds for its "unchanged" lists
    };
    std::vector<Base> bases;
    for (const std::string spec : {"hgx-h100-8+ecc+remap-pending+xid=79+gpu-lost+nvlink-down:2", "l40s-4+bad-fan:3", "cpu-only:1"}) {
        protocol::NvlinkMemory sent, held;
        protocol::SampleLine written;
        protocol::write_sample_event(written, simulatedSample(spec, 45, spec == "cpu-only:1"), &sent);
        std::string line(written.text());
        ASSERT_EQ(compareReaders(line, limits, &held), Verdict::BothRead);
        bases.push_back({Json::parse(line)["data"], {}});
        protocol::write_sample_event(written, simulatedSample(spec, 46), &sent);
        line = std::string(written.text());
        bases.push_back({Json::parse(line)["data"], held});
    }
    bases.push_back({recordedSnapshot(), {}});
    {
        // Every member of the GPU processes, profiling, pressure, disk and NUMA objects, nulls too.
        std::ifstream in(FLEETDECK_SOURCE_DIR "/tests/fuzz/sample_line/utilization.txt");
        const Json line = Json::parse(in);
        ASSERT_EQ(compareReaders(line.dump(), limits, nullptr), Verdict::BothRead);
        bases.push_back({line["data"], {}});
    }

    test::Mutator mutator(20261203, [](const Json& data, bool otherOrder) {
        return otherOrder ? R"({"event":"sample","data":)" + data.dump() + "}" : eventLine(data);
    });
    std::map<Verdict, int> verdicts;
    // Under ASan a quarter as many: each costs ten times more there, and fuzz_sample_line covers it.
    const int rounds = test::kUnderAsan ? 1000 : 4000;
    for (int i = 0; i < rounds; ++i) {
        Base& base = bases[static_cast<std::size_t>(i) % bases.size()];
        const std::string line = mutator.mutate(base.data);
        protocol::NvlinkMemory memory = base.memory;
        ++verdicts[compareReaders(line, limits, &memory)];
        if (HasFailure()) {
            ADD_FAILURE() << "mutation " << i << ": " << excerpt(line);
            break;
        }
    }
    // Mutations that leave a line readable are read directly, most of the others refused by
    // both; what is left to the tree although it reads it is what the direct reader does not
    // take on (duplicate keys, integers past int64, a number that underflows).
    EXPECT_GT(verdicts[Verdict::BothRead], rounds / 4);
    EXPECT_GT(verdicts[Verdict::BothRefused], rounds / 4);
    EXPECT_LT(verdicts[Verdict::LeftToTree], rounds * 3 / 20);
    std::cout << "both read " << verdicts[Verdict::BothRead] << ", both refused " << verdicts[Verdict::BothRefused]
              << ", left to the tree " << verdicts[Verdict::LeftToTree] << "\n";
}
