#include "agent/ipmi/rapl_power.h"

#include <algorithm>

namespace fleetdeck::agent::ipmi {
namespace {

constexpr std::string_view kPowercap = "/sys/class/powercap";
constexpr auto kMinInterval = std::chrono::milliseconds(100);

std::optional<std::uint64_t> read_counter(const RootFs& fs, const std::string& path) {
    const auto v = fs.read_int(path);
    if (!v || *v < 0) return std::nullopt;
    return static_cast<std::uint64_t>(*v);
}

}  // namespace

bool is_package_zone(std::string_view name) {
    constexpr std::string_view prefix = "intel-rapl:";
    if (!name.starts_with(prefix) || name.size() == prefix.size()) return false;
    const std::string_view rest = name.substr(prefix.size());
    return std::all_of(rest.begin(), rest.end(), [](char c) { return c >= '0' && c <= '9'; });
}

std::optional<double> RaplMeter::watts(const RootFs& fs, std::chrono::steady_clock::time_point now) {
    if (!scanned_) {
        scanned_ = true;
        for (const std::string& name : fs.list(kPowercap)) {
            if (!is_package_zone(name)) continue;
            const std::string dir = std::string(kPowercap) + "/" + name;
            const auto label = fs.read_line(dir + "/name");
            const auto range = read_counter(fs, dir + "/max_energy_range_uj");
            if (!label || !label->starts_with("package") || !range || *range == 0) continue;
            zones_.push_back({dir, *range, 0});
        }
        std::sort(zones_.begin(), zones_.end(), [](const Zone& a, const Zone& b) { return a.dir < b.dir; });
    }
    if (zones_.empty()) return std::nullopt;
    if (last_ && now - *last_ < kMinInterval) return std::nullopt;
    // Every package's counter now; one that cannot be read makes the whole reading unknown.
    std::vector<std::uint64_t> energy;
    for (const Zone& z : zones_) {
        const auto uj = read_counter(fs, z.dir + "/energy_uj");
        if (!uj || *uj > z.range_uj) {
            last_.reset();
            return std::nullopt;
        }
        energy.push_back(*uj);
    }
    std::optional<double> result;
    if (last_) {
        double joules = 0;
        for (std::size_t i = 0; i < zones_.size(); ++i) {
            const Zone& z = zones_[i];
            // The counter wraps at max_energy_range_uj (powercap.rst): take the delta modulo it.
            const std::uint64_t delta = energy[i] >= z.last_uj ? energy[i] - z.last_uj : z.range_uj - z.last_uj + energy[i];
            joules += static_cast<double>(delta) / 1e6;
        }
        result = joules / std::chrono::duration<double>(now - *last_).count();
    }
    for (std::size_t i = 0; i < zones_.size(); ++i) zones_[i].last_uj = energy[i];
    last_ = now;
    return result;
}

}  // namespace fleetdeck::agent::ipmi
