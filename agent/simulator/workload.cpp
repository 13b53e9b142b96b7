#include "agent/simulator/workload.h"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "agent/simulator/random.h"

namespace fleetdeck::agent::sim {
namespace {

constexpr double kMBps = 1e6;
constexpr double kGBps = 1e9;

// GPM's figures of a training step, scaled by how much of the time kernels ran (`util`): mixed
// precision keeps the tensor pipes busiest, DRAM well below its limit.
GpuActivity training_activity(double util, double ramp) {
    GpuActivity a;
    a.sm_active = 0.86 * util;
    a.sm_occupancy = 0.42 * util;
    a.tensor_active = 0.62 * util;
    a.dram_active = 0.38 * util;
    a.fp16_active = 0.06 * util;
    a.fp32_active = 0.14 * util;
    a.pcie_rx_bytes_per_s = 2.2 * kGBps * ramp;  // batches copied in
    a.pcie_tx_bytes_per_s = 0.25 * kGBps;
    a.nvlink_bytes_per_s = 95 * kGBps * util;  // gradient all-reduce inside the node
    return a;
}

// A host whose data loaders keep up: the data set read from the local NVMe cache.
HostIo quiet_io(double read_share) {
    HostIo io;
    io.data_read_bytes_per_s = 850 * kMBps * read_share;
    io.data_write_bytes_per_s = 4 * kMBps;
    io.data_util = 0.03 + 0.27 * read_share;
    io.data_queue_depth = 0.1 + 2.4 * read_share;
    io.cpu_pressure = 2.5;
    io.io_pressure = 1.2;
    io.io_full_pressure = 0.4;
    return io;
}

}  // namespace

WorkloadPlan::WorkloadPlan(Workload kind, std::optional<JobVariant> job, std::uint64_t seed, double net_peak_bytes_per_s)
    : kind_(kind), job_(job), net_peak_bytes_per_s_(net_peak_bytes_per_s) {
    Random r(seed ^ 0x5eedULL);
    phase_s_ = r.uniform() * kDayS;
}

Load WorkloadPlan::at(double sim_s) const {
    if (job_) {
        switch (*job_) {
        case JobVariant::Busy: return training(sim_s);
        case JobVariant::InputBound: return input_bound(sim_s + phase_s_);
        case JobVariant::CommBound: return comm_bound(sim_s + phase_s_);
        case JobVariant::HeldIdle: return held_idle(sim_s + phase_s_);
        case JobVariant::PowerCapped: return steady_training();
        case JobVariant::MemoryBound: return memory_bound();
        case JobVariant::Idle: return idle();
        }
    }
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
        l.gpu_power = l.gpu_util;
        l.gpu.sm_active = 0.01;
        l.gpu.dram_active = 0.02;
        l.gpu.pcie_tx_bytes_per_s = 1.6 * kGBps;  // the weights copied out for the checkpoint
        l.gpu.pcie_rx_bytes_per_s = 0.02 * kGBps;
        l.io = quiet_io(0);
        l.io.cpu_pressure = 4;
        return l;
    }
    const double ramp = std::min(1.0, in_epoch / 20.0);  // data loaders filling their queues
    // A short evaluation pass every 2.5 minutes dips the load.
    const bool eval = std::fmod(in_epoch, 150.0) > 140.0;
    l.gpu_util = (eval ? 0.72 : 0.97) * (0.4 + 0.6 * ramp);
    l.cpu_util = 0.32 + 0.1 * ramp;
    l.net_rx_bytes_per_s = 1400 * kMBps * ramp;  // streaming the data set
    l.net_tx_bytes_per_s = 60 * kMBps;
    l.gpu_power = l.gpu_util;
    l.gpu = training_activity(l.gpu_util, ramp);
    l.io = quiet_io(ramp);
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
    l.gpu_power = l.gpu_util;
    // Serving: small batches, so more of the time goes to memory than to the tensor pipes.
    l.gpu.sm_active = 0.7 * l.gpu_util;
    l.gpu.sm_occupancy = 0.3 * l.gpu_util;
    l.gpu.tensor_active = 0.35 * l.gpu_util;
    l.gpu.dram_active = 0.5 * l.gpu_util;
    l.gpu.fp16_active = 0.08 * l.gpu_util;
    l.gpu.fp32_active = 0.1 * l.gpu_util;
    l.gpu.pcie_rx_bytes_per_s = l.net_rx_bytes_per_s / 4;
    l.gpu.pcie_tx_bytes_per_s = l.net_tx_bytes_per_s / 4;
    l.io = quiet_io(0.05);
    l.io.cpu_pressure = 0.5 + 2 * daylight;
    return l;
}

Load WorkloadPlan::cpu_batch(double t) const {
    const double in_cycle = std::fmod(t, kJobS + kPauseS);
    Load l;
    const bool running = in_cycle < kJobS;
    l.cpu_util = running ? 0.88 : 0.06;
    l.net_rx_bytes_per_s = (running ? 300 : 2) * kMBps;
    l.net_tx_bytes_per_s = (running ? 120 : 1) * kMBps;
    l.io = quiet_io(running ? 0.4 : 0);
    l.io.data_write_bytes_per_s = (running ? 180 : 1) * kMBps;
    l.io.cpu_pressure = running ? 9 : 0.2;
    return l;
}

