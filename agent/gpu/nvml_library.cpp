#include "agent/gpu/nvml_library.h"

#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <initializer_list>

#include <dlfcn.h>

#include "agent/gpu/nvml_abi.h"
#include "agent/gpu/nvml_symbols.h"

namespace fleetdeck::agent::gpu {
namespace {

using namespace nvml_detail;

std::optional<unsigned> get_unsigned(GetUnsigned fn, Dev d) {
    unsigned v = 0;
    if (!fn || !d || fn(d, &v) != kSuccess) return std::nullopt;
    return v;
}

// An nvmlEnableState_t answer as a flag.
std::optional<bool> get_flag(Ret (*fn)(Dev, int*), Dev d) {
    int v = 0;
    if (!fn || !d || fn(d, &v) != kSuccess) return std::nullopt;
    return v != 0;
}

std::optional<std::string> get_string(Ret (*fn)(Dev, char*, unsigned), Dev d, unsigned size) {
    if (!fn || !d) return std::nullopt;
    std::string buf(size, '\0');
    if (fn(d, buf.data(), size) != kSuccess) return std::nullopt;
    buf.resize(buf.find('\0') == std::string::npos ? size : buf.find('\0'));
    if (buf.empty()) return std::nullopt;
    return buf;
}

}  // namespace

namespace {

// The first of `names` the library exports: newer names first, the deprecated ones as fallback.
template <class Fn>
void bind(void* handle, Fn& slot, std::initializer_list<const char*> names) {
    for (const char* name : names) {
        if (void* p = ::dlsym(handle, name)) {
            slot = reinterpret_cast<Fn>(p);
            return;
        }
    }
}

void bind_all(void* h, NvmlLibrary::Symbols& s) {
    bind(h, s.init, {"nvmlInit_v2", "nvmlInit"});
    bind(h, s.shutdown, {"nvmlShutdown"});
    bind(h, s.error_string, {"nvmlErrorString"});
    bind(h, s.driver_version, {"nvmlSystemGetDriverVersion"});
    bind(h, s.device_count, {"nvmlDeviceGetCount_v2", "nvmlDeviceGetCount"});
    bind(h, s.handle_by_index, {"nvmlDeviceGetHandleByIndex_v2", "nvmlDeviceGetHandleByIndex"});
    bind(h, s.name, {"nvmlDeviceGetName"});
    bind(h, s.uuid, {"nvmlDeviceGetUUID"});
    bind(h, s.serial, {"nvmlDeviceGetSerial"});
    bind(h, s.vbios_version, {"nvmlDeviceGetVbiosVersion"});
    bind(h, s.pci_info, {"nvmlDeviceGetPciInfo_v3", "nvmlDeviceGetPciInfo_v2"});
    bind(h, s.pci_info_v1, {"nvmlDeviceGetPciInfo"});
    bind(h, s.temperature_v, {"nvmlDeviceGetTemperatureV"});
    bind(h, s.temperature, {"nvmlDeviceGetTemperature"});
    bind(h, s.temperature_threshold, {"nvmlDeviceGetTemperatureThreshold"});
    bind(h, s.utilization, {"nvmlDeviceGetUtilizationRates"});
    bind(h, s.memory_v2, {"nvmlDeviceGetMemoryInfo_v2"});
    bind(h, s.memory, {"nvmlDeviceGetMemoryInfo"});
    bind(h, s.power_usage, {"nvmlDeviceGetPowerUsage"});
    bind(h, s.enforced_power_limit, {"nvmlDeviceGetEnforcedPowerLimit"});
    bind(h, s.power_constraints, {"nvmlDeviceGetPowerManagementLimitConstraints"});
    bind(h, s.fan_speed, {"nvmlDeviceGetFanSpeed"});
    bind(h, s.clock_info, {"nvmlDeviceGetClockInfo"});
    bind(h, s.clocks_event_reasons,
         {"nvmlDeviceGetCurrentClocksEventReasons", "nvmlDeviceGetCurrentClocksThrottleReasons"});
    bind(h, s.persistence_mode, {"nvmlDeviceGetPersistenceMode"});
    bind(h, s.curr_pcie_gen, {"nvmlDeviceGetCurrPcieLinkGeneration"});
    bind(h, s.curr_pcie_width, {"nvmlDeviceGetCurrPcieLinkWidth"});
    bind(h, s.max_pcie_gen, {"nvmlDeviceGetMaxPcieLinkGeneration"});
    bind(h, s.max_pcie_width, {"nvmlDeviceGetMaxPcieLinkWidth"});
    bind(h, s.set_persistence_mode, {"nvmlDeviceSetPersistenceMode"});
    bind(h, s.set_power_limit, {"nvmlDeviceSetPowerManagementLimit"});
    bind(h, s.power_limit, {"nvmlDeviceGetPowerManagementLimit"});
    bind(h, s.default_power_limit, {"nvmlDeviceGetPowerManagementDefaultLimit"});
    bind(h, s.ecc_mode, {"nvmlDeviceGetEccMode"});
    bind(h, s.total_ecc_errors, {"nvmlDeviceGetTotalEccErrors"});
    bind(h, s.remapped_rows, {"nvmlDeviceGetRemappedRows"});
    bind(h, s.retired_pages_v2, {"nvmlDeviceGetRetiredPages_v2"});
    bind(h, s.retired_pages, {"nvmlDeviceGetRetiredPages"});
    bind(h, s.retired_pages_pending, {"nvmlDeviceGetRetiredPagesPendingStatus"});
    bind(h, s.pcie_replays, {"nvmlDeviceGetPcieReplayCounter"});
    bind(h, s.nvlink_state, {"nvmlDeviceGetNvLinkState"});
    bind(h, s.nvlink_error_counter, {"nvmlDeviceGetNvLinkErrorCounter"});
    bind(h, s.event_set_create, {"nvmlEventSetCreate"});
    bind(h, s.register_events, {"nvmlDeviceRegisterEvents"});
    bind(h, s.event_set_wait, {"nvmlEventSetWait_v2", "nvmlEventSetWait"});
    bind(h, s.event_set_free, {"nvmlEventSetFree"});
    bind(h, s.cuda_driver_version, {"nvmlSystemGetCudaDriverVersion_v2", "nvmlSystemGetCudaDriverVersion"});
    bind(h, s.compute_capability, {"nvmlDeviceGetCudaComputeCapability"});
    using Kind = NvmlLibrary::ProcessKind;
    bind(h, s.processes_v2[static_cast<int>(Kind::Compute)],
         {"nvmlDeviceGetComputeRunningProcesses_v3", "nvmlDeviceGetComputeRunningProcesses_v2"});
    bind(h, s.processes_v2[static_cast<int>(Kind::Graphics)],
         {"nvmlDeviceGetGraphicsRunningProcesses_v3", "nvmlDeviceGetGraphicsRunningProcesses_v2"});
    bind(h, s.processes_v2[static_cast<int>(Kind::Mps)],
         {"nvmlDeviceGetMPSComputeRunningProcesses_v3", "nvmlDeviceGetMPSComputeRunningProcesses_v2"});
    bind(h, s.processes_v1[static_cast<int>(Kind::Compute)], {"nvmlDeviceGetComputeRunningProcesses"});
    bind(h, s.processes_v1[static_cast<int>(Kind::Graphics)], {"nvmlDeviceGetGraphicsRunningProcesses"});
    bind(h, s.processes_v1[static_cast<int>(Kind::Mps)], {"nvmlDeviceGetMPSComputeRunningProcesses"});
    bind(h, s.processes_utilization_info, {"nvmlDeviceGetProcessesUtilizationInfo"});
    bind(h, s.process_utilization, {"nvmlDeviceGetProcessUtilization"});
    bind(h, s.gpm_query_support, {"nvmlGpmQueryDeviceSupport"});
    bind(h, s.gpm_sample_alloc, {"nvmlGpmSampleAlloc"});
    bind(h, s.gpm_sample_free, {"nvmlGpmSampleFree"});
    bind(h, s.gpm_sample_get, {"nvmlGpmSampleGet"});
    bind(h, s.gpm_metrics_get, {"nvmlGpmMetricsGet"});
    bind(h, s.pcie_throughput, {"nvmlDeviceGetPcieThroughput"});
    bind(h, s.total_energy, {"nvmlDeviceGetTotalEnergyConsumption"});
    bind(h, s.violation_status, {"nvmlDeviceGetViolationStatus"});
    bind(h, s.field_values, {"nvmlDeviceGetFieldValues"});
    bind(h, s.mig_mode, {"nvmlDeviceGetMigMode"});
    bind(h, s.max_mig_device_count, {"nvmlDeviceGetMaxMigDeviceCount"});
    bind(h, s.mig_device_handle_by_index, {"nvmlDeviceGetMigDeviceHandleByIndex"});
    bind(h, s.gpu_instance_id, {"nvmlDeviceGetGpuInstanceId"});
    bind(h, s.gpm_mig_sample_get, {"nvmlGpmMigSampleGet"});
}


// An NVML return code from a setter as a SetProblem.
std::optional<NvmlLibrary::SetProblem> set_problem(Ret r, const char* function, const char* (*error_string)(Ret)) {
    using Kind = NvmlLibrary::SetProblem::Kind;
    if (r == kSuccess) return std::nullopt;
    const char* why = error_string ? error_string(r) : nullptr;
    const std::string text = std::string(function) + " failed with code " + std::to_string(r) +
                             (why ? std::string(" (") + why + ")" : std::string());
    switch (r) {
    case nvml_abi::kInvalidArgument: return NvmlLibrary::SetProblem{Kind::InvalidArgument, text};
    case nvml_abi::kNotSupported: return NvmlLibrary::SetProblem{Kind::NotSupported, text};
    case nvml_abi::kNoPermission: return NvmlLibrary::SetProblem{Kind::NoPermission, text};
    default: return NvmlLibrary::SetProblem{Kind::Failed, text};
    }
}

}  // namespace

NvmlLibrary::NvmlLibrary() : sym_(std::make_unique<Symbols>()) {}

NvmlLibrary::~NvmlLibrary() {
    if (status_ == Status::Ready && sym_->shutdown) sym_->shutdown();
    if (handle_) ::dlclose(handle_);
}

bool NvmlLibrary::load(const std::string& path) {
    handle_ = ::dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!handle_) {
        const char* why = ::dlerror();
        status_ = Status::LibraryNotFound;
        message_ = why ? why : path + ": cannot load";
        return false;
    }
    bind_all(handle_, *sym_);
    if (!sym_->init || !sym_->shutdown || !sym_->device_count || !sym_->handle_by_index) {
        status_ = Status::SymbolMissing;
        message_ = path + " lacks nvmlInit, nvmlShutdown or the device enumeration functions";
        return true;  // the library was found; it is just not usable
    }
    if (const Ret r = sym_->init(); r != kSuccess) {
        status_ = Status::InitFailed;
        const char* why = sym_->error_string ? sym_->error_string(r) : nullptr;
        message_ = "nvmlInit failed with code " + std::to_string(r) + (why ? std::string(" (") + why + ")" : "") +
                   ": is the NVIDIA kernel module loaded?";
        return true;
    }
    status_ = Status::Ready;
    message_ = "NVML ready (" + path + ")";
    return true;
}

