#pragma once

// The checks behind the software advice rules (resources/rules/software.json, docs/rules.md):
// kernel preemption, CUDA toolkit against driver, mixed-precision support of the GPUs and
// containers without GPU access. Listed in hostChecks() (host_checks.cpp) like every check.

#include <utility>

#include "app/tuning/host_checks.h"

namespace fleetdeck::tuning {

// Tensor-core formats by CUDA compute capability: BF16 from Ampere (8.0), FP8 from Ada (8.9).
inline constexpr std::pair<int, int> kBf16ComputeCapability{8, 0};
inline constexpr std::pair<int, int> kFp8ComputeCapability{8, 9};

// The kernel is known and not PREEMPT_RT. Fills {preempt}.
std::vector<CheckHit> kernelNotRealtime(const HostFacts& facts, const nlohmann::json& params);
// The CUDA toolkit is newer than the driver runs: by NVML's own answer, else by the compatibility
// table (cuda_compat.h). Fills {toolkit}, {min_driver}, {driver}, {driver_cuda}.
std::vector<CheckHit> cudaToolkitNewerThanDriver(const HostFacts& facts, const nlohmann::json& params);
// Every NVIDIA GPU with a known compute capability has at least params.min_major.min_minor.
// Fills {gpu} (the one with the lowest), {cc} and {count}.
std::vector<CheckHit> gpuComputeCapabilityAtLeast(const HostFacts& facts, const nlohmann::json& params);
// Docker or Podman installed on a host with NVIDIA GPUs, but neither an NVIDIA runtime nor a CDI
// spec. Fills {engines}.
std::vector<CheckHit> containersWithoutGpuAccess(const HostFacts& facts, const nlohmann::json& params);

}  // namespace fleetdeck::tuning
