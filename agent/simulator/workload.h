#pragma once

#include <cstdint>

#include "agent/simulator/sim_spec.h"

namespace fleetdeck::agent::sim {

// The load a workload puts on the host at a moment of simulated time, before per-device noise.
struct Load {
    double gpu_util = 0;        // 0..1, shared by all GPUs of a synchronous job
    double cpu_util = 0;        // 0..1
    double net_rx_bytes_per_s = 0;
    double net_tx_bytes_per_s = 0;
    bool checkpoint = false;    // training: writing a checkpoint
};

// Load phases as a pure function of simulated time, so a seed and a time give one answer.
class WorkloadPlan {
public:
    WorkloadPlan(Workload kind, std::uint64_t seed);
    Load at(double sim_s) const;

    // Training: an epoch and the checkpoint at its end.
    static constexpr double kEpochS = 600;
    static constexpr double kCheckpointS = 45;
    // Inference: a day squeezed into 24 minutes, so a 15-minute chart shows the curve.
    static constexpr double kDayS = 24 * 60;
    // CPU batch: a job, then a pause.
    static constexpr double kJobS = 720, kPauseS = 180;

private:
    Load training(double t) const;
    Load inference(double t) const;
    Load cpu_batch(double t) const;

    Workload kind_;
    double phase_s_;  // where in its cycle this host is at simulated time 0
};

}  // namespace fleetdeck::agent::sim