std::shared_ptr<NvmlLibrary> NvmlLibrary::open(const std::vector<std::string>& paths) {
    std::shared_ptr<NvmlLibrary> lib(new NvmlLibrary());
    std::string why;
    for (const auto& path : paths) {
        if (lib->load(path)) return lib;
        why += (why.empty() ? "" : "; ") + lib->message_;
    }
    lib->message_ = "NVML not found, so no NVIDIA GPUs are reported (no NVIDIA driver installed?): " + why;
    return lib;
}

std::shared_ptr<NvmlLibrary> NvmlLibrary::not_probed(std::string reason) {
    std::shared_ptr<NvmlLibrary> lib(new NvmlLibrary());
    lib->status_ = Status::NotProbed;
    lib->message_ = std::move(reason);
    return lib;
}

std::shared_ptr<NvmlLibrary> NvmlLibrary::shared(bool live_system) {
    static const std::shared_ptr<NvmlLibrary> instance = [live_system] {
        if (const char* forced = std::getenv("FLEETDECK_NVML_LIB"); forced && *forced) return open({forced});
        if (!live_system)
            return not_probed("NVML not loaded for a recorded tree (set FLEETDECK_NVML_LIB to load a library)");
        return open({"libnvidia-ml.so.1", "libnvidia-ml.so"});
    }();
    return instance;
}

