#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "agent/simulator/sim_spec.h"

namespace fleetdeck::agent::sim {

// The settings a simulated host "has", kept in memory so tuning (read, plan, apply, roll back)
// can be shown on the demo fleet without touching the machine the agent runs on. Ids and values
// are those of the shared allow-list (agent/settings/setting_catalog.h): a value the catalog
// refuses is refused here too, so the demo cannot accept what a real host would not.
class SettingsStore {
public:
    explicit SettingsStore(const Profile& profile);

    // The current value in its canonical form; nothing for an id this host does not have.
    std::optional<nlohmann::json> get(const std::string& id) const;
    // Sets a value after checking it against the catalog. Returns why it was refused, if it was.
    std::optional<std::string> set(const std::string& id, const nlohmann::json& value);
    std::vector<std::string> ids() const;

private:
    std::map<std::string, nlohmann::json> values_;
};

}  // namespace fleetdeck::agent::sim
