#pragma once

#include <filesystem>

namespace fleetdeck::bench {

// Writes a recorded tree of a large GPU server under `root`: 2 sockets × 64 cores (256 logical
// CPUs with cpufreq), 6 hwmon chips (coretemp × 2 with 65 inputs each, nvme × 2, acpitz,
// nct6798 with fans), 4 thermal zones, 8 NICs plus loopback, 2 InfiniBand ports, their PCI
// functions and a kernel log with two XIDs. The 8 GPUs come from the scripted NVML
// (FLEETDECK_NVML_LIB=libfake_nvml.so).
void write_large_tree(const std::filesystem::path& root);

}  // namespace fleetdeck::bench