const char* NvmlLibrary::status_name(Status status) {
    switch (status) {
    case Status::Ready: return "ready";
    case Status::NotProbed: return "not_probed";
    case Status::LibraryNotFound: return "library_not_found";
    case Status::SymbolMissing: return "symbol_missing";
    case Status::InitFailed: return "init_failed";
    }
    return "library_not_found";
}

std::optional<std::string> NvmlLibrary::driver_version() const {
    if (!ready() || !sym_->driver_version) return std::nullopt;
    char buf[nvml_abi::kDriverVersionBuffer] = {};
    if (sym_->driver_version(buf, sizeof buf - 1) != kSuccess || buf[0] == '\0') return std::nullopt;
    return std::string(buf);
}

std::optional<int> NvmlLibrary::cuda_driver_version() const {
    int v = 0;
    if (!ready() || !sym_->cuda_driver_version || sym_->cuda_driver_version(&v) != kSuccess || v <= 0) return std::nullopt;
    return v;
}

std::optional<NvmlLibrary::ComputeCapability> NvmlLibrary::compute_capability(Device* d) const {
    ComputeCapability cc;
    if (!d || !sym_->compute_capability || sym_->compute_capability(d, &cc.major, &cc.minor) != kSuccess) return std::nullopt;
    if (cc.major <= 0 || cc.major > 99 || cc.minor < 0 || cc.minor > 99) return std::nullopt;  // not a real GPU's answer
    return cc;
}

