#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace fleetdeck::agent::gpu {

// NVIDIA's management library, opened with dlopen (never linked, so the agent runs on hosts
// without a driver). Every getter returns nullopt when NVML cannot answer — the GPU does not
// support the field (NOT_SUPPORTED), the agent may not read it (NO_PERMISSION), or this driver
// does not export the function — so "unsupported" never turns into 0 or −1 in the data.
class NvmlLibrary {
public:
    // Why NVML is or is not available; `message()` says it in a sentence.
    enum class Status { Ready, NotProbed, LibraryNotFound, SymbolMissing, InitFailed };

    struct Device;   // opaque nvmlDevice_t
    struct Symbols;  // the resolved entry points (nvml_library.cpp)
    struct Utilization {
        unsigned gpu_pct = 0;
        unsigned memory_pct = 0;
    };
    struct Memory {
        std::uint64_t total_bytes = 0;
        std::uint64_t used_bytes = 0;                 // allocated; reserved too when only the first version answers
        std::optional<std::uint64_t> reserved_bytes;  // what the driver and firmware set aside (_v2 only)
    };
    struct PowerConstraints {
        unsigned min_mw = 0;
        unsigned max_mw = 0;
    };
    // The values are NVML's (nvml.h of API version 13; see agent/gpu/nvml_abi.h and the test
    // tests/agent/nvml_abi_test.cpp). nvmlTemperatureThresholds_t (nvml.h:939-941).
    enum class Threshold { Shutdown = 0, Slowdown = 1 };
    // nvmlClockType_t (nvml.h:1112-1113).
    enum class Clock { Sm = 1, Memory = 2 };
    // nvmlMemoryErrorType_t (nvml.h:1073,1080) and nvmlEccCounterType_t (nvml.h:1097-1098).
    enum class EccError { Corrected = 0, Uncorrected = 1 };
    enum class EccCounter { Volatile = 0, Aggregate = 1 };
    // nvmlPageRetirementCause_t (nvml.h:1355-1356).
    enum class RetirementCause { MultipleSingleBit = 0, DoubleBit = 1 };
    // nvmlNvLinkErrorCounter_t (nvml.h:519-521).
    enum class NvlinkError { Replay = 0, Recovery = 1, CrcFlit = 2 };
    struct RemappedRows {
        unsigned correctable = 0, uncorrectable = 0;
        bool pending = false, failed = false;
    };
    static constexpr unsigned kMaxNvlinks = 36;  // NVML_NVLINK_MAX_LINKS (nvml.h:455)

    // Tries each path in turn; initialises NVML on the first that loads.
    static std::shared_ptr<NvmlLibrary> open(const std::vector<std::string>& paths);
    // A library that was deliberately not loaded (a recorded tree): status NotProbed.
    static std::shared_ptr<NvmlLibrary> not_probed(std::string reason);
    // The one instance of this process. NVML initialisation is expensive (over a second on big
    // hosts), so it happens once: FLEETDECK_NVML_LIB when set; otherwise libnvidia-ml.so.1, then
    // libnvidia-ml.so, but only on the live system — a recorded tree has no driver to talk to.
    static std::shared_ptr<NvmlLibrary> shared(bool live_system);

    ~NvmlLibrary();
    NvmlLibrary(const NvmlLibrary&) = delete;
    NvmlLibrary& operator=(const NvmlLibrary&) = delete;

    Status status() const { return status_; }
    bool ready() const { return status_ == Status::Ready; }
    const std::string& message() const { return message_; }
    static const char* status_name(Status status);  // "ready", "not_probed", ...

    std::optional<std::string> driver_version() const;
    // The newest CUDA version the driver runs, as NVML encodes it: 1000 × major + 10 × minor
    // (12020 is CUDA 12.2). nvmlSystemGetCudaDriverVersion_v2, or the first version.
    std::optional<int> cuda_driver_version() const;
    unsigned device_count() const;
    // nullptr when NVML cannot hand it out; `lost` (when given) says whether it answered GPU_IS_LOST.
    Device* device(unsigned index, bool* lost = nullptr) const;

