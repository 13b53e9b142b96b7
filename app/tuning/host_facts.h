#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "agent/protocol/facts.h"

namespace fleetdeck::tuning {

// A host's facts (agent/protocol/facts.h) as the tuning rules read them. It refers to the decoded
// struct, which must outlive it (the planner and the wizard hold the facts for the whole call), and
// adds only what the rules compute from it; a rule reads every other fact from facts() directly.
// Derived values keep the facts' rule that unknown is never guessed as zero or false, and add two:
// an empty text counts as none, and a number beyond int (a broken report) counts as unknown.
class HostFacts {
public:
    // One entry of facts.gpus, with its position in the list (as the operator counts them).
    class Gpu {
    public:
        Gpu(const protocol::GpuFact& fact, int index) : fact_(&fact), index_(index) {}
        const protocol::GpuFact& fact() const { return *fact_; }
        int index() const { return index_; }
        std::optional<std::string> name() const;
        std::optional<int> pcieGen() const, pcieWidth() const, pcieGenMax() const, pcieWidthMax() const;
        std::optional<std::pair<int, int>> computeCapability() const;  // "9.0" -> {9, 0}

    private:
        const protocol::GpuFact* fact_;
        int index_;
    };
    class Nic {
    public:
        explicit Nic(const protocol::NicFact& fact) : fact_(&fact) {}
        const protocol::NicFact& fact() const { return *fact_; }
        std::string name() const;  // "?" when the agent sent none
        std::optional<std::string> pciBusId() const;
        std::optional<int> pcieWidth() const, pcieWidthMax() const;  // none off PCIe

    private:
        const protocol::NicFact* fact_;
    };
    class PowerSupply {
    public:
        explicit PowerSupply(const protocol::PowerSupplyFact& fact) : fact_(&fact) {}
        const protocol::PowerSupplyFact& fact() const { return *fact_; }
        std::optional<std::string> events() const;

    private:
        const protocol::PowerSupplyFact* fact_;
    };

    HostFacts();  // a host whose facts are not known: every fact empty
    explicit HostFacts(const protocol::Facts& facts);
    HostFacts(const protocol::Facts&&) = delete;  // it would outlive a temporary

    const protocol::Facts& facts() const { return *facts_; }

    std::optional<std::string> hostname() const, kernel() const;
    // facts.virtualization.hypervisor, or without it (hand-written facts) the CPU flag it is derived from.
    std::optional<bool> hypervisor() const;
    std::optional<std::string> hardwareAssist() const;  // "vmx", "svm"
    std::optional<int> numaNodes() const;
    const std::vector<Gpu>& gpus() const { return gpus_; }
    int nvidiaGpuCount() const;
    std::optional<std::string> nvidiaDriver() const;
    const std::vector<Nic>& nics() const { return nics_; }
    bool hasCpuFlag(const std::string& flag) const;  // false when flags are unknown
    bool hasNvme() const;
    std::optional<std::string> cpufreqDriver() const, tunedProfile() const;
    // Software (guide §3.1–§3.3): "rt", "full", "voluntary", "none"; "12.4.1"; "12.2".
    std::optional<std::string> kernelPreempt() const, cudaToolkit() const, driverSupportsCuda() const;
    // The platform (agent/facts_platform.h). Modules and supplies are listed only when the agent
    // could read them (the privileged one): dimmsRead / powerSuppliesRead say so.
    bool dimmsRead() const;
    bool powerSuppliesRead() const;
    std::optional<int> powerSupplyCount() const;
    std::optional<std::string> powerRedundancy() const;  // "full", "degraded", "lost"
    const std::vector<PowerSupply>& powerSupplies() const { return powerSupplies_; }

private:
    const protocol::Facts* facts_;
    std::vector<Gpu> gpus_;
    std::vector<Nic> nics_;
    std::vector<PowerSupply> powerSupplies_;
};

// Whether the host takes part in a cluster scheduler: slurmd or kubelet runs, or slurm.conf exists.
bool schedulerFound(const HostFacts& facts);

// "6.1.0-18-amd64" -> {6, 1}.
std::optional<std::pair<int, int>> kernelVersion(const std::string& release);
// "535.161.08" -> 535.
std::optional<int> driverMajor(const std::string& version);

}  // namespace fleetdeck::tuning
