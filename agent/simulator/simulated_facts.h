#pragma once

#include <nlohmann/json.hpp>

#include "agent/simulator/settings_store.h"
#include "agent/simulator/sim_spec.h"

namespace fleetdeck::agent::sim {

// hostname ("sim-hgx-h100-8-s7"), machine_id, arch, kernel.
nlohmann::json simulated_identity(const SimSpec& spec);
// The same keys as collect_facts() on a live machine; tunable values come from the settings store.
nlohmann::json simulated_facts(const SimSpec& spec, const SettingsStore& settings);

}  // namespace fleetdeck::agent::sim
