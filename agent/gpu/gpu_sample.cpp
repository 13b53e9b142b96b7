#include "agent/gpu/gpu_sample.h"

#include "agent/json_fields.h"

namespace fleetdeck::agent::gpu {

nlohmann::json GpuSample::to_json() const {
    return {
        {"index", index},
        {"vendor", vendor},
        {"name", or_null(name)},
        {"uuid", or_null(uuid)},
        {"pci_bus_id", or_null(pci_bus_id)},
        {"temp_c", or_null(temp_c)},
        {"temp_slowdown_c", or_null(temp_slowdown_c)},
        {"temp_shutdown_c", or_null(temp_shutdown_c)},
        {"temp_junction_c", or_null(temp_junction_c)},
        {"temp_mem_c", or_null(temp_mem_c)},
        {"util_pct", or_null(util_pct)},
        {"mem_util_pct", or_null(mem_util_pct)},
        {"mem_used_bytes", or_null(mem_used_bytes)},
        {"mem_total_bytes", or_null(mem_total_bytes)},
        {"power_w", or_null(power_w)},
        {"power_limit_w", or_null(power_limit_w)},
        {"power_limit_min_w", or_null(power_limit_min_w)},
        {"power_limit_max_w", or_null(power_limit_max_w)},
        {"fan_pct", or_null(fan_pct)},
        {"sm_clock_mhz", or_null(sm_clock_mhz)},
        {"mem_clock_mhz", or_null(mem_clock_mhz)},
        {"throttle", or_null(throttle)},
        {"persistence_mode", or_null(persistence_mode)},
        {"pcie_gen", or_null(pcie_gen)},
        {"pcie_width", or_null(pcie_width)},
        {"pcie_gen_max", or_null(pcie_gen_max)},
        {"pcie_width_max", or_null(pcie_width_max)},
    };
}

nlohmann::json& gpu_list(nlohmann::json& snapshot) {
    auto& gpus = snapshot["gpus"];
    if (!gpus.is_array()) gpus = nlohmann::json::array();
    return gpus;
}

}  // namespace fleetdeck::agent::gpu
