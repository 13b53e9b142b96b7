#include "app/tuning/host_facts.h"

#include <algorithm>
#include <charconv>
#include <cstdint>

#include "app/tuning/cuda_compat.h"

namespace fleetdeck::tuning {
namespace {

std::optional<std::string> known_text(const std::optional<std::string>& v) {
    if (v && !v->empty()) return v;
    return std::nullopt;
}

std::optional<int> small_int(const std::optional<std::int64_t>& v) {
    if (v && *v >= INT32_MIN && *v <= INT32_MAX) return static_cast<int>(*v);
    return std::nullopt;
}

std::optional<int> leading_int(std::string_view s) {
    int v = 0;
    const auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc() || ptr == s.data()) return std::nullopt;
    return v;
}

std::vector<HostFacts::Gpu> read_gpus(const std::vector<protocol::GpuFact>& gpus) {
    std::vector<HostFacts::Gpu> out;
    for (const protocol::GpuFact& g : gpus) {
        HostFacts::Gpu gpu;
        gpu.index = static_cast<int>(out.size());
        gpu.vendor = g.vendor;
        gpu.name = known_text(g.name);
        gpu.pciBusId = g.pci_bus_id;
        gpu.numaNode = small_int(g.numa_node);
        gpu.pcieGen = small_int(g.pcie_gen);
        gpu.pcieWidth = small_int(g.pcie_width);
        gpu.pcieGenMax = small_int(g.pcie_gen_max);
        gpu.pcieWidthMax = small_int(g.pcie_width_max);
        if (g.compute_capability) gpu.computeCapability = cudaMajorMinor(*g.compute_capability);
        out.push_back(std::move(gpu));
    }
    return out;
}

HostFacts::Nic read_nic(const protocol::NicFact& n) {
    HostFacts::Nic nic;
    nic.name = n.name.empty() ? "?" : n.name;
    nic.type = known_text(n.type);
    nic.speedMbps = n.speed_mbps;
    nic.pciBusId = known_text(n.pci_bus_id);
    nic.pcieGen = small_int(n.pcie_gen);
    nic.pcieWidth = small_int(n.pcie_width);
    nic.pcieGenMax = small_int(n.pcie_gen_max);
    nic.pcieWidthMax = small_int(n.pcie_width_max);
    return nic;
}

void read_platform(const protocol::Facts& facts, HostFacts& f) {
    f.dimmsRead = facts.memory.dimms_status == "read";
    for (const protocol::DimmFact& d : facts.memory.dimms)
        f.dimms.push_back({known_text(d.type), d.speed_mts, d.configured_speed_mts});
    f.secureBoot = facts.secure_boot;
    f.lockdown = known_text(facts.lockdown);
    const protocol::PowerSupplyFacts& power = facts.power_supplies;
    f.powerSuppliesRead = power.status == "read";
    f.powerSupplyCount = small_int(power.count);
    f.powerRedundancy = known_text(power.redundancy);
    for (const protocol::PowerSupplyFact& u : power.units) f.powerSupplies.push_back({u.name, u.state, known_text(u.events)});
}

}  // namespace

int HostFacts::nvidiaGpuCount() const {
    return static_cast<int>(std::count_if(gpus.begin(), gpus.end(), [](const Gpu& g) { return g.vendor == "nvidia"; }));
}

bool HostFacts::hasCpuFlag(const std::string& flag) const {
    return cpuFlags && std::find(cpuFlags->begin(), cpuFlags->end(), flag) != cpuFlags->end();
}

HostFacts readHostFacts(const protocol::Facts& facts) {
    HostFacts f;
    f.hostname = known_text(facts.host.hostname);
    f.kernel = known_text(facts.host.kernel);
    f.cpuFlags = facts.cpu.flags;
    // Without virtualization.hypervisor (hand-written facts), the CPU flag it is derived from.
    f.hypervisor = facts.virtualization.hypervisor;
    if (!f.hypervisor && f.cpuFlags) f.hypervisor = f.hasCpuFlag("hypervisor");
    f.hardwareAssist = known_text(facts.virtualization.hardware_assist);
    f.memTotalBytes = facts.memory.total_bytes;
    f.numaNodes = small_int(facts.numa_nodes);
    f.gpus = read_gpus(facts.gpus);
    f.nvidiaDriver = known_text(facts.nvidia.driver_version);
    for (const protocol::NicFact& n : facts.nics) f.nics.push_back(read_nic(n));
    f.infinibandPorts = static_cast<int>(facts.infiniband.size());
    for (const protocol::BlockDeviceFact& d : facts.block) f.disks.push_back({d.name.empty() ? "?" : d.name, d.nvme, d.rotational});
    f.cpufreqDriver = known_text(facts.cpufreq.driver);
    f.cpufreqGovernor = known_text(facts.cpufreq.governor);
    f.thpEnabled = known_text(facts.thp.enabled);
    f.thpDefrag = known_text(facts.thp.defrag);
    f.tunedProfile = known_text(facts.tuned.active_profile);
    f.kernelPreempt = known_text(facts.kernel_preempt);
    f.cudaToolkit = known_text(facts.cuda.toolkit_version);
    f.cudnn = known_text(facts.cuda.cudnn_version);
    f.driverSupportsCuda = known_text(facts.cuda.driver_supports_cuda);
    f.docker = facts.containers.docker;
    f.podman = facts.containers.podman;
    f.nvidiaContainerToolkit = facts.containers.nvidia_container_toolkit;
    f.cdiSpecs = facts.containers.cdi_specs;
    f.slurmd = facts.scheduler.slurmd;
    f.kubelet = facts.scheduler.kubelet;
    f.slurmConf = facts.scheduler.slurm_conf;
    read_platform(facts, f);
    return f;
}

bool schedulerFound(const HostFacts& f) { return f.slurmd == true || f.kubelet == true || f.slurmConf == true; }

std::optional<std::pair<int, int>> kernelVersion(const std::string& release) {
    const auto major = leading_int(release);
    const auto dot = release.find('.');
    if (!major || dot == std::string::npos) return std::nullopt;
    const auto minor = leading_int(std::string_view(release).substr(dot + 1));
    if (!minor) return std::nullopt;
    return std::make_pair(*major, *minor);
}

std::optional<int> driverMajor(const std::string& version) { return leading_int(version); }

}  // namespace fleetdeck::tuning
