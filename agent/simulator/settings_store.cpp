#include "agent/simulator/settings_store.h"

namespace fleetdeck::agent::sim {

// Out-of-the-box values of a freshly installed Debian or Ubuntu server: what the tuning
// wizard would find on a rented machine before anyone tuned it.
SettingsStore::SettingsStore(const Profile& profile) {
    values_ = {
        {"cpufreq.governor", "schedutil"},
        {"thp.enabled", "always"},
        {"thp.defrag", "madvise"},
        {"sysctl.net.core.somaxconn", "4096"},
        {"sysctl.net.ipv4.tcp_congestion_control", "cubic"},
        {"sysctl.net.core.default_qdisc", "fq_codel"},
        {"sysctl.vm.swappiness", "60"},
        {"limits.nofile.soft", "1024"},
    };
    if (profile.gpu_count > 0) values_["nvidia.persistence_mode"] = "0";
    for (int i = 0; i < profile.gpu_count; ++i)
        values_["nvidia.gpu" + std::to_string(i) + ".power_limit_w"] =
            std::to_string(static_cast<long>(profile.gpu.power_limit_w));
}

std::optional<std::string> SettingsStore::get(const std::string& id) const {
    const auto it = values_.find(id);
    if (it == values_.end()) return std::nullopt;
    return it->second;
}

std::optional<std::string> SettingsStore::set(const std::string& id, std::string value) {
    auto previous = get(id);
    values_[id] = std::move(value);
    return previous;
}

std::vector<std::string> SettingsStore::ids() const {
    std::vector<std::string> out;
    for (const auto& [id, value] : values_) out.push_back(id);
    return out;
}

}  // namespace fleetdeck::agent::sim
