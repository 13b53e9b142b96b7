#pragma once

#include <nlohmann/json.hpp>

#include "agent/gpu/nvml_library.h"
#include "agent/root_fs.h"

namespace fleetdeck::agent::gpu {

// `facts.gpus[]`: every NVIDIA and AMD display or 3D controller on the PCI bus
// (/sys/bus/pci/devices), with the kernel's view of its PCIe link, named by NVML or amdgpu where
// they can; GPUs only NVML knows about are added from NVML.
nlohmann::json gpu_facts(const RootFs& fs, const NvmlLibrary& nvml);

// `facts.nvidia`: whether NVML could be used (status, message) and the driver version, from NVML
// or, without it, from the kernel module (/sys/module/nvidia/version, /proc/driver/nvidia/version).
nlohmann::json nvidia_facts(const RootFs& fs, const NvmlLibrary& nvml);

}  // namespace fleetdeck::agent::gpu
