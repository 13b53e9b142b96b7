#include "agent/simulator/gpu_health.h"

#include <algorithm>
#include <cmath>

#include "agent/gpu/xid_history.h"

namespace fleetdeck::agent::sim {

GpuHealthModel::GpuHealthModel(const SimSpec& spec) : spec_(spec) {
    if (const auto g = spec.ecc_gpu()) {
        for (const double at : kEccErrorsAtS) {
            events_.push_back({at, *g, 48});
            events_.push_back({at, *g, 94});
        }
    }
    if (const auto g = spec.xid_gpu())
        for (const std::int64_t code : spec.xids) events_.push_back({kXidAtS, *g, code});
    if (const auto g = spec.lost_gpu()) events_.push_back({kLostAtS, *g, 79});
    std::stable_sort(events_.begin(), events_.end(), [](const Event& a, const Event& b) { return a.at_s < b.at_s; });
}

bool GpuHealthModel::lost(int gpu, double sim_s) const { return spec_.lost_gpu() == gpu && sim_s >= kLostAtS; }

void GpuHealthModel::fill(int gpu, double sim_s, protocol::GpuSample& s) const {
    std::int64_t uncorrected = 0;
    if (spec_.ecc_gpu() == gpu)
        for (const double at : kEccErrorsAtS) uncorrected += sim_s >= at ? 1 : 0;
    s.ecc = protocol::EccCounters{true, 0, uncorrected, 0, uncorrected};
    s.remapped_rows = protocol::RemappedRows{};
    if (spec_.remap_pending_gpu() == gpu) s.remapped_rows = protocol::RemappedRows{0, 1, true, false};
    s.pcie_replays = 0;
    s.nvlinks.clear();
    const int links = spec_.profile->gpu.nvlinks;
    for (int l = 0; l < links; ++l) {
        const bool down = spec_.nvlink_down_gpu() == gpu && spec_.nvlink_down_link() == l;
        s.nvlinks.push_back({l, !down, 0, 0, 0});
    }
}

std::vector<protocol::XidEvent> GpuHealthModel::xids(double sim_s, std::int64_t now_ms) const {
    std::vector<protocol::XidEvent> out;
    for (const Event& e : events_) {
        if (e.at_s > sim_s) break;
        const auto ago_ms = static_cast<std::int64_t>(std::llround((sim_s - e.at_s) * 1000.0));
        out.push_back({now_ms - ago_ms, spec_.profile->gpu.pci_bus_ids.at(static_cast<std::size_t>(e.gpu)), e.code,
                       std::string(gpu::xid_description(e.code)), "nvml"});
    }
    if (out.size() > protocol::SampleLimits{}.max_xid_events)
        out.erase(out.begin(), out.end() - static_cast<std::ptrdiff_t>(protocol::SampleLimits{}.max_xid_events));
    return out;
}

}  // namespace fleetdeck::agent::sim
