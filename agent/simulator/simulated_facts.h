#pragma once

#include "agent/protocol/facts.h"
#include "agent/protocol/hello.h"
#include "agent/simulator/settings_store.h"
#include "agent/simulator/sim_spec.h"

namespace fleetdeck::agent::sim {

// hostname ("sim-hgx-h100-8-s7"), machine_id, arch, kernel.
protocol::HostIdentity simulated_identity(const SimSpec& spec);
// GPU `index`'s UUID, "GPU-xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx": the same in facts and samples,
// different for every seed.
std::string simulated_gpu_uuid(const SimSpec& spec, int index);
// What collect_facts() tells of a live machine, for the simulated one; tunable values come from
// the settings store.
protocol::Facts simulated_facts(const SimSpec& spec, const SettingsStore& settings);

}  // namespace fleetdeck::agent::sim
