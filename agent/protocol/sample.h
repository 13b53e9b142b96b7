#pragma once

// The `sample` event's data and the `snapshot` result (docs/protocol.md, "### `snapshot`"), typed.
// The agent's collectors fill these; the app decodes each sample once, at the session, and from
// there on reads only these structs. A reading the machine cannot give stays empty and travels
// as null. tests/agent/contract_test.cpp holds the keys here, the keys the agent emits and the
// keys the document lists to one list.

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "agent/json/json.h"

namespace fleetdeck::protocol {

struct CoreSample {
    int index = 0;  // the kernel's CPU number
    std::optional<double> util_pct;
    std::optional<std::int64_t> freq_mhz;  // whole MHz, as cpufreq's kHz rounded
};

struct CpuSample {
    std::optional<double> util_pct;
    std::optional<std::int64_t> freq_mhz;  // whole MHz
    std::optional<double> package_temp_c;
    std::vector<CoreSample> cores;  // only when per-core sampling was asked for
};

struct MemorySample {
    std::optional<std::int64_t> total_bytes, available_bytes, used_bytes, swap_total_bytes, swap_used_bytes;
};

// One hwmon input: a temperature, a fan or a power reading.
struct SensorSample {
    std::string chip, hwmon, input;  // "coretemp", "hwmon2", "temp3"
    std::optional<std::string> label;  // "Package id 0"
    std::string kind, unit;            // "temp" in "C", "fan" in "rpm", "power" in "W"
    std::optional<double> value, max, crit;
};

struct ThermalZoneSample {
    std::string zone;  // "thermal_zone0"
    std::optional<std::string> type;
    std::optional<double> temp_c;
};

struct NicSample {
    std::string name;
    std::optional<std::string> type, operstate;
    std::optional<std::int64_t> speed_mbps, mtu, rx_bytes, tx_bytes;
    std::optional<double> rx_bytes_per_s, tx_bytes_per_s;
    // /proc/net/dev's errs and drop columns, since the interface came up.
    std::optional<std::int64_t> rx_errors, rx_dropped, tx_errors, tx_dropped;
    // /sys/class/net/IF/carrier_changes: how often the link went up or down since the interface
    // was created (Linux Documentation/ABI/testing/sysfs-class-net).
    std::optional<std::int64_t> carrier_changes;
};

// An InfiniBand (or RoCE) port's error counters: /sys/class/infiniband/DEV/ports/N/counters/NAME,
// the IBA PortCounters the kernel reads from the port's performance agent (Linux
// Documentation/ABI/stable/sysfs-class-infiniband). Counts since the port came up or the counters
// were cleared; null where the file is missing (mlx4 has no symbol_error) or reads "N/A (no PMA)"
// (a device without a performance agent, as Intel's i40iw: node_exporter's recorded tree,
// tests/fixtures/node-exporter-1.5.0-infiniband).
struct IbErrorCounters {
    std::optional<std::int64_t> excessive_buffer_overrun_errors, link_downed, link_error_recovery,
        local_link_integrity_errors, port_rcv_errors, port_rcv_remote_physical_errors, port_xmit_discards, symbol_error;
    friend bool operator==(const IbErrorCounters&, const IbErrorCounters&) = default;
};
// Each counter's file name (also its key in `infiniband[]`), sorted, with the member it fills and
// whether its growth means traffic was lost (the link went down, packets arrived in error): what
// makes the app's link findings critical rather than a warning (docs/fabric.md, "Link errors").
struct IbErrorCounterField {
    std::string_view name;
    std::optional<std::int64_t> IbErrorCounters::*member;
    bool traffic_lost = false;
};
inline constexpr std::array<IbErrorCounterField, 8> kIbErrorCounterFields{{
    {"excessive_buffer_overrun_errors", &IbErrorCounters::excessive_buffer_overrun_errors},
    {"link_downed", &IbErrorCounters::link_downed, true},
    {"link_error_recovery", &IbErrorCounters::link_error_recovery},
    {"local_link_integrity_errors", &IbErrorCounters::local_link_integrity_errors},
    {"port_rcv_errors", &IbErrorCounters::port_rcv_errors, true},
    {"port_rcv_remote_physical_errors", &IbErrorCounters::port_rcv_remote_physical_errors},
    {"port_xmit_discards", &IbErrorCounters::port_xmit_discards},
    {"symbol_error", &IbErrorCounters::symbol_error},
}};

struct InfinibandPortSample {
    std::string device;
    std::optional<std::int64_t> port;
    std::optional<std::string> state, phys_state, link_layer;
    std::optional<double> rate_gbps;
    IbErrorCounters errors;  // written flat, each counter under its file name
};

// A GPU's memory error counters (NVML ECC): volatile since the driver loaded, aggregate over the
// board's life.
struct EccCounters {
    std::optional<bool> enabled;
    std::optional<std::int64_t> corrected_volatile, uncorrected_volatile, corrected_aggregate, uncorrected_aggregate;
};

// Row remapping (Ampere and later): rows replaced after memory errors. `pending` needs a GPU
// reset to take effect; `failed` means a row could not be remapped (the board needs an RMA).
struct RemappedRows {
    std::int64_t correctable = 0, uncorrectable = 0;
    bool pending = false, failed = false;
};

// Page retirement (before Ampere): pages taken out of use after ECC errors.
struct RetiredPages {
    std::int64_t single_bit = 0, double_bit = 0;
    bool pending = false;
};

struct NvlinkSample {
    int link = 0;
    bool active = false;
    std::optional<std::int64_t> replay_errors, recovery_errors, crc_errors;

