#pragma once

#include <string>

#include <gtest/gtest.h>
#include "agent/json/json.h"

#include "agent/simulator/simulated_machine.h"

namespace fleetdeck::test {

inline agent::sim::SimSpec spec_of(const std::string& text) {
    const auto r = agent::sim::parse_sim_spec(text);
    EXPECT_TRUE(r.spec) << r.error;
    return *r.spec;
}

// A simulated machine whose clock the test moves.
struct Scripted {
    double now = 0;
    agent::sim::SimulatedMachine machine;
    explicit Scripted(const std::string& text) : machine(spec_of(text), [this] { return now; }) {}
    nlohmann::json at(double t) {
        now = t;
        nlohmann::json s = machine.snapshot();
        s.erase("time_ms");  // wall clock: the only part that is not simulated
        return s;
    }
};

}  // namespace fleetdeck::test
