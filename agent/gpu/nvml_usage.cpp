#include "agent/gpu/nvml_usage.h"

#include <algorithm>

namespace fleetdeck::agent::gpu {
namespace {

using Kind = NvmlLibrary::ProcessKind;

constexpr double kBytesPerKb = 1024.0;            // nvmlDeviceGetPcieThroughput's "KB/s" (nvml.h:5586), KiB as nvidia-smi reads it
constexpr double kBytesPerMib = 1024.0 * 1024.0;  // GPM's "MiB/sec" (nvml.h:13495-13516)

const char* kind_name(Kind kind) {
    switch (kind) {
    case Kind::Compute: return "compute";
    case Kind::Graphics: return "graphics";
    case Kind::Mps: return "mps";
    }
    return "compute";
}

std::optional<double> times(const std::optional<double>& v, double factor) {
    return v ? std::optional<double>(*v * factor) : std::nullopt;
}

std::optional<double> kb_to_bytes(const std::optional<unsigned>& kb) {
    return kb ? std::optional<double>(*kb * kBytesPerKb) : std::nullopt;
}

}  // namespace

NvmlUsageReader::NvmlUsageReader(const NvmlLibrary& nvml, NvmlLibrary::Device* device)
    : nvml_(&nvml), device_(device), gpm_(nvml.gpm_supported(device)) {
    if (gpm_) {
        gpm_previous_ = nvml.gpm_buffer();
        gpm_next_ = nvml.gpm_buffer();
        gpm_ = gpm_previous_ && gpm_next_;
    }
}

bool NvmlUsageReader::start_gpm(std::chrono::steady_clock::time_point now) {
    if (!gpm_ || gpm_previous_at_ || !nvml_->gpm_sample(device_, *gpm_previous_)) return false;
    gpm_previous_at_ = now;
    return true;
}

void NvmlUsageReader::read_lists(const RootFs& fs, ProcessIdentity& identity) {
    lists_read_ = true;
    // NVML lists a process that has both contexts in the compute and the graphics list: it is
    // reported once, with the first kind.
    std::vector<protocol::GpuProcess> list;
    bool any_list = false;
    for (Kind kind : {Kind::Compute, Kind::Graphics, Kind::Mps}) {
        const auto running = nvml_->running_processes(device_, kind);
        if (!running) continue;
        any_list = true;
        for (const auto& p : *running) {
            if (std::any_of(list.begin(), list.end(), [&](const protocol::GpuProcess& q) { return q.pid == p.pid; })) continue;
            protocol::GpuProcess& out = list.emplace_back();
            out.pid = p.pid;
            out.kind = kind_name(kind);
            if (p.gpu_mem_bytes) out.gpu_mem_bytes = static_cast<std::int64_t>(*p.gpu_mem_bytes);
        }
    }
    if (!any_list) {
        processes_.reset();
    } else {
        // More than the protocol carries: the ones holding the most memory stay.
        if (list.size() > kMaxProcesses) {
            std::stable_sort(list.begin(), list.end(), [](const protocol::GpuProcess& a, const protocol::GpuProcess& b) {
                return a.gpu_mem_bytes.value_or(0) > b.gpu_mem_bytes.value_or(0);
            });
            list.resize(kMaxProcesses);
        }
        for (auto& p : list) {
            const auto& id = identity.lookup(fs, p.pid);
            p.name = id.name;
            p.user = id.user;
            p.slurm_job = id.owner.slurm_job;
            p.container = id.owner.container;
            p.k8s_pod_uid = id.owner.k8s_pod_uid;
            p.systemd_unit = id.owner.systemd_unit;
        }
        processes_ = std::move(list);
    }
    if (!gpm_) {
        pcie_tx_kb_ = nvml_->pcie_throughput_kb_per_s(device_, NvmlLibrary::PcieCounter::Tx);
        pcie_rx_kb_ = nvml_->pcie_throughput_kb_per_s(device_, NvmlLibrary::PcieCounter::Rx);
    }
}

void NvmlUsageReader::read_sm_shares() {
    if (!processes_) return;
    const auto shares = nvml_->process_sm_shares(device_, sm_last_seen_us_);
    for (auto& p : *processes_) {
        if (!shares) {
            p.sm_util_pct.reset();
            continue;
        }
        // NVML lists only the processes whose share was above zero since the last read, one
        // entry per driver sample: the mean of those, and 0 for a listed process without any.
        double sum = 0;
        int count = 0;
        for (const auto& s : *shares) {
            if (s.pid != p.pid) continue;
            sum += s.sm_pct;
            ++count;
        }
        p.sm_util_pct = count ? sum / count : 0.0;
    }
    if (shares)
        for (const auto& s : *shares) sm_last_seen_us_ = std::max<std::uint64_t>(sm_last_seen_us_, s.time_stamp_us);
}

std::optional<protocol::GpuProfSample> NvmlUsageReader::read_prof(std::chrono::steady_clock::time_point now) {
    if (gpm_) {
        if (!gpm_previous_at_) {
            start_gpm(now);
        } else if (now - *gpm_previous_at_ >= kGpmMinInterval) {
            gpm_last_.reset();
            if (nvml_->gpm_sample(device_, *gpm_next_)) {
                gpm_last_ = nvml_->gpm_metrics(*gpm_previous_, *gpm_next_);
                std::swap(gpm_previous_, gpm_next_);
                gpm_previous_at_ = now;
            }
        }
        // Between two GPM samples closer than kGpmMinInterval (a fast subscription), the last figures stand.
        if (gpm_last_) {
            const auto& m = *gpm_last_;
            protocol::GpuProfSample prof;
            prof.source = "gpm";
            prof.sm_active_pct = m.sm_util;
            prof.sm_occupancy_pct = m.sm_occupancy;
            prof.tensor_active_pct = m.any_tensor_util;
            prof.dram_active_pct = m.dram_bw_util;
            prof.fp64_active_pct = m.fp64_util;
            prof.fp32_active_pct = m.fp32_util;
            prof.fp16_active_pct = m.fp16_util;
            prof.pcie_tx_bytes_per_s = times(m.pcie_tx_mib_per_s, kBytesPerMib);
            prof.pcie_rx_bytes_per_s = times(m.pcie_rx_mib_per_s, kBytesPerMib);
            prof.nvlink_tx_bytes_per_s = times(m.nvlink_tx_mib_per_s, kBytesPerMib);
            prof.nvlink_rx_bytes_per_s = times(m.nvlink_rx_mib_per_s, kBytesPerMib);
            return prof;
        }
        return std::nullopt;
    }
    if (!pcie_tx_kb_ && !pcie_rx_kb_) return std::nullopt;
    protocol::GpuProfSample prof;
    prof.source = "basic";
    prof.pcie_tx_bytes_per_s = kb_to_bytes(pcie_tx_kb_);
    prof.pcie_rx_bytes_per_s = kb_to_bytes(pcie_rx_kb_);
    return prof;
}

void NvmlUsageReader::read(const RootFs& fs, ProcessIdentity& identity, bool lists_due,
                           std::chrono::steady_clock::time_point now, GpuSample& out) {
    if (lists_due || !lists_read_) read_lists(fs, identity);
    read_sm_shares();
    out.processes = processes_;
    out.prof = read_prof(now);
    out.energy_mj = as_int(nvml_->total_energy_mj(device_));
    using P = NvmlLibrary::PerfPolicy;
    protocol::GpuViolations v{as_int(nvml_->violation_ns(device_, P::Power)), as_int(nvml_->violation_ns(device_, P::Thermal)),
                              as_int(nvml_->violation_ns(device_, P::Reliability))};
    if (v.power || v.thermal || v.reliability) out.violation_ns = v;
    else out.violation_ns.reset();
}

}  // namespace fleetdeck::agent::gpu