    std::optional<std::string> name(Device* d) const;
    std::optional<std::string> uuid(Device* d) const;
    std::optional<std::string> pci_bus_id(Device* d) const;  // as NVML writes it: "00000000:18:00.0"
    // The board's serial number as printed on it ("1654922000123"; NOT_SUPPORTED on GeForce) and
    // its VBIOS version ("96.00.74.00.1C"). Both optional symbols: an old driver gives nullopt.
    std::optional<std::string> serial(Device* d) const;
    std::optional<std::string> vbios_version(Device* d) const;
    // nvmlDeviceGetCudaComputeCapability: {9, 0} on H100, {8, 9} on L40S.
    struct ComputeCapability {
        int major = 0, minor = 0;
    };
    std::optional<ComputeCapability> compute_capability(Device* d) const;
    // `lost` (when given) is set when NVML answers GPU_IS_LOST: the GPU fell off the bus. The
    // collector asks this first in every sample, so a lost GPU costs no further calls.
    std::optional<unsigned> temperature_c(Device* d, bool* lost = nullptr) const;
    std::optional<unsigned> temperature_threshold_c(Device* d, Threshold which) const;
    std::optional<Utilization> utilization(Device* d) const;
    // nvmlDeviceGetMemoryInfo_v2, or the first version where the driver lacks or refuses it.
    std::optional<Memory> memory(Device* d) const;
    std::optional<unsigned> power_usage_mw(Device* d) const;
    // The limit the GPU holds to now: the one set, or lower where another limiter caps it.
    std::optional<unsigned> enforced_power_limit_mw(Device* d) const;
    std::optional<PowerConstraints> power_limit_constraints(Device* d) const;
    std::optional<unsigned> fan_speed_pct(Device* d) const;
    std::optional<unsigned> clock_mhz(Device* d, Clock which) const;
    std::optional<std::uint64_t> clocks_event_reasons(Device* d) const;
    std::optional<bool> persistence_mode(Device* d) const;
    std::optional<unsigned> pcie_gen(Device* d) const;
    std::optional<unsigned> pcie_width(Device* d) const;
    std::optional<unsigned> pcie_gen_max(Device* d) const;
    std::optional<unsigned> pcie_width_max(Device* d) const;

    // Health. ECC mode now (not the pending one).
    std::optional<bool> ecc_enabled(Device* d) const;
    std::optional<std::uint64_t> ecc_errors(Device* d, EccError type, EccCounter counter) const;
    std::optional<RemappedRows> remapped_rows(Device* d) const;
    // How many pages were retired for `cause` (the count query: no addresses are fetched):
    // nvmlDeviceGetRetiredPages_v2, then the first version if _v2 refuses.
    std::optional<unsigned> retired_pages(Device* d, RetirementCause cause) const;
    std::optional<bool> retired_pages_pending(Device* d) const;
    std::optional<unsigned> pcie_replays(Device* d) const;
    // Whether `link` is active; nullopt when the GPU has no such link (the enumeration ends there).
    std::optional<bool> nvlink_active(Device* d, unsigned link) const;
    std::optional<std::uint64_t> nvlink_errors(Device* d, unsigned link, NvlinkError counter) const;

