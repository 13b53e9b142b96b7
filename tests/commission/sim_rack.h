#pragma once

// Hosts of a simulated rack as FleetDeck observes them: the agent simulator's facts and one
// snapshot, decoded through the typed schema like a live agent's answers.
#include <string>

#include "agent/protocol/message.h"
#include "agent/simulator/simulated_machine.h"
#include "app/commission/rack_spec.h"

namespace fleetdeck::test {

inline commission::HostObservation observeSimulated(const std::string& spec, double atSeconds = 30) {
    double now = atSeconds;
    agent::sim::SimulatedMachine machine(*agent::sim::parse_sim_spec(spec).spec, [&now] { return now; });
    commission::HostObservation o;
    o.facts = protocol::facts_from_json(machine.facts());
    o.sample = protocol::sample_from_json(machine.snapshot());
    return o;
}

}  // namespace fleetdeck::test
