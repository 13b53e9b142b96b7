#include "agent/collectors/gpu_nvidia.h"

namespace fleetdeck::agent {
namespace {

using gpu::NvmlLibrary;

template <class T>
std::optional<double> as_double(const std::optional<T>& v) {
    return v ? std::optional<double>(static_cast<double>(*v)) : std::nullopt;
}

template <class T>
std::optional<std::int64_t> as_int(const std::optional<T>& v) {
    return v ? std::optional<std::int64_t>(static_cast<std::int64_t>(*v)) : std::nullopt;
}

std::optional<double> milliwatts_to_w(const std::optional<unsigned>& mw) {
    return mw ? std::optional<double>(*mw / 1000.0) : std::nullopt;
}

gpu::GpuSample nvidia_static_fields(const NvmlLibrary& nvml, NvmlLibrary::Device* d, unsigned index) {
    gpu::GpuSample s;
    s.index = static_cast<int>(index);
    s.vendor = "nvidia";
    s.name = nvml.name(d);
    s.uuid = nvml.uuid(d);
    if (const auto bus = nvml.pci_bus_id(d)) s.pci_bus_id = gpu::normalize_pci_bus_id(*bus);
    s.temp_slowdown_c = as_double(nvml.temperature_threshold_c(d, NvmlLibrary::Threshold::Slowdown));
    s.temp_shutdown_c = as_double(nvml.temperature_threshold_c(d, NvmlLibrary::Threshold::Shutdown));
    if (const auto c = nvml.power_limit_constraints(d)) {
        s.power_limit_min_w = c->min_mw / 1000.0;
        s.power_limit_max_w = c->max_mw / 1000.0;
    }
    s.pcie_gen_max = as_int(nvml.pcie_gen_max(d));
    s.pcie_width_max = as_int(nvml.pcie_width_max(d));
    return s;
}

}  // namespace

void NvidiaGpuCollector::discover() {
    discovered_ = true;
    if (!nvml_->ready()) return;
    const unsigned count = nvml_->device_count();
    for (unsigned i = 0; i < count; ++i) {
        NvmlLibrary::Device* d = nvml_->device(i);
        if (!d) continue;  // a GPU NVML cannot open (lost, or excluded) is left out
        devices_.push_back({d, nvidia_static_fields(*nvml_, d, i)});
    }
}

gpu::GpuSample NvidiaGpuCollector::read(const Device& device) const {
    const NvmlLibrary& nvml = *nvml_;
    NvmlLibrary::Device* d = device.handle;
    gpu::GpuSample s = device.fixed;
    s.temp_c = as_double(nvml.temperature_c(d));
    if (const auto u = nvml.utilization(d)) {
        s.util_pct = u->gpu_pct;
        s.mem_util_pct = u->memory_pct;
    }
    if (const auto m = nvml.memory(d)) {
        s.mem_used_bytes = static_cast<std::int64_t>(m->used_bytes);
        s.mem_total_bytes = static_cast<std::int64_t>(m->total_bytes);
    }
    s.power_w = milliwatts_to_w(nvml.power_usage_mw(d));
    s.power_limit_w = milliwatts_to_w(nvml.enforced_power_limit_mw(d));
    s.fan_pct = as_double(nvml.fan_speed_pct(d));
    s.sm_clock_mhz = as_int(nvml.clock_mhz(d, NvmlLibrary::Clock::Sm));
    s.mem_clock_mhz = as_int(nvml.clock_mhz(d, NvmlLibrary::Clock::Memory));
    if (const auto mask = nvml.clocks_event_reasons(d)) s.throttle = gpu::clocks_event_reason_names(*mask);
    s.persistence_mode = nvml.persistence_mode(d);
    s.pcie_gen = as_int(nvml.pcie_gen(d));
    s.pcie_width = as_int(nvml.pcie_width(d));
    return s;
}

void NvidiaGpuCollector::sample(const RootFs& fs, Json& snapshot) {
    if (!nvml_) nvml_ = gpu::NvmlLibrary::shared(fs.is_live());
    if (!discovered_) discover();
    Json& gpus = gpu::gpu_list(snapshot);
    for (const auto& device : devices_) gpus.push_back(protocol::to_json(read(device)));
}

}  // namespace fleetdeck::agent
