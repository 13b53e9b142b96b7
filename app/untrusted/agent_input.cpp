#include "app/untrusted/agent_input.h"

#include <algorithm>
#include <string_view>

#include "agent/protocol/decode.h"
#include "app/untrusted/sample_line.h"

namespace fleetdeck {
namespace {

using Json = nlohmann::json;

// Where a value sits, as a chain up to the root: the path text is only written out for a value
// that breaks a cap. Writing it for every value (one string per key and element) cost more than
// the walk itself for a sample of a few thousand values.
struct PathStep {
    const PathStep* parent = nullptr;
    std::string_view root;  // the root's path; empty below it
    std::string_view key;   // an object member's key
    std::size_t index = 0;  // an array element's index, where key is empty
    bool element = false;

    std::string text() const {
        if (!parent) return std::string(root);
        std::string out = parent->text();
        if (element) out += "[" + std::to_string(index) + "]";
        else out += "." + std::string(key);
        return out;
    }
};

std::optional<std::string> walk(const Json& v, const AgentInputLimits& limits, const PathStep& at, std::size_t depth) {
    if (v.is_string()) {
        const std::size_t n = v.get_ref<const std::string&>().size();
        if (n > limits.maxStringBytes)
            return at.text() + ": a " + std::to_string(n) + "-byte string, at most " + std::to_string(limits.maxStringBytes);
        return std::nullopt;
    }
    if (!v.is_structured()) return std::nullopt;
    if (depth >= limits.maxDepth) return at.text() + ": nested deeper than " + std::to_string(limits.maxDepth) + " levels";
    if (v.is_array()) {
        if (v.size() > limits.maxArrayItems)
            return at.text() + ": " + std::to_string(v.size()) + " items, at most " + std::to_string(limits.maxArrayItems);
        std::size_t i = 0;
        for (const Json& item : v) {
            const PathStep step{&at, {}, {}, i++, true};
            if (auto bad = walk(item, limits, step, depth + 1)) return bad;
        }
        return std::nullopt;
    }
    if (v.size() > limits.maxObjectKeys)
        return at.text() + ": " + std::to_string(v.size()) + " keys, at most " + std::to_string(limits.maxObjectKeys);
    for (const auto& [key, item] : v.get_ref<const Json::object_t&>()) {
        if (key.size() > limits.maxStringBytes) return at.text() + ": a " + std::to_string(key.size()) + "-byte key";
        const PathStep step{&at, {}, key, 0, false};
        if (auto bad = walk(item, limits, step, depth + 1)) return bad;
    }
    return std::nullopt;
}

}  // namespace

std::optional<std::string> checkBounds(const Json& value, const AgentInputLimits& limits, const std::string& path) {
    return walk(value, limits, PathStep{nullptr, path, {}, 0, false}, 0);
}

protocol::TextBounds textBounds(const AgentInputLimits& limits) {
    return {limits.maxDepth, limits.maxStringBytes, limits.maxArrayItems, limits.maxObjectKeys};
}

protocol::Sample decodeSample(const Json& data, const AgentInputLimits& limits, protocol::NvlinkMemory* nvlinks) {
    // The decoder holds each list the app keeps to its own cap (before reading its elements);
    // then everything in the sample is held to sample-sized caps.
    protocol::Sample sample = protocol::sample_from_json(data, limits.sample, "data", nvlinks);
    if (auto bad = checkBounds(data, sampleCaps(limits), "data")) throw protocol::DecodeError(*bad);
    return sample;
}

protocol::Facts decodeFacts(const Json& result, const AgentInputLimits& limits, const std::string& path) {
    return protocol::facts_from_json(result, limits.facts, path);
}

UnsolicitedRate::UnsolicitedRate(const AgentInputLimits& limits)
    : rate_(limits.maxUnsolicitedPerSecond), burst_(limits.unsolicitedBurst), tokens_(limits.unsolicitedBurst) {}

void UnsolicitedRate::reset(double nowSeconds) {
    tokens_ = burst_;
    last_ = nowSeconds;
}

bool UnsolicitedRate::allow(double nowSeconds) {
    tokens_ = std::min(burst_, tokens_ + std::max(0.0, nowSeconds - last_) * rate_);
    last_ = nowSeconds;
    if (tokens_ < 1) return false;
    tokens_ -= 1;
    return true;
}

}  // namespace fleetdeck
