#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "agent/json/json.h"

#include "agent/simulator/sim_spec.h"

namespace fleetdeck::agent::sim {

// The settings a simulated host "has" (its governor, THP mode, GPU power limits), in memory: they
// appear in its facts and shape its GPUs' power. Ids and values are those of the shared allow-list
// (agent/setting_catalog/setting_catalog.h): a value the catalog refuses is refused here too.
// Simulated hosts answer the tune.* methods not_supported; the wizard plans for them from their
// facts only.
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