    bool operator==(const NvlinkSample&) const = default;
};

// One process on a GPU (NVML's running-process lists), with what the agent could learn of it from
// /proc: its command, its user and what it belongs to (from /proc/PID/cgroup). A pid that is gone,
// that lives in another pid namespace, or whose /proc entry the agent may not read keeps NVML's
// figures with `name` and `user` empty.
struct GpuProcess {
    std::int64_t pid = 0;
    std::string kind;  // "compute", "graphics", "mps"
    std::optional<std::string> name;  // /proc/PID/comm
    std::optional<std::string> user;  // the process's real uid, named by the tree's /etc/passwd
    std::optional<std::int64_t> gpu_mem_bytes;
    std::optional<double> sm_util_pct;  // NVML's per-process SM share; empty where the driver gives none
    std::optional<std::int64_t> slurm_job;  // N of a `job_N` cgroup path component
    std::optional<std::string> container;   // first 12 hex digits of a docker/containerd/podman/cri-o id
    std::optional<std::string> k8s_pod_uid;
    std::optional<std::string> systemd_unit;  // the last `.service` component

    bool operator==(const GpuProcess&) const = default;
};

// Where a GPU's time goes inside it (what DCGM's profiling fields show). `source` "gpm": NVML's GPU
// performance monitoring (Hopper and later), every figure measured between two samples; "basic":
// an older GPU, only PCIe (and NVLink) throughput, the activity figures empty.
struct GpuProfSample {
    std::string source;  // "gpm", "basic"
    std::optional<double> sm_active_pct, sm_occupancy_pct, tensor_active_pct, dram_active_pct;
    std::optional<double> fp64_active_pct, fp32_active_pct, fp16_active_pct;
    std::optional<double> pcie_tx_bytes_per_s, pcie_rx_bytes_per_s, nvlink_tx_bytes_per_s, nvlink_rx_bytes_per_s;

    bool operator==(const GpuProfSample&) const = default;
};

// One GPU instance of a GPU partitioned with MIG (Multi-Instance GPU): its GPM figures, measured
// as the whole GPU's are (nvmlGpmMigSampleGet), `prof.source` "gpm".
struct GpuMigInstance {
    std::int64_t gpu_instance_id = 0;   // NVML's GPU instance id, unique within the GPU
    std::optional<std::string> profile;  // "3g.40gb": what NVML's MIG device name says after "MIG "
    std::optional<GpuProfSample> prof;

    bool operator==(const GpuMigInstance&) const = default;
};

// How long the GPU's clocks were held down, in nanoseconds since the driver loaded
// (nvmlDeviceGetViolationStatus, or the field values NVML 13 names in its place).
struct GpuViolations {
    std::optional<std::int64_t> power, thermal, reliability;