unsigned NvmlLibrary::device_count() const {
    unsigned n = 0;
    if (!ready() || sym_->device_count(&n) != kSuccess) return 0;
    return n;
}

NvmlLibrary::Device* NvmlLibrary::device(unsigned index, bool* lost) const {
    Dev d = nullptr;
    const Ret r = ready() ? sym_->handle_by_index(index, &d) : kUninitialized;
    if (lost) *lost = r == kGpuIsLost;
    return r == kSuccess ? d : nullptr;
}

std::optional<std::string> NvmlLibrary::name(Device* d) const { return get_string(sym_->name, d, nvml_abi::kNameBuffer); }

std::optional<std::string> NvmlLibrary::uuid(Device* d) const { return get_string(sym_->uuid, d, nvml_abi::kUuidBuffer); }

std::optional<std::string> NvmlLibrary::serial(Device* d) const {
    return get_string(sym_->serial, d, nvml_abi::kSerialBuffer);
}

std::optional<std::string> NvmlLibrary::vbios_version(Device* d) const {
    return get_string(sym_->vbios_version, d, nvml_abi::kVbiosVersionBuffer);
}

std::optional<std::string> NvmlLibrary::pci_bus_id(Device* d) const {
    PciInfo info{};
    if (d && sym_->pci_info && sym_->pci_info(d, &info) == kSuccess) {
        info.bus_id[sizeof info.bus_id - 1] = '\0';
        if (info.bus_id[0] != '\0') return std::string(info.bus_id);
    }
    info = PciInfo{};
    if (d && sym_->pci_info_v1 && sym_->pci_info_v1(d, &info) == kSuccess) {
        info.bus_id_legacy[sizeof info.bus_id_legacy - 1] = '\0';
        if (info.bus_id_legacy[0] != '\0') return std::string(info.bus_id_legacy);
    }
    return std::nullopt;
}

