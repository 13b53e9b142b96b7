#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "agent/simulator/sim_spec.h"

namespace fleetdeck::agent::sim {

// The settings a simulated host "has", kept in memory so tuning (read, plan, apply, roll back)
// can be shown on the demo fleet without touching the machine the agent runs on. Values are the
// strings the live system would hold; ids name the setting ("sysctl.net.core.somaxconn").
class SettingsStore {
public:
    explicit SettingsStore(const Profile& profile);

    std::optional<std::string> get(const std::string& id) const;
    // Replaces or adds a value; returns the previous one.
    std::optional<std::string> set(const std::string& id, std::string value);
    std::vector<std::string> ids() const;

private:
    std::map<std::string, std::string> values_;
};

}  // namespace fleetdeck::agent::sim
