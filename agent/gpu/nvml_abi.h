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

}  // namespace fleetdeck::agent::gpu::nvml_abi