std::optional<unsigned> NvmlLibrary::temperature_c(Device* d, bool* lost) const {
    if (lost) *lost = false;
    if (!d) return std::nullopt;
    if (sym_->temperature_v) {
        TemperatureV1 t{nvml_abi::kTemperatureV1, nvml_abi::kTemperatureGpu, 0};
        const Ret r = sym_->temperature_v(d, &t);
        if (r == kSuccess && t.temperature >= 0) return static_cast<unsigned>(t.temperature);
        if (r == kGpuIsLost) {
            if (lost) *lost = true;
            return std::nullopt;
        }
    }
    unsigned v = 0;
    const Ret r = sym_->temperature ? sym_->temperature(d, nvml_abi::kTemperatureGpu, &v) : kFunctionNotFound;
    if (lost && r == kGpuIsLost) *lost = true;
    if (r == kSuccess) return v;
    return std::nullopt;
}

std::optional<unsigned> NvmlLibrary::temperature_threshold_c(Device* d, Threshold which) const {
    unsigned v = 0;
    if (!d || !sym_->temperature_threshold || sym_->temperature_threshold(d, static_cast<int>(which), &v) != kSuccess)
        return std::nullopt;
    return v;
}

std::optional<NvmlLibrary::Utilization> NvmlLibrary::utilization(Device* d) const {
    Utilization u;
    if (!d || !sym_->utilization || sym_->utilization(d, &u) != kSuccess) return std::nullopt;
    return u;
}

std::optional<NvmlLibrary::Memory> NvmlLibrary::memory(Device* d) const {
    if (!d) return std::nullopt;
    // _v2 counts the memory the driver and firmware reserve on their own, as DCGM (driver 510
    // and later) and nvidia-smi do: an idle H100 has 479 MiB reserved and 0 MiB used. The first
    // version's `used` includes the reserved memory.
    if (sym_->memory_v2) {
        MemoryV2 m{};
        m.version = nvml_abi::kMemoryV2;
        if (sym_->memory_v2(d, &m) == kSuccess) return Memory{m.total, m.used, m.reserved};
    }
    MemoryV1 m{};
    if (!sym_->memory || sym_->memory(d, &m) != kSuccess) return std::nullopt;
    return Memory{m.total, m.used, std::nullopt};
}

std::optional<unsigned> NvmlLibrary::power_usage_mw(Device* d) const { return get_unsigned(sym_->power_usage, d); }

std::optional<unsigned> NvmlLibrary::enforced_power_limit_mw(Device* d) const {
    return get_unsigned(sym_->enforced_power_limit, d);
}

std::optional<NvmlLibrary::PowerConstraints> NvmlLibrary::power_limit_constraints(Device* d) const {
    PowerConstraints c;
    if (!d || !sym_->power_constraints || sym_->power_constraints(d, &c.min_mw, &c.max_mw) != kSuccess)
        return std::nullopt;
    return c;
}

std::optional<unsigned> NvmlLibrary::fan_speed_pct(Device* d) const { return get_unsigned(sym_->fan_speed, d); }

std::optional<unsigned> NvmlLibrary::clock_mhz(Device* d, Clock which) const {
    unsigned v = 0;
    if (!d || !sym_->clock_info || sym_->clock_info(d, static_cast<int>(which), &v) != kSuccess) return std::nullopt;
    return v;
}

std::optional<std::uint64_t> NvmlLibrary::clocks_event_reasons(Device* d) const {
    unsigned long long mask = 0;
    if (!d || !sym_->clocks_event_reasons || sym_->clocks_event_reasons(d, &mask) != kSuccess) return std::nullopt;
    return mask;
}

