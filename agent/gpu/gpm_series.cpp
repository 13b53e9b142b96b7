#include "agent/gpu/gpm_series.h"

#include <utility>

namespace fleetdeck::agent::gpu {
namespace {

constexpr double kBytesPerMib = 1024.0 * 1024.0;  // GPM's "MiB/sec" (nvml.h:13495-13516)

std::optional<double> mib_to_bytes(const std::optional<double>& mib) {
    return mib ? std::optional<double>(*mib * kBytesPerMib) : std::nullopt;
}

}  // namespace

std::unique_ptr<GpmSeries> GpmSeries::open(const NvmlLibrary& nvml, NvmlLibrary::Device* device,
                                           std::optional<unsigned> gpu_instance_id) {
    auto previous = nvml.gpm_buffer();
    auto next = nvml.gpm_buffer();
    if (!previous || !next) return nullptr;
    return std::unique_ptr<GpmSeries>(new GpmSeries(nvml, device, gpu_instance_id, std::move(previous), std::move(next)));
}

GpmSeries::GpmSeries(const NvmlLibrary& nvml, NvmlLibrary::Device* device, std::optional<unsigned> gpu_instance_id,
                     std::unique_ptr<NvmlLibrary::GpmBuffer> previous, std::unique_ptr<NvmlLibrary::GpmBuffer> next)
    : nvml_(&nvml), device_(device), gpu_instance_id_(gpu_instance_id), previous_(std::move(previous)), next_(std::move(next)) {}

bool GpmSeries::sample(NvmlLibrary::GpmBuffer& into) const {
    return gpu_instance_id_ ? nvml_->gpm_mig_sample(device_, *gpu_instance_id_, into) : nvml_->gpm_sample(device_, into);
}

bool GpmSeries::start(std::chrono::steady_clock::time_point now) {
    if (previous_at_ || !sample(*previous_)) return false;
    previous_at_ = now;
    return true;
}

std::optional<NvmlLibrary::GpmMetrics> GpmSeries::read(std::chrono::steady_clock::time_point now) {
    if (!previous_at_) {
        start(now);
    } else if (now - *previous_at_ >= kMinInterval) {
        last_.reset();
        if (sample(*next_)) {
            last_ = nvml_->gpm_metrics(*previous_, *next_);
            std::swap(previous_, next_);
            previous_at_ = now;
        }
    }
    return last_;
}

protocol::GpuProfSample prof_from_gpm(const NvmlLibrary::GpmMetrics& m) {
    protocol::GpuProfSample prof;
    prof.source = "gpm";
    prof.sm_active_pct = m.sm_util;
    prof.sm_occupancy_pct = m.sm_occupancy;
    prof.tensor_active_pct = m.any_tensor_util;
    prof.dram_active_pct = m.dram_bw_util;
    prof.fp64_active_pct = m.fp64_util;
    prof.fp32_active_pct = m.fp32_util;
    prof.fp16_active_pct = m.fp16_util;
    prof.pcie_tx_bytes_per_s = mib_to_bytes(m.pcie_tx_mib_per_s);
    prof.pcie_rx_bytes_per_s = mib_to_bytes(m.pcie_rx_mib_per_s);
    prof.nvlink_tx_bytes_per_s = mib_to_bytes(m.nvlink_tx_mib_per_s);
    prof.nvlink_rx_bytes_per_s = mib_to_bytes(m.nvlink_rx_mib_per_s);
    return prof;
}

}  // namespace fleetdeck::agent::gpu
