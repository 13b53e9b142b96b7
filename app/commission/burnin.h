#pragma once

// Judging a recorded burn-in window (docs/commission.md, "Burn-in watch"): every GPU's series on
// its own (slowdowns, time at power cap, clock drop under load, fans at maximum), each GPU against
// the GPUs of the same model across the rack (the hot outlier), and each host's load command and
// recording. Pure functions over the recording; the rules' numbers are here.

#include <map>
#include <optional>
#include <vector>

#include <QString>

#include "agent/protocol/sample.h"
#include "app/commission/acceptance.h"
#include "app/commission/commission_result.h"

namespace fleetdeck::commission {

struct BurnInRules {
    double loadedUtilPct = 90;        // a point is "under load" at this utilization or more
    double powerCapShare = 0.10;      // burnin_power_cap: more of the loaded points than this at power cap
    double clockDropShare = 0.85;     // burnin_clock_drop: loaded median SM clock under this share of the reference
    double fanMaxPct = 95;            // burnin_fan_max: a fan at this speed or more counts as at maximum …
    double fanMaxShare = 0.5;         // … in more than this share of the points
    double outlierMads = 3;           // burnin_hot_outlier: loaded temperature above the model's rack median
    double outlierMinC = 5;           // by more than outlierMads × MAD and at least this many °C
    int outlierMinGpus = 3;           // a model needs this many loaded GPUs in the rack to compare
    double loadedTempPercentile = 95; // a GPU's loaded temperature: this percentile of its loaded points
};

// Findings of kind "burnin_…" per host (hosts without any are left out), each list in the order
// found: burnin_incomplete, burnin_load_failed, burnin_not_loaded, then per GPU
// burnin_thermal_slowdown, burnin_hw_slowdown, burnin_power_cap, burnin_clock_drop,
// burnin_fan_max, burnin_hot_outlier.
std::map<QString, std::vector<AcceptanceFinding>> judgeBurnIn(const std::map<QString, HostBurnIn>& rack,
                                                              const BurnInRules& rules = {});

// The host's inlet air against ASHRAE TC 9.9's recommended 18–27 °C (docs/power.md): "air_inlet_hot"
// or "air_inlet_cold", critical, from the observed sample's BMC and the burn-in's range; none where
// the host has no BMC inlet reading.
std::vector<AcceptanceFinding> inletFindings(const HostObservation& observed, const HostBurnIn* burnIn);

// A GPU's temperature under load (the rules' percentile of its loaded points); none when it
// never was under load or reported no temperature.
std::optional<double> loadedTemperatureC(const GpuBurnIn& gpu, const BurnInRules& rules = {});

// A GPU's recording, empty, named as a sample names it (index, model, slowdown threshold).
GpuBurnIn gpuBurnInOf(const protocol::GpuSample& gpu);
// One GPU's reading in a sample as a point of the recording, `t_s` into the window.
BurnInPoint burnInPointOf(const protocol::GpuSample& gpu, double t_s);

}  // namespace fleetdeck::commission
