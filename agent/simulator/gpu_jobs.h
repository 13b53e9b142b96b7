#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "agent/protocol/sample.h"
#include "agent/simulator/sim_spec.h"

namespace fleetdeck::agent::sim {

// Who runs on the simulated host's GPUs (docs/protocol.md, "Simulated hosts"): the processes a
// live agent finds in NVML's lists, with what /proc and the cgroup paths tell of them. They follow
// the job variant and the profile's software: a Slurm node runs its jobs under Slurm, Docker with
// the NVIDIA runtime hosts the notebooks, Kubernetes pods where the toolkit is there for them, a
// systemd unit serves inference where there is no scheduler. Pids, users, job numbers and
// container ids come from the seed; the processes stay for the whole run.
class GpuJobs {
public:
    explicit GpuJobs(const SimSpec& spec);

    // The processes on GPU `gpu`; `util_pct` is the GPU's utilization, which NVML's per-process
    // SM share follows (one process per GPU, or one holding several).
    std::vector<protocol::GpuProcess> on_gpu(int gpu, double util_pct) const;
    // The device memory they hold on GPU `gpu`.
    std::int64_t mem_bytes(int gpu) const;
    bool any() const { return !processes_.empty(); }
    // Whether the jobs run in Kubernetes pods (the host then runs a kubelet).
    bool kubernetes() const { return kubernetes_; }

private:
    struct Process {
        protocol::GpuProcess info;           // pid, name, user and what it belongs to
        std::vector<std::int64_t> mem_bytes;  // per GPU; 0: not on that GPU
    };
    std::vector<Process> processes_;
    bool kubernetes_ = false;
};

}  // namespace fleetdeck::agent::sim
