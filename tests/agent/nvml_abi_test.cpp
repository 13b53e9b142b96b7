// Every NVML size, offset, enum value, return code and version word the agent relies on, as
// NVIDIA's header has it, checked against the agent's own declarations (agent/gpu/nvml_abi.h and
// the enums of agent/gpu/nvml_library.h). The numbers below are copied from nvml.h of NVML API
// version 13 (NVML_API_VERSION 13 at line 111, "NVML VERSION: 13.3.29"), the header of
// NVIDIA/go-nvml gen/nvml/nvml.h at commit 2f9e261fe40a7a1c54783d66805e8920564763b4; each row
// names its line. The layouts are checked at compile time (static_assert), and listed again as a
// table so a failure names the row.
#include <gtest/gtest.h>

#include <cstddef>
#include <string>
#include <vector>

#include "agent/gpu/nvml_abi.h"
#include "agent/gpu/nvml_library.h"

namespace nvml_abi_h = ::fleetdeck::agent::gpu::nvml_abi;
using fleetdeck::agent::gpu::NvmlLibrary;

namespace {

// nvmlPciInfo_t (nvml.h:196-208): char busIdLegacy[16]; 5 × unsigned int; char busId[32].
static_assert(sizeof(nvml_abi_h::PciInfo) == 68);
static_assert(offsetof(nvml_abi_h::PciInfo, domain) == 16);
static_assert(offsetof(nvml_abi_h::PciInfo, pci_subsystem_id) == 32);
static_assert(offsetof(nvml_abi_h::PciInfo, bus_id) == 36);
// nvmlUtilization_t (nvml.h:245-249): unsigned int gpu, memory.
static_assert(sizeof(NvmlLibrary::Utilization) == 8);
static_assert(offsetof(NvmlLibrary::Utilization, memory_pct) == 4);
// nvmlMemory_t (nvml.h:255-261): unsigned long long total, free, used.
static_assert(sizeof(nvml_abi_h::MemoryV1) == 24);
static_assert(offsetof(nvml_abi_h::MemoryV1, free) == 8 && offsetof(nvml_abi_h::MemoryV1, used) == 16);
// nvmlMemory_v2_t (nvml.h:268-275): unsigned int version; then total, reserved, free, used.
static_assert(sizeof(nvml_abi_h::MemoryV2) == 40);
static_assert(offsetof(nvml_abi_h::MemoryV2, total) == 8 && offsetof(nvml_abi_h::MemoryV2, reserved) == 16);
static_assert(offsetof(nvml_abi_h::MemoryV2, free) == 24 && offsetof(nvml_abi_h::MemoryV2, used) == 32);
// nvmlMemory_v2 = NVML_STRUCT_VERSION(Memory, 2) (nvml.h:141, 277) = 40 | 2 << 24.
static_assert(nvml_abi_h::kMemoryV2 == 0x02000028u);
// nvmlTemperature_v1_t (nvml.h:5987-5992) and nvmlTemperature_v1 (nvml.h:5996) = 12 | 1 << 24.
static_assert(sizeof(nvml_abi_h::TemperatureV1) == 12);
static_assert(offsetof(nvml_abi_h::TemperatureV1, temperature) == 8);
static_assert(nvml_abi_h::kTemperatureV1 == 0x0100000Cu);
// nvmlEventData_t (nvml.h:3225-3237): device, eventType, eventData, gpuInstanceId, computeInstanceId.
static_assert(sizeof(nvml_abi_h::EventData) == 32);
static_assert(offsetof(nvml_abi_h::EventData, event_type) == 8 && offsetof(nvml_abi_h::EventData, event_data) == 16);
static_assert(offsetof(nvml_abi_h::EventData, gpu_instance_id) == 24 && offsetof(nvml_abi_h::EventData, compute_instance_id) == 28);
// nvmlProcessInfo_v1_t (nvml.h:293-299): pid, 4 bytes of padding, usedGpuMemory.
static_assert(sizeof(nvml_abi_h::ProcessInfoV1) == 16 && offsetof(nvml_abi_h::ProcessInfoV1, used_gpu_memory) == 8);
// nvmlProcessInfo_v2_t (nvml.h:304-314): pid, usedGpuMemory, gpuInstanceId, computeInstanceId.
static_assert(sizeof(nvml_abi_h::ProcessInfoV2) == 24);
static_assert(offsetof(nvml_abi_h::ProcessInfoV2, used_gpu_memory) == 8);
static_assert(offsetof(nvml_abi_h::ProcessInfoV2, gpu_instance_id) == 16 && offsetof(nvml_abi_h::ProcessInfoV2, compute_instance_id) == 20);
// nvmlProcessUtilizationSample_t (nvml.h:1379-1387): pid, timeStamp, smUtil, memUtil, encUtil, decUtil.
static_assert(sizeof(nvml_abi_h::ProcessUtilizationSample) == 32);
static_assert(offsetof(nvml_abi_h::ProcessUtilizationSample, time_stamp_us) == 8 &&
              offsetof(nvml_abi_h::ProcessUtilizationSample, sm_util) == 16);
// nvmlProcessUtilizationInfo_v1_t (nvml.h:1392-1402): timeStamp, pid, smUtil … ofaUtil.
static_assert(sizeof(nvml_abi_h::ProcessUtilizationInfoV1) == 40);
static_assert(offsetof(nvml_abi_h::ProcessUtilizationInfoV1, pid) == 8 && offsetof(nvml_abi_h::ProcessUtilizationInfoV1, sm_util) == 12);
// nvmlProcessesUtilizationInfo_v1_t (nvml.h:1407-1413): version, processSamplesCount, lastSeenTimeStamp, procUtilArray.
static_assert(sizeof(nvml_abi_h::ProcessesUtilizationInfoV1) == 24);
static_assert(offsetof(nvml_abi_h::ProcessesUtilizationInfoV1, last_seen_time_stamp_us) == 8 &&
              offsetof(nvml_abi_h::ProcessesUtilizationInfoV1, proc_util_array) == 16);
// nvmlGpmMetric_t (nvml.h:13804-13815): metricId, nvmlReturn, value, metricInfo {3 pointers}.
static_assert(sizeof(nvml_abi_h::GpmMetric) == 40);
static_assert(offsetof(nvml_abi_h::GpmMetric, value) == 8 && offsetof(nvml_abi_h::GpmMetric, metric_info) == 16);
// nvmlGpmMetricsGet_t (nvml.h:13820-13827): version, numMetrics, sample1, sample2, metrics[].
static_assert(offsetof(nvml_abi_h::GpmMetricsGet<1>, num_metrics) == 4);
static_assert(offsetof(nvml_abi_h::GpmMetricsGet<1>, sample1) == 8 && offsetof(nvml_abi_h::GpmMetricsGet<1>, sample2) == 16);
static_assert(offsetof(nvml_abi_h::GpmMetricsGet<1>, metrics) == 24);
// nvmlGpmSupport_t (nvml.h:13834-13838) and nvmlViolationTime_t (nvml.h:708-711).
static_assert(sizeof(nvml_abi_h::GpmSupport) == 8);
static_assert(sizeof(nvml_abi_h::ViolationTime) == 16 && offsetof(nvml_abi_h::ViolationTime, violation_time_ns) == 8);
// nvmlValue_t (nvml.h:665-674): a union of 8 bytes. nvmlFieldValue_t (nvml.h:3010-3019): fieldId,
// scopeId, timestamp, latencyUsec, valueType, nvmlReturn, value.
static_assert(sizeof(nvml_abi_h::Value) == 8);
static_assert(sizeof(nvml_abi_h::FieldValue) == 40);
static_assert(offsetof(nvml_abi_h::FieldValue, scope_id) == 4 && offsetof(nvml_abi_h::FieldValue, timestamp_us) == 8);
static_assert(offsetof(nvml_abi_h::FieldValue, latency_us) == 16 && offsetof(nvml_abi_h::FieldValue, value_type) == 24);
static_assert(offsetof(nvml_abi_h::FieldValue, nvml_return) == 28 && offsetof(nvml_abi_h::FieldValue, value) == 32);
// Enums are passed as int (4 bytes), as C compilers lay out NVML's enums.
static_assert(sizeof(nvml_abi_h::Return) == 4);

struct Row {
    const char* what;  // the header's name and line
    long long header;  // the value in nvml.h
    long long agent;   // the agent's declaration
};

const std::vector<Row>& rows() {
    using T = NvmlLibrary::Threshold;
    using C = NvmlLibrary::Clock;
    using E = NvmlLibrary::EccError;
    using K = NvmlLibrary::EccCounter;
    using R = NvmlLibrary::RetirementCause;
    using L = NvmlLibrary::NvlinkError;
    static const std::vector<Row> table = {
        {"sizeof(nvmlPciInfo_t) nvml.h:196", 68, sizeof(nvml_abi_h::PciInfo)},
        {"offsetof(nvmlPciInfo_t, busId) nvml.h:207", 36, offsetof(nvml_abi_h::PciInfo, bus_id)},
        {"NVML_DEVICE_PCI_BUS_ID_BUFFER_SIZE nvml.h:165", 32, sizeof(nvml_abi_h::PciInfo::bus_id)},
        {"NVML_DEVICE_PCI_BUS_ID_BUFFER_V2_SIZE nvml.h:170", 16, sizeof(nvml_abi_h::PciInfo::bus_id_legacy)},
        {"sizeof(nvmlUtilization_t) nvml.h:245", 8, sizeof(NvmlLibrary::Utilization)},
        {"sizeof(nvmlMemory_t) nvml.h:255", 24, sizeof(nvml_abi_h::MemoryV1)},
        {"offsetof(nvmlMemory_t, used) nvml.h:259", 16, offsetof(nvml_abi_h::MemoryV1, used)},
        {"sizeof(nvmlMemory_v2_t) nvml.h:268", 40, sizeof(nvml_abi_h::MemoryV2)},
        {"offsetof(nvmlMemory_v2_t, total) nvml.h:271", 8, offsetof(nvml_abi_h::MemoryV2, total)},
        {"offsetof(nvmlMemory_v2_t, reserved) nvml.h:272", 16, offsetof(nvml_abi_h::MemoryV2, reserved)},
        {"offsetof(nvmlMemory_v2_t, free) nvml.h:273", 24, offsetof(nvml_abi_h::MemoryV2, free)},
        {"offsetof(nvmlMemory_v2_t, used) nvml.h:274", 32, offsetof(nvml_abi_h::MemoryV2, used)},
        {"nvmlMemory_v2 nvml.h:277", 0x02000028, nvml_abi_h::kMemoryV2},
        {"sizeof(nvmlTemperature_v1_t) nvml.h:5987", 12, sizeof(nvml_abi_h::TemperatureV1)},
        {"nvmlTemperature_v1 nvml.h:5996", 0x0100000C, nvml_abi_h::kTemperatureV1},
        {"sizeof(nvmlEventData_t) nvml.h:3225", 32, sizeof(nvml_abi_h::EventData)},
        {"offsetof(nvmlEventData_t, eventData) nvml.h:3229", 16, offsetof(nvml_abi_h::EventData, event_data)},
        {"nvmlEventTypeXidCriticalError nvml.h:3168", 0x8, static_cast<long long>(nvml_abi_h::kEventTypeXidCriticalError)},
        {"NVML_SUCCESS nvml.h:1298", 0, nvml_abi_h::kSuccess},
        {"NVML_ERROR_UNINITIALIZED nvml.h:1299", 1, nvml_abi_h::kUninitialized},
        {"NVML_ERROR_INVALID_ARGUMENT nvml.h:1300", 2, nvml_abi_h::kInvalidArgument},
        {"NVML_ERROR_NOT_SUPPORTED nvml.h:1301", 3, nvml_abi_h::kNotSupported},
        {"NVML_ERROR_NO_PERMISSION nvml.h:1302", 4, nvml_abi_h::kNoPermission},
        {"NVML_ERROR_INSUFFICIENT_SIZE nvml.h:1305", 7, nvml_abi_h::kInsufficientSize},
        {"NVML_ERROR_TIMEOUT nvml.h:1308", 10, nvml_abi_h::kTimeout},
        {"NVML_ERROR_FUNCTION_NOT_FOUND nvml.h:1311", 13, nvml_abi_h::kFunctionNotFound},
        {"NVML_ERROR_GPU_IS_LOST nvml.h:1313", 15, nvml_abi_h::kGpuIsLost},
        {"NVML_ERROR_ARGUMENT_VERSION_MISMATCH nvml.h:1323", 25, nvml_abi_h::kArgumentVersionMismatch},
        {"NVML_TEMPERATURE_GPU nvml.h:964", 0, nvml_abi_h::kTemperatureGpu},
        {"NVML_TEMPERATURE_THRESHOLD_SHUTDOWN nvml.h:939", 0, static_cast<int>(T::Shutdown)},
        {"NVML_TEMPERATURE_THRESHOLD_SLOWDOWN nvml.h:941", 1, static_cast<int>(T::Slowdown)},
        {"NVML_CLOCK_SM nvml.h:1112", 1, static_cast<int>(C::Sm)},
        {"NVML_CLOCK_MEM nvml.h:1113", 2, static_cast<int>(C::Memory)},
        {"NVML_MEMORY_ERROR_TYPE_CORRECTED nvml.h:1073", 0, static_cast<int>(E::Corrected)},
        {"NVML_MEMORY_ERROR_TYPE_UNCORRECTED nvml.h:1080", 1, static_cast<int>(E::Uncorrected)},
        {"NVML_VOLATILE_ECC nvml.h:1097", 0, static_cast<int>(K::Volatile)},
        {"NVML_AGGREGATE_ECC nvml.h:1098", 1, static_cast<int>(K::Aggregate)},
        {"NVML_PAGE_RETIREMENT_CAUSE_MULTIPLE_SINGLE_BIT_ECC_ERRORS nvml.h:1355", 0, static_cast<int>(R::MultipleSingleBit)},
        {"NVML_PAGE_RETIREMENT_CAUSE_DOUBLE_BIT_ECC_ERROR nvml.h:1356", 1, static_cast<int>(R::DoubleBit)},
        {"NVML_NVLINK_ERROR_DL_REPLAY nvml.h:519", 0, static_cast<int>(L::Replay)},
        {"NVML_NVLINK_ERROR_DL_RECOVERY nvml.h:520", 1, static_cast<int>(L::Recovery)},
        {"NVML_NVLINK_ERROR_DL_CRC_FLIT nvml.h:521", 2, static_cast<int>(L::CrcFlit)},
        {"NVML_NVLINK_MAX_LINKS nvml.h:455", 36, NvmlLibrary::kMaxNvlinks},
        {"NVML_NVLINK_MAX_LINKS nvml.h:455 (abi)", 36, nvml_abi_h::kNvlinkMaxLinks},
        {"NVML_ERROR_NOT_FOUND nvml.h:1304", 6, nvml_abi_h::kNotFound},
        {"NVML_VALUE_NOT_AVAILABLE nvml.h:156 (as unsigned long long)", -1, static_cast<long long>(nvml_abi_h::kValueNotAvailable)},
        {"sizeof(nvmlProcessInfo_v1_t) nvml.h:293", 16, sizeof(nvml_abi_h::ProcessInfoV1)},
        {"sizeof(nvmlProcessInfo_v2_t) nvml.h:304", 24, sizeof(nvml_abi_h::ProcessInfoV2)},
        {"offsetof(nvmlProcessInfo_v2_t, usedGpuMemory) nvml.h:307", 8, offsetof(nvml_abi_h::ProcessInfoV2, used_gpu_memory)},
        {"offsetof(nvmlProcessInfo_v2_t, gpuInstanceId) nvml.h:310", 16, offsetof(nvml_abi_h::ProcessInfoV2, gpu_instance_id)},
        {"offsetof(nvmlProcessInfo_v2_t, computeInstanceId) nvml.h:312", 20, offsetof(nvml_abi_h::ProcessInfoV2, compute_instance_id)},
        {"sizeof(nvmlProcessUtilizationSample_t) nvml.h:1379", 32, sizeof(nvml_abi_h::ProcessUtilizationSample)},
        {"offsetof(nvmlProcessUtilizationSample_t, smUtil) nvml.h:1383", 16, offsetof(nvml_abi_h::ProcessUtilizationSample, sm_util)},
        {"sizeof(nvmlProcessUtilizationInfo_v1_t) nvml.h:1392", 40, sizeof(nvml_abi_h::ProcessUtilizationInfoV1)},
        {"offsetof(nvmlProcessUtilizationInfo_v1_t, smUtil) nvml.h:1396", 12, offsetof(nvml_abi_h::ProcessUtilizationInfoV1, sm_util)},
        {"sizeof(nvmlProcessesUtilizationInfo_v1_t) nvml.h:1407", 24, sizeof(nvml_abi_h::ProcessesUtilizationInfoV1)},
        {"offsetof(nvmlProcessesUtilizationInfo_v1_t, procUtilArray) nvml.h:1412", 16,
         offsetof(nvml_abi_h::ProcessesUtilizationInfoV1, proc_util_array)},
        {"nvmlProcessesUtilizationInfo_v1 nvml.h:1415", 0x01000018, nvml_abi_h::kProcessesUtilizationInfoV1},
        {"sizeof(nvmlGpmMetric_t) nvml.h:13804", 40, sizeof(nvml_abi_h::GpmMetric)},
        {"offsetof(nvmlGpmMetric_t, value) nvml.h:13808", 8, offsetof(nvml_abi_h::GpmMetric, value)},
        {"offsetof(nvmlGpmMetricsGet_t, metrics) nvml.h:13826", 24, offsetof(nvml_abi_h::GpmMetricsGet<1>, metrics)},
        {"sizeof(nvmlGpmMetricsGet_t) with NVML_GPM_METRIC_MAX entries nvml.h:13820", 24 + 333 * 40,
         sizeof(nvml_abi_h::GpmMetricsGet<nvml_abi_h::kGpmMetricMaxApi13>)},
        {"NVML_GPM_METRIC_MAX nvml.h:13784", 333, nvml_abi_h::kGpmMetricMaxApi13},
        {"NVML_GPM_METRICS_GET_VERSION nvml.h:13829", 1, nvml_abi_h::kGpmMetricsGetVersion},
        {"sizeof(nvmlGpmSupport_t) nvml.h:13834", 8, sizeof(nvml_abi_h::GpmSupport)},
        {"NVML_GPM_SUPPORT_VERSION nvml.h:13840", 1, nvml_abi_h::kGpmSupportVersion},
        {"NVML_GPM_METRIC_SM_UTIL nvml.h:13483", 2, nvml_abi_h::kGpmSmUtil},
        {"NVML_GPM_METRIC_SM_OCCUPANCY nvml.h:13484", 3, nvml_abi_h::kGpmSmOccupancy},
        {"NVML_GPM_METRIC_ANY_TENSOR_UTIL nvml.h:13486", 5, nvml_abi_h::kGpmAnyTensorUtil},
        {"NVML_GPM_METRIC_DRAM_BW_UTIL nvml.h:13491", 10, nvml_abi_h::kGpmDramBwUtil},
        {"NVML_GPM_METRIC_FP64_UTIL nvml.h:13492", 11, nvml_abi_h::kGpmFp64Util},
        {"NVML_GPM_METRIC_FP32_UTIL nvml.h:13493", 12, nvml_abi_h::kGpmFp32Util},
        {"NVML_GPM_METRIC_FP16_UTIL nvml.h:13494", 13, nvml_abi_h::kGpmFp16Util},
        {"NVML_GPM_METRIC_PCIE_TX_PER_SEC nvml.h:13495", 20, nvml_abi_h::kGpmPcieTxPerSec},
        {"NVML_GPM_METRIC_PCIE_RX_PER_SEC nvml.h:13496", 21, nvml_abi_h::kGpmPcieRxPerSec},
        {"NVML_GPM_METRIC_NVLINK_TOTAL_RX_PER_SEC nvml.h:13515", 60, nvml_abi_h::kGpmNvlinkTotalRxPerSec},
        {"NVML_GPM_METRIC_NVLINK_TOTAL_TX_PER_SEC nvml.h:13516", 61, nvml_abi_h::kGpmNvlinkTotalTxPerSec},
        {"GPM samples more than 100 ms apart nvml.h:13861", 100, nvml_abi_h::kGpmMinIntervalMs},
        {"NVML_PCIE_UTIL_TX_BYTES nvml.h:638", 0, nvml_abi_h::kPcieUtilTxBytes},
        {"NVML_PCIE_UTIL_RX_BYTES nvml.h:639", 1, nvml_abi_h::kPcieUtilRxBytes},
        {"NVML_PCIE_UTIL_TX_BYTES nvml.h:638 (library)", 0, static_cast<int>(NvmlLibrary::PcieCounter::Tx)},
        {"NVML_PCIE_UTIL_RX_BYTES nvml.h:639 (library)", 1, static_cast<int>(NvmlLibrary::PcieCounter::Rx)},
        {"NVML_PERF_POLICY_POWER nvml.h:690", 0, nvml_abi_h::kPerfPolicyPower},
        {"NVML_PERF_POLICY_THERMAL nvml.h:691", 1, nvml_abi_h::kPerfPolicyThermal},
        {"NVML_PERF_POLICY_RELIABILITY nvml.h:695", 5, nvml_abi_h::kPerfPolicyReliability},
        {"NVML_PERF_POLICY_POWER nvml.h:690 (library)", 0, static_cast<int>(NvmlLibrary::PerfPolicy::Power)},
        {"NVML_PERF_POLICY_THERMAL nvml.h:691 (library)", 1, static_cast<int>(NvmlLibrary::PerfPolicy::Thermal)},
        {"NVML_PERF_POLICY_RELIABILITY nvml.h:695 (library)", 5, static_cast<int>(NvmlLibrary::PerfPolicy::Reliability)},
        {"sizeof(nvmlViolationTime_t) nvml.h:708", 16, sizeof(nvml_abi_h::ViolationTime)},
        {"offsetof(nvmlViolationTime_t, violationTime) nvml.h:710", 8, offsetof(nvml_abi_h::ViolationTime, violation_time_ns)},
        {"sizeof(nvmlValue_t) nvml.h:665", 8, sizeof(nvml_abi_h::Value)},
        {"NVML_VALUE_TYPE_DOUBLE nvml.h:650", 0, nvml_abi_h::kValueTypeDouble},
        {"NVML_VALUE_TYPE_UNSIGNED_INT nvml.h:651", 1, nvml_abi_h::kValueTypeUnsignedInt},
        {"NVML_VALUE_TYPE_UNSIGNED_LONG nvml.h:652", 2, nvml_abi_h::kValueTypeUnsignedLong},
        {"NVML_VALUE_TYPE_UNSIGNED_LONG_LONG nvml.h:653", 3, nvml_abi_h::kValueTypeUnsignedLongLong},
        {"NVML_VALUE_TYPE_SIGNED_LONG_LONG nvml.h:654", 4, nvml_abi_h::kValueTypeSignedLongLong},
        {"NVML_VALUE_TYPE_SIGNED_INT nvml.h:655", 5, nvml_abi_h::kValueTypeSignedInt},
        {"NVML_VALUE_TYPE_UNSIGNED_SHORT nvml.h:656", 6, nvml_abi_h::kValueTypeUnsignedShort},
        {"sizeof(nvmlFieldValue_t) nvml.h:3010", 40, sizeof(nvml_abi_h::FieldValue)},
        {"offsetof(nvmlFieldValue_t, scopeId) nvml.h:3013", 4, offsetof(nvml_abi_h::FieldValue, scope_id)},
        {"offsetof(nvmlFieldValue_t, timestamp) nvml.h:3014", 8, offsetof(nvml_abi_h::FieldValue, timestamp_us)},
        {"offsetof(nvmlFieldValue_t, latencyUsec) nvml.h:3015", 16, offsetof(nvml_abi_h::FieldValue, latency_us)},
        {"offsetof(nvmlFieldValue_t, valueType) nvml.h:3016", 24, offsetof(nvml_abi_h::FieldValue, value_type)},
        {"offsetof(nvmlFieldValue_t, nvmlReturn) nvml.h:3017", 28, offsetof(nvml_abi_h::FieldValue, nvml_return)},
        {"offsetof(nvmlFieldValue_t, value) nvml.h:3018", 32, offsetof(nvml_abi_h::FieldValue, value)},
        {"NVML_FI_DEV_NVLINK_THROUGHPUT_DATA_TX nvml.h:2602", 138, nvml_abi_h::kFiNvlinkThroughputDataTx},
        {"NVML_FI_DEV_NVLINK_THROUGHPUT_DATA_RX nvml.h:2603", 139, nvml_abi_h::kFiNvlinkThroughputDataRx},
        {"NVLink throughput scopeId UINT_MAX (all links) nvml.h:2598", 0xFFFFFFFFLL, nvml_abi_h::kScopeAllNvlinks},
        {"NVML_FI_DEV_CLOCKS_EVENT_REASON_SW_POWER_CAP = NVML_FI_DEV_PERF_POLICY_POWER nvml.h:2845, 2475", 74,
         nvml_abi_h::kFiClocksEventReasonSwPowerCap},
        {"NVML_FI_DEV_CLOCKS_EVENT_REASON_SW_THERM_SLOWDOWN nvml.h:2847", 269, nvml_abi_h::kFiClocksEventReasonSwThermSlowdown},
        {"NVML_FI_DEV_PERF_POLICY_RELIABILITY nvml.h:2480", 79, nvml_abi_h::kFiPerfPolicyReliability},
        {"NVML_DEVICE_MIG_ENABLE nvml.h:12488", 1, nvml_abi_h::kDeviceMigEnable},
    };
    return table;
}

// Buffers the agent passes must hold at least the header's size (nvml.h:4080-4115).
struct Buffer {
    const char* what;
    unsigned header;
    unsigned agent;
};

// The clock-event reason bits (nvml.h:3322-3404), in the order clocks_event_reason_names() names them.
struct ReasonBit {
    unsigned long long header;
    const char* name;
};

}  // namespace