std::optional<bool> NvmlLibrary::persistence_mode(Device* d) const { return get_flag(sym_->persistence_mode, d); }

std::optional<unsigned> NvmlLibrary::pcie_gen(Device* d) const { return get_unsigned(sym_->curr_pcie_gen, d); }
std::optional<unsigned> NvmlLibrary::pcie_width(Device* d) const { return get_unsigned(sym_->curr_pcie_width, d); }
std::optional<unsigned> NvmlLibrary::pcie_gen_max(Device* d) const { return get_unsigned(sym_->max_pcie_gen, d); }
std::optional<unsigned> NvmlLibrary::pcie_width_max(Device* d) const { return get_unsigned(sym_->max_pcie_width, d); }

std::optional<bool> NvmlLibrary::ecc_enabled(Device* d) const {
    int current = 0, pending = 0;
    if (!d || !sym_->ecc_mode || sym_->ecc_mode(d, &current, &pending) != kSuccess) return std::nullopt;
    return current != 0;
}

std::optional<std::uint64_t> NvmlLibrary::ecc_errors(Device* d, EccError type, EccCounter counter) const {
    unsigned long long n = 0;
    if (!d || !sym_->total_ecc_errors ||
        sym_->total_ecc_errors(d, static_cast<int>(type), static_cast<int>(counter), &n) != kSuccess)
        return std::nullopt;
    return n;
}

std::optional<NvmlLibrary::RemappedRows> NvmlLibrary::remapped_rows(Device* d) const {
    unsigned corrected = 0, uncorrected = 0, pending = 0, failed = 0;
    if (!d || !sym_->remapped_rows || sym_->remapped_rows(d, &corrected, &uncorrected, &pending, &failed) != kSuccess)
        return std::nullopt;
    return RemappedRows{corrected, uncorrected, pending != 0, failed != 0};
}

std::optional<unsigned> NvmlLibrary::retired_pages(Device* d, RetirementCause cause) const {
    // A count of 0 asks only for the count: NVML answers INSUFFICIENT_SIZE with the count set
    // when there are pages, SUCCESS when there are none.
    // The first version with a NULL buffer is DCGM's count query (DcgmCacheManager.cpp); _v2 is
    // tried first and the first version after any refusal (INVALID_ARGUMENT for the NULL
    // timestamps, NOT_SUPPORTED), since the header documents NULL only for `addresses`.
    if (!d) return std::nullopt;
    unsigned count = 0;
    Ret r = kFunctionNotFound;
    if (sym_->retired_pages_v2) r = sym_->retired_pages_v2(d, static_cast<int>(cause), &count, nullptr, nullptr);
    if (r != kSuccess && r != kInsufficientSize && r != kGpuIsLost && sym_->retired_pages) {
        count = 0;
        r = sym_->retired_pages(d, static_cast<int>(cause), &count, nullptr);
    }
    if (r != kSuccess && r != kInsufficientSize) return std::nullopt;
    return count;
}

std::optional<bool> NvmlLibrary::retired_pages_pending(Device* d) const {
    return get_flag(sym_->retired_pages_pending, d);
}

std::optional<unsigned> NvmlLibrary::pcie_replays(Device* d) const { return get_unsigned(sym_->pcie_replays, d); }

std::optional<bool> NvmlLibrary::nvlink_active(Device* d, unsigned link) const {
    int active = 0;
    if (!d || !sym_->nvlink_state || sym_->nvlink_state(d, link, &active) != kSuccess) return std::nullopt;
    return active != 0;
}

std::optional<std::uint64_t> NvmlLibrary::nvlink_errors(Device* d, unsigned link, NvlinkError counter) const {
    unsigned long long n = 0;
    if (!d || !sym_->nvlink_error_counter ||
        sym_->nvlink_error_counter(d, link, static_cast<int>(counter), &n) != kSuccess)
        return std::nullopt;
    return n;
}

