// The stand-in NVML's usage calls: running processes (the _v3 calls only), per-process
// utilization, GPM, PCIe throughput, energy and clock-limit (violation) times, answering from the
// script (fake_nvml.cpp). Left out of libfake_nvml_legacy.so, which plays a driver without them.
//
// Script keys per GPU: "processes": [{"pid", "kind" (compute|graphics|mps), "gpu_mem_bytes",
// "sm_util_pct"}] (a process without sm_util_pct has no utilization sample, as NVML leaves out
// processes whose share was zero); "process_util": "NOT_SUPPORTED" (both utilization calls fail);
// "gpm": {"SM_UTIL": 71.5, ...} (names of nvmlGpmMetricId_t without NVML_GPM_METRIC_; present:
// the GPU supports GPM; a metric left out answers NOT_SUPPORTED in its own status);
// pcie_tx_kb_per_s, pcie_rx_kb_per_s, energy_mj, violation_{power,thermal,reliability}_ns.
// nvmlGpmMigSampleGet samples a GPU instance of a GPU in MIG mode (mig_instances, see
// fake_nvml.cpp); nvmlGpmMetricsGet then answers that instance's own "gpm" figures.
//
// Every struct is laid out as nvml.h of NVML API 13 (NVIDIA/go-nvml gen/nvml/nvml.h at
// 2f9e261fe40a7a1c54783d66805e8920564763b4) has it; the line numbers are that file's.
#include <algorithm>
#include <chrono>
#include <cstring>

#include "tests/fake_nvml/fake_gpu.h"

using namespace fake_nvml;

// nvmlProcessInfo_v2_t (nvml.h:304-314), which the _v3 calls fill.
struct nvmlProcessInfo_v2_t {
    unsigned int pid;
    unsigned long long usedGpuMemory;
    unsigned int gpuInstanceId;
    unsigned int computeInstanceId;
};
static_assert(sizeof(nvmlProcessInfo_v2_t) == 24);

// nvmlProcessUtilizationSample_t (nvml.h:1379-1387).
struct nvmlProcessUtilizationSample_t {
    unsigned int pid;
    unsigned long long timeStamp;
    unsigned int smUtil, memUtil, encUtil, decUtil;
};
// nvmlProcessUtilizationInfo_v1_t (nvml.h:1392-1402), nvmlProcessesUtilizationInfo_v1_t (nvml.h:1407-1413).
struct nvmlProcessUtilizationInfo_v1_t {
    unsigned long long timeStamp;
    unsigned int pid;
    unsigned int smUtil, memUtil, encUtil, decUtil, jpgUtil, ofaUtil;
};
struct nvmlProcessesUtilizationInfo_v1_t {
    unsigned int version;
    unsigned int processSamplesCount;
    unsigned long long lastSeenTimeStamp;
    nvmlProcessUtilizationInfo_v1_t* procUtilArray;
};
// nvmlProcessesUtilizationInfo_v1 = NVML_STRUCT_VERSION(ProcessesUtilizationInfo, 1) (nvml.h:141, 1415).
constexpr unsigned kProcessesUtilizationInfoV1 = static_cast<unsigned>(sizeof(nvmlProcessesUtilizationInfo_v1_t)) | (1u << 24);

// GPM (nvml.h:13799-13840).
struct nvmlGpmSample_st {
    void* device = nullptr;  // filled by nvmlGpmSampleGet and nvmlGpmMigSampleGet
    long long gpu_instance = -1;  // nvmlGpmMigSampleGet's GPU instance; -1 for the whole device
    std::chrono::steady_clock::time_point taken{};
};
using nvmlGpmSample_t = nvmlGpmSample_st*;
struct nvmlGpmMetric_t {
    unsigned int metricId;
    int nvmlReturn;
    double value;
    struct {
        char* shortName;
        char* longName;
        char* unit;
    } metricInfo;
};
constexpr unsigned kGpmMetricMax = 333;  // NVML_GPM_METRIC_MAX (nvml.h:13784)
struct nvmlGpmMetricsGet_t {
    unsigned int version;
    unsigned int numMetrics;
    nvmlGpmSample_t sample1;
    nvmlGpmSample_t sample2;
    nvmlGpmMetric_t metrics[kGpmMetricMax];
};
constexpr unsigned kGpmMetricsGetVersion = 1;  // NVML_GPM_METRICS_GET_VERSION (nvml.h:13829)
struct nvmlGpmSupport_t {
    unsigned int version;
    unsigned int isSupportedDevice;
};
constexpr unsigned kGpmSupportVersion = 1;  // NVML_GPM_SUPPORT_VERSION (nvml.h:13840)

// nvmlViolationTime_t (nvml.h:708-711).
struct nvmlViolationTime_t {
    unsigned long long referenceTime;
    unsigned long long violationTime;
};

namespace {

unsigned long long now_us() {
    return static_cast<unsigned long long>(
        std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::system_clock::now().time_since_epoch()).count());
}

