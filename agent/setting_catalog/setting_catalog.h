#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "agent/json/json.h"

namespace fleetdeck::settings {

using Json = nlohmann::json;

// How a setting's value is written in plans, profiles and on the wire.
enum class ValueKind {
    Integer,          // a JSON integer within [min, max]
    IntegerTriple,    // "min default max" as one string of three integers (tcp_rmem, tcp_wmem)
    Choice,           // one word out of `choices`
    Boolean,          // true / false
    IntegerOrUnlimited,  // an integer within [min, max] or the word "unlimited" (limits.memlock)
};

// Where one setting applies on a host. The agent's settings engine writes each kind its own way.
enum class SettingScope {
    Host,         // one value for the host (a sysctl, a limit)
    EachCpu,      // written to every CPU or cpufreq policy
    EachGpu,      // every NVIDIA GPU
    EachBlockDevice,  // every physical block device (or every NVMe one, see the id's description)
};

// One entry of the allow-list. Nothing outside this list can be planned, exported or pushed.
struct SettingSpec {
    std::string_view id;  // "sysctl:vm.swappiness", "thp.enabled", ...
    ValueKind kind;
    SettingScope scope;
    std::int64_t min = 0;
    std::int64_t max = 0;
    std::vector<std::string_view> choices;
    std::string_view unit;         // "%", "KiB", "W", "µs", "" when none
    std::string_view description;  // where it lives, in a few words
};

// Every setting id the planner may propose and the agent may apply, in one explicit list.
const std::vector<SettingSpec>& setting_catalog();
const SettingSpec* find_setting(std::string_view id);

// Why `value` is not acceptable for `id` ("sysctl:vm.swappiness: 300 is out of range 0..200"),
// or nothing when it is. Unknown ids are refused.
std::optional<std::string> validate_setting_value(std::string_view id, const Json& value);

// The value in its canonical form for comparisons: "60" -> 60 for integers, runs of whitespace
// collapsed in triples, "[madvise]" -> "madvise" for choices, "1"/"0"/"on"/"off" for booleans.
// Nothing when the value cannot be read as this setting's kind.
std::optional<Json> normalize_setting_value(std::string_view id, const Json& value);

// For IntegerTriple and Integer values: whether `current` already meets an "at least `wanted`"
// proposal (each field of a triple compared on its own). Nothing when either cannot be compared.
std::optional<bool> meets_at_least(std::string_view id, const Json& current, const Json& wanted);

std::string_view to_string(ValueKind kind);
std::string_view to_string(SettingScope scope);

}  // namespace fleetdeck::settings
