#pragma once

#include "agent/json/json.h"

#include "agent/collectors/collector.h"
#include "agent/protocol/sample.h"

namespace fleetdeck::test {

// What one sample() of `collector` puts on the wire: its part of a fresh sample, written by the
// sample's to_json as the agent writes the line. The collector keeps its own state (counters for
// rates) from call to call.
inline void sample_into(agent::Collector& collector, const agent::RootFs& fs, nlohmann::json& snapshot) {
    protocol::Sample sample;
    collector.sample(fs, sample);
    snapshot = protocol::to_json(sample);
}

}  // namespace fleetdeck::test
