#pragma once
// The stand-in NVML's scripted GPUs and state (fake_nvml.cpp loads the script; the exports there
// and in fake_nvml_health.cpp answer from it).
#include <chrono>
#include <string>
#include <utility>
#include <vector>

#define FAKE_NVML_EXPORT extern "C" __attribute__((visibility("default")))

namespace fake_nvml {

constexpr int kSuccess = 0, kUninitialized = 1, kInvalidArgument = 2, kNotSupported = 3, kNoPermission = 4,
              kNotFound = 6, kInsufficientSize = 7, kTimeout = 10, kGpuIsLost = 15, kArgumentVersionMismatch = 25, kUnknown = 999;

// A scripted value, or the error the call returns instead.
struct Field {
    unsigned long long value = 0;
    int error = kNotSupported;
};

// A process on a GPU (script key "processes": [{"pid", "kind", "gpu_mem_bytes", "sm_util_pct"}]).
struct FakeProcess {
    unsigned pid = 0;
    int kind = 0;  // 0 compute, 1 graphics, 2 mps
    unsigned long long gpu_mem_bytes = ~0ULL;  // absent: NVML_VALUE_NOT_AVAILABLE
    int sm_util_pct = -1;  // absent: no utilization sample (NVML lists only processes above zero)
};

// GPM metric names of the script ("gpm": {"SM_UTIL": 71.5, ...}) and their nvmlGpmMetricId_t
// values (nvml.h of API 13, lines 13483-13516).
inline const std::pair<const char*, unsigned> kGpmMetricNames[] = {
    {"SM_UTIL", 2},        {"SM_OCCUPANCY", 3},    {"ANY_TENSOR_UTIL", 5},          {"DRAM_BW_UTIL", 10},
    {"FP64_UTIL", 11},     {"FP32_UTIL", 12},      {"FP16_UTIL", 13},               {"PCIE_TX_PER_SEC", 20},
    {"PCIE_RX_PER_SEC", 21}, {"NVLINK_TOTAL_RX_PER_SEC", 60}, {"NVLINK_TOTAL_TX_PER_SEC", 61}};

// A GPU instance of a GPU in MIG mode (script key "mig_instances": [{"gpu_instance_id", "profile",
// "gpm"}]); its address is its MIG device handle (one MIG device, one compute instance, per GPU
// instance).
struct FakeMigInstance {
    unsigned gpu_instance_id = 0;
    std::string profile;  // "3g.40gb": the MIG device's name is the GPU's name, " MIG ", this
    std::vector<std::pair<unsigned, double>> gpm_metrics;
};

struct FakeGpu {
    std::string name, uuid, bus_id;
    std::string serial, vbios_version;  // empty: the call answers NOT_SUPPORTED
    Field cc_major, cc_minor;           // compute capability, from "compute_capability": "9.0"
    Field temp_c, temp_slowdown_c, temp_shutdown_c, util_pct, mem_util_pct, mem_total_bytes, mem_used_bytes;
    Field mem_reserved_bytes;  // set aside by the driver and firmware: in v1's `used`, apart in _v2's
    Field power_mw, power_limit_mw, power_limit_min_mw, power_limit_max_mw, fan_pct, sm_clock_mhz, mem_clock_mhz;
    Field clocks_event_reasons, persistence_mode, pcie_gen, pcie_width, pcie_width_max;
    Field ecc_enabled, ecc_corrected_volatile, ecc_uncorrected_volatile, ecc_corrected_aggregate, ecc_uncorrected_aggregate;
    Field remapped_correctable, remapped_uncorrectable, remapped_pending, remapped_failed;
    Field retired_single_bit, retired_double_bit, retired_pending;
    int retired_pages_v2_error = 0;  // when set, nvmlDeviceGetRetiredPages_v2 answers this instead
    Field pcie_replays, nvlink_replay_errors, nvlink_recovery_errors, nvlink_crc_errors;
    unsigned long long pcie_replays_step = 0;
    unsigned long long enforced_cap_mw = 0;  // when set, the enforced limit is this, below the limit set
    std::vector<bool> nvlink_up;  // one per link
    bool lost = false;
    std::vector<unsigned long long> xids;  // queued for the event set, oldest first
    // Usage (fake_nvml_usage.cpp).
    std::vector<FakeProcess> processes;
    Field process_util{0, kSuccess};  // "process_util": "NOT_SUPPORTED" makes both utilization calls fail
    bool gpm = false;                 // a "gpm" object in the script: nvmlGpmQueryDeviceSupport says yes
    std::vector<std::pair<unsigned, double>> gpm_metrics;  // metric id, value
    Field pcie_tx_kb_per_s, pcie_rx_kb_per_s, energy_mj;
    Field violation_power_ns, violation_thermal_ns, violation_reliability_ns;
    // Field values (fake_nvml_fields.cpp): the NVLink data counters grow at these rates (KiB/s)
    // from the library's load; the clock-limit times the field values give (NOT_SUPPORTED when
    // absent, as on drivers from before the fields).
    Field nvlink_tx_kib_per_s, nvlink_rx_kib_per_s;
    Field fv_power_ns, fv_thermal_ns, fv_reliability_ns;
    // MIG (fake_nvml_fields.cpp): the current mode, and the GPU instances while it is 1.
    Field mig_mode;
    unsigned mig_max_devices = 7;  // nvmlDeviceGetMaxMigDeviceCount in MIG mode (an H100's 7)
    std::vector<FakeMigInstance> mig_instances;
};

struct EventSet {
    std::vector<void*> devices;  // registered for XIDs
    bool freed = false;
};

struct State {
    bool initialized = false;
    int init_calls = 0;
    int shutdown_calls = 0;
    int event_sets_created = 0, event_sets_freed = 0;
    int retired_pages_v1_calls = 0, memory_v1_calls = 0, memory_v2_calls = 0;
    int process_list_calls = 0, pcie_throughput_calls = 0, gpm_samples_live = 0, gpm_metrics_calls = 0;
    int gpm_metrics_refused = 0;
    int field_value_calls = 0, gpm_mig_samples = 0;
    std::chrono::system_clock::time_point loaded_at{};  // the NVLink counters start here  // nvmlGpmMetricsGet calls refused (version, samples, interval)
    bool gpm_any_interval = false;  // fault gpm-any-interval: samples closer than 100 ms are compared too
    std::string driver_version;
    Field cuda_driver_version;  // 12020 for CUDA 12.2
    std::vector<FakeGpu> gpus;
    unsigned hidden_gpus = 0;
    std::vector<EventSet> event_sets;  // never shrinks while NVML is initialised: handles stay valid
    unsigned visible_gpus() const { return gpus.size() > hidden_gpus ? static_cast<unsigned>(gpus.size() - hidden_gpus) : 0; }
};

State& state();
FakeGpu* gpu_of(void* device);
// The GPU instance whose MIG device handle `device` is, and its GPU; nullptr for anything else.
FakeMigInstance* mig_of(void* device, FakeGpu** parent = nullptr);

// Every device call: NVML initialised, a known handle, a place to write to.
template <class T>
int answer(void* device, const Field FakeGpu::*member, T* out) {
    if (!state().initialized) return kUninitialized;
    FakeGpu* g = gpu_of(device);
    if (!g || !out) return kInvalidArgument;
    if (g->lost) return kGpuIsLost;
    const Field& f = g->*member;
    if (f.error != kSuccess) return f.error;
    *out = static_cast<T>(f.value);
    return kSuccess;
}

}  // namespace fake_nvml
