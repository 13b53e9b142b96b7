#pragma once

// The NVML entry points NvmlLibrary resolves with dlsym, shared by the two files that implement
// it: nvml_library.cpp (binding, inventory, readings, health, events, setters) and
// nvml_library_usage.cpp (processes, GPM, PCIe throughput, energy, clock-limit times, field values,
// MIG instances). Private
// to them; the signatures are nvml.h's (API 13, see nvml_abi.h).

#include <iterator>

#include "agent/gpu/nvml_abi.h"
#include "agent/gpu/nvml_library.h"

namespace fleetdeck::agent::gpu {
namespace nvml_detail {

using Ret = nvml_abi::Return;
using Dev = NvmlLibrary::Device*;
using nvml_abi::EventData;
using nvml_abi::FieldValue;
using nvml_abi::GpmSupport;
using nvml_abi::MemoryV1;
using nvml_abi::MemoryV2;
using nvml_abi::PciInfo;
using nvml_abi::ProcessesUtilizationInfoV1;
using nvml_abi::ProcessInfoV1;
using nvml_abi::ProcessInfoV2;
using nvml_abi::ProcessUtilizationInfoV1;
using nvml_abi::ProcessUtilizationSample;
using nvml_abi::TemperatureV1;
using nvml_abi::ViolationTime;
using nvml_abi::kFunctionNotFound, nvml_abi::kGpuIsLost, nvml_abi::kInsufficientSize, nvml_abi::kSuccess,
    nvml_abi::kUninitialized;
using EventSet = void*;         // nvmlEventSet_t
using GpmSampleHandle = void*;  // nvmlGpmSample_t
using GetUnsigned = Ret (*)(Dev, unsigned*);

// The GPM metrics the agent asks for, in the order of GpmMetrics' fields.
inline constexpr unsigned kGpmMetricIds[] = {
    nvml_abi::kGpmSmUtil,       nvml_abi::kGpmSmOccupancy,  nvml_abi::kGpmAnyTensorUtil, nvml_abi::kGpmDramBwUtil,
    nvml_abi::kGpmFp64Util,     nvml_abi::kGpmFp32Util,     nvml_abi::kGpmFp16Util,      nvml_abi::kGpmPcieTxPerSec,
    nvml_abi::kGpmPcieRxPerSec, nvml_abi::kGpmNvlinkTotalTxPerSec, nvml_abi::kGpmNvlinkTotalRxPerSec};
using GpmMetricsWanted = nvml_abi::GpmMetricsGet<std::size(kGpmMetricIds)>;

}  // namespace nvml_detail

struct NvmlLibrary::Symbols {
    using Ret = nvml_detail::Ret;
    using Dev = nvml_detail::Dev;
    using GetUnsigned = nvml_detail::GetUnsigned;
    using EventSet = nvml_detail::EventSet;
    using GpmSampleHandle = nvml_detail::GpmSampleHandle;
    using PciInfo = nvml_abi::PciInfo;
    using TemperatureV1 = nvml_abi::TemperatureV1;
    using MemoryV1 = nvml_abi::MemoryV1;
    using MemoryV2 = nvml_abi::MemoryV2;
    using EventData = nvml_abi::EventData;
    using ProcessInfoV1 = nvml_abi::ProcessInfoV1;
    using ProcessInfoV2 = nvml_abi::ProcessInfoV2;
    using ProcessesUtilizationInfoV1 = nvml_abi::ProcessesUtilizationInfoV1;
    using ProcessUtilizationSample = nvml_abi::ProcessUtilizationSample;
    using GpmSupport = nvml_abi::GpmSupport;
    using GpmMetricsWanted = nvml_detail::GpmMetricsWanted;
    using ViolationTime = nvml_abi::ViolationTime;
    using FieldValue = nvml_abi::FieldValue;

