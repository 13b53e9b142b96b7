#include "agent/setting_catalog/setting_catalog.h"

#include <algorithm>
#include <charconv>
#include <limits>

namespace fleetdeck::settings {
namespace {

constexpr std::int64_t kInt64Max = std::numeric_limits<std::int64_t>::max();

SettingSpec integer(std::string_view id, SettingScope scope, std::int64_t min, std::int64_t max, std::string_view unit,
                    std::string_view description) {
    return {id, ValueKind::Integer, scope, min, max, {}, unit, description};
}

SettingSpec choice(std::string_view id, SettingScope scope, std::vector<std::string_view> choices,
                   std::string_view description) {
    return {id, ValueKind::Choice, scope, 0, 0, std::move(choices), "", description};
}

std::vector<SettingSpec> build_catalog() {
    using S = SettingScope;
    return {
        // CPU frequency scaling (sysfs, per CPU / per cpufreq policy).
        choice("cpu.governor", S::EachCpu, {"performance", "powersave", "schedutil", "ondemand", "conservative"},
               "cpu*/cpufreq/scaling_governor"),
        choice("cpu.epp", S::EachCpu, {"default", "performance", "balance_performance", "balance_power", "power"},
               "cpufreq/policy*/energy_performance_preference (active intel_pstate / amd-pstate only)"),
        // Transparent huge pages.
        choice("thp.enabled", S::Host, {"always", "madvise", "never"}, "/sys/kernel/mm/transparent_hugepage/enabled"),
        choice("thp.defrag", S::Host, {"always", "defer", "defer+madvise", "madvise", "never"},
               "/sys/kernel/mm/transparent_hugepage/defrag"),
        // Memory sysctls.
        integer("sysctl:vm.swappiness", S::Host, 0, 200, "", "/proc/sys/vm/swappiness"),
        integer("sysctl:vm.dirty_ratio", S::Host, 1, 100, "%", "/proc/sys/vm/dirty_ratio"),
        integer("sysctl:vm.dirty_background_ratio", S::Host, 1, 100, "%", "/proc/sys/vm/dirty_background_ratio"),
        integer("sysctl:vm.zone_reclaim_mode", S::Host, 0, 7, "", "/proc/sys/vm/zone_reclaim_mode (bit mask)"),
        integer("sysctl:kernel.numa_balancing", S::Host, 0, 1, "", "/proc/sys/kernel/numa_balancing"),
        // Network sysctls.
        integer("sysctl:net.core.somaxconn", S::Host, 128, 1048576, "", "/proc/sys/net/core/somaxconn"),
        {"sysctl:net.ipv4.tcp_rmem", ValueKind::IntegerTriple, S::Host, 4096, 1073741824, {}, "bytes",
         "/proc/sys/net/ipv4/tcp_rmem (min default max)"},
        {"sysctl:net.ipv4.tcp_wmem", ValueKind::IntegerTriple, S::Host, 4096, 1073741824, {}, "bytes",
         "/proc/sys/net/ipv4/tcp_wmem (min default max)"},
        integer("sysctl:net.core.rmem_max", S::Host, 212992, 1073741824, "bytes", "/proc/sys/net/core/rmem_max"),
        integer("sysctl:net.core.wmem_max", S::Host, 212992, 1073741824, "bytes", "/proc/sys/net/core/wmem_max"),
        integer("sysctl:net.ipv4.tcp_slow_start_after_idle", S::Host, 0, 1, "",
                "/proc/sys/net/ipv4/tcp_slow_start_after_idle"),
        choice("sysctl:net.core.default_qdisc", S::Host, {"fq", "fq_codel", "pfifo_fast"},
               "/proc/sys/net/core/default_qdisc"),
        choice("sysctl:net.ipv4.tcp_congestion_control", S::Host, {"bbr", "cubic", "reno"},
               "/proc/sys/net/ipv4/tcp_congestion_control"),
        integer("sysctl:net.core.busy_read", S::Host, 0, 200, "µs", "/proc/sys/net/core/busy_read"),
        integer("sysctl:net.core.busy_poll", S::Host, 0, 200, "µs", "/proc/sys/net/core/busy_poll"),
        integer("sysctl:net.ipv4.tcp_fastopen", S::Host, 0, 3, "", "/proc/sys/net/ipv4/tcp_fastopen (bit mask)"),
        integer("sysctl:fs.file-max", S::Host, 65536, kInt64Max, "", "/proc/sys/fs/file-max"),
        // Kernel modules (loaded now and at boot through modules-load.d).
        {"module:tcp_bbr", ValueKind::Boolean, S::Host, 0, 0, {}, "", "tcp_bbr loaded, listed in /etc/modules-load.d"},
        // Resource limits for logins (limits.d) and services (systemd DefaultLimit*).
        integer("limits.nofile", S::Host, 1024, 1048576, "",
                "hard open-file limit: limits.d and DefaultLimitNOFILE (soft limit left alone)"),
        {"limits.memlock", ValueKind::IntegerOrUnlimited, S::Host, 64, kInt64Max, {}, "KiB",
         "locked-memory limit: limits.d memlock and DefaultLimitMEMLOCK"},
        // NVIDIA GPUs (NVML).
        {"gpu.persistence", ValueKind::Boolean, S::EachGpu, 0, 0, {}, "", "persistence mode (nvidia-persistenced)"},
        integer("gpu.power_limit_w", S::EachGpu, 50, 1500, "W",
                "NVML power management limit, clamped to the board's min/max constraints"),
        // Block devices.
        integer("block.read_ahead_kb", S::EachBlockDevice, 0, 65536, "KiB", "/sys/block/*/queue/read_ahead_kb"),
        choice("block.scheduler", S::EachBlockDevice, {"none", "mq-deadline", "kyber", "bfq"},
               "/sys/block/nvme*/queue/scheduler (NVMe devices only)"),
    };
}

std::optional<std::int64_t> parse_int(std::string_view text) {
    std::int64_t v = 0;
    const auto* end = text.data() + text.size();
    const auto [ptr, ec] = std::from_chars(text.data(), end, v);
    if (ec != std::errc() || ptr != end || text.empty()) return std::nullopt;
    return v;
}

std::vector<std::string_view> split_ws(std::string_view text) {
    std::vector<std::string_view> out;
    std::size_t i = 0;
    while (i < text.size()) {
        while (i < text.size() && (text[i] == ' ' || text[i] == '\t' || text[i] == '\n')) ++i;
        const std::size_t start = i;
        while (i < text.size() && text[i] != ' ' && text[i] != '\t' && text[i] != '\n') ++i;
        if (i > start) out.push_back(text.substr(start, i - start));
    }
    return out;
}

std::optional<std::int64_t> as_integer(const Json& value) {
    if (value.is_number_integer()) {
        if (value.is_number_unsigned() && value.get<std::uint64_t>() > static_cast<std::uint64_t>(kInt64Max))
            return std::nullopt;
        return value.get<std::int64_t>();
    }
    if (value.is_string()) {
        const auto words = split_ws(value.get_ref<const std::string&>());
        if (words.size() == 1) return parse_int(words[0]);
    }
    return std::nullopt;
}

std::optional<std::vector<std::int64_t>> as_triple(const Json& value) {
    if (!value.is_string()) return std::nullopt;
    const auto words = split_ws(value.get_ref<const std::string&>());
    if (words.size() != 3) return std::nullopt;
    std::vector<std::int64_t> out;
    for (const auto w : words) {
        const auto n = parse_int(w);
        if (!n) return std::nullopt;
        out.push_back(*n);
    }
    return out;
}

// "always [madvise] never" -> "madvise"; a plain word stays as it is.
std::string bracketed_or_plain(std::string_view text) {
    const auto open = text.find('[');
    const auto close = text.find(']', open);
    if (open != std::string_view::npos && close != std::string_view::npos)
        return std::string(text.substr(open + 1, close - open - 1));
    const auto words = split_ws(text);
    return words.size() == 1 ? std::string(words[0]) : std::string(text);
}

std::string range_text(const SettingSpec& s) {
    return std::to_string(s.min) + ".." + (s.max == kInt64Max ? std::string("") : std::to_string(s.max));
}

std::string choices_text(const SettingSpec& s) {
    std::string list;
    for (const auto c : s.choices) list += (list.empty() ? "" : ", ") + std::string(c);
    return list;
}

std::optional<std::string> check_integer(const SettingSpec& s, const Json& value) {
    if (!value.is_number_integer()) return "expected an integer";
    const auto n = as_integer(value);
    if (!n || *n < s.min || *n > s.max) return value.dump() + " is out of range " + range_text(s);
    return std::nullopt;
}

std::optional<std::string> check_value(const SettingSpec& s, const Json& value) {
    switch (s.kind) {
    case ValueKind::Integer: return check_integer(s, value);
    case ValueKind::IntegerOrUnlimited:
        if (value == "unlimited") return std::nullopt;
        if (!value.is_number_integer()) return "expected an integer or \"unlimited\"";
        return check_integer(s, value);
    case ValueKind::IntegerTriple: {
        const auto t = as_triple(value);
        if (!t) return "expected three integers \"min default max\"";
        if ((*t)[0] < s.min || (*t)[2] > s.max) return "each field must be within " + range_text(s);
        if (!((*t)[0] <= (*t)[1] && (*t)[1] <= (*t)[2])) return "expected min <= default <= max";
        return std::nullopt;
    }
    case ValueKind::Choice:
        if (!value.is_string()) return "expected one of " + choices_text(s);
        if (std::find(s.choices.begin(), s.choices.end(), value.get<std::string>()) == s.choices.end())
            return value.dump() + " is not one of " + choices_text(s);
        return std::nullopt;
    case ValueKind::Boolean:
        if (!value.is_boolean()) return "expected true or false";
        return std::nullopt;
    }
    return "unknown value kind";
}

std::optional<Json> normalize_boolean(const Json& value) {
    if (value.is_boolean()) return value;
    if (value.is_number_integer()) return Json(value.get<std::int64_t>() != 0);
    if (!value.is_string()) return std::nullopt;
    const std::string w = bracketed_or_plain(value.get<std::string>());
    if (w == "1" || w == "on" || w == "Enabled" || w == "enabled" || w == "true" || w == "yes") return Json(true);
    if (w == "0" || w == "off" || w == "Disabled" || w == "disabled" || w == "false" || w == "no") return Json(false);
    return std::nullopt;
}

}  // namespace

const std::vector<SettingSpec>& setting_catalog() {
    static const std::vector<SettingSpec> catalog = build_catalog();
    return catalog;
}

const SettingSpec* find_setting(std::string_view id) {
    const auto& catalog = setting_catalog();
    const auto it = std::find_if(catalog.begin(), catalog.end(), [id](const SettingSpec& s) { return s.id == id; });
    return it == catalog.end() ? nullptr : &*it;
}

std::optional<std::string> validate_setting_value(std::string_view id, const Json& value) {
    const SettingSpec* spec = find_setting(id);
    if (!spec) return std::string(id) + ": not a known setting id (see docs/rules.md)";
    if (auto problem = check_value(*spec, value)) return std::string(id) + ": " + *problem;
    return std::nullopt;
}

std::optional<Json> normalize_setting_value(std::string_view id, const Json& value) {
    const SettingSpec* spec = find_setting(id);
    if (!spec || value.is_null()) return std::nullopt;
    switch (spec->kind) {
    case ValueKind::Integer:
        if (const auto n = as_integer(value)) return Json(*n);
        return std::nullopt;
    case ValueKind::IntegerOrUnlimited:
        if (value == "unlimited" || value == "infinity") return Json("unlimited");
        if (const auto n = as_integer(value)) return Json(*n);
        return std::nullopt;
    case ValueKind::IntegerTriple: {
        const auto t = as_triple(value);
        if (!t) return std::nullopt;
        return Json(std::to_string((*t)[0]) + " " + std::to_string((*t)[1]) + " " + std::to_string((*t)[2]));
    }
    case ValueKind::Choice:
        if (!value.is_string()) return std::nullopt;
        return Json(bracketed_or_plain(value.get<std::string>()));
    case ValueKind::Boolean: return normalize_boolean(value);
    }
    return std::nullopt;
}

std::optional<bool> meets_at_least(std::string_view id, const Json& current, const Json& wanted) {
    const SettingSpec* spec = find_setting(id);
    if (!spec) return std::nullopt;
    if (spec->kind == ValueKind::IntegerTriple) {
        const auto c = as_triple(current.is_string() ? current : Json());
        const auto w = as_triple(wanted.is_string() ? wanted : Json());
        if (!c || !w) return std::nullopt;
        return (*c)[0] >= (*w)[0] && (*c)[1] >= (*w)[1] && (*c)[2] >= (*w)[2];
    }
    if (spec->kind == ValueKind::Integer || spec->kind == ValueKind::IntegerOrUnlimited) {
        if (current == "unlimited") return true;
        if (wanted == "unlimited") return false;
        const auto c = as_integer(current);
        const auto w = as_integer(wanted);
        if (!c || !w) return std::nullopt;
        return *c >= *w;
    }
    return std::nullopt;
}

std::string_view to_string(ValueKind kind) {
    switch (kind) {
    case ValueKind::Integer: return "integer";
    case ValueKind::IntegerTriple: return "three integers";
    case ValueKind::Choice: return "choice";
    case ValueKind::Boolean: return "boolean";
    case ValueKind::IntegerOrUnlimited: return "integer or \"unlimited\"";
    }
    return "unknown";
}

std::string_view to_string(SettingScope scope) {
    switch (scope) {
    case SettingScope::Host: return "host";
    case SettingScope::EachCpu: return "each CPU";
    case SettingScope::EachGpu: return "each NVIDIA GPU";
    case SettingScope::EachBlockDevice: return "each block device";
    }
    return "unknown";
}

}  // namespace fleetdeck::settings