    bool operator==(const GpuViolations&) const = default;
};

// "lost": NVML answers GPU_IS_LOST (the GPU fell off the bus); every reading is then empty, and
// the GPU keeps its place in the list so the count does not silently drop.
enum class GpuState { Ok, Lost };

// One GPU, the same shape for every vendor.
struct GpuSample {
    int index = 0;       // position among this vendor's GPUs (NVML index for NVIDIA)
    std::string vendor;  // "nvidia", "amd"
    std::optional<std::string> name, uuid, pci_bus_id;
    std::optional<double> temp_c, temp_slowdown_c, temp_shutdown_c, temp_junction_c, temp_mem_c;
    std::optional<double> util_pct, mem_util_pct;
    // mem_used_bytes is allocated memory; mem_reserved_bytes what the driver and firmware set
    // aside (NVML's _v2 memory query; null where only its first version answers, whose "used"
    // then includes the reserved memory, and for AMD).
    std::optional<std::int64_t> mem_used_bytes, mem_total_bytes, mem_reserved_bytes;
    // power_limit_w is the limit the GPU holds to (NVML's enforced limit), power_limit_set_w the one
    // set by an administrator or the default (NVML's power management limit); they differ when
    // another limiter (chassis power capping) holds the GPU lower.
    std::optional<double> power_w, power_limit_w, power_limit_min_w, power_limit_max_w, power_limit_set_w;
    std::optional<double> fan_pct;
    std::optional<std::int64_t> sm_clock_mhz, mem_clock_mhz;
    std::optional<std::vector<std::string>> throttle;  // empty list: not throttled; nullopt: unknown
    std::optional<bool> persistence_mode;
    std::optional<std::int64_t> pcie_gen, pcie_width, pcie_gen_max, pcie_width_max;
    // Health (NVIDIA): empty where the driver does not offer the reading.
    GpuState state = GpuState::Ok;
    std::optional<EccCounters> ecc;
    std::optional<RemappedRows> remapped_rows;
    std::optional<RetiredPages> retired_pages;
    std::optional<std::int64_t> pcie_replays;
    std::vector<NvlinkSample> nvlinks;  // empty for a GPU without NVLink
    // Who is on the GPU: empty when no process is; nullopt where the driver cannot list them.
    std::optional<std::vector<GpuProcess>> processes;
    std::optional<GpuProfSample> prof;
    std::optional<std::int64_t> energy_mj;  // since the driver loaded (nvmlDeviceGetTotalEnergyConsumption)
    std::optional<GpuViolations> violation_ns;
    // The GPU instances of a GPU in MIG mode; nullopt on a GPU that is not (or cannot say).
    std::optional<std::vector<GpuMigInstance>> mig;
};

// An XID: the NVIDIA driver's report of a GPU error, from NVML's event set while the agent runs or
// from the kernel log (which also holds those from before it started).
struct XidEvent {
    std::int64_t time_ms = 0;  // wall clock of the agent's host
    std::string pci_bus_id;    // the sysfs form, "0000:3b:00.0"
    std::int64_t code = 0;
    std::string message;
    std::string source;  // "nvml", "kernel"
};

// One line of /proc/pressure/{cpu,io,memory}: the share of the last 10 s in which some (or all)
// runnable tasks waited for the resource (PSI, Documentation/accounting/psi.rst).
struct PressureLine {
    std::optional<double> some_avg10, full_avg10;

    bool operator==(const PressureLine&) const = default;
};

struct PressureSample {
    std::optional<PressureLine> cpu, io, memory;
};

// A whole block device from /proc/diskstats (partitions left out), rates since the sample before.
struct DiskSample {
    std::string name;  // "nvme0n1"
    std::optional<double> read_bytes_per_s, write_bytes_per_s;
    std::optional<double> util_pct;     // share of the time the device had I/O in flight
    std::optional<double> queue_depth;  // average requests in flight (weighted time in queue / time)
};

// A NUMA node: how busy its CPUs are and which GPUs sit on it (their PCI devices' numa_node).
struct NumaNodeSample {
    int node = 0;
    std::optional<double> cpu_util_pct;
    std::vector<std::string> gpus;  // the GPUs' pci_bus_id, as in gpus[]
};

// What the BMC says of the server's power and air (docs/protocol.md, `bmc`; docs/power.md), read
// by the agent on its own thread every 15 s with ipmitool, never on the sample's path: each
// sample carries the latest reading and its age.
struct BmcSensorReading {
    std::string name;          // as the BMC names it: "Inlet Temp", "01-Inlet Ambient"
    std::string sensor_class;  // "inlet", "exhaust", "cpu", "memory", "board", "other"
    std::optional<double> value;
    std::string unit;          // "C"
    std::string state;         // ipmitool's status column: "ok", "ns", "cr", …

    bool operator==(const BmcSensorReading&) const = default;
};
struct BmcFanReading {
    std::string name;
    std::optional<double> rpm, percent;
    std::string state;

