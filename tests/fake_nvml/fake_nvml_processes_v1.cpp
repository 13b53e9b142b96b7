// The first versions of the running-process calls alone, as a driver from before _v2 exports them
// (libfake_nvml_first_processes.so: fake_nvml.cpp and this file). They fill the 16-byte
// nvmlProcessInfo_v1_t (nvml.h:293-299, NVML API 13): a caller that passed them the 24-byte
// nvmlProcessInfo_v2_t would read every entry after the first wrong, which the tests would see.
#include "tests/fake_nvml/fake_gpu.h"

using namespace fake_nvml;

struct nvmlProcessInfo_v1_t {
    unsigned int pid;
    unsigned long long usedGpuMemory;
};
static_assert(sizeof(nvmlProcessInfo_v1_t) == 16);

namespace {

// INSUFFICIENT_SIZE with the count needed when the processes do not fit (nvml.h:7391-7393).
int running_v1(void* device, int kind, unsigned* count, nvmlProcessInfo_v1_t* infos) {
    if (!state().initialized) return kUninitialized;
    FakeGpu* g = gpu_of(device);
    if (!g || !count) return kInvalidArgument;
    if (g->lost) return kGpuIsLost;
    unsigned n = 0;
    for (const auto& p : g->processes) n += p.kind == kind ? 1 : 0;
    if (n > *count) {
        *count = n;
        return kInsufficientSize;
    }
    if (n > 0 && !infos) return kInvalidArgument;
    unsigned i = 0;
    for (const auto& p : g->processes)
        if (p.kind == kind) infos[i++] = {p.pid, p.gpu_mem_bytes};
    *count = n;
    return kSuccess;
}

}  // namespace

FAKE_NVML_EXPORT int nvmlDeviceGetComputeRunningProcesses(void* d, unsigned* count, nvmlProcessInfo_v1_t* infos) {
    return running_v1(d, 0, count, infos);
}
FAKE_NVML_EXPORT int nvmlDeviceGetGraphicsRunningProcesses(void* d, unsigned* count, nvmlProcessInfo_v1_t* infos) {
    return running_v1(d, 1, count, infos);
}
FAKE_NVML_EXPORT int nvmlDeviceGetMPSComputeRunningProcesses(void* d, unsigned* count, nvmlProcessInfo_v1_t* infos) {
    return running_v1(d, 2, count, infos);
}
