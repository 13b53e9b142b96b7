#include "agent/simulator/settings_store.h"

#include "agent/setting_catalog/setting_catalog.h"

namespace fleetdeck::agent::sim {

// Out-of-the-box values of a freshly installed Debian server: what the tuning wizard finds on a
// rented machine before anyone tuned it.
SettingsStore::SettingsStore(const Profile& profile) {
    values_ = {
        {"cpu.governor", "schedutil"},
        {"thp.enabled", "always"},
        {"thp.defrag", "madvise"},
        {"sysctl:vm.swappiness", 60},
        {"sysctl:net.core.somaxconn", 4096},
        {"sysctl:net.core.default_qdisc", "fq_codel"},
        {"sysctl:net.ipv4.tcp_congestion_control", "cubic"},
        {"limits.nofile", 1024},
    };
    if (profile.gpu_count > 0) {
        values_["gpu.persistence"] = false;
        values_["gpu.power_limit_w"] = static_cast<std::int64_t>(profile.gpu.power_limit_w);
    }
}

std::optional<nlohmann::json> SettingsStore::get(const std::string& id) const {
    const auto it = values_.find(id);
    if (it == values_.end()) return std::nullopt;
    return it->second;
}

std::optional<std::string> SettingsStore::set(const std::string& id, const nlohmann::json& value) {
    // Qualified in full: in a unity batch with the settings engine, `settings` alone would name
    // fleetdeck::agent::settings.
    if (auto why = fleetdeck::settings::validate_setting_value(id, value)) return why;
    const auto canonical = fleetdeck::settings::normalize_setting_value(id, value);
    if (!canonical) return id + ": " + value.dump() + " cannot be read as this setting's value";
    if (!values_.count(id) && id.starts_with("gpu.")) return id + ": this host has no GPU";
    values_[id] = *canonical;
    return std::nullopt;
}

std::vector<std::string> SettingsStore::ids() const {
    std::vector<std::string> out;
    for (const auto& [id, value] : values_) out.push_back(id);
    return out;
}

}  // namespace fleetdeck::agent::sim