// Fills `infos` with the GPU's processes of `kind`: INSUFFICIENT_SIZE (and the count needed) when
// they do not fit, as nvml.h:7369-7371 and 7391-7393 describe.
template <class Info>
int running(void* device, int kind, unsigned* count, Info* infos) {
    ++state().process_list_calls;
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
    for (const auto& p : g->processes) {
        if (p.kind != kind) continue;
        Info info{};
        info.pid = p.pid;
        info.usedGpuMemory = p.gpu_mem_bytes;
        info.gpuInstanceId = info.computeInstanceId = 0xFFFFFFFFu;  // no MIG (nvml.h:310-313)
        infos[i++] = info;
    }
    *count = n;
    return kSuccess;
}

// The processes with a utilization sample newer than `last_seen`: one sample each, stamped now.
template <class Sample>
int utilization(void* device, Sample* out, unsigned* count, unsigned long long last_seen) {
    if (!state().initialized) return kUninitialized;
    FakeGpu* g = gpu_of(device);
    if (!g || !count) return kInvalidArgument;
    if (g->lost) return kGpuIsLost;
    if (g->process_util.error != kSuccess) return g->process_util.error;
    const unsigned long long stamp = std::max(now_us(), last_seen + 1);
    unsigned n = 0;
    for (const auto& p : g->processes) n += p.sm_util_pct >= 0 ? 1 : 0;
    if (n == 0) return kNotFound;
    if (!out || n > *count) {
        *count = n;
        return kInsufficientSize;
    }
    unsigned i = 0;
    for (const auto& p : g->processes) {
        if (p.sm_util_pct < 0) continue;
        Sample s{};
        s.pid = p.pid;
        s.timeStamp = stamp;
        s.smUtil = static_cast<unsigned>(p.sm_util_pct);
        out[i++] = s;
    }
    *count = n;
    return kSuccess;
}

}  // namespace

FAKE_NVML_EXPORT int nvmlDeviceGetComputeRunningProcesses_v3(void* d, unsigned* count, nvmlProcessInfo_v2_t* infos) {
    return running(d, 0, count, infos);
}
FAKE_NVML_EXPORT int nvmlDeviceGetGraphicsRunningProcesses_v3(void* d, unsigned* count, nvmlProcessInfo_v2_t* infos) {
    return running(d, 1, count, infos);
}
FAKE_NVML_EXPORT int nvmlDeviceGetMPSComputeRunningProcesses_v3(void* d, unsigned* count, nvmlProcessInfo_v2_t* infos) {
    return running(d, 2, count, infos);
}
FAKE_NVML_EXPORT int nvmlDeviceGetProcessesUtilizationInfo(void* device, nvmlProcessesUtilizationInfo_v1_t* info) {
    if (!info) return kInvalidArgument;
    if (info->version != kProcessesUtilizationInfoV1) return kArgumentVersionMismatch;
    return utilization(device, info->procUtilArray, &info->processSamplesCount, info->lastSeenTimeStamp);
}

FAKE_NVML_EXPORT int nvmlDeviceGetProcessUtilization(void* device, nvmlProcessUtilizationSample_t* out, unsigned* count,
                                                     unsigned long long last_seen) {
    return utilization(device, out, count, last_seen);
}

FAKE_NVML_EXPORT int nvmlGpmQueryDeviceSupport(void* device, nvmlGpmSupport_t* support) {
    if (!state().initialized) return kUninitialized;
    FakeGpu* g = gpu_of(device);
    if (!g || !support) return kInvalidArgument;
    if (support->version != kGpmSupportVersion) return kArgumentVersionMismatch;
    support->isSupportedDevice = g->gpm ? 1 : 0;
    return kSuccess;
}

FAKE_NVML_EXPORT int nvmlGpmSampleAlloc(nvmlGpmSample_t* sample) {
    if (!sample) return kInvalidArgument;
    *sample = new nvmlGpmSample_st();
    ++state().gpm_samples_live;
    return kSuccess;
}

FAKE_NVML_EXPORT int nvmlGpmSampleFree(nvmlGpmSample_t sample) {
    if (!sample) return kInvalidArgument;
    delete sample;
    --state().gpm_samples_live;
    return kSuccess;
}

FAKE_NVML_EXPORT int nvmlGpmSampleGet(void* device, nvmlGpmSample_t sample) {
    if (!state().initialized) return kUninitialized;
    FakeGpu* g = gpu_of(device);
    if (!g || !sample) return kInvalidArgument;
    if (g->lost) return kGpuIsLost;
    if (!g->gpm) return kNotSupported;
    sample->device = device;
    sample->gpu_instance = -1;
    sample->taken = std::chrono::steady_clock::now();
    return kSuccess;
}

