#include "agent/collectors/gpu_nvidia.h"

#include <algorithm>
#include <thread>

#include "agent/gpu/gpu_facts.h"

namespace fleetdeck::agent {
namespace {

using gpu::as_int;
using gpu::NvmlLibrary;

template <class T>
std::optional<double> as_double(const std::optional<T>& v) {
    return v ? std::optional<double>(static_cast<double>(*v)) : std::nullopt;
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

// What a lost GPU still reports: who it is (read when it was found), nothing else.
gpu::GpuSample lost_gpu(const gpu::GpuSample& fixed) {
    gpu::GpuSample s;
    s.index = fixed.index;
    s.vendor = fixed.vendor;
    s.name = fixed.name;
    s.uuid = fixed.uuid;
    s.pci_bus_id = fixed.pci_bus_id;
    s.state = protocol::GpuState::Lost;
    return s;
}

std::int64_t wall_clock_ms() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
        .count();
}

}  // namespace

NvidiaGpuCollector::NvidiaGpuCollector() = default;
NvidiaGpuCollector::NvidiaGpuCollector(std::shared_ptr<gpu::NvmlLibrary> nvml) : nvml_(std::move(nvml)) {}
NvidiaGpuCollector::~NvidiaGpuCollector() = default;

void NvidiaGpuCollector::discover() {
    discovered_ = true;
    if (!nvml_->ready()) return;
    const unsigned count = nvml_->device_count();
    std::vector<NvmlLibrary::Device*> handles;
    for (unsigned i = 0; i < count; ++i) {
        bool lost = false;
        NvmlLibrary::Device* d = nvml_->device(i, &lost);
        if (!d && lost) {
            gpu::GpuSample fixed;
            fixed.index = static_cast<int>(i);
            fixed.vendor = "nvidia";
            devices_.push_back({nullptr, std::move(fixed), nullptr, nullptr});
            continue;
        }
        if (!d) continue;  // a GPU NVML cannot open (excluded) is left out
        devices_.push_back({d, nvidia_static_fields(*nvml_, d, i), std::make_unique<gpu::NvmlHealthReader>(*nvml_, d),
                            std::make_unique<gpu::NvmlUsageReader>(*nvml_, d)});
        handles.push_back(d);
    }
    const auto now = std::chrono::steady_clock::now();
    for (auto& device : devices_)
        if (device.usage && device.usage->start(now)) gpm_started_at_ = now;
    xid_watch_ = nvml_->watch_xids(handles);
}

void NvidiaGpuCollector::read(Device& device, const RootFs& fs, bool lists_due, std::chrono::steady_clock::time_point now,
                              gpu::GpuSample& s) {
    const NvmlLibrary& nvml = *nvml_;
    NvmlLibrary::Device* d = device.handle;
    bool lost = d == nullptr;
    const auto temp = d ? nvml.temperature_c(d, &lost) : std::nullopt;
    if (lost) {
        s = lost_gpu(device.fixed);
        return;
    }
    s = device.fixed;
    s.temp_c = as_double(temp);
    if (const auto u = nvml.utilization(d)) {
        s.util_pct = u->gpu_pct;
        s.mem_util_pct = u->memory_pct;
    }
    if (const auto m = nvml.memory(d)) {
        s.mem_used_bytes = static_cast<std::int64_t>(m->used_bytes);
        s.mem_total_bytes = static_cast<std::int64_t>(m->total_bytes);
        if (m->reserved_bytes) s.mem_reserved_bytes = static_cast<std::int64_t>(*m->reserved_bytes);
    }
    s.power_w = milliwatts_to_w(nvml.power_usage_mw(d));
    s.power_limit_w = milliwatts_to_w(nvml.enforced_power_limit_mw(d));
    s.power_limit_set_w = milliwatts_to_w(nvml.power_limit_mw(d));
    s.fan_pct = as_double(nvml.fan_speed_pct(d));
    s.sm_clock_mhz = as_int(nvml.clock_mhz(d, NvmlLibrary::Clock::Sm));
    s.mem_clock_mhz = as_int(nvml.clock_mhz(d, NvmlLibrary::Clock::Memory));
    if (const auto mask = nvml.clocks_event_reasons(d)) s.throttle = gpu::clocks_event_reason_names(*mask);
    s.persistence_mode = nvml.persistence_mode(d);
    s.pcie_gen = as_int(nvml.pcie_gen(d));
    s.pcie_width = as_int(nvml.pcie_width(d));
    device.health->read(s, now);
    device.usage->read(fs, identity_, lists_due, now, s);
}

void NvidiaGpuCollector::collect_xids(const RootFs& fs) {
    // NVML's queue and the kernel log are read back to back and both dated by this poll (live
    // kernel records take the wall clock at their read). The driver's two reports of one XID can
    // straddle a poll, which puts them one poll interval apart: the merge window grows by the
    // time since the previous poll.
    const std::int64_t now_ms = wall_clock_ms();
    const std::int64_t since_last_ms = last_xid_poll_ms_ ? std::clamp<std::int64_t>(now_ms - *last_xid_poll_ms_, 0, 60'000) : 0;
    const std::int64_t window_ms = gpu::XidHistory::kSameEventMs + since_last_ms;
    last_xid_poll_ms_ = now_ms;
    if (xid_watch_) {
        for (const auto& event : xid_watch_->poll()) {
            protocol::XidEvent x;
            x.time_ms = now_ms;
            for (const auto& device : devices_)
                if (device.handle == event.device) x.pci_bus_id = device.fixed.pci_bus_id.value_or("");
            x.code = static_cast<std::int64_t>(event.code);
            x.message = std::string(gpu::xid_description(x.code));
            x.source = "nvml";
            xids_.add(std::move(x), window_ms);
        }
    }
    if (!kernel_log_) kernel_log_ = std::make_unique<gpu::KernelXidLog>(fs);
    for (auto& x : kernel_log_->read_new()) xids_.add(std::move(x), window_ms);
}

void NvidiaGpuCollector::sample(const RootFs& fs, protocol::Sample& sample) {
    if (!nvml_) nvml_ = gpu::NvmlLibrary::shared(fs.is_live());
    if (!discovered_) {
        discover();
        // GPM compares two samples taken more than 100 ms apart: the first sample waits once.
        if (gpm_started_at_) std::this_thread::sleep_until(*gpm_started_at_ + gpu::NvmlUsageReader::kGpmMinInterval);
    }
    // The bus changes only with hotplug; a GPU that falls off it usually stays listed there. A
    // rescan lists the bus and reads the devices' vendor and class again only when the list of
    // addresses changed.
    const auto now = std::chrono::steady_clock::now();
    if (samples_until_rescan_-- <= 0 && (!pci_listed_ || now - pci_scanned_at_ >= kRescanMinPeriod)) {
        auto listing = fs.list("/sys/bus/pci/devices");
        if (!pci_listed_ || listing != pci_listing_) pci_count_ = gpu::nvidia_pci_count(fs);
        pci_listing_ = std::move(listing);
        pci_listed_ = true;
        pci_scanned_at_ = now;
        samples_until_rescan_ = kRescanEvery - 1;
    }
    const bool lists_due = !lists_read_at_ || now - *lists_read_at_ >= gpu::NvmlUsageReader::kListsEvery;
    if (lists_due) {
        identity_.begin_round(now);
        lists_read_at_ = now;
    }
    const auto gpus = vendor_gpus(sample, "nvidia", devices_.size());
    for (std::size_t i = 0; i < devices_.size(); ++i) read(devices_[i], fs, lists_due, now, gpus[i]);
    if (lists_due) identity_.end_round();
    // XIDs belong to NVIDIA GPUs: without one, NVML's or on the bus, the kernel log is not read
    // (a read of /dev/kmsg per sample for nothing). Its first read takes the whole ring buffer,
    // so a GPU that shows up later still gets the XIDs logged before.
    if (!devices_.empty() || pci_count_.value_or(0) > 0) collect_xids(fs);
    sample.gpu_pci_count = pci_count_;
    sample.xid_events.assign(xids_.events().begin(), xids_.events().end());
}

}  // namespace fleetdeck::agent
