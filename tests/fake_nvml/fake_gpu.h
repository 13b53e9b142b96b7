#pragma once
// The stand-in NVML's scripted GPUs and state (fake_nvml.cpp loads the script; the exports there
// and in fake_nvml_health.cpp answer from it).
#include <string>
#include <vector>

#define FAKE_NVML_EXPORT extern "C" __attribute__((visibility("default")))

namespace fake_nvml {

constexpr int kSuccess = 0, kUninitialized = 1, kInvalidArgument = 2, kNotSupported = 3, kNoPermission = 4,
              kInsufficientSize = 7, kTimeout = 10, kGpuIsLost = 15, kArgumentVersionMismatch = 25, kUnknown = 999;

// A scripted value, or the error the call returns instead.
struct Field {
    unsigned long long value = 0;
    int error = kNotSupported;
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
    std::string driver_version;
    Field cuda_driver_version;  // 12020 for CUDA 12.2
    std::vector<FakeGpu> gpus;
    unsigned hidden_gpus = 0;
    std::vector<EventSet> event_sets;  // never shrinks while NVML is initialised: handles stay valid
    unsigned visible_gpus() const { return gpus.size() > hidden_gpus ? static_cast<unsigned>(gpus.size() - hidden_gpus) : 0; }
};

State& state();
FakeGpu* gpu_of(void* device);

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
