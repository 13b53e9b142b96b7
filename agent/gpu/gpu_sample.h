#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace fleetdeck::agent::gpu {

// One GPU in a snapshot (`gpus[]` in docs/protocol.md), the same shape for every vendor. A field
// the vendor or the card cannot report stays empty and is sent as null.
struct GpuSample {
    int index = 0;       // position among this vendor's GPUs (NVML index for NVIDIA)
    std::string vendor;  // "nvidia", "amd"
    std::optional<std::string> name, uuid, pci_bus_id;
    std::optional<double> temp_c, temp_slowdown_c, temp_shutdown_c, temp_junction_c, temp_mem_c;
    std::optional<double> util_pct, mem_util_pct;
    std::optional<std::int64_t> mem_used_bytes, mem_total_bytes;
    std::optional<double> power_w, power_limit_w, power_limit_min_w, power_limit_max_w;
    std::optional<double> fan_pct;
    std::optional<std::int64_t> sm_clock_mhz, mem_clock_mhz;
    std::optional<std::vector<std::string>> throttle;  // empty list: not throttled; nullopt: unknown
    std::optional<bool> persistence_mode;
    std::optional<std::int64_t> pcie_gen, pcie_width, pcie_gen_max, pcie_width_max;

    nlohmann::json to_json() const;
};

// The snapshot's `gpus` array, created empty when no collector has added to it yet.
nlohmann::json& gpu_list(nlohmann::json& snapshot);

}  // namespace fleetdeck::agent::gpu
