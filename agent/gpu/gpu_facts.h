#pragma once

#include "agent/gpu/nvml_library.h"
#include "agent/protocol/facts.h"
#include "agent/root_fs.h"

namespace fleetdeck::agent::gpu {

// A display or 3D controller (PCI class 0x03xxxx) of a GPU vendor on the PCI bus.
struct PciGpu {
    std::string pci_bus_id;  // the sysfs name, "0000:18:00.0"
    std::string vendor;      // "nvidia", "amd"
};
// Every such controller under /sys/bus/pci/devices; nullopt when that directory cannot be read.
std::optional<std::vector<PciGpu>> pci_gpus(const RootFs& fs);
// `gpu_pci_count`: how many of them are NVIDIA's.
std::optional<std::int64_t> nvidia_pci_count(const RootFs& fs);

// `facts.gpus[]`: every NVIDIA and AMD display or 3D controller on the PCI bus
// (/sys/bus/pci/devices), with the kernel's view of its PCIe link, named by NVML or amdgpu where
// they can, with the board's uuid, serial, VBIOS version and memory size from the same source
// (joined to the PCI device by bus id); GPUs only NVML knows about are added from NVML.
std::vector<protocol::GpuFact> gpu_facts(const RootFs& fs, const NvmlLibrary& nvml);

// `facts.nvidia`: whether NVML could be used (status, message) and the driver version, from NVML
// or, without it, from the kernel module (/sys/module/nvidia/version, /proc/driver/nvidia/version).
protocol::NvidiaFacts nvidia_facts(const RootFs& fs, const NvmlLibrary& nvml);

}  // namespace fleetdeck::agent::gpu
