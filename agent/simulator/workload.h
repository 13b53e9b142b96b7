#pragma once

#include <cstdint>
#include <optional>

#include "agent/simulator/sim_spec.h"

namespace fleetdeck::agent::sim {

// Where a GPU's time goes, as GPM measures it (shares 0..1), and what crosses its links.
struct GpuActivity {
    double sm_active = 0, sm_occupancy = 0, tensor_active = 0, dram_active = 0;
    double fp64_active = 0, fp32_active = 0, fp16_active = 0;
    double pcie_rx_bytes_per_s = 0, pcie_tx_bytes_per_s = 0;
    double nvlink_bytes_per_s = 0;  // each way: collectives send as much as they receive
};

// What the host's disks and scheduler see: the data disk (the one the data set is read from)
// and the pressure stall shares (0..100) the load would settle at.
struct HostIo {
    double data_read_bytes_per_s = 0, data_write_bytes_per_s = 0;
    double data_util = 0;          // 0..1, the share of time with I/O in flight
    double data_queue_depth = 0;
    double cpu_pressure = 0, io_pressure = 0, io_full_pressure = 0, memory_pressure = 0;
};

// The load a workload puts on the host at a moment of simulated time, before per-device noise.
struct Load {
    double gpu_util = 0;        // 0..1, NVML's "a kernel was running" share, shared by all GPUs of a synchronous job
    double gpu_power = 0;       // 0..1, how hard the kernels drive the board's power (gpu_util for plain workloads)
    GpuActivity gpu;            // per GPU
    double cpu_util = 0;        // 0..1
    double net_rx_bytes_per_s = 0;
    double net_tx_bytes_per_s = 0;
    HostIo io;
    bool checkpoint = false;    // training: writing a checkpoint
};

// Load phases as a pure function of simulated time, so a seed and a time give one answer.
class WorkloadPlan {
public:
    // `net_peak_bytes_per_s`: what the host's NICs carry at most (comm-bound fills them).
    WorkloadPlan(Workload kind, std::optional<JobVariant> job, std::uint64_t seed, double net_peak_bytes_per_s = 0);
    Load at(double sim_s) const;

    // Training: an epoch and the checkpoint at its end.
    static constexpr double kEpochS = 600;
    static constexpr double kCheckpointS = 45;
    // Inference: a day squeezed into 24 minutes, so a 15-minute chart shows the curve.
    static constexpr double kDayS = 24 * 60;
    // CPU batch: a job, then a pause.
    static constexpr double kJobS = 720, kPauseS = 180;
    // The periods are prime, so that samples taken every 10 or 60 simulated seconds (a fast
    // clock's subscription) still land on every phase.
    // input-bound: a batch arrives every kLoaderPeriodS and keeps the GPUs busy for one second.
    static constexpr int kLoaderPeriodS = 7;
    // comm-bound: each step computes for kComputeS, then exchanges gradients for the rest.
    static constexpr int kCommPeriodS = 11, kComputeS = 4;
    // H100 SXM: NVLink 4, 18 links of 25 GB/s each way (NVIDIA H100 Tensor Core GPU datasheet,
    // "NVLink: 900GB/s" both ways together).
    static constexpr double kNvlinkBytesPerS = 450e9;
    // Samsung PM9A3 U.2 (MZQL23T8HCLS, the profiles' NVMe): sequential read up to 6,500 MB/s
    // (Samsung's announcement of the PM9A3, May 2020).
    static constexpr double kNvmeReadBytesPerS = 6.5e9;

private:
    Load training(double t) const;
    Load inference(double t) const;
    Load cpu_batch(double t) const;
    Load steady_training() const;
    Load input_bound(double t) const;
    Load comm_bound(double t) const;
    Load held_idle(double t) const;
    Load memory_bound() const;
    Load idle() const;

    Workload kind_;
    std::optional<JobVariant> job_;
    double phase_s_;  // where in its cycle this host is at simulated time 0
    double net_peak_bytes_per_s_;
};

}  // namespace fleetdeck::agent::sim
