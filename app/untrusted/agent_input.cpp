#include "app/untrusted/agent_input.h"

#include <algorithm>
#include <initializer_list>
#include <string_view>

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

std::optional<std::string> checkGpu(const Json& g, const std::string& at) {
    if (auto bad = expect(g, at, Kind::Number,
                          {"index", "temp_c", "temp_slowdown_c", "temp_shutdown_c", "temp_junction_c", "temp_mem_c",
                           "util_pct", "mem_util_pct", "mem_used_bytes", "mem_total_bytes", "power_w", "power_limit_w",
                           "power_limit_min_w", "power_limit_max_w", "fan_pct", "sm_clock_mhz", "mem_clock_mhz",
                           "pcie_gen", "pcie_width", "pcie_gen_max", "pcie_width_max"}))
        return bad;
    if (auto bad = expect(g, at, Kind::String, {"vendor", "name", "uuid", "pci_bus_id"})) return bad;
    if (auto bad = expect(g, at, Kind::Array, {"throttle"})) return bad;
    if (const auto t = g.find("throttle"); t != g.end() && t->is_array()) {
        if (t->size() > 32) return at + ".throttle: " + std::to_string(t->size()) + " reasons, at most 32";
        for (const Json& r : *t)
            if (!r.is_string()) return at + ".throttle: expected names, got " + std::string(r.type_name());
    }
    return std::nullopt;
}

}  // namespace

std::optional<std::string> checkBounds(const Json& value, const AgentInputLimits& limits, const std::string& path) {
    return walk(value, limits, path, 0);
}

std::optional<std::string> checkSample(const Json& data, const AgentInputLimits& limits) {
    const std::string path = "data";
    if (!data.is_object()) return path + ": expected an object, got " + std::string(data.type_name());
    if (auto bad = expect(data, path, Kind::Integer, {"time_ms"})) return bad;
    if (auto bad = expect(data, path, Kind::Object, {"cpu", "memory"})) return bad;
    if (const auto cpu = data.find("cpu"); cpu != data.end() && cpu->is_object()) {
        if (auto bad = expect(*cpu, path + ".cpu", Kind::Number, {"util_pct", "freq_mhz", "package_temp_c"})) return bad;
        if (auto bad = listOfObjects(*cpu, path + ".cpu", "cores", limits.maxSampleCores, [](const Json& c, const std::string& at) {
                return expect(c, at, Kind::Number, {"index", "util_pct", "freq_mhz"});
            }))
            return bad;
    }
    if (const auto mem = data.find("memory"); mem != data.end() && mem->is_object())
        if (auto bad = expect(*mem, path + ".memory", Kind::Number,
                              {"total_bytes", "available_bytes", "used_bytes", "swap_total_bytes", "swap_used_bytes"}))
            return bad;
    if (auto bad = listOfObjects(data, path, "gpus", limits.maxSampleGpus, checkGpu)) return bad;
    if (auto bad = listOfObjects(data, path, "sensors", limits.maxSampleListItems, [](const Json& s, const std::string& at) {
            if (auto b = expect(s, at, Kind::Number, {"value", "max", "crit"})) return b;
            return expect(s, at, Kind::String, {"chip", "label", "kind", "unit", "hwmon", "input"});
        }))
        return bad;
    if (auto bad = listOfObjects(data, path, "nics", limits.maxSampleListItems, [](const Json& n, const std::string& at) {
            if (auto b = expect(n, at, Kind::Number, {"speed_mbps", "mtu", "rx_bytes", "tx_bytes", "rx_bytes_per_s", "tx_bytes_per_s"})) return b;
            return expect(n, at, Kind::String, {"name", "type", "operstate"});
        }))
        return bad;
    if (auto bad = listOfObjects(data, path, "thermal_zones", limits.maxSampleListItems, [](const Json& z, const std::string& at) {
            return expect(z, at, Kind::Number, {"temp_c"});
        }))
        return bad;
    if (auto bad = listOfObjects(data, path, "infiniband", limits.maxSampleListItems, [](const Json& p, const std::string& at) {
            return expect(p, at, Kind::Number, {"rate_gbps"});
        }))
        return bad;
    // The lists the app reads are checked above by name; this holds everything else in a sample
    // (labels, keys it does not know yet) to sample-sized caps.
    AgentInputLimits sampleLimits = limits;
    sampleLimits.maxStringBytes = limits.maxSampleStringBytes;
    sampleLimits.maxArrayItems = std::max(limits.maxSampleCores, limits.maxSampleListItems);
    return checkBounds(data, sampleLimits, path);
}

std::optional<std::string> checkHelloResult(const Json& result) {
    const std::string path = "result";
    if (!result.is_object()) return path + ": expected an object, got " + std::string(result.type_name());
    if (auto bad = expect(result, path, Kind::Integer, {"protocol"})) return bad;
    if (auto bad = expect(result, path, Kind::String, {"agent", "agent_version"})) return bad;
    if (auto bad = expect(result, path, Kind::Boolean, {"simulated", "privileged"})) return bad;
    if (auto bad = expect(result, path, Kind::Object, {"host"})) return bad;
    if (const auto host = result.find("host"); host != result.end() && host->is_object())
        if (auto bad = expect(*host, path + ".host", Kind::String, {"hostname", "machine_id", "arch", "kernel"})) return bad;
    if (auto bad = expect(result, path, Kind::Array, {"capabilities", "recovered"})) return bad;
    if (const auto caps = result.find("capabilities"); caps != result.end() && caps->is_array()) {
        if (caps->size() > 256) return path + ".capabilities: " + std::to_string(caps->size()) + " methods, at most 256";
        for (const Json& c : *caps)
            if (!c.is_string()) return path + ".capabilities: expected method names, got " + std::string(c.type_name());
    }
    return std::nullopt;
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
    if (auto bad = listOfObjects(result, path, "gpus", limits.maxSampleGpus, [](const Json& g, const std::string& at) {
            if (auto b = expect(g, at, Kind::Number, {"pcie_gen", "pcie_width", "pcie_gen_max", "pcie_width_max", "numa_node"})) return b;
            return expect(g, at, Kind::String, {"vendor", "name", "pci_bus_id", "driver"});
        }))
        return bad;
    for (const char* list : {"nics", "block", "infiniband"})
        if (auto bad = listOfObjects(result, path, list, limits.maxSampleListItems, [](const Json&, const std::string&) {
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
