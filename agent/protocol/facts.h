#pragma once

// The `facts` result (docs/protocol.md, "### `facts`"), typed: what a host is, read once when the
// app connects. The simulator builds these, the live agent's JSON decodes into them without loss,
// and the app decodes the answer once, at the session, and from there on reads only these
// structs. A fact the host cannot give stays empty and travels as null; a list the host has
// nothing in is empty. tests/agent/contract_test.cpp holds the keys here, the keys the agents
// emit and the keys the document lists to one list.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "agent/json/json.h"

#include "agent/protocol/decode.h"
#include "agent/protocol/hello.h"
#include "agent/protocol/sample.h"

namespace fleetdeck::protocol {

struct OsFacts {
    std::optional<std::string> id, version_id, pretty_name;  // "debian", "12", "Debian GNU/Linux 12 (bookworm)"
};

struct CpuFacts {
    std::optional<std::string> model, vendor;  // "Intel(R) Xeon(R) Gold 6426Y", "GenuineIntel"
    std::optional<std::int64_t> sockets, cores, threads;
    // Only the flags a tuning decision depends on; nullopt without a flags line (non-x86).
    std::optional<std::vector<std::string>> flags;
};

struct VirtualizationFacts {
    std::optional<bool> hypervisor;               // running as a guest
    std::optional<std::string> hardware_assist;  // "vmx", "svm": this host can run VMs itself
};

// A memory module, from an SMBIOS Memory Device record (type 17) with a module installed. Text
// the firmware leaves empty or fills with a placeholder ("Not Specified", "Unknown") is null.
struct DimmFact {
    std::optional<std::string> locator, bank_locator;  // "P1-DIMMA1", "P0_Node0_Channel0_Dimm0"
    std::optional<std::int64_t> size_bytes;            // null: installed, size not given
    std::optional<std::int64_t> speed_mts, configured_speed_mts;  // rated and running, MT/s
    std::optional<std::string> type;                   // "DDR5", "DDR4", "LPDDR5", "HBM3", "Other"
    std::optional<std::string> manufacturer, part_number, serial;
};

struct MemoryFacts {
    std::optional<std::int64_t> total_bytes;
    // Whether the SMBIOS table (/sys/firmware/dmi/tables/DMI, readable by root only) was read:
    // "read", "needs root" or "not available" (no table: some VMs, most ARM boards). `dimm_slots`
    // and `dimms` are only filled when it was.
    std::optional<std::string> dimms_status;
    std::optional<std::int64_t> dimm_slots;  // Memory Device records, installed or empty
    std::vector<DimmFact> dimms;             // installed modules only, in table order
};

// The firmware's identity of the machine (/sys/class/dmi/id). The serials are readable by root
// only and null otherwise.
struct DmiFacts {
    std::optional<std::string> bios_vendor, bios_version, bios_date;  // "American Megatrends International, LLC.", "2.1", "02/22/2024"
    std::optional<std::string> sys_vendor, product_name, board_name;  // "Supermicro", "SYS-821GE-TNHR", "X13DEG-OAD"
    std::optional<std::string> product_serial, board_serial, chassis_serial;
};

// An NVIDIA or AMD display or 3D controller on the PCI bus.
struct GpuFact {
    std::string vendor;      // "nvidia", "amd"
    std::optional<std::string> name;
    std::string pci_bus_id;  // the kernel's form, "0000:18:00.0"
    std::optional<std::string> driver;  // the bound kernel driver
    std::optional<std::int64_t> numa_node;
    std::optional<std::int64_t> pcie_gen, pcie_width, pcie_gen_max, pcie_width_max;
    // What the board says of itself: NVML (nvmlDeviceGetUUID, nvmlDeviceGetSerial,
    // nvmlDeviceGetVbiosVersion, nvmlDeviceGetMemoryInfo) or amdgpu (unique_id, serial_number,
    // vbios_version, mem_info_vram_total); null where neither answers.
    std::optional<std::string> uuid;           // "GPU-3f6a1c2e-8b4d-4e1f-9a7c-0d2e5b6f7a80"
    std::optional<std::string> serial;         // "1654922000123", as printed on the board
    std::optional<std::string> vbios_version;  // "96.00.74.00.1C"
    std::optional<std::int64_t> mem_total_bytes;
    // NVML's nvmlDeviceGetCudaComputeCapability as "major.minor": "9.0" (H100), "8.9" (L40S).
    std::optional<std::string> compute_capability;
};

struct NvidiaFacts {
    std::string status;  // "ready", "not_probed", "library_not_found", "symbol_missing", "init_failed"
    std::optional<std::string> message;
    std::optional<std::string> driver_version;
    std::optional<std::int64_t> gpu_count;  // only when status is "ready"
};

// Whether the agent can name the processes NVML lists on its GPUs (docs/protocol.md, facts
// `gpu_processes`): "full"; "own_user_only" (/proc mounted with hidepid and the agent not root:
// other users' processes keep their NVML figures without name or user); "none" (the agent runs in
// a child pid namespace, where NVML's pids are the host's). `reason` says why in a sentence when
// it is not "full".
struct GpuProcessFacts {
    std::string attribution = "full";
    std::optional<std::string> reason;
};

// A physical interface (one with a device behind it).
struct NicFact {
    std::string name;
    std::optional<std::string> type;  // "ethernet", "infiniband", "arphrd_N"
    std::optional<std::int64_t> speed_mbps, mtu;
    std::optional<std::string> driver, pci_bus_id;
    std::optional<std::string> mac;  // /sys/class/net/IF/address: "b8:3f:d2:1a:2b:3c" (20 bytes on InfiniBand)
    // The link of the NIC's PCI device, as for GPUs; null for a NIC that is not on PCIe. A NIC
    // does not lower its link at idle, so below the maximum is a slot or riser matter.
    std::optional<std::int64_t> pcie_gen, pcie_width, pcie_gen_max, pcie_width_max;
};

// An address of the running system on an interface that is up; none on a recorded tree.
struct AddressFact {
    std::string interface;  // "enp26s0np0"
    std::string family;     // "ipv4", "ipv6"
    std::string address;
};

// An InfiniBand or RoCE port: the same fields as in a sample.
using InfinibandPortFact = InfinibandPortSample;

// A disk backed by a device in /sys/block.
struct BlockDeviceFact {
    std::string name;  // "nvme0n1"
    bool nvme = false;
    std::optional<bool> rotational;
    std::optional<std::int64_t> size_bytes;
    std::optional<std::string> model;
};

struct CpufreqFacts {
    std::optional<std::string> driver, governor;  // of cpu0: "intel_pstate", "performance"
};

struct ThpFacts {
    std::optional<std::string> enabled, defrag;  // the selected word: "madvise"
};

struct TunedFacts {
    std::optional<std::string> active_profile;
};

// The CUDA software the host has (guide §3.2). Versions are "major.minor" or "major.minor.patch"
// as the files give them; null when not installed or not readable.
struct CudaFacts {
    std::optional<std::string> toolkit_version;       // the highest /usr/local/cuda*/version.json: "12.4.1"
    std::optional<std::string> cudnn_version;         // cudnn_version.h or libcudnn.so.N.M.P: "9.1.0"
    std::optional<std::string> driver_supports_cuda;  // the newest CUDA the driver runs (NVML): "12.2"
};

// Container engines and whether their containers can reach the GPUs (guide §3.2).
struct ContainerFacts {
    std::optional<bool> docker, podman;
    // An NVIDIA runtime in /etc/docker/daemon.json, or nvidia-container-toolkit / nvidia-ctk installed.
    std::optional<bool> nvidia_container_toolkit;
    std::optional<std::int64_t> cdi_specs;  // Container Device Interface specs in /etc/cdi and /var/run/cdi
};

// Cluster schedulers this host takes part in (guide §3.3).
struct SchedulerFacts {
    std::optional<bool> slurmd, kubelet;  // running now (/proc/*/comm)
    std::optional<bool> slurm_conf;       // /etc/slurm/slurm.conf exists
};

// The running boot: a changed id since a push means the host rebooted, and runtime-only settings
// of that push are gone (docs/drift.md).
struct BootFacts {
    std::optional<std::string> id;            // /proc/sys/kernel/random/boot_id, "0f3c…-…"
    std::optional<std::int64_t> time_ms;      // when it booted, Unix ms (btime of /proc/stat)
    std::optional<std::int64_t> uptime_s;     // whole seconds since then (/proc/uptime)
};

// One power supply as the BMC reports it (ipmitool sdr type "Power Supply").
struct PowerSupplyFact {
    std::string name;   // the BMC's sensor name: "PS1 Status"
    std::string state;  // "ok", "warning" (predictive failure), "failed", "absent", "unknown"
    std::optional<std::string> events;  // the BMC's words: "Presence detected, Power Supply AC lost"
};

// The power supplies, read from the BMC through ipmitool by the privileged agent (an ordinary
// user cannot open /dev/ipmi0). `status`: "read"; "needs root"; "not available" (no ipmitool, no
// BMC device); "failed" (ipmitool ran and gave no answer; `message` says what it said). The rest
// is filled only when it was read.
struct PowerSupplyFacts {
    std::string status;
    std::optional<std::string> message;
    std::optional<std::int64_t> count;      // supplies present
    std::optional<std::string> redundancy;  // "full", "degraded", "lost"; null: no redundancy sensor
    std::vector<PowerSupplyFact> units;     // in the BMC's order, absent slots included
};

struct Facts {
    HostIdentity host;  // hostname, machine_id, arch, kernel: top-level keys of the result
    OsFacts os;
    CpuFacts cpu;
    VirtualizationFacts virtualization;
    MemoryFacts memory;
    DmiFacts dmi;
    std::optional<std::int64_t> numa_nodes;
    std::vector<GpuFact> gpus;
    NvidiaFacts nvidia;
    GpuProcessFacts gpu_processes;
    std::vector<NicFact> nics;
    std::vector<AddressFact> addresses;
    std::vector<InfinibandPortFact> infiniband;
    std::vector<BlockDeviceFact> block;
    CpufreqFacts cpufreq;
    ThpFacts thp;
    TunedFacts tuned;
    BootFacts boot;
    // Why the kernel log (the source of XIDs from before the agent started) could not be read,
    // e.g. "not readable (dmesg_restrict)"; empty when it was read.
    std::optional<std::string> kernel_log;
    // How preemptible the kernel is: "rt" (PREEMPT_RT), "full", "voluntary", "none"; null unknown.
    std::optional<std::string> kernel_preempt;
    CudaFacts cuda;
    ContainerFacts containers;
    SchedulerFacts scheduler;
    // Platform protections and power (guide §6, §2.3), read by agent/facts_platform.cpp. Secure
    // Boot and lockdown are shown, never proposed to be changed.
    std::optional<bool> secure_boot;      // null: no EFI variables (legacy boot, or not readable)
    std::optional<std::string> lockdown;  // "none", "integrity", "confidentiality"; null: no LSM
    PowerSupplyFacts power_supplies;
};

// How many entries a facts result may list: what real servers have, with room to spare. The app
// keeps the facts of every host for as long as it is connected; going past one is a protocol
// violation.
struct FactsLimits {
    std::size_t max_gpus = 64;
    std::size_t max_list_items = 1024;  // NICs, addresses, InfiniBand ports, disks
    std::size_t max_cpu_flags = 1024;
    std::size_t max_dimms = 1024;  // as agent::dmi::SmbiosLimits; the biggest boards have 96 slots
    std::size_t max_power_supplies = 64;  // as agent::ipmi's limit; big chassis have 6 to 12
};

nlohmann::json to_json(const Facts& facts);
nlohmann::json to_json(const BootFacts& boot);
// Reads `boot` as facts and drift.explain send it; an id longer than 64 bytes is a decode error.
BootFacts boot_facts_from_json(const nlohmann::json& value, const std::string& path);
// The parts, as they appear in the result (the agent's tests compare what each reader found).
nlohmann::json to_json(const OsFacts& os);
nlohmann::json to_json(const CpuFacts& cpu);
nlohmann::json to_json(const MemoryFacts& memory);
nlohmann::json to_json(const DimmFact& dimm);
nlohmann::json to_json(const DmiFacts& dmi);
nlohmann::json to_json(const GpuFact& gpu);
nlohmann::json to_json(const NvidiaFacts& nvidia);
nlohmann::json to_json(const GpuProcessFacts& gpu_processes);
nlohmann::json to_json(const NicFact& nic);
nlohmann::json to_json(const AddressFact& address);
nlohmann::json to_json(const BlockDeviceFact& disk);
nlohmann::json to_json(const CpufreqFacts& cpufreq);
nlohmann::json to_json(const ThpFacts& thp);
nlohmann::json to_json(const TunedFacts& tuned);
nlohmann::json to_json(const CudaFacts& cuda);
nlohmann::json to_json(const ContainerFacts& containers);
nlohmann::json to_json(const SchedulerFacts& scheduler);

// The software facts (facts_software.cpp): each value checked, not only its type. A version is
// digits and dots of at most 32 bytes, kernel_preempt one of its four words, compute_capability
// "N.N", cdi_specs at least 0 ("result.cuda.toolkit_version: \"12.4; rm\" is not a version").
std::optional<std::string> kernel_preempt_from_json(const ParamReader& result);
CudaFacts cuda_facts_from_json(const ParamReader& cuda);
ContainerFacts container_facts_from_json(const ParamReader& containers);
SchedulerFacts scheduler_facts_from_json(const ParamReader& scheduler);
std::optional<std::string> compute_capability_from_json(const ParamReader& gpu);
nlohmann::json to_json(const PowerSupplyFacts& power);
nlohmann::json to_json(const PowerSupplyFact& unit);

// Decodes `result` (the facts result); throws DecodeError naming the path that broke
// ("result.gpus[0].pcie_width: expected integer"). Keys it does not know are ignored, an absent
// or null key reads as empty, a key it knows must have its documented type, and no list may pass
// its limit ("result.nics: 1025 entries, at most 1024").
Facts facts_from_json(const nlohmann::json& result, const FactsLimits& limits = {}, const std::string& path = "result");

}  // namespace fleetdeck::protocol
