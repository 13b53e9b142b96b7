// The stand-in NVML's inventory functions: the board serial, the VBIOS version, the compute
// capability and the driver's CUDA version, from the script (fake_nvml.cpp). Left out of
// libfake_nvml_legacy.so, so tests see an old driver without them leave the fields null.
#include <cstring>

#include "tests/fake_nvml/fake_gpu.h"

using namespace fake_nvml;

namespace {

int inventory_text(void* device, const std::string FakeGpu::*member, char* out, unsigned size) {
    if (!state().initialized) return kUninitialized;
    FakeGpu* g = gpu_of(device);
    if (!g || !out) return kInvalidArgument;
    if (g->lost) return kGpuIsLost;
    const std::string& value = g->*member;
    if (value.empty()) return kNotSupported;
    if (value.size() + 1 > size) return kInsufficientSize;
    std::memcpy(out, value.c_str(), value.size() + 1);
    return kSuccess;
}

}  // namespace

FAKE_NVML_EXPORT int nvmlDeviceGetSerial(void* device, char* out, unsigned size) {
    return inventory_text(device, &FakeGpu::serial, out, size);
}

FAKE_NVML_EXPORT int nvmlDeviceGetVbiosVersion(void* device, char* out, unsigned size) {
    return inventory_text(device, &FakeGpu::vbios_version, out, size);
}

FAKE_NVML_EXPORT int nvmlDeviceGetCudaComputeCapability(void* device, int* major, int* minor) {
    if (!minor) return kInvalidArgument;
    if (const int r = answer(device, &FakeGpu::cc_major, major); r != kSuccess) return r;
    return answer(device, &FakeGpu::cc_minor, minor);
}

FAKE_NVML_EXPORT int nvmlSystemGetCudaDriverVersion_v2(int* version) {
    if (!state().initialized) return kUninitialized;
    if (!version) return kInvalidArgument;
    const Field& f = state().cuda_driver_version;
    if (f.error != kSuccess) return f.error;
    *version = static_cast<int>(f.value);
    return kSuccess;
}