// power-capped: the training job without checkpoints, so the limit holds it the whole run.
Load WorkloadPlan::steady_training() const {
    Load l;
    l.gpu_util = l.gpu_power = 0.97;
    l.gpu = training_activity(l.gpu_util, 1);
    l.cpu_util = 0.42;
    l.net_rx_bytes_per_s = 1400 * kMBps;
    l.net_tx_bytes_per_s = 60 * kMBps;
    l.io = quiet_io(1);
    return l;
}

// The loader workers decode and augment on every core and read the data set from the data disk
// as fast as it goes; each batch keeps the GPUs busy for one second of every seven.
Load WorkloadPlan::input_bound(double t) const {
    const bool batch = static_cast<long>(std::floor(t)) % kLoaderPeriodS == 0;
    Load l;
    l.gpu_util = batch ? 0.78 : 0.1;
    l.gpu_power = l.gpu_util;
    l.gpu = training_activity(l.gpu_util, 1);
    l.gpu.sm_active = batch ? 0.62 : 0.04;
    l.gpu.tensor_active = batch ? 0.45 : 0.01;
    l.gpu.pcie_rx_bytes_per_s = (batch ? 3.1 : 0.35) * kGBps;
    l.cpu_util = 0.93;
    l.net_rx_bytes_per_s = 30 * kMBps;
    l.net_tx_bytes_per_s = 20 * kMBps;
    l.io.data_read_bytes_per_s = 0.95 * kNvmeReadBytesPerS;
    l.io.data_write_bytes_per_s = 2 * kMBps;
    l.io.data_util = 0.995;
    l.io.data_queue_depth = 46;
    l.io.cpu_pressure = 55;
    l.io.io_pressure = 48;
    l.io.io_full_pressure = 26;
    l.io.memory_pressure = 0.6;
    return l;
}

// Every step computes for kComputeS, then waits on the all-reduce: NVLink inside the node and the
// fastest NIC between nodes (NCCL over TCP sockets) near their rate, only NCCL's few SMs active.
// NVML's utilization stays high throughout: NCCL's kernels run while they wait.
Load WorkloadPlan::comm_bound(double t) const {
    const bool compute = static_cast<long>(std::floor(t)) % kCommPeriodS < kComputeS;
    Load l;
    l.gpu_util = compute ? 0.95 : 0.9;
    l.gpu_power = compute ? 0.93 : 0.45;
    l.gpu = training_activity(0.93, 1);
    if (!compute) {
        l.gpu.sm_active = 0.14;
        l.gpu.sm_occupancy = 0.05;
        l.gpu.tensor_active = 0;
        l.gpu.dram_active = 0.22;
        l.gpu.fp16_active = 0.01;
        l.gpu.fp32_active = 0.02;
    }
    l.gpu.nvlink_bytes_per_s = compute ? 18 * kGBps : 0.93 * kNvlinkBytesPerS;
    l.cpu_util = compute ? 0.3 : 0.45;
    const double net = compute ? 0.03 : 0.93;
    l.net_rx_bytes_per_s = l.net_tx_bytes_per_s = net * net_peak_bytes_per_s_;
    l.io = quiet_io(0.1);
    return l;
}

// A notebook's kernel loaded a model on every GPU and waits for its user: memory held, nothing
// runs but a blip every few minutes (a cell that prints a tensor).
Load WorkloadPlan::held_idle(double t) const {
    const bool blip = static_cast<long>(std::floor(t)) % 173 == 0;
    Load l;
    l.gpu_util = blip ? 0.02 : 0;
    l.gpu_power = l.gpu_util;
    l.gpu.sm_active = blip ? 0.025 : 0.002;
    l.gpu.sm_occupancy = blip ? 0.01 : 0;
    l.gpu.dram_active = blip ? 0.01 : 0.001;
    l.gpu.fp32_active = blip ? 0.01 : 0;
    l.gpu.pcie_rx_bytes_per_s = l.gpu.pcie_tx_bytes_per_s = 0.2 * kMBps;
    l.cpu_util = 0.03;
    l.net_rx_bytes_per_s = l.net_tx_bytes_per_s = 0.05 * kMBps;
    l.io = quiet_io(0);
    l.io.cpu_pressure = l.io.io_pressure = l.io.io_full_pressure = 0.1;
    return l;
}

// Decoding a large language model in small batches: every weight read from DRAM once per token,
// the SMs kept waiting on it, the tensor pipes mostly idle; such kernels draw well below peak.
Load WorkloadPlan::memory_bound() const {
    Load l;
    l.gpu_util = 0.94;
    l.gpu_power = 0.62;
    l.gpu.sm_active = 0.88;
    l.gpu.sm_occupancy = 0.62;
    l.gpu.tensor_active = 0.08;
    l.gpu.dram_active = 0.9;
    l.gpu.fp16_active = 0.05;
    l.gpu.fp32_active = 0.18;
    l.gpu.pcie_rx_bytes_per_s = l.gpu.pcie_tx_bytes_per_s = 40 * kMBps;
    l.gpu.nvlink_bytes_per_s = 30 * kGBps;  // tensor-parallel all-reduce of each layer's output
    l.cpu_util = 0.18;
    l.net_rx_bytes_per_s = 120 * kMBps;
    l.net_tx_bytes_per_s = 260 * kMBps;
    l.io = quiet_io(0.02);
    return l;
}

Load WorkloadPlan::idle() const {
    Load l;
    l.cpu_util = 0.02;
    l.net_rx_bytes_per_s = l.net_tx_bytes_per_s = 0.02 * kMBps;
    l.io = quiet_io(0);
    l.io.cpu_pressure = l.io.io_pressure = l.io.io_full_pressure = 0;
    return l;
}

}  // namespace fleetdeck::agent::sim
