// The sample event line read straight from its text (readSampleLine) against the tree
// (decode_message + decodeSample) on arbitrary bytes: where the direct reader reads a line, the
// tree must read the same Sample and leave the same NVLink memory; where it does not, the memory
// must be as it was. The input is read as a whole line, and as the data of a sample event, each
// with no NVLink memory and with the memory of an 8-GPU server (so "unchanged" lists are read),
// under the app's caps and under small ones.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <variant>

#include "agent/protocol/message.h"
#include "agent/protocol/sample.h"
#include "app/untrusted/agent_input.h"
#include "app/untrusted/sample_line.h"

using namespace fleetdeck;

namespace {

// What the tree reads from a line, as the session reads it: the sample, or nothing.
std::optional<protocol::Sample> readThroughTree(const std::string& line, const AgentInputLimits& limits,
                                                protocol::NvlinkMemory* nvlinks) {
    auto decoded = protocol::decode_message(line);
    const auto* message = std::get_if<protocol::Message>(&decoded);
    if (!message) return std::nullopt;
    const auto* event = std::get_if<protocol::Event>(message);
    if (!event || event->name != "sample") return std::nullopt;
    try {
        return decodeSample(event->data, limits, nvlinks);
    } catch (const protocol::DecodeError&) {
        return std::nullopt;
    }
}

// An 8-GPU server's NVLink lists, as the app holds them after that server's first sample: two
// GPUs with links, one without, the rest one link each.
protocol::NvlinkMemory heldLists() {
    protocol::NvlinkMemory memory;
    memory.by_position.resize(8, {protocol::NvlinkSample{0, true, 0, 0, 0}});
    memory.by_position[0] = {{0, true, 1, 2, 3}, {1, false, std::nullopt, std::nullopt, std::nullopt}};
    memory.by_position[2].clear();
    return memory;
}

void compare(const std::string& line, const AgentInputLimits& limits, const protocol::NvlinkMemory* held) {
    protocol::NvlinkMemory direct = held ? *held : protocol::NvlinkMemory{};
    protocol::NvlinkMemory tree = direct;
    const auto read = readSampleLine(line, limits, held ? &direct : nullptr);
    if (!read) {
        if (held && direct.by_position != held->by_position) std::abort();
        return;
    }
    const auto expected = readThroughTree(line, limits, held ? &tree : nullptr);
    if (!expected) std::abort();  // read directly, refused by the tree
    if (protocol::to_json(*read) != protocol::to_json(*expected)) std::abort();
    if (direct.by_position != tree.by_position) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const protocol::NvlinkMemory held = heldLists();
    static const AgentInputLimits appLimits;
    static const AgentInputLimits smallLimits = [] {
        AgentInputLimits l;
        l.maxDepth = 4;
        l.maxObjectKeys = 8;
        l.maxSampleStringBytes = 16;
        l.sample.max_gpus = 3;
        l.sample.max_list_items = 4;
        l.sample.max_cores = 4;
        l.sample.max_nvlinks = 2;
        l.sample.max_throttle_reasons = 2;
        l.sample.max_xid_events = 2;
        return l;
    }();
    const std::string bytes(reinterpret_cast<const char*>(data), size);
    const std::string asData = R"({"data":)" + bytes + R"(,"event":"sample"})";
    for (const AgentInputLimits* limits : {&appLimits, &smallLimits}) {
        for (const protocol::NvlinkMemory* memory : {static_cast<const protocol::NvlinkMemory*>(nullptr), &held}) {
            compare(bytes, *limits, memory);
            compare(asData, *limits, memory);
        }
    }
    return 0;
}
