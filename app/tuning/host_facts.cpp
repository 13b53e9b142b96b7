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
    for (const protocol::NicFact& n : facts.nics)
        f.nics.push_back({n.name.empty() ? "?" : n.name, known_text(n.type), n.speed_mbps});
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
