// The stand-in NVML's nvmlDeviceGetMemoryInfo_v2 (drivers from 510 on), answering from the
// script (fake_nvml.cpp). Left out of libfake_nvml_legacy.so, which plays a driver from before it,
// so tests drive the agent's fallback to the first version there.
#include "tests/fake_nvml/fake_gpu.h"

using namespace fake_nvml;

// nvmlMemory_v2_t as nvml.h (API 13) lays it out, lines 268-275: 4 bytes of version, 4 of padding.
struct nvmlMemory_v2_t {
    unsigned int version;
    unsigned long long total, reserved, free, used;
};
static_assert(sizeof(nvmlMemory_v2_t) == 40);
// nvmlMemory_v2 = NVML_STRUCT_VERSION(Memory, 2) (nvml.h:141, 277).
constexpr unsigned kMemoryV2 = static_cast<unsigned>(sizeof(nvmlMemory_v2_t)) | (2u << 24);

FAKE_NVML_EXPORT int nvmlDeviceGetMemoryInfo_v2(void* device, nvmlMemory_v2_t* m) {
    ++state().memory_v2_calls;
    if (!m) return kInvalidArgument;
    if (m->version != kMemoryV2) return kArgumentVersionMismatch;
    if (const int r = answer(device, &FakeGpu::mem_total_bytes, &m->total); r != kSuccess) return r;
    if (const int r = answer(device, &FakeGpu::mem_used_bytes, &m->used); r != kSuccess) return r;
    if (answer(device, &FakeGpu::mem_reserved_bytes, &m->reserved) != kSuccess) m->reserved = 0;
    m->free = m->total - m->reserved - m->used;
    return kSuccess;
}
