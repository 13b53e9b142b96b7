#include "agent/gpu/nvml_usage.h"

#include <algorithm>

#include "agent/gpu/nvml_abi.h"

namespace fleetdeck::agent::gpu {
namespace {

using Kind = NvmlLibrary::ProcessKind;

constexpr double kBytesPerKb = 1024.0;  // nvmlDeviceGetPcieThroughput's "KB/s" (nvml.h:5586), KiB as nvidia-smi reads it
constexpr double kBytesPerKib = 1024.0;  // the NVLink throughput fields' "KiB" (nvml.h:2602-2603)

using Field = NvmlLibrary::FieldRequest;
// Asked in one call each sample: the three clock-limit times (in this order, as GpuViolations has
// them) and, on a GPU without GPM, the NVLink data counters summed over all links.
constexpr Field kFields[] = {
    {nvml_abi::kFiClocksEventReasonSwPowerCap, 0},
    {nvml_abi::kFiClocksEventReasonSwThermSlowdown, 0},
    {nvml_abi::kFiPerfPolicyReliability, 0},
    {nvml_abi::kFiNvlinkThroughputDataTx, nvml_abi::kScopeAllNvlinks},
    {nvml_abi::kFiNvlinkThroughputDataRx, nvml_abi::kScopeAllNvlinks},
};
constexpr std::size_t kViolationFields = 3;
static_assert(std::size(kFields) <= NvmlLibrary::kMaxFieldValues);

const char* kind_name(Kind kind) {
    switch (kind) {
    case Kind::Compute: return "compute";
    case Kind::Graphics: return "graphics";
    case Kind::Mps: return "mps";
    }
    return "compute";
}

std::optional<double> kb_to_bytes(const std::optional<unsigned>& kb) {
    return kb ? std::optional<double>(*kb * kBytesPerKb) : std::nullopt;
}

}  // namespace

NvmlUsageReader::NvmlUsageReader(const NvmlLibrary& nvml, NvmlLibrary::Device* device)
    : nvml_(&nvml),
      device_(device),
      gpm_(nvml.gpm_supported(device) ? GpmSeries::open(nvml, device) : nullptr),
      mig_(nvml, device, gpm_ != nullptr) {}

bool NvmlUsageReader::start(std::chrono::steady_clock::time_point now) {
    bool started = gpm_ && gpm_->start(now);
    started = mig_.enumerate(now) || started;
    if (!gpm_) {
        GpuSample ignored;
        read_fields(now, ignored);
        started = started || nvlink_tx_.has_reading() || nvlink_rx_.has_reading();
    }
    return started;
}

void NvmlUsageReader::KibRate::add(const std::optional<NvmlLibrary::FieldReading>& reading,
                                   std::chrono::steady_clock::time_point now) {
    if (!reading) {
        previous_.reset();
        bytes_per_s_.reset();
        return;
    }
    if (!previous_) {
        previous_ = reading;
        previous_at_ = now;
        return;
    }
    // NVML's own timestamps say when it read the counter; a driver that leaves them 0 is timed by
    // the agent's clock. The same timestamp twice is the same (cached) reading.
    const bool stamped = reading->timestamp_us > 0 && previous_->timestamp_us > 0;
    const double seconds = stamped ? static_cast<double>(reading->timestamp_us - previous_->timestamp_us) / 1e6
                                   : std::chrono::duration<double>(now - previous_at_).count();
    if (seconds < std::chrono::duration<double>(kRateMinInterval).count()) return;  // the last rate stands
    if (reading->value < previous_->value) {
        bytes_per_s_.reset();  // the counter went back: the driver was reloaded
    } else {
        bytes_per_s_ = static_cast<double>(reading->value - previous_->value) * kBytesPerKib / seconds;
    }
    previous_ = reading;
    previous_at_ = now;
}

void NvmlUsageReader::read_lists(const RootFs& fs, ProcessIdentity& identity, std::chrono::steady_clock::time_point now) {
    lists_read_ = true;
    mig_.enumerate(now);
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

void NvmlUsageReader::read_fields(std::chrono::steady_clock::time_point now, GpuSample& out) {
    const std::size_t asked = gpm_ ? kViolationFields : std::size(kFields);
    std::optional<NvmlLibrary::FieldReading> got[std::size(kFields)];
    nvml_->field_values(device_, std::span(kFields, asked), std::span(got, asked));
    // The field values first (NVML 13 deprecates nvmlDeviceGetViolationStatus for them); the old
    // call for each one a driver does not answer, as drivers from before the fields do.
    using P = NvmlLibrary::PerfPolicy;
    constexpr P kPolicies[kViolationFields] = {P::Power, P::Thermal, P::Reliability};
    std::optional<std::int64_t> ns[kViolationFields];
    for (std::size_t i = 0; i < kViolationFields; ++i)
        ns[i] = got[i] ? as_int(std::optional<std::uint64_t>(got[i]->value)) : as_int(nvml_->violation_ns(device_, kPolicies[i]));
    if (ns[0] || ns[1] || ns[2]) out.violation_ns = protocol::GpuViolations{ns[0], ns[1], ns[2]};
    else out.violation_ns.reset();
    if (!gpm_) {
        nvlink_tx_.add(got[kViolationFields], now);
        nvlink_rx_.add(got[kViolationFields + 1], now);
    }
}

std::optional<protocol::GpuProfSample> NvmlUsageReader::read_prof(std::chrono::steady_clock::time_point now) {
    if (gpm_) {
        const auto metrics = gpm_->read(now);
        return metrics ? std::optional(prof_from_gpm(*metrics)) : std::nullopt;
    }
    const auto tx = nvlink_tx_.bytes_per_s(), rx = nvlink_rx_.bytes_per_s();
    if (!pcie_tx_kb_ && !pcie_rx_kb_ && !tx && !rx) return std::nullopt;
    protocol::GpuProfSample prof;
    prof.source = "basic";
    prof.pcie_tx_bytes_per_s = kb_to_bytes(pcie_tx_kb_);
    prof.pcie_rx_bytes_per_s = kb_to_bytes(pcie_rx_kb_);
    prof.nvlink_tx_bytes_per_s = tx;
    prof.nvlink_rx_bytes_per_s = rx;
    return prof;
}

void NvmlUsageReader::read(const RootFs& fs, ProcessIdentity& identity, bool lists_due,
                           std::chrono::steady_clock::time_point now, GpuSample& out) {
    if (lists_due || !lists_read_) read_lists(fs, identity, now);
    read_sm_shares();
    out.processes = processes_;
    read_fields(now, out);
    out.prof = read_prof(now);
    out.energy_mj = as_int(nvml_->total_energy_mj(device_));
    out.mig = mig_.read(now);
}

}  // namespace fleetdeck::agent::gpu