    // Who is on the GPU. nvmlDeviceGet{Compute,Graphics,MPSCompute}RunningProcesses_v3, then _v2,
    // then the first version (nvml.h:7402, 7445, 7488, 14505-14510); a list that outgrows the
    // buffer (INSUFFICIENT_SIZE) is asked for again with the size NVML named. nullopt when the
    // driver exports none of the three versions or refuses the call.
    enum class ProcessKind { Compute, Graphics, Mps };
    struct RunningProcess {
        unsigned pid = 0;
        std::optional<std::uint64_t> gpu_mem_bytes;  // nullopt: NVML_VALUE_NOT_AVAILABLE
    };
    std::optional<std::vector<RunningProcess>> running_processes(Device* d, ProcessKind kind) const;
    // Per-process SM shares from samples newer than `last_seen_us` (NVML's CPU clock, µs):
    // nvmlDeviceGetProcessesUtilizationInfo, else nvmlDeviceGetProcessUtilization. NVML lists only
    // processes whose share was above zero, and answers NOT_FOUND (an empty list here) when there
    // was none; nullopt when the driver gives no per-process figures at all.
    struct ProcessSmShare {
        unsigned pid = 0;
        unsigned sm_pct = 0;
        std::uint64_t time_stamp_us = 0;
    };
    std::optional<std::vector<ProcessSmShare>> process_sm_shares(Device* d, std::uint64_t last_seen_us) const;

    // GPU performance monitoring (Hopper and later): nvmlGpmQueryDeviceSupport.
    bool gpm_supported(Device* d) const;
    // A GPM sample buffer (nvmlGpmSampleAlloc; freed with nvmlGpmSampleFree). Must not outlive the library.
    class GpmBuffer {
    public:
        ~GpmBuffer();
        GpmBuffer(const GpmBuffer&) = delete;
        GpmBuffer& operator=(const GpmBuffer&) = delete;

    private:
        friend class NvmlLibrary;
        GpmBuffer(const Symbols& sym, void* handle) : sym_(sym), handle_(handle) {}
        const Symbols& sym_;
        void* handle_;
    };
    std::unique_ptr<GpmBuffer> gpm_buffer() const;  // nullptr: no GPM in this driver
    bool gpm_sample(Device* d, GpmBuffer& into) const;  // nvmlGpmSampleGet
    // nvmlGpmMetricsGet between two samples taken more than 100 ms apart; each figure nullopt
    // where its own status is not SUCCESS. Activity in 0-100, PCIe and NVLink in MiB/s as NVML gives them.
    struct GpmMetrics {
        std::optional<double> sm_util, sm_occupancy, any_tensor_util, dram_bw_util, fp64_util, fp32_util, fp16_util;
        std::optional<double> pcie_tx_mib_per_s, pcie_rx_mib_per_s, nvlink_tx_mib_per_s, nvlink_rx_mib_per_s;
    };
    std::optional<GpmMetrics> gpm_metrics(const GpmBuffer& earlier, const GpmBuffer& later) const;

    // Multi-Instance GPU. Whether the GPU is partitioned now (nvmlDeviceGetMigMode's current mode,
    // not the pending one); nullopt where the driver lacks the call or the GPU has no MIG.
    std::optional<bool> mig_enabled(Device* d) const;
    // The GPU instances of a partitioned GPU, from its MIG devices (nvmlDeviceGetMaxMigDeviceCount,
    // nvmlDeviceGetMigDeviceHandleByIndex, nvmlDeviceGetGpuInstanceId on each): one entry per GPU
    // instance, with its first MIG device (a GPU instance split into several compute instances
    // has one MIG device for each). nullopt where the driver lacks the calls or refuses the count.
    struct MigInstance {
        unsigned gpu_instance_id = 0;
        Device* handle = nullptr;  // the MIG device handle: valid until the instance is destroyed
    };
    std::optional<std::vector<MigInstance>> mig_instances(Device* d) const;
    // nvmlGpmMigSampleGet: a GPM sample of one GPU instance, compared with nvmlGpmMetricsGet as a
    // whole-device sample is.
    bool gpm_mig_sample(Device* d, unsigned gpu_instance_id, GpmBuffer& into) const;