std::unique_ptr<NvmlLibrary::XidWatch> NvmlLibrary::watch_xids(const std::vector<Device*>& devices) const {
    if (!ready() || !sym_->event_set_create || !sym_->register_events || !sym_->event_set_wait || !sym_->event_set_free)
        return nullptr;
    EventSet set = nullptr;
    if (sym_->event_set_create(&set) != kSuccess || !set) return nullptr;
    bool registered = false;
    // Consumer boards answer NOT_SUPPORTED; the others are still watched.
    for (Dev d : devices)
        if (d && sym_->register_events(d, nvml_abi::kEventTypeXidCriticalError, set) == kSuccess) registered = true;
    if (!registered) {
        sym_->event_set_free(set);
        return nullptr;
    }
    return std::unique_ptr<XidWatch>(new XidWatch(*sym_, set));
}

NvmlLibrary::XidWatch::~XidWatch() { sym_.event_set_free(set_); }

std::vector<NvmlLibrary::Xid> NvmlLibrary::XidWatch::poll() {
    // Bounded, so a GPU that floods events cannot hold up the sample; the rest wait in the set.
    constexpr int kMaxPerPoll = 64;
    std::vector<Xid> events;
    for (int i = 0; i < kMaxPerPoll; ++i) {
        EventData data{};
        if (sym_.event_set_wait(set_, &data, 0) != kSuccess) break;  // TIMEOUT: nothing queued
        if (data.event_type & nvml_abi::kEventTypeXidCriticalError) events.push_back({static_cast<Device*>(data.device), data.event_data});
    }
    return events;
}

std::optional<NvmlLibrary::SetProblem> NvmlLibrary::set_persistence_mode(Device* d, bool enabled) const {
    if (!d || !sym_->set_persistence_mode)
        return SetProblem{SetProblem::Kind::NotExported, "this NVIDIA driver has no nvmlDeviceSetPersistenceMode"};
    return set_problem(sym_->set_persistence_mode(d, enabled ? 1 : 0), "nvmlDeviceSetPersistenceMode", sym_->error_string);
}

std::optional<NvmlLibrary::SetProblem> NvmlLibrary::set_power_limit_mw(Device* d, unsigned limit_mw) const {
    if (!d || !sym_->set_power_limit)
        return SetProblem{SetProblem::Kind::NotExported, "this NVIDIA driver has no nvmlDeviceSetPowerManagementLimit"};
    return set_problem(sym_->set_power_limit(d, limit_mw), "nvmlDeviceSetPowerManagementLimit", sym_->error_string);
}

std::optional<unsigned> NvmlLibrary::power_limit_mw(Device* d) const { return get_unsigned(sym_->power_limit, d); }

std::optional<unsigned> NvmlLibrary::default_power_limit_mw(Device* d) const {
    return get_unsigned(sym_->default_power_limit, d);
}

std::vector<std::string> clocks_event_reason_names(std::uint64_t mask) {
    static constexpr const char* kNames[] = {"gpu_idle",   "app_clocks", "sw_power_cap",   "hw_slowdown",  "sync_boost",
                                             "sw_thermal", "hw_thermal", "hw_power_brake", "display_clock"};
    std::vector<std::string> names;
    for (std::size_t bit = 0; bit < std::size(kNames); ++bit)
        if (mask & (std::uint64_t{1} << bit)) names.emplace_back(kNames[bit]);
    return names;
}

std::string normalize_pci_bus_id(std::string_view id) {
    std::string out;
    const auto colon = id.find(':');
    std::string_view domain = colon == std::string_view::npos ? std::string_view() : id.substr(0, colon);
    // NVML pads the domain to eight digits; sysfs uses four unless the domain needs more.
    while (domain.size() > 4 && domain.front() == '0') domain.remove_prefix(1);
    if (colon != std::string_view::npos) {
        out.append(domain);
        out.append(id.substr(colon));
    } else {
        out.append(id);
    }
    for (auto& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

}  // namespace fleetdeck::agent::gpu
