#include "app/untrusted/agent_input.h"

#include <algorithm>
#include <initializer_list>
#include <string_view>

#include "agent/protocol/decode.h"

namespace fleetdeck {
namespace {

using Json = nlohmann::json;

std::optional<std::string> walk(const Json& v, const AgentInputLimits& limits, const std::string& path, std::size_t depth) {
    if (v.is_string()) {
        const std::size_t n = v.get_ref<const std::string&>().size();
        if (n > limits.maxStringBytes)
            return path + ": a " + std::to_string(n) + "-byte string, at most " + std::to_string(limits.maxStringBytes);
        return std::nullopt;
    }
    if (!v.is_structured()) return std::nullopt;
    if (depth >= limits.maxDepth) return path + ": nested deeper than " + std::to_string(limits.maxDepth) + " levels";
    if (v.is_array()) {
        if (v.size() > limits.maxArrayItems)
            return path + ": " + std::to_string(v.size()) + " items, at most " + std::to_string(limits.maxArrayItems);
        std::size_t i = 0;
        for (const Json& item : v)
            if (auto bad = walk(item, limits, path + "[" + std::to_string(i++) + "]", depth + 1)) return bad;
        return std::nullopt;
    }
    if (v.size() > limits.maxObjectKeys)
        return path + ": " + std::to_string(v.size()) + " keys, at most " + std::to_string(limits.maxObjectKeys);
    for (const auto& [key, item] : v.items()) {
        if (key.size() > limits.maxStringBytes) return path + ": a " + std::to_string(key.size()) + "-byte key";
        if (auto bad = walk(item, limits, path + "." + key, depth + 1)) return bad;
    }
    return std::nullopt;
}

enum class Kind { Number, Integer, String, Boolean, Object, Array };

std::string_view name(Kind kind) {
    switch (kind) {
    case Kind::Number: return "a number";
    case Kind::Integer: return "an integer";
    case Kind::String: return "a string";
    case Kind::Boolean: return "true or false";
    case Kind::Object: return "an object";
    case Kind::Array: return "a list";
    }
    return "?";
}

bool is(const Json& v, Kind kind) {
    switch (kind) {
    case Kind::Number: return v.is_number();
    case Kind::Integer: return v.is_number_integer();
    case Kind::String: return v.is_string();
    case Kind::Boolean: return v.is_boolean();
    case Kind::Object: return v.is_object();
    case Kind::Array: return v.is_array();
    }
    return false;
}

// Each listed key of `object`, when present and not null, must be of `kind`.
std::optional<std::string> expect(const Json& object, const std::string& path, Kind kind,
                                  std::initializer_list<const char*> keys) {
    for (const char* key : keys) {
        const auto it = object.find(key);
        if (it == object.end() || it->is_null() || is(*it, kind)) continue;
        return path + "." + key + ": expected " + std::string(name(kind)) + " or null, got " + it->type_name();
    }
    return std::nullopt;
}

// `object[key]`, when present and not null, must be a list of at most `max` objects; each is
// passed to `item` with its path.
template <typename F>
std::optional<std::string> listOfObjects(const Json& object, const std::string& path, const char* key, std::size_t max, F item) {
    const auto it = object.find(key);
    if (it == object.end() || it->is_null()) return std::nullopt;
    const std::string here = path + "." + key;
    if (!it->is_array()) return here + ": expected a list, got " + std::string(it->type_name());
    if (it->size() > max) return here + ": " + std::to_string(it->size()) + " entries, at most " + std::to_string(max);
    for (std::size_t i = 0; i < it->size(); ++i) {
        const Json& e = (*it)[i];
        const std::string at = here + "[" + std::to_string(i) + "]";
        if (!e.is_object()) return at + ": expected an object, got " + std::string(e.type_name());
        if (auto bad = item(e, at)) return bad;
    }
    return std::nullopt;
}

}  // namespace

std::optional<std::string> checkBounds(const Json& value, const AgentInputLimits& limits, const std::string& path) {
    return walk(value, limits, path, 0);
}

protocol::Sample decodeSample(const Json& data, const AgentInputLimits& limits) {
    // The decoder holds each list the app keeps to its own cap (before reading its elements);
    // then everything in the sample, known keys or not (labels, keys of a newer agent), is held
    // to sample-sized caps.
    protocol::Sample sample = protocol::sample_from_json(data, limits.sample, "data");
    AgentInputLimits sampleLimits = limits;
    sampleLimits.maxStringBytes = limits.maxSampleStringBytes;
    sampleLimits.maxArrayItems = std::max(limits.sample.max_cores, limits.sample.max_list_items);
    if (auto bad = checkBounds(data, sampleLimits, "data")) throw protocol::DecodeError(*bad);
    return sample;
}

std::optional<std::string> checkFactsResult(const Json& result, const AgentInputLimits& limits) {
    const std::string path = "result";
    if (!result.is_object()) return path + ": expected an object, got " + std::string(result.type_name());
    if (auto bad = expect(result, path, Kind::String, {"hostname", "machine_id", "arch", "kernel"})) return bad;
    if (auto bad = expect(result, path, Kind::Object, {"os", "cpu", "memory", "nvidia", "cpufreq", "thp", "tuned", "virtualization"}))
        return bad;
    if (auto bad = expect(result, path, Kind::Integer, {"numa_nodes"})) return bad;
    if (const auto cpu = result.find("cpu"); cpu != result.end() && cpu->is_object()) {
        if (auto bad = expect(*cpu, path + ".cpu", Kind::Integer, {"sockets", "cores", "threads"})) return bad;
        if (auto bad = expect(*cpu, path + ".cpu", Kind::Array, {"flags"})) return bad;
    }
    if (const auto mem = result.find("memory"); mem != result.end() && mem->is_object())
        if (auto bad = expect(*mem, path + ".memory", Kind::Number, {"total_bytes"})) return bad;
    if (auto bad = listOfObjects(result, path, "gpus", limits.sample.max_gpus, [](const Json& g, const std::string& at) {
            if (auto b = expect(g, at, Kind::Number, {"pcie_gen", "pcie_width", "pcie_gen_max", "pcie_width_max", "numa_node"})) return b;
            return expect(g, at, Kind::String, {"vendor", "name", "pci_bus_id", "driver"});
        }))
        return bad;
    for (const char* list : {"nics", "block", "infiniband"})
        if (auto bad = listOfObjects(result, path, list, limits.sample.max_list_items, [](const Json&, const std::string&) {
                return std::optional<std::string>();
            }))
            return bad;
    return std::nullopt;
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