    bool operator==(const BmcFanReading&) const = default;
};
struct BmcSample {
    std::optional<double> power_w, power_min_w, power_max_w, power_avg_w;  // the server's input power
    std::optional<std::string> power_source;  // "dcmi", "power_sensor", "estimated"
    std::optional<double> inlet_c, exhaust_c;  // the classified sensors': coolest inlet, hottest exhaust
    std::vector<BmcSensorReading> sensors;
    std::vector<BmcFanReading> fans;
    std::optional<double> age_s;         // how old the reading is
    std::optional<std::string> error;    // why the BMC could not be read, in words
};

struct Sample {
    std::optional<std::int64_t> time_ms;  // wall clock of the agent's host
    std::optional<CpuSample> cpu;
    std::optional<MemorySample> memory;
    std::vector<SensorSample> sensors;
    std::vector<ThermalZoneSample> thermal_zones;
    std::vector<NicSample> nics;
    std::vector<InfinibandPortSample> infiniband;
    std::vector<GpuSample> gpus;
    std::optional<std::int64_t> gpu_pci_count;  // NVIDIA display/3D controllers on the PCI bus
    std::vector<XidEvent> xid_events;           // newest last, at most SampleLimits::max_xid_events
    std::optional<PressureSample> pressure;     // null where the kernel has no PSI
    std::vector<DiskSample> disks;
    std::vector<NumaNodeSample> numa;
    std::optional<BmcSample> bmc;  // null where the host has no BMC FleetDeck can read
};

// How much of a sample the app holds on to: samples are kept for minutes per host, so their lists
// are held to what real servers have. Going past one is a protocol violation.
struct SampleLimits {
    std::size_t max_gpus = 64;
    std::size_t max_cores = 4096;
    std::size_t max_list_items = 1024;  // sensors, NICs, thermal zones, InfiniBand ports
    std::size_t max_throttle_reasons = 32;
    std::size_t max_nvlinks = 36;      // NVML_NVLINK_MAX_LINKS (nvml.h:455, NVML API 13)
    std::size_t max_xid_events = 64;   // the agent keeps the last 64
    std::size_t max_gpu_processes = 64;  // the agent reports at most 64 per GPU
    std::size_t max_mig_instances = 16;  // an A100 or H100 holds at most 7 GPU instances
    std::size_t max_bmc_sensors = 64;    // each of bmc.sensors and bmc.fans; the agent sends at most 64
};

// The NVLink lists last sent (agent) or read (app) on one sample stream, by the GPU's position in
// `gpus`. A subscription with `nvlinks_when_changed` (docs/protocol.md, `subscribe`) writes a GPU's
// list only when it differs from the one sent before at the same position and the text
// "unchanged" otherwise: an 8-GPU server's 144 links were half of every sample's bytes, and they
// change when a link goes down or counts an error. Both ends keep one of these per stream; the
// agent starts a new one with each subscribe, the app with each connection.
struct NvlinkMemory {
    std::vector<std::vector<NvlinkSample>> by_position;
};

std::string to_string(GpuState state);  // "ok", "lost"

nlohmann::json to_json(const GpuSample& gpu);
nlohmann::json to_json(const XidEvent& event);
nlohmann::json to_json(const InfinibandPortSample& port);
nlohmann::json to_json(const Sample& sample);

namespace sample_text {
class JsonOut;
}

// The text of one `sample` event in a buffer kept from one event to the next: a subscribed agent
// writes every line into the same one, which grows only when a line does not fit.
class SampleLine {
public:
    std::string_view text() const { return {buffer_.get(), size_}; }
    std::size_t capacity() const { return capacity_; }

private:
    friend class sample_text::JsonOut;  // writes into the buffer
    std::unique_ptr<char[]> buffer_;
    std::size_t capacity_ = 0;
    std::size_t size_ = 0;
};

// The whole `sample` event line, {"data":SAMPLE,"event":"sample"}, written into `out` (replacing
// what it held): the text encode(Event{"sample", to_json(sample)}) gives, without building the
// JSON tree (sample_text.cpp).
// With `sent`, a GPU's NVLink list that equals the one `sent` holds for its position is written as
// "unchanged", and `sent` is updated to what this event carries.
void write_sample_event(SampleLine& out, const Sample& sample, NvlinkMemory* sent = nullptr);

// One InfiniBand port (a sample's or the facts' `infiniband[]` entry); throws DecodeError naming
// the path that broke.
InfinibandPortSample infiniband_port_from_json(const nlohmann::json& port, const std::string& path);

// Decodes `data` (a sample event's data or a snapshot result); throws DecodeError naming the path
// that broke ("data.gpus[0].temp_c: expected number"). Keys it does not know are ignored, a key it
// knows must have its documented type (or be null), and no list may pass its limit.
// With `read` (a sample stream that asked for nvlinks_when_changed), a GPU's "nvlinks":"unchanged"
// takes the list `read` holds for its position, and `read` is updated to this sample's lists;
// without it, or with no list at that position yet, "unchanged" is an error.
Sample sample_from_json(const nlohmann::json& data, const SampleLimits& limits = {}, const std::string& path = "data",
                        NvlinkMemory* read = nullptr);

}  // namespace fleetdeck::protocol
