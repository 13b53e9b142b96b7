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

struct MemoryFacts {
    std::optional<std::int64_t> total_bytes;
};

// An NVIDIA or AMD display or 3D controller on the PCI bus.
struct GpuFact {
    std::string vendor;      // "nvidia", "amd"
    std::optional<std::string> name;
    std::string pci_bus_id;  // the kernel's form, "0000:18:00.0"
    std::optional<std::string> driver;  // the bound kernel driver
    std::optional<std::int64_t> numa_node;
    std::optional<std::int64_t> pcie_gen, pcie_width, pcie_gen_max, pcie_width_max;
};

struct NvidiaFacts {
    std::string status;  // "ready", "not_probed", "library_not_found", "symbol_missing", "init_failed"
    std::optional<std::string> message;
    std::optional<std::string> driver_version;
    std::optional<std::int64_t> gpu_count;  // only when status is "ready"
};

// A physical interface (one with a device behind it).
struct NicFact {
    std::string name;
    std::optional<std::string> type;  // "ethernet", "infiniband", "arphrd_N"
    std::optional<std::int64_t> speed_mbps, mtu;
    std::optional<std::string> driver, pci_bus_id;
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

struct Facts {
    HostIdentity host;  // hostname, machine_id, arch, kernel: top-level keys of the result
    OsFacts os;
    CpuFacts cpu;
    VirtualizationFacts virtualization;
    MemoryFacts memory;
    std::optional<std::int64_t> numa_nodes;
    std::vector<GpuFact> gpus;
    NvidiaFacts nvidia;
    std::vector<NicFact> nics;
    std::vector<AddressFact> addresses;
    std::vector<InfinibandPortFact> infiniband;
    std::vector<BlockDeviceFact> block;
    CpufreqFacts cpufreq;
    ThpFacts thp;
    TunedFacts tuned;
    // Why the kernel log (the source of XIDs from before the agent started) could not be read,
    // e.g. "not readable (dmesg_restrict)"; empty when it was read.
    std::optional<std::string> kernel_log;
};

// How many entries a facts result may list: what real servers have, with room to spare. The app
// keeps the facts of every host for as long as it is connected; going past one is a protocol
// violation.
struct FactsLimits {
    std::size_t max_gpus = 64;
    std::size_t max_list_items = 1024;  // NICs, addresses, InfiniBand ports, disks
    std::size_t max_cpu_flags = 1024;
};

nlohmann::json to_json(const Facts& facts);
// The parts, as they appear in the result (the agent's tests compare what each reader found).
nlohmann::json to_json(const OsFacts& os);
nlohmann::json to_json(const CpuFacts& cpu);
nlohmann::json to_json(const GpuFact& gpu);
nlohmann::json to_json(const NvidiaFacts& nvidia);
nlohmann::json to_json(const NicFact& nic);
nlohmann::json to_json(const AddressFact& address);
nlohmann::json to_json(const BlockDeviceFact& disk);
nlohmann::json to_json(const CpufreqFacts& cpufreq);
nlohmann::json to_json(const ThpFacts& thp);
nlohmann::json to_json(const TunedFacts& tuned);

// Decodes `result` (the facts result); throws DecodeError naming the path that broke
// ("result.gpus[0].pcie_width: expected integer"). Keys it does not know are ignored, an absent
// or null key reads as empty, a key it knows must have its documented type, and no list may pass
// its limit ("result.nics: 1025 entries, at most 1024").
Facts facts_from_json(const nlohmann::json& result, const FactsLimits& limits = {}, const std::string& path = "result");

}  // namespace fleetdeck::protocol
