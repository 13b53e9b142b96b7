#pragma once

// What the agent copies from NVIDIA's NVML header: return codes, struct layouts, version words,
// event bits and buffer sizes. The source is nvml.h of NVML API version 13 (NVML_API_VERSION 13,
// "NVML VERSION: 13.3.29", as in NVIDIA/go-nvml gen/nvml/nvml.h at commit
// 2f9e261fe40a7a1c54783d66805e8920564763b4); the line numbers below are that file's.
// tests/agent/nvml_abi_test.cpp holds every value as the header has it and checks these
// declarations against it. The layouts have been stable across NVML versions, which is what
// makes opening the library with dlopen safe; versioned structs carry their size and version.

#include <cstdint>

namespace fleetdeck::agent::gpu::nvml_abi {

using Return = int;  // nvmlReturn_t, an enum (4 bytes)

// nvmlReturn_t values (nvml.h:1298-1323).
constexpr Return kSuccess = 0;
constexpr Return kUninitialized = 1;
constexpr Return kInvalidArgument = 2;
constexpr Return kNotSupported = 3;
constexpr Return kNoPermission = 4;
constexpr Return kNotFound = 6;
constexpr Return kInsufficientSize = 7;
constexpr Return kTimeout = 10;
constexpr Return kFunctionNotFound = 13;
constexpr Return kGpuIsLost = 15;
constexpr Return kArgumentVersionMismatch = 25;

// NVML_STRUCT_VERSION(data, ver) (nvml.h:141): the struct's size with the version in the top byte.
constexpr unsigned struct_version(unsigned size, unsigned version) { return size | (version << 24U); }

// nvmlPciInfo_t (nvml.h:196-208), which nvmlDeviceGetPciInfo_v3 and _v2 fill. The first
// version's layout is the legacy 16-byte busId followed by the same four ids (52 bytes), so it
// fits in this buffer and its busId lies where busIdLegacy is.
struct PciInfo {
    char bus_id_legacy[16];  // NVML_DEVICE_PCI_BUS_ID_BUFFER_V2_SIZE (nvml.h:170)
    unsigned domain, bus, device, pci_device_id, pci_subsystem_id;
    char bus_id[32];  // NVML_DEVICE_PCI_BUS_ID_BUFFER_SIZE (nvml.h:165), "%08X:%02X:%02X.0" (nvml.h:218)
};

// nvmlTemperature_v1_t (nvml.h:5987-5992) and nvmlTemperature_v1 (nvml.h:5996).
struct TemperatureV1 {
    unsigned version;
    int sensor_type;  // nvmlTemperatureSensors_t
    int temperature;
};
constexpr unsigned kTemperatureV1 = struct_version(sizeof(TemperatureV1), 1);

// nvmlMemory_t (nvml.h:255-261): `used` is reserved plus allocated memory.
struct MemoryV1 {
    unsigned long long total, free, used;
};
// nvmlMemory_v2_t (nvml.h:268-275) and nvmlMemory_v2 (nvml.h:277): `reserved` on its own and
// `used` allocated memory only, as nvidia-smi's "FB Memory Usage" shows them.
struct MemoryV2 {
    unsigned version;
    unsigned long long total, reserved, free, used;
};
constexpr unsigned kMemoryV2 = struct_version(sizeof(MemoryV2), 2);

// nvmlEventData_t (nvml.h:3225-3237); nvmlEventSetWait (the first version) fills the first three.
struct EventData {
    void* device;  // nvmlDevice_t
    unsigned long long event_type;
    unsigned long long event_data;  // the XID for nvmlEventTypeXidCriticalError
    unsigned gpu_instance_id, compute_instance_id;
};
constexpr unsigned long long kEventTypeXidCriticalError = 0x8;  // nvml.h:3168

// nvmlTemperatureSensors_t NVML_TEMPERATURE_GPU (nvml.h:964).
constexpr int kTemperatureGpu = 0;

// Text buffers (nvml.h:4080-4115): NVML_DEVICE_NAME_V2_BUFFER_SIZE and
// NVML_DEVICE_UUID_V2_BUFFER_SIZE 96, NVML_DEVICE_SERIAL_BUFFER_SIZE 30,
// NVML_DEVICE_VBIOS_VERSION_BUFFER_SIZE 32, NVML_SYSTEM_DRIVER_VERSION_BUFFER_SIZE 80. The agent
// passes at least that much.
constexpr unsigned kNameBuffer = 96;
constexpr unsigned kUuidBuffer = 96;
constexpr unsigned kSerialBuffer = 32;
constexpr unsigned kVbiosVersionBuffer = 32;
constexpr unsigned kDriverVersionBuffer = 96;

// NVML_NVLINK_MAX_LINKS (nvml.h:455).
constexpr unsigned kNvlinkMaxLinks = 36;

// Processes. nvmlProcessInfo_v1_t (nvml.h:293-299), which the first versions of the running-process
// calls fill (nvml.h:14505, 14507, 14509): 4 bytes of pid, 4 of padding, the memory.
struct ProcessInfoV1 {
    unsigned pid;
    unsigned long long used_gpu_memory;
};
// nvmlProcessInfo_v2_t, also named nvmlProcessInfo_t (nvml.h:304-314), which _v2 (nvml.h:14506,
// 14508, 14510) and _v3 (nvml.h:7402, 7445, 7488) fill. The instance ids are 0xFFFFFFFF without MIG.
struct ProcessInfoV2 {
    unsigned pid;
    unsigned long long used_gpu_memory;
    unsigned gpu_instance_id, compute_instance_id;
};
// NVML_VALUE_NOT_AVAILABLE (nvml.h:156), (-1) in an unsigned long long: usedGpuMemory unknown.
constexpr unsigned long long kValueNotAvailable = ~0ULL;

// nvmlProcessUtilizationSample_t (nvml.h:1379-1387), for nvmlDeviceGetProcessUtilization (nvml.h:8528).
struct ProcessUtilizationSample {
    unsigned pid;
    unsigned long long time_stamp_us;
    unsigned sm_util, mem_util, enc_util, dec_util;
};
// nvmlProcessUtilizationInfo_v1_t (nvml.h:1392-1402) and nvmlProcessesUtilizationInfo_v1_t
// (nvml.h:1407-1413), for nvmlDeviceGetProcessesUtilizationInfo (nvml.h:8575), whose version
// word is nvmlProcessesUtilizationInfo_v1 = NVML_STRUCT_VERSION(ProcessesUtilizationInfo, 1) (nvml.h:1415).
struct ProcessUtilizationInfoV1 {
    unsigned long long time_stamp_us;
    unsigned pid;
    unsigned sm_util, mem_util, enc_util, dec_util, jpg_util, ofa_util;
};
struct ProcessesUtilizationInfoV1 {
    unsigned version;
    unsigned process_samples_count;
    unsigned long long last_seen_time_stamp_us;
    ProcessUtilizationInfoV1* proc_util_array;
};
constexpr unsigned kProcessesUtilizationInfoV1 = struct_version(sizeof(ProcessesUtilizationInfoV1), 1);

// GPU performance monitoring (Hopper and later). nvmlGpmSupport_t (nvml.h:13834-13838) with
// NVML_GPM_SUPPORT_VERSION (nvml.h:13840), a plain 1, not an NVML_STRUCT_VERSION word.
struct GpmSupport {
    unsigned version;
    unsigned is_supported_device;
};
constexpr unsigned kGpmSupportVersion = 1;
// nvmlGpmMetric_t (nvml.h:13804-13815).
struct GpmMetric {
    unsigned metric_id;
    Return nvml_return;  // this metric's own status; `value` is valid only when it is SUCCESS
    double value;
    struct {
        char* short_name;
        char* long_name;
        char* unit;
    } metric_info;
};
// nvmlGpmMetricsGet_t (nvml.h:13820-13827) with NVML_GPM_METRICS_GET_VERSION (nvml.h:13829). The
// header's array has NVML_GPM_METRIC_MAX entries (333 in API 13, nvml.h:13784), a number that
// grows with every header; the library reads `numMetrics` of them, which is how programs built
// against an older header keep working. This prefix holds the ones the agent asks for.
constexpr unsigned kGpmMetricsGetVersion = 1;
constexpr unsigned kGpmMetricMaxApi13 = 333;
template <unsigned N>
struct GpmMetricsGet {
    unsigned version;
    unsigned num_metrics;
    void* sample1;  // nvmlGpmSample_t
    void* sample2;
    GpmMetric metrics[N];
};
// nvmlGpmMetricId_t values (nvml.h:13483-13516). Activity figures are 0.0-100.0; the PCIe and
// NVLink ones MiB per second.
constexpr unsigned kGpmSmUtil = 2;          // NVML_GPM_METRIC_SM_UTIL
constexpr unsigned kGpmSmOccupancy = 3;     // NVML_GPM_METRIC_SM_OCCUPANCY
constexpr unsigned kGpmAnyTensorUtil = 5;   // NVML_GPM_METRIC_ANY_TENSOR_UTIL
constexpr unsigned kGpmDramBwUtil = 10;     // NVML_GPM_METRIC_DRAM_BW_UTIL
constexpr unsigned kGpmFp64Util = 11;       // NVML_GPM_METRIC_FP64_UTIL
constexpr unsigned kGpmFp32Util = 12;       // NVML_GPM_METRIC_FP32_UTIL
constexpr unsigned kGpmFp16Util = 13;       // NVML_GPM_METRIC_FP16_UTIL
constexpr unsigned kGpmPcieTxPerSec = 20;   // NVML_GPM_METRIC_PCIE_TX_PER_SEC
constexpr unsigned kGpmPcieRxPerSec = 21;   // NVML_GPM_METRIC_PCIE_RX_PER_SEC
constexpr unsigned kGpmNvlinkTotalRxPerSec = 60;  // NVML_GPM_METRIC_NVLINK_TOTAL_RX_PER_SEC
constexpr unsigned kGpmNvlinkTotalTxPerSec = 61;  // NVML_GPM_METRIC_NVLINK_TOTAL_TX_PER_SEC
// "The interval between these two nvmlGpmSampleGet() calls should be greater than 100ms"
// (nvml.h:13861, 13911).
constexpr unsigned kGpmMinIntervalMs = 100;

// nvmlPcieUtilCounter_t (nvml.h:636-643): nvmlDeviceGetPcieThroughput (nvml.h:5590) answers KB/s.
constexpr int kPcieUtilTxBytes = 0;
constexpr int kPcieUtilRxBytes = 1;

// nvmlPerfPolicyType_t (nvml.h:688-702) and nvmlViolationTime_t (nvml.h:708-711), for
// nvmlDeviceGetViolationStatus (nvml.h:7675; deprecated in 13.0 for field values, still exported).
constexpr int kPerfPolicyPower = 0;
constexpr int kPerfPolicyThermal = 1;
constexpr int kPerfPolicyReliability = 5;
struct ViolationTime {
    unsigned long long reference_time_us;
    unsigned long long violation_time_ns;
};

// Field values. nvmlValue_t (nvml.h:666-674), a union of 8 bytes, and nvmlValueType_t
// (nvml.h:648-660), which says which member holds the value.
union Value {
    double d;
    int si;
    unsigned ui;
    unsigned long ul;
    unsigned long long ull;
    signed long long sll;
    unsigned short us;
};
constexpr int kValueTypeDouble = 0;            // NVML_VALUE_TYPE_DOUBLE
constexpr int kValueTypeUnsignedInt = 1;       // NVML_VALUE_TYPE_UNSIGNED_INT
constexpr int kValueTypeUnsignedLong = 2;      // NVML_VALUE_TYPE_UNSIGNED_LONG
constexpr int kValueTypeUnsignedLongLong = 3;  // NVML_VALUE_TYPE_UNSIGNED_LONG_LONG
constexpr int kValueTypeSignedLongLong = 4;    // NVML_VALUE_TYPE_SIGNED_LONG_LONG
constexpr int kValueTypeSignedInt = 5;         // NVML_VALUE_TYPE_SIGNED_INT
constexpr int kValueTypeUnsignedShort = 6;     // NVML_VALUE_TYPE_UNSIGNED_SHORT
// nvmlFieldValue_t (nvml.h:3010-3019), for nvmlDeviceGetFieldValues (nvml.h:10230), which fills
// each entry's nvmlReturn and, where that is SUCCESS, its value and timestamp.
struct FieldValue {
    unsigned field_id;
    unsigned scope_id;
    long long timestamp_us;  // "CPU Timestamp of this value in microseconds since 1970"
    long long latency_us;
    int value_type;  // nvmlValueType_t
    Return nvml_return;
    Value value;
};
// NVLink throughput counters (nvml.h:2595-2605): cumulative KiB; "A scopeId of UINT_MAX returns
// aggregate value summed up across all links". They replace nvmlDeviceGetNvLinkUtilizationCounter
// (deprecated, nvml.h:9656).
constexpr unsigned kFiNvlinkThroughputDataTx = 138;  // NVML_FI_DEV_NVLINK_THROUGHPUT_DATA_TX
constexpr unsigned kFiNvlinkThroughputDataRx = 139;  // NVML_FI_DEV_NVLINK_THROUGHPUT_DATA_RX
constexpr unsigned kScopeAllNvlinks = 0xFFFFFFFFU;   // UINT_MAX
// The field values that replace nvmlDeviceGetViolationStatus, as its deprecation note translates
// the policies (nvml.h:7660-7674): POWER -> NVML_FI_DEV_CLOCKS_EVENT_REASON_SW_POWER_CAP, which is
// NVML_FI_DEV_PERF_POLICY_POWER (nvml.h:2845, 2475); THERMAL -> ..._SW_THERM_SLOWDOWN
// (nvml.h:2847); RELIABILITY -> NVML_FI_DEV_PERF_POLICY_RELIABILITY (nvml.h:2480). The clock-event
// counters are "in nanoseconds" (nvml.h:2842-2843).
constexpr unsigned kFiClocksEventReasonSwPowerCap = 74;
constexpr unsigned kFiClocksEventReasonSwThermSlowdown = 269;
constexpr unsigned kFiPerfPolicyReliability = 79;

// Multi-Instance GPU. NVML_DEVICE_MIG_ENABLE (nvml.h:12488), the current mode
// nvmlDeviceGetMigMode (nvml.h:12803) answers for a partitioned GPU.
constexpr unsigned kDeviceMigEnable = 1;

}  // namespace fleetdeck::agent::gpu::nvml_abi
