#pragma once

// Samples for the history tests: hand-made ones with exactly the readings a test needs, and the
// agent simulator's.

#include <optional>
#include <string>
#include <vector>

#include "agent/protocol/message.h"
#include "agent/protocol/sample.h"
#include "agent/simulator/simulated_machine.h"

namespace fleetdeck::test {

// One GPU with a temperature, SM clock and throttle reasons.
inline protocol::GpuSample historyGpu(int index, double tempC, std::int64_t smClockMhz, std::vector<std::string> throttle = {}) {
    protocol::GpuSample g;
    g.index = index;
    g.vendor = "nvidia";
    g.temp_c = tempC;
    g.temp_slowdown_c = 87;
    g.util_pct = 95;
    g.power_w = 600;
    g.sm_clock_mhz = smClockMhz;
    g.throttle = std::move(throttle);
    return g;
}

inline protocol::Sample historySample(std::int64_t timeMs, std::vector<protocol::GpuSample> gpus, double cpuUtil = 40) {
    protocol::Sample s;
    s.time_ms = timeMs;
    s.cpu = protocol::CpuSample{};
    s.cpu->util_pct = cpuUtil;
    s.gpus = std::move(gpus);
    return s;
}

// A simulated machine ("hgx-h100-8+bad-fan:7", …) sampled at simulated seconds.
class SimulatedHost {
public:
    explicit SimulatedHost(const std::string& spec)
        : machine_(*agent::sim::parse_sim_spec(spec).spec, [this] { return now_s_; }) {}
    protocol::Sample at(double seconds) {
        now_s_ = seconds;
        return protocol::sample_from_json(machine_.snapshot());
    }

private:
    double now_s_ = 0;
    agent::sim::SimulatedMachine machine_;
};

}  // namespace fleetdeck::test