// A GPU instance of a GPU in MIG mode with GPM (nvml.h:13943): NOT_FOUND for an id it does not have.
FAKE_NVML_EXPORT int nvmlGpmMigSampleGet(void* device, unsigned gpu_instance_id, nvmlGpmSample_t sample) {
    if (!state().initialized) return kUninitialized;
    FakeGpu* g = gpu_of(device);
    if (!g || !sample) return kInvalidArgument;
    if (g->lost) return kGpuIsLost;
    if (!g->gpm || g->mig_mode.error != kSuccess || g->mig_mode.value != 1) return kNotSupported;
    const bool known = std::any_of(g->mig_instances.begin(), g->mig_instances.end(),
                                   [&](const FakeMigInstance& m) { return m.gpu_instance_id == gpu_instance_id; });
    if (!known) return kNotFound;
    ++state().gpm_mig_samples;
    sample->device = device;
    sample->gpu_instance = gpu_instance_id;
    sample->taken = std::chrono::steady_clock::now();
    return kSuccess;
}

// Refuses what the real library cannot compute from: a wrong version word, no or too many metrics,
// samples of different GPUs or not taken, or taken 100 ms apart or less (nvml.h:13861).
FAKE_NVML_EXPORT int nvmlGpmMetricsGet(nvmlGpmMetricsGet_t* get) {
    ++state().gpm_metrics_calls;
    const auto refuse = [](int code) {
        ++state().gpm_metrics_refused;
        return code;
    };
    if (!get) return refuse(kInvalidArgument);
    if (get->version != kGpmMetricsGetVersion) return refuse(kArgumentVersionMismatch);
    if (get->numMetrics == 0 || get->numMetrics > kGpmMetricMax) return refuse(kInvalidArgument);
    if (!get->sample1 || !get->sample2 || get->sample1 == get->sample2 || !get->sample1->device ||
        get->sample1->device != get->sample2->device || get->sample1->gpu_instance != get->sample2->gpu_instance)
        return refuse(kInvalidArgument);
    if (!state().gpm_any_interval && get->sample2->taken - get->sample1->taken <= std::chrono::milliseconds(100))
        return refuse(kInvalidArgument);
    const FakeGpu* g = gpu_of(get->sample1->device);
    if (!g) return refuse(kInvalidArgument);
    // A GPU instance's samples give its own figures.
    const std::vector<std::pair<unsigned, double>>* scripted = &g->gpm_metrics;
    for (const auto& m : g->mig_instances)
        if (static_cast<long long>(m.gpu_instance_id) == get->sample1->gpu_instance) scripted = &m.gpm_metrics;
    // Only numMetrics entries are touched: the caller's array may be shorter than the header's.
    for (unsigned i = 0; i < get->numMetrics; ++i) {
        nvmlGpmMetric_t& m = get->metrics[i];
        m.nvmlReturn = kNotSupported;
        m.value = 0;
        for (const auto& [id, value] : *scripted)
            if (id == m.metricId) {
                m.nvmlReturn = kSuccess;
                m.value = value;
            }
    }
    return kSuccess;
}

FAKE_NVML_EXPORT int nvmlDeviceGetPcieThroughput(void* device, int counter, unsigned* kb_per_s) {
    ++state().pcie_throughput_calls;
    if (counter == 0) return answer(device, &FakeGpu::pcie_tx_kb_per_s, kb_per_s);
    if (counter == 1) return answer(device, &FakeGpu::pcie_rx_kb_per_s, kb_per_s);
    return kInvalidArgument;
}

FAKE_NVML_EXPORT int nvmlDeviceGetTotalEnergyConsumption(void* device, unsigned long long* mj) {
    return answer(device, &FakeGpu::energy_mj, mj);
}

// NVML_PERF_POLICY_POWER 0, THERMAL 1, RELIABILITY 5 (nvml.h:690-695); the others not scripted.
FAKE_NVML_EXPORT int nvmlDeviceGetViolationStatus(void* device, int policy, nvmlViolationTime_t* t) {
    if (!t) return kInvalidArgument;
    t->referenceTime = now_us();
    if (policy == 0) return answer(device, &FakeGpu::violation_power_ns, &t->violationTime);
    if (policy == 1) return answer(device, &FakeGpu::violation_thermal_ns, &t->violationTime);
    if (policy == 5) return answer(device, &FakeGpu::violation_reliability_ns, &t->violationTime);
    return kNotSupported;
}

FAKE_NVML_EXPORT int fake_nvml_process_list_calls() { return state().process_list_calls; }
FAKE_NVML_EXPORT int fake_nvml_pcie_throughput_calls() { return state().pcie_throughput_calls; }
FAKE_NVML_EXPORT int fake_nvml_gpm_samples_live() { return state().gpm_samples_live; }
FAKE_NVML_EXPORT int fake_nvml_gpm_metrics_calls() { return state().gpm_metrics_calls; }
FAKE_NVML_EXPORT int fake_nvml_gpm_metrics_refused() { return state().gpm_metrics_refused; }
FAKE_NVML_EXPORT int fake_nvml_gpm_mig_samples() { return state().gpm_mig_samples; }
