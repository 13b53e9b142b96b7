#include "agent/simulator/workload.h"

#include <cmath>
#include <numbers>

#include "agent/simulator/random.h"

namespace fleetdeck::agent::sim {
namespace {

constexpr double kMBps = 1e6;

}  // namespace

WorkloadPlan::WorkloadPlan(Workload kind, std::uint64_t seed) : kind_(kind) {
    Random r(seed ^ 0x5eedULL);
    phase_s_ = r.uniform() * kDayS;
}

Load WorkloadPlan::at(double sim_s) const {
    switch (kind_) {
    case Workload::Training: return training(sim_s);
    case Workload::Inference: return inference(sim_s + phase_s_);
    case Workload::CpuBatch: return cpu_batch(sim_s + phase_s_);
    }
    return {};
}

// Simulated time 0 is where the agent starts serving (see SimulatedMachine); the training host
// starts mid-epoch so it is under load, and the first checkpoint comes a few minutes later.
Load WorkloadPlan::training(double t) const {
    const double in_epoch = std::fmod(t + 120.0 + std::fmod(phase_s_, 200.0) + 10 * kEpochS, kEpochS);
    Load l;
    if (in_epoch >= kEpochS - kCheckpointS) {
        l.checkpoint = true;
        l.gpu_util = 0.02;
        l.cpu_util = 0.55;
        l.net_rx_bytes_per_s = 40 * kMBps;
        l.net_tx_bytes_per_s = 2200 * kMBps;  // writing the checkpoint to shared storage
        return l;
    }
    const double ramp = std::min(1.0, in_epoch / 20.0);  // data loaders filling their queues
    // A short evaluation pass every 2.5 minutes dips the load.
    const bool eval = std::fmod(in_epoch, 150.0) > 140.0;
    l.gpu_util = (eval ? 0.72 : 0.97) * (0.4 + 0.6 * ramp);
    l.cpu_util = 0.32 + 0.1 * ramp;
    l.net_rx_bytes_per_s = 1400 * kMBps * ramp;  // streaming the data set
    l.net_tx_bytes_per_s = 60 * kMBps;
    return l;
}

Load WorkloadPlan::inference(double t) const {
    const double day = std::fmod(t, kDayS) / kDayS;  // 0 = midnight
    const double daylight = 0.5 - 0.5 * std::cos(2 * std::numbers::pi * day);
    Load l;
    l.gpu_util = 0.12 + 0.86 * daylight;
    l.cpu_util = 0.1 + 0.35 * daylight;
    l.net_rx_bytes_per_s = (20 + 900 * daylight) * kMBps;
    l.net_tx_bytes_per_s = (10 + 450 * daylight) * kMBps;
    return l;
}

Load WorkloadPlan::cpu_batch(double t) const {
    const double in_cycle = std::fmod(t, kJobS + kPauseS);
    Load l;
    const bool running = in_cycle < kJobS;
    l.cpu_util = running ? 0.88 : 0.06;
    l.net_rx_bytes_per_s = (running ? 300 : 2) * kMBps;
    l.net_tx_bytes_per_s = (running ? 120 : 1) * kMBps;
    return l;
}

}  // namespace fleetdeck::agent::sim