    Ret (*init)() = nullptr;
    Ret (*shutdown)() = nullptr;
    const char* (*error_string)(Ret) = nullptr;
    Ret (*driver_version)(char*, unsigned) = nullptr;
    Ret (*device_count)(unsigned*) = nullptr;
    Ret (*handle_by_index)(unsigned, Dev*) = nullptr;
    Ret (*name)(Dev, char*, unsigned) = nullptr;
    Ret (*uuid)(Dev, char*, unsigned) = nullptr;
    Ret (*serial)(Dev, char*, unsigned) = nullptr;
    Ret (*vbios_version)(Dev, char*, unsigned) = nullptr;
    Ret (*pci_info)(Dev, PciInfo*) = nullptr;     // _v3 or _v2
    Ret (*pci_info_v1)(Dev, PciInfo*) = nullptr;  // the oldest layout
    Ret (*temperature_v)(Dev, TemperatureV1*) = nullptr;
    Ret (*temperature)(Dev, int, unsigned*) = nullptr;
    Ret (*temperature_threshold)(Dev, int, unsigned*) = nullptr;
    Ret (*utilization)(Dev, Utilization*) = nullptr;
    Ret (*memory_v2)(Dev, MemoryV2*) = nullptr;  // drivers from 510 on
    Ret (*memory)(Dev, MemoryV1*) = nullptr;
    GetUnsigned power_usage = nullptr;
    GetUnsigned enforced_power_limit = nullptr;
    Ret (*power_constraints)(Dev, unsigned*, unsigned*) = nullptr;
    GetUnsigned fan_speed = nullptr;
    Ret (*clock_info)(Dev, int, unsigned*) = nullptr;
    Ret (*clocks_event_reasons)(Dev, unsigned long long*) = nullptr;
    Ret (*persistence_mode)(Dev, int*) = nullptr;
    GetUnsigned curr_pcie_gen = nullptr;
    GetUnsigned curr_pcie_width = nullptr;
    GetUnsigned max_pcie_gen = nullptr;
    GetUnsigned max_pcie_width = nullptr;
    // Setters and what they need; optional like every other symbol.
    Ret (*set_persistence_mode)(Dev, int) = nullptr;
    Ret (*set_power_limit)(Dev, unsigned) = nullptr;
    GetUnsigned power_limit = nullptr;
    GetUnsigned default_power_limit = nullptr;
    // Health.
    Ret (*ecc_mode)(Dev, int*, int*) = nullptr;
    Ret (*total_ecc_errors)(Dev, int, int, unsigned long long*) = nullptr;
    Ret (*remapped_rows)(Dev, unsigned*, unsigned*, unsigned*, unsigned*) = nullptr;
    Ret (*retired_pages_v2)(Dev, int, unsigned*, unsigned long long*, unsigned long long*) = nullptr;
    Ret (*retired_pages)(Dev, int, unsigned*, unsigned long long*) = nullptr;
    Ret (*retired_pages_pending)(Dev, int*) = nullptr;
    GetUnsigned pcie_replays = nullptr;
    Ret (*nvlink_state)(Dev, unsigned, int*) = nullptr;
    Ret (*nvlink_error_counter)(Dev, unsigned, int, unsigned long long*) = nullptr;
    Ret (*event_set_create)(EventSet*) = nullptr;
    Ret (*register_events)(Dev, unsigned long long, EventSet) = nullptr;
    Ret (*event_set_wait)(EventSet, EventData*, unsigned) = nullptr;  // _v2, or the first version
    Ret (*event_set_free)(EventSet) = nullptr;
    // CUDA: what the driver runs and what each GPU is.
    Ret (*cuda_driver_version)(int*) = nullptr;
    Ret (*compute_capability)(Dev, int*, int*) = nullptr;
    // Processes, by ProcessKind: _v3 or _v2 (both fill nvmlProcessInfo_v2_t), else the first version.
    Ret (*processes_v2[3])(Dev, unsigned*, ProcessInfoV2*) = {};
    Ret (*processes_v1[3])(Dev, unsigned*, ProcessInfoV1*) = {};
    Ret (*processes_utilization_info)(Dev, ProcessesUtilizationInfoV1*) = nullptr;
    Ret (*process_utilization)(Dev, ProcessUtilizationSample*, unsigned*, unsigned long long) = nullptr;
    // GPU performance monitoring.
    Ret (*gpm_query_support)(Dev, GpmSupport*) = nullptr;
    Ret (*gpm_sample_alloc)(GpmSampleHandle*) = nullptr;
    Ret (*gpm_sample_free)(GpmSampleHandle) = nullptr;
    Ret (*gpm_sample_get)(Dev, GpmSampleHandle) = nullptr;
    Ret (*gpm_metrics_get)(GpmMetricsWanted*) = nullptr;
    Ret (*pcie_throughput)(Dev, int, unsigned*) = nullptr;
    Ret (*total_energy)(Dev, unsigned long long*) = nullptr;
    Ret (*violation_status)(Dev, int, ViolationTime*) = nullptr;
    // Field values (nvml.h:10230): NVLink throughput and the clock-limit times.
    Ret (*field_values)(Dev, int, FieldValue*) = nullptr;
    // Multi-Instance GPU (nvml.h:12803, 13374, 13414, 13440) and its GPM samples (nvml.h:13943).
    Ret (*mig_mode)(Dev, unsigned*, unsigned*) = nullptr;
    GetUnsigned max_mig_device_count = nullptr;
    Ret (*mig_device_handle_by_index)(Dev, unsigned, Dev*) = nullptr;
    GetUnsigned gpu_instance_id = nullptr;
    Ret (*gpm_mig_sample_get)(Dev, unsigned, GpmSampleHandle) = nullptr;
};

}  // namespace fleetdeck::agent::gpu
