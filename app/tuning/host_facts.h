#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "agent/protocol/facts.h"

namespace fleetdeck::tuning {

// The parts of a host's facts (agent/protocol/facts.h) that tuning decisions read, in the words
// the rules use. Anything the agent did not report stays empty: unknown is never guessed as zero
// or false, and an empty text counts as none.
struct HostFacts {
    struct Gpu {
        int index = 0;  // position in facts.gpus[], as the operator counts them
        std::string vendor;  // "nvidia", "amd"
        std::optional<std::string> name;
        std::string pciBusId;
        std::optional<int> numaNode;
        std::optional<int> pcieGen, pcieWidth, pcieGenMax, pcieWidthMax;
        std::optional<std::pair<int, int>> computeCapability;  // {9, 0}
    };
    struct Nic {
        std::string name;
        std::optional<std::string> type;  // "ethernet", "infiniband"
        std::optional<std::int64_t> speedMbps;  // none while the link is down
        std::optional<std::string> pciBusId;
        std::optional<int> pcieGen, pcieWidth, pcieGenMax, pcieWidthMax;  // none off PCIe
    };
    // An installed memory module (SMBIOS type 17), as far as the tuning rules read it.
    struct Dimm {
        std::optional<std::string> type;  // "DDR5"
        std::optional<std::int64_t> speedMts, configuredSpeedMts;  // rated, running
    };
    struct PowerSupply {
        std::string name;   // "PS2 Status"
        std::string state;  // "ok", "warning", "failed", "absent", "unknown"
        std::optional<std::string> events;
    };
    struct Disk {
        std::string name;
        bool nvme = false;
        std::optional<bool> rotational;
    };

    std::optional<std::string> hostname;
    std::optional<std::string> kernel;
    std::optional<std::vector<std::string>> cpuFlags;
    std::optional<bool> hypervisor;  // running as a VM guest
    std::optional<std::string> hardwareAssist;  // "vmx", "svm"
    std::optional<std::int64_t> memTotalBytes;
    std::optional<int> numaNodes;
    std::vector<Gpu> gpus;
    std::optional<std::string> nvidiaDriver;
    std::vector<Nic> nics;
    int infinibandPorts = 0;
    std::vector<Disk> disks;
    std::optional<std::string> cpufreqDriver, cpufreqGovernor;
    std::optional<std::string> thpEnabled, thpDefrag;
    std::optional<std::string> tunedProfile;
    // Software (guide §3.1–§3.3): "rt", "full", "voluntary", "none".
    std::optional<std::string> kernelPreempt;
    std::optional<std::string> cudaToolkit, cudnn, driverSupportsCuda;  // "12.4.1", "9.1.0", "12.2"
    std::optional<bool> docker, podman, nvidiaContainerToolkit;
    std::optional<std::int64_t> cdiSpecs;
    std::optional<bool> slurmd, kubelet, slurmConf;
    // The platform (agent/facts_platform.h). Modules and supplies are listed only when the agent
    // could read them (the privileged one): dimmsRead / powerSuppliesRead say so.
    bool dimmsRead = false;
    std::vector<Dimm> dimms;
    std::optional<bool> secureBoot;
    std::optional<std::string> lockdown;  // "none", "integrity", "confidentiality"
    bool powerSuppliesRead = false;
    std::optional<int> powerSupplyCount;
    std::optional<std::string> powerRedundancy;  // "full", "degraded", "lost"
    std::vector<PowerSupply> powerSupplies;

    int nvidiaGpuCount() const;
    bool hasCpuFlag(const std::string& flag) const;  // false when flags are unknown
};

HostFacts readHostFacts(const protocol::Facts& facts);
// Whether the host takes part in a cluster scheduler: slurmd or kubelet runs, or slurm.conf exists.
bool schedulerFound(const HostFacts& facts);

// "6.1.0-18-amd64" -> {6, 1}.
std::optional<std::pair<int, int>> kernelVersion(const std::string& release);
// "535.161.08" -> 535.
std::optional<int> driverMajor(const std::string& version);

}  // namespace fleetdeck::tuning
