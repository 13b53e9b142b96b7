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

const protocol::Facts& no_facts() {
    static const protocol::Facts empty;
    return empty;
}

}  // namespace

std::optional<std::string> HostFacts::Gpu::name() const { return known_text(fact_->name); }
std::optional<int> HostFacts::Gpu::pcieGen() const { return small_int(fact_->pcie_gen); }
std::optional<int> HostFacts::Gpu::pcieWidth() const { return small_int(fact_->pcie_width); }
std::optional<int> HostFacts::Gpu::pcieGenMax() const { return small_int(fact_->pcie_gen_max); }
std::optional<int> HostFacts::Gpu::pcieWidthMax() const { return small_int(fact_->pcie_width_max); }
std::optional<std::pair<int, int>> HostFacts::Gpu::computeCapability() const {
    if (!fact_->compute_capability) return std::nullopt;
    return cudaMajorMinor(*fact_->compute_capability);
}

std::string HostFacts::Nic::name() const { return fact_->name.empty() ? "?" : fact_->name; }
std::optional<std::string> HostFacts::Nic::pciBusId() const { return known_text(fact_->pci_bus_id); }
std::optional<int> HostFacts::Nic::pcieWidth() const { return small_int(fact_->pcie_width); }
std::optional<int> HostFacts::Nic::pcieWidthMax() const { return small_int(fact_->pcie_width_max); }

std::optional<std::string> HostFacts::PowerSupply::events() const { return known_text(fact_->events); }

HostFacts::HostFacts() : HostFacts(no_facts()) {}

HostFacts::HostFacts(const protocol::Facts& facts) : facts_(&facts) {
    for (const protocol::GpuFact& g : facts.gpus) gpus_.emplace_back(g, static_cast<int>(gpus_.size()));
    for (const protocol::NicFact& n : facts.nics) nics_.emplace_back(n);
    for (const protocol::PowerSupplyFact& u : facts.power_supplies.units) powerSupplies_.emplace_back(u);
}

std::optional<std::string> HostFacts::hostname() const { return known_text(facts_->host.hostname); }
std::optional<std::string> HostFacts::kernel() const { return known_text(facts_->host.kernel); }

std::optional<bool> HostFacts::hypervisor() const {
    if (facts_->virtualization.hypervisor) return facts_->virtualization.hypervisor;
    if (facts_->cpu.flags) return hasCpuFlag("hypervisor");
    return std::nullopt;
}

std::optional<std::string> HostFacts::hardwareAssist() const { return known_text(facts_->virtualization.hardware_assist); }
std::optional<int> HostFacts::numaNodes() const { return small_int(facts_->numa_nodes); }

int HostFacts::nvidiaGpuCount() const {
    return static_cast<int>(std::count_if(gpus_.begin(), gpus_.end(), [](const Gpu& g) { return g.fact().vendor == "nvidia"; }));
}

std::optional<std::string> HostFacts::nvidiaDriver() const { return known_text(facts_->nvidia.driver_version); }

bool HostFacts::hasCpuFlag(const std::string& flag) const {
    const auto& flags = facts_->cpu.flags;
    return flags && std::find(flags->begin(), flags->end(), flag) != flags->end();
}

bool HostFacts::hasNvme() const {
    return std::any_of(facts_->block.begin(), facts_->block.end(), [](const protocol::BlockDeviceFact& d) { return d.nvme; });
}

std::optional<std::string> HostFacts::cpufreqDriver() const { return known_text(facts_->cpufreq.driver); }
std::optional<std::string> HostFacts::tunedProfile() const { return known_text(facts_->tuned.active_profile); }
std::optional<std::string> HostFacts::kernelPreempt() const { return known_text(facts_->kernel_preempt); }
std::optional<std::string> HostFacts::cudaToolkit() const { return known_text(facts_->cuda.toolkit_version); }
std::optional<std::string> HostFacts::driverSupportsCuda() const { return known_text(facts_->cuda.driver_supports_cuda); }

bool HostFacts::dimmsRead() const { return facts_->memory.dimms_status == "read"; }
bool HostFacts::powerSuppliesRead() const { return facts_->power_supplies.status == "read"; }
std::optional<int> HostFacts::powerSupplyCount() const { return small_int(facts_->power_supplies.count); }
std::optional<std::string> HostFacts::powerRedundancy() const { return known_text(facts_->power_supplies.redundancy); }

bool schedulerFound(const HostFacts& f) {
    const protocol::SchedulerFacts& s = f.facts().scheduler;
    return s.slurmd == true || s.kubelet == true || s.slurm_conf == true;
}

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
