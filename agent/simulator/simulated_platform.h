#pragma once

// The simulated host's NIC links, Secure Boot, lockdown and power supplies (the facts that
// agent/facts_platform.cpp and the NIC reader give a live one).

#include "agent/protocol/facts.h"
#include "agent/simulator/sim_spec.h"

namespace fleetdeck::agent::sim {

// Each NIC's link at its maximum; with nic-x8 the fastest one at half its width.
void set_simulated_nic_links(const SimSpec& spec, std::vector<protocol::NicFact>& nics);
// secure_boot, lockdown and power_supplies; with psu-failed one supply has lost its input.
void set_simulated_platform(const SimSpec& spec, protocol::Facts& facts);

}  // namespace fleetdeck::agent::sim
