#include "agent/simulator/thermal.h"

#include <algorithm>
#include <cmath>

namespace fleetdeck::agent::sim {
namespace {

// Software slowdown starts this far below the hardware threshold and takes this share of the
// clock away per degree, so a badly cooled GPU settles just above its slowdown threshold.
constexpr double kSwThermalMarginC = 5;
constexpr double kClockLossPerC = 0.03;
constexpr double kMinClockShare = 0.4;

// Power at a utilization and clock share: dynamic power scales with clock (and voltage with it).
double board_power(const GpuModel& m, double util, double clock_share) {
    return m.idle_w + (m.peak_w - m.idle_w) * util * (0.3 + 0.7 * clock_share);
}

}  // namespace

double fan_curve_pct(double temp_c) { return std::clamp(30.0 + (temp_c - 40.0) * (70.0 / 45.0), 30.0, 100.0); }

GpuThermal::GpuThermal(const GpuModel& model, double inlet_c, bool bad_fan)
    : model_(model), inlet_c_(inlet_c), bad_fan_(bad_fan), power_limit_w_(model.power_limit_w), temp_c_(inlet_c + 5) {}

void GpuThermal::step(double load, double dt_s) {
    const double util = std::clamp(load, 0.0, 1.0);
    // Thermal slowdown: the clock target falls with each degree above the software threshold.
    const double sw_start = model_.slowdown_c - kSwThermalMarginC;
    const double thermal_share = std::clamp(1.0 - kClockLossPerC * std::max(0.0, temp_c_ - sw_start), kMinClockShare, 1.0);
    // Power cap: the highest clock share whose power fits under the limit.
    double cap_share = 1.0;
    const double dynamic = (model_.peak_w - model_.idle_w) * util;
    if (dynamic > 0 && board_power(model_, util, 1.0) > power_limit_w_)
        cap_share = std::clamp(((power_limit_w_ - model_.idle_w) / dynamic - 0.3) / 0.7, kMinClockShare, 1.0);
    const double target = std::min(thermal_share, cap_share);
    clock_share_ += (target - clock_share_) * 0.5;  // the governor moves clocks over a couple of seconds
    power_capped_ = cap_share < thermal_share && cap_share < 1.0;
    sw_thermal_ = thermal_share < 1.0 && util > 0.05;
    hw_thermal_ = temp_c_ >= model_.slowdown_c;
    power_w_ = board_power(model_, util, clock_share_);

    const double wanted_fan = fan_curve_pct(temp_c_);
    const double fan_target = bad_fan_ ? std::min(wanted_fan, kBadFanMaxPct) : wanted_fan;
    fan_pct_ += (fan_target - fan_pct_) * std::min(1.0, dt_s / 4.0);
    const double resistance = model_.r_min_c_per_w + model_.r_fan_c_per_w * (1.0 - fan_pct_ / 100.0);
    const double steady_c = inlet_c_ + power_w_ * resistance;
    temp_c_ += (steady_c - temp_c_) * (1.0 - std::exp(-dt_s / kTimeConstantS));
}

}  // namespace fleetdeck::agent::sim
