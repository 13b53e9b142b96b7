// The stand-in NVML's health functions: ECC, row remapping, page retirement, PCIe replays,
// NVLink and the XID event set, answering from the script and faults (fake_nvml.cpp). Left out
// of libfake_nvml_legacy.so, which plays a driver from before them.
#include "tests/fake_nvml/fake_gpu.h"

using namespace fake_nvml;

struct nvmlEventData_t {
    void* device;
    unsigned long long eventType, eventData;
    unsigned gpuInstanceId, computeInstanceId;
};
constexpr unsigned long long kEventTypeXidCriticalError = 0x8;

FAKE_NVML_EXPORT int nvmlDeviceGetEccMode(void* device, int* current, int* pending) {
    if (!pending) return kInvalidArgument;
    if (const int r = answer(device, &FakeGpu::ecc_enabled, current); r != kSuccess) return r;
    *pending = *current;
    return kSuccess;
}

FAKE_NVML_EXPORT int nvmlDeviceGetTotalEccErrors(void* device, int error_type, int counter_type, unsigned long long* count) {
    if (error_type < 0 || error_type > 1 || counter_type < 0 || counter_type > 1) return kInvalidArgument;
    static constexpr Field FakeGpu::*kCounters[2][2] = {
        {&FakeGpu::ecc_corrected_volatile, &FakeGpu::ecc_corrected_aggregate},
        {&FakeGpu::ecc_uncorrected_volatile, &FakeGpu::ecc_uncorrected_aggregate}};
    return answer(device, kCounters[error_type][counter_type], count);
}

FAKE_NVML_EXPORT int nvmlDeviceGetRemappedRows(void* device, unsigned* corrected, unsigned* uncorrected, unsigned* pending,
                                               unsigned* failed) {
    if (const int r = answer(device, &FakeGpu::remapped_correctable, corrected); r != kSuccess) return r;
    if (const int r = answer(device, &FakeGpu::remapped_uncorrectable, uncorrected); r != kSuccess) return r;
    if (const int r = answer(device, &FakeGpu::remapped_pending, pending); r != kSuccess) return r;
    return answer(device, &FakeGpu::remapped_failed, failed);
}

FAKE_NVML_EXPORT int nvmlDeviceGetRetiredPages_v2(void* device, int cause, unsigned* count, unsigned long long* addresses,
                                                  unsigned long long* timestamps) {
    if (!count || cause < 0 || cause > 1) return kInvalidArgument;
    if (FakeGpu* g = gpu_of(device); g && g->retired_pages_v2_error != kSuccess) return g->retired_pages_v2_error;
    unsigned pages = 0;
    const int r = answer(device, cause == 0 ? &FakeGpu::retired_single_bit : &FakeGpu::retired_double_bit, &pages);
    if (r != kSuccess) return r;
    const unsigned room = *count;
    *count = pages;
    if (room < pages) return kInsufficientSize;
    for (unsigned i = 0; i < pages; ++i) {
        if (addresses) addresses[i] = 0x1000ULL * (i + 1);
        if (timestamps) timestamps[i] = 1764390000ULL + i;
    }
    return kSuccess;
}

// The first version, DCGM's count query (pageCount 0, NULL addresses); counts its calls.
FAKE_NVML_EXPORT int nvmlDeviceGetRetiredPages(void* device, int cause, unsigned* count, unsigned long long* addresses) {
    ++state().retired_pages_v1_calls;
    if (!count || cause < 0 || cause > 1) return kInvalidArgument;
    unsigned pages = 0;
    const int r = answer(device, cause == 0 ? &FakeGpu::retired_single_bit : &FakeGpu::retired_double_bit, &pages);
    if (r != kSuccess) return r;
    const unsigned room = *count;
    *count = pages;
    if (room < pages) return kInsufficientSize;
    for (unsigned i = 0; i < pages && addresses; ++i) addresses[i] = 0x1000ULL * (i + 1);
    return kSuccess;
}

FAKE_NVML_EXPORT int nvmlDeviceGetRetiredPagesPendingStatus(void* device, int* pending) {
    return answer(device, &FakeGpu::retired_pending, pending);
}

FAKE_NVML_EXPORT int nvmlDeviceGetPcieReplayCounter(void* device, unsigned* value) {
    const int r = answer(device, &FakeGpu::pcie_replays, value);
    if (r == kSuccess) gpu_of(device)->pcie_replays.value += gpu_of(device)->pcie_replays_step;
    return r;
}

FAKE_NVML_EXPORT int nvmlDeviceGetNvLinkState(void* device, unsigned link, int* active) {
    if (!state().initialized) return kUninitialized;
    FakeGpu* g = gpu_of(device);
    if (!g || !active) return kInvalidArgument;
    if (g->lost) return kGpuIsLost;
    if (g->nvlink_up.empty()) return kNotSupported;
    if (link >= g->nvlink_up.size()) return kInvalidArgument;
    *active = g->nvlink_up[link] ? 1 : 0;
    return kSuccess;
}

FAKE_NVML_EXPORT int nvmlDeviceGetNvLinkErrorCounter(void* device, unsigned link, int counter, unsigned long long* value) {
    FakeGpu* g = gpu_of(device);
    if (g && link >= g->nvlink_up.size()) return kInvalidArgument;
    if (counter == 0) return answer(device, &FakeGpu::nvlink_replay_errors, value);
    if (counter == 1) return answer(device, &FakeGpu::nvlink_recovery_errors, value);
    if (counter == 2) return answer(device, &FakeGpu::nvlink_crc_errors, value);
    return kInvalidArgument;
}

FAKE_NVML_EXPORT int nvmlEventSetCreate(void** set) {
    State& s = state();
    if (!s.initialized) return kUninitialized;
    if (!set || s.event_sets.size() == s.event_sets.capacity()) return kInvalidArgument;
    s.event_sets.emplace_back();
    ++s.event_sets_created;
    *set = &s.event_sets.back();
    return kSuccess;
}

FAKE_NVML_EXPORT int nvmlDeviceRegisterEvents(void* device, unsigned long long types, void* set) {
    if (!state().initialized) return kUninitialized;
    FakeGpu* g = gpu_of(device);
    if (!g || !set) return kInvalidArgument;
    if (g->lost) return kGpuIsLost;
    if (types & ~kEventTypeXidCriticalError) return kNotSupported;
    static_cast<EventSet*>(set)->devices.push_back(device);
    return kSuccess;
}

FAKE_NVML_EXPORT int nvmlEventSetWait_v2(void* set, nvmlEventData_t* data, unsigned /*timeout_ms*/) {
    if (!state().initialized) return kUninitialized;
    auto* events = static_cast<EventSet*>(set);
    if (!events || !data || events->freed) return kInvalidArgument;
    for (void* device : events->devices) {
        FakeGpu* g = gpu_of(device);
        if (!g || g->xids.empty()) continue;
        *data = nvmlEventData_t{device, kEventTypeXidCriticalError, g->xids.front(), 0xFFFFFFFFu, 0xFFFFFFFFu};
        g->xids.erase(g->xids.begin());
        return kSuccess;
    }
    return kTimeout;  // nothing queued, as the real call answers when its timeout passes
}

// Superseded by _v2; fails so a test sees which one was used.
FAKE_NVML_EXPORT int nvmlEventSetWait(void*, nvmlEventData_t*, unsigned) { return kUnknown; }

FAKE_NVML_EXPORT int nvmlEventSetFree(void* set) {
    auto* events = static_cast<EventSet*>(set);
    if (!events || events->freed) return kInvalidArgument;
    events->freed = true;
    ++state().event_sets_freed;
    return kSuccess;
}
