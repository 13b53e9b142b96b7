#pragma once

#include <cstdint>

#include "agent/simulator/sim_spec.h"

namespace fleetdeck::agent::sim {

// One GPU's physics, advanced in one-second steps: board power follows the load and clocks,
// temperature follows power through a first-order lag, the fan follows a curve of temperature,
// and the GPU lowers its clocks near its slowdown threshold or at its power limit.
class GpuThermal {
public:
    GpuThermal(const GpuModel& model, double inlet_c, bool bad_fan);

    // `load`: how hard the kernels drive the board, 0..1 — the utilization for most jobs, less
    // for kernels that mostly wait on memory or on the network.
    void step(double load, double dt_s);

    double temp_c() const { return temp_c_; }
    double power_w() const { return power_w_; }
    double fan_pct() const { return fan_pct_; }
    double clock_share() const { return clock_share_; }  // 1 = full SM clock
    bool power_capped() const { return power_capped_; }
    bool sw_thermal() const { return sw_thermal_; }
    bool hw_thermal() const { return hw_thermal_; }
    double power_limit_w() const { return power_limit_w_; }
    void set_power_limit_w(double w) { power_limit_w_ = w; }

    // A degraded fan spins at most this much, whatever the curve asks for.
    static constexpr double kBadFanMaxPct = 25;
    static constexpr double kTimeConstantS = 25;

private:
    const GpuModel& model_;
    double inlet_c_;
    bool bad_fan_;
    double power_limit_w_;
    double temp_c_;
    double power_w_ = 0;
    double fan_pct_ = 30;
    double clock_share_ = 1;
    bool power_capped_ = false, sw_thermal_ = false, hw_thermal_ = false;
};

// The fan curve: 30 % up to 40 °C, then linear to 100 % at 85 °C.
double fan_curve_pct(double temp_c);

}  // namespace fleetdeck::agent::sim