TEST(NvmlAbi, EveryValueMatchesTheHeader) {
    for (const Row& row : rows()) EXPECT_EQ(row.agent, row.header) << row.what;
}

TEST(NvmlAbi, BuffersAreAtLeastTheHeadersSizes) {
    const Buffer buffers[] = {
        {"NVML_DEVICE_UUID_V2_BUFFER_SIZE nvml.h:4080", 96, nvml_abi_h::kUuidBuffer},
        {"NVML_SYSTEM_DRIVER_VERSION_BUFFER_SIZE nvml.h:4090", 80, nvml_abi_h::kDriverVersionBuffer},
        {"NVML_DEVICE_NAME_V2_BUFFER_SIZE nvml.h:4105", 96, nvml_abi_h::kNameBuffer},
        {"NVML_DEVICE_SERIAL_BUFFER_SIZE nvml.h:4110", 30, nvml_abi_h::kSerialBuffer},
        {"NVML_DEVICE_VBIOS_VERSION_BUFFER_SIZE nvml.h:4115", 32, nvml_abi_h::kVbiosVersionBuffer},
    };
    for (const Buffer& b : buffers) EXPECT_GE(b.agent, b.header) << b.what;
}

TEST(NvmlAbi, ClockEventReasonBitsAreTheHeaders) {
    const ReasonBit bits[] = {
        {0x1, "gpu_idle"},       // nvmlClocksEventReasonGpuIdle nvml.h:3322
        {0x2, "app_clocks"},     // nvmlClocksEventReasonApplicationsClocksSetting nvml.h:3327
        {0x4, "sw_power_cap"},   // nvmlClocksEventReasonSwPowerCap nvml.h:3341
        {0x8, "hw_slowdown"},    // nvmlClocksThrottleReasonHwSlowdown nvml.h:3356
        {0x10, "sync_boost"},    // nvmlClocksEventReasonSyncBoost nvml.h:3367
        {0x20, "sw_thermal"},    // nvmlClocksEventReasonSwThermalSlowdown nvml.h:3376
        {0x40, "hw_thermal"},    // nvmlClocksThrottleReasonHwThermalSlowdown nvml.h:3387
        {0x80, "hw_power_brake"},  // nvmlClocksThrottleReasonHwPowerBrakeSlowdown nvml.h:3398
        {0x100, "display_clock"},  // nvmlClocksEventReasonDisplayClockSetting nvml.h:3404
    };
    unsigned long long all = 0;
    for (const ReasonBit& bit : bits) {
        EXPECT_EQ(fleetdeck::agent::gpu::clocks_event_reason_names(bit.header), std::vector<std::string>{bit.name}) << bit.name;
        all |= bit.header;
    }
    // nvmlClocksEventReasonAll (nvml.h:3415) is these nine bits and no others.
    EXPECT_EQ(all, 0x1ffULL);
    EXPECT_EQ(fleetdeck::agent::gpu::clocks_event_reason_names(0x200).size(), 0u);
}

TEST(NvmlAbi, BusIdInNvmlsFormNormalisesToSysfs) {
    // NVML_DEVICE_PCI_BUS_ID_FMT "%08X:%02X:%02X.0" (nvml.h:218), as nvidia-smi prints it.
    EXPECT_EQ(fleetdeck::agent::gpu::normalize_pci_bus_id("00000000:1B:00.0"), "0000:1b:00.0");
    EXPECT_EQ(fleetdeck::agent::gpu::normalize_pci_bus_id("00000000:00:09.0"), "0000:00:09.0");
}
