// A `probe` answer line read straight from its text (readProbeReply) against the tree
// (decode_message + decodeResult<ProbeResult>) on arbitrary bytes: where the direct reader reads a
// line, the tree must read the same id and the same ProbeResult. The input is read as a whole
// line, and as the result of an answer, each under the app's caps and under small ones.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <variant>

#include "agent/protocol/message.h"
#include "app/untrusted/agent_replies.h"

using namespace fleetdeck;

namespace {

// What the tree reads from a line, as the session reads a probe's answer: the reply, or nothing.
std::optional<protocol::ProbeReply> readThroughTree(const std::string& line, const AgentInputLimits& limits) {
    auto decoded = protocol::decode_message(line);
    const auto* message = std::get_if<protocol::Message>(&decoded);
    if (!message) return std::nullopt;
    const auto* response = std::get_if<protocol::Response>(message);
    if (!response || !response->id || response->error) return std::nullopt;
    try {
        return protocol::ProbeReply{*response->id, decodeResult<protocol::ProbeResult>("probe", response->result, limits)};
    } catch (const protocol::DecodeError&) {
        return std::nullopt;
    }
}

void compare(const std::string& line, const AgentInputLimits& limits) {
    const auto read = readProbeReply(line, limits);
    if (!read) return;
    const auto expected = readThroughTree(line, limits);
    if (!expected) std::abort();  // read directly, refused by the tree
    if (read->id != expected->id) std::abort();
    if (protocol::to_json(read->result) != protocol::to_json(expected->result)) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const AgentInputLimits appLimits;
    static const AgentInputLimits smallLimits = [] {
        AgentInputLimits l;
        l.maxDepth = 4;
        l.maxObjectKeys = 8;
        l.maxStringBytes = 16;
        l.maxArrayItems = 4;
        return l;
    }();
    const std::string bytes(reinterpret_cast<const char*>(data), size);
    const std::string asResult = R"({"id":7,"result":)" + bytes + "}";
    for (const AgentInputLimits* limits : {&appLimits, &smallLimits}) {
        compare(bytes, *limits);
        compare(asResult, *limits);
    }
    return 0;
}
