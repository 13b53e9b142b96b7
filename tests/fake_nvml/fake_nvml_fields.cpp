// The stand-in NVML's field values (nvmlDeviceGetFieldValues: the NVLink data counters and the
// clock-limit times) and MIG enumeration (mode, MIG devices, their GPU instance ids), answering
// from the script (fake_nvml.cpp lists the keys). Left out of libfake_nvml_legacy.so and
// libfake_nvml_first_processes.so, which play drivers without them.
//
// Every struct is laid out and every id numbered as nvml.h of NVML API 13 (NVIDIA/go-nvml
// gen/nvml/nvml.h at 2f9e261fe40a7a1c54783d66805e8920564763b4) has it; the line numbers are that file's.
#include <chrono>
#include <climits>

#include "tests/fake_nvml/fake_gpu.h"

using namespace fake_nvml;

// nvmlValue_t (nvml.h:665-674) and nvmlFieldValue_t (nvml.h:3010-3019).
union nvmlValue_t {
    double dVal;
    int siVal;
    unsigned int uiVal;
    unsigned long ulVal;
    unsigned long long ullVal;
    signed long long sllVal;
    unsigned short usVal;
};
struct nvmlFieldValue_t {
    unsigned int fieldId;
    unsigned int scopeId;
    long long timestamp;
    long long latencyUsec;
    int valueType;
    int nvmlReturn;
    nvmlValue_t value;
};
static_assert(sizeof(nvmlFieldValue_t) == 40);

namespace {

constexpr int kValueTypeUnsignedLongLong = 3;  // NVML_VALUE_TYPE_UNSIGNED_LONG_LONG (nvml.h:653)
// Field ids (nvml.h:2475, 2480, 2602-2603, 2845, 2847).
constexpr unsigned kFiSwPowerCap = 74, kFiPerfPolicyReliability = 79, kFiNvlinkDataTx = 138, kFiNvlinkDataRx = 139,
                   kFiSwThermSlowdown = 269;

long long wall_clock_us() {
    return std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::system_clock::now().time_since_epoch()).count();
}

// A counter growing at `rate` KiB/s from the library's load, read at `at_us`.
unsigned long long nvlink_kib_at(unsigned long long rate, long long at_us) {
    const long long since = at_us - std::chrono::duration_cast<std::chrono::microseconds>(
                                        state().loaded_at.time_since_epoch()).count();
    return since <= 0 ? 0 : static_cast<unsigned long long>(static_cast<long double>(rate) * since / 1e6L);
}

void answer_field_value(const FakeGpu& g, nvmlFieldValue_t& v, long long at_us) {
    const Field* f = nullptr;
    bool counter = false;
    switch (v.fieldId) {
    case kFiSwPowerCap: f = &g.fv_power_ns; break;
    case kFiSwThermSlowdown: f = &g.fv_thermal_ns; break;
    case kFiPerfPolicyReliability: f = &g.fv_reliability_ns; break;
    case kFiNvlinkDataTx: f = &g.nvlink_tx_kib_per_s; counter = true; break;
    case kFiNvlinkDataRx: f = &g.nvlink_rx_kib_per_s; counter = true; break;
    default: break;
    }
    v.timestamp = at_us;
    v.latencyUsec = 0;
    if (!f || f->error != kSuccess) {
        v.nvmlReturn = f ? f->error : kNotSupported;
        return;
    }
    // The throughput counters answer only for all links at once here (scopeId UINT_MAX, nvml.h:2598-2599).
    if (counter && v.scopeId != UINT_MAX) {
        v.nvmlReturn = kNotSupported;
        return;
    }
    v.nvmlReturn = kSuccess;
    v.valueType = kValueTypeUnsignedLongLong;
    v.value.ullVal = counter ? nvlink_kib_at(f->value, at_us) : f->value;
}

}  // namespace

// SUCCESS with each entry's own status (nvml.h:10225-10229).
FAKE_NVML_EXPORT int nvmlDeviceGetFieldValues(void* device, int count, nvmlFieldValue_t* values) {
    ++state().field_value_calls;
    if (!state().initialized) return kUninitialized;
    FakeGpu* g = gpu_of(device);
    if (!g || !values || count < 0) return kInvalidArgument;
    if (g->lost) return kGpuIsLost;
    const long long at = wall_clock_us();
    for (int i = 0; i < count; ++i) answer_field_value(*g, values[i], at);
    return kSuccess;
}

FAKE_NVML_EXPORT int nvmlDeviceGetMigMode(void* device, unsigned* current, unsigned* pending) {
    if (!pending) return kInvalidArgument;
    const int r = answer(device, &FakeGpu::mig_mode, current);
    if (r == kSuccess) *pending = *current;
    return r;
}

// "Returns zero if MIG is not supported or enabled" (nvml.h:13400).
FAKE_NVML_EXPORT int nvmlDeviceGetMaxMigDeviceCount(void* device, unsigned* count) {
    if (!state().initialized) return kUninitialized;
    FakeGpu* g = gpu_of(device);
    if (!g || !count) return kInvalidArgument;
    *count = g->mig_mode.error == kSuccess && g->mig_mode.value == 1 ? g->mig_max_devices : 0;
    return kSuccess;
}

// NOT_FOUND past the scripted instances (nvml.h:13436).
FAKE_NVML_EXPORT int nvmlDeviceGetMigDeviceHandleByIndex(void* device, unsigned index, void** mig) {
    if (!state().initialized) return kUninitialized;
    FakeGpu* g = gpu_of(device);
    if (!g || !mig || index >= g->mig_max_devices) return kInvalidArgument;
    if (g->mig_mode.error != kSuccess || g->mig_mode.value != 1) return kNotSupported;
    if (index >= g->mig_instances.size()) return kNotFound;
    *mig = &g->mig_instances[index];
    return kSuccess;
}

// Only a MIG device handle has one (nvml.h:13356-13374).
FAKE_NVML_EXPORT int nvmlDeviceGetGpuInstanceId(void* device, unsigned* id) {
    if (!state().initialized) return kUninitialized;
    const FakeMigInstance* m = mig_of(device);
    if (!m || !id) return gpu_of(device) ? kNotSupported : kInvalidArgument;
    *id = m->gpu_instance_id;
    return kSuccess;
}

FAKE_NVML_EXPORT int fake_nvml_field_value_calls() { return state().field_value_calls; }