    // Field values (nvmlDeviceGetFieldValues): `fields` asked in one call (at most
    // kMaxFieldValues), `out[i]` the answer to `fields[i]`, nullopt where that field's own status
    // is not SUCCESS, where the driver lacks the call or refuses it, or where the value is negative.
    // The ids are nvml.h's NVML_FI_* (see nvml_abi.h).
    static constexpr std::size_t kMaxFieldValues = 8;
    struct FieldRequest {
        unsigned field_id = 0;
        unsigned scope_id = 0;  // a link for the NVLink fields; 0 for device-wide ones
    };
    struct FieldReading {
        std::uint64_t value = 0;
        std::int64_t timestamp_us = 0;  // when NVML took the value (CPU clock, µs since 1970)
    };
    void field_values(Device* d, std::span<const FieldRequest> fields, std::span<std::optional<FieldReading>> out) const;

    // nvmlDeviceGetPcieThroughput: KB/s over a 20 ms window the driver samples during the call.
    enum class PcieCounter { Tx = 0, Rx = 1 };  // nvmlPcieUtilCounter_t (nvml.h:638-639)
    std::optional<unsigned> pcie_throughput_kb_per_s(Device* d, PcieCounter counter) const;
    // nvmlDeviceGetTotalEnergyConsumption: millijoules since the driver loaded (Volta and later).
    std::optional<std::uint64_t> total_energy_mj(Device* d) const;
    // nvmlDeviceGetViolationStatus: nanoseconds the clocks were held down by `policy`. Deprecated
    // in NVML 13 for field values (nvml.h:7660-7675), which NvmlUsageReader asks first.
    enum class PerfPolicy { Power = 0, Thermal = 1, Reliability = 5 };  // nvmlPerfPolicyType_t (nvml.h:690-695)
    std::optional<std::uint64_t> violation_ns(Device* d, PerfPolicy policy) const;

    // XIDs (critical error events) as NVML's event set reports them.
    struct Xid {
        Device* device = nullptr;
        std::uint64_t code = 0;
    };
    class XidWatch {
    public:
        ~XidWatch();  // nvmlEventSetFree
        XidWatch(const XidWatch&) = delete;
        XidWatch& operator=(const XidWatch&) = delete;
        // The events queued since the last call, without waiting (timeout 0).
        std::vector<Xid> poll();

    private:
        friend class NvmlLibrary;
        XidWatch(const Symbols& sym, void* set) : sym_(sym), set_(set) {}
        const Symbols& sym_;
        void* set_;
    };
    // Registers `devices` for XID events; nullptr when the driver offers no event set or none of
    // the devices accepts the registration. The watch must not outlive this library.
    std::unique_ptr<XidWatch> watch_xids(const std::vector<Device*>& devices) const;

    // Changing settings (the settings engine, as root). Each setter answers nothing on success,
    // else why; a driver without the function is NotExported, as for the getters.
    struct SetProblem {
        enum class Kind { NotExported, NoPermission, NotSupported, InvalidArgument, Failed };
        Kind kind;
        std::string message;
    };
    std::optional<SetProblem> set_persistence_mode(Device* d, bool enabled) const;
    std::optional<SetProblem> set_power_limit_mw(Device* d, unsigned limit_mw) const;
    std::optional<unsigned> power_limit_mw(Device* d) const;          // the limit set, not the enforced one
    std::optional<unsigned> default_power_limit_mw(Device* d) const;  // the board's default

private:
    NvmlLibrary();
    bool load(const std::string& path);

    void* handle_ = nullptr;
    std::unique_ptr<Symbols> sym_;
    Status status_ = Status::LibraryNotFound;
    std::string message_;
};

// Names of the clock-event (throttle) reason bits that are set, in bit order: gpu_idle,
// app_clocks, sw_power_cap, hw_slowdown, sync_boost, sw_thermal, hw_thermal, hw_power_brake,
// display_clock.
std::vector<std::string> clocks_event_reason_names(std::uint64_t mask);

// "00000000:18:00.0" (NVML) and "0000:18:00.0" (sysfs) both -> "0000:18:00.0", lower case.
std::string normalize_pci_bus_id(std::string_view id);

}  // namespace fleetdeck::agent::gpu
