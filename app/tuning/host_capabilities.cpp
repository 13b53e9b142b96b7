#include "app/tuning/host_capabilities.h"

#include <algorithm>

namespace fleetdeck::tuning {
namespace {

bool has_cpufreq(const HostFacts& f) { return f.cpufreqDriver.has_value(); }
std::string no_cpufreq(const HostFacts& f) {
    return f.hypervisor.value_or(false) ? "no cpufreq in this VM guest: the hypervisor owns CPU frequency"
                                        : "no cpufreq driver on this host (firmware may own CPU frequency)";
}

// EPP is exposed only by P-state drivers in active mode.
bool has_epp(const HostFacts& f) { return f.cpufreqDriver == "intel_pstate" || f.cpufreqDriver == "amd-pstate-epp"; }
std::string no_epp(const HostFacts& f) {
    if (!f.cpufreqDriver) return no_cpufreq(f);
    return "EPP needs intel_pstate or amd-pstate-epp in active mode; this host runs " + *f.cpufreqDriver;
}

bool has_nvidia_gpu(const HostFacts& f) { return f.nvidiaGpuCount() > 0; }
std::string no_nvidia_gpu(const HostFacts&) { return "no NVIDIA GPU on this host"; }

bool has_multi_gpu(const HostFacts& f) { return f.gpus.size() >= 2; }
std::string not_multi_gpu(const HostFacts& f) { return "only " + std::to_string(f.gpus.size()) + " GPU on this host"; }

bool has_nvme(const HostFacts& f) {
    return std::any_of(f.disks.begin(), f.disks.end(), [](const HostFacts::Disk& d) { return d.nvme; });
}
std::string no_nvme(const HostFacts&) { return "no NVMe device on this host"; }

bool has_block_device(const HostFacts& f) { return !f.disks.empty(); }
std::string no_block_device(const HostFacts&) { return "no physical block device reported"; }

bool is_bare_metal(const HostFacts& f) { return f.hypervisor == false; }
std::string not_bare_metal(const HostFacts& f) {
    return f.hypervisor ? "this host is a VM guest" : "cannot tell whether this host is a VM guest";
}

// BBR arrived in Linux 4.9.
bool has_bbr_kernel(const HostFacts& f) {
    const auto v = f.kernel ? kernelVersion(*f.kernel) : std::nullopt;
    return v && *v >= std::make_pair(4, 9);
}
std::string no_bbr_kernel(const HostFacts& f) {
    return f.kernel ? "kernel " + *f.kernel + " is older than 4.9, which BBR needs" : "kernel version unknown";
}

bool has_infiniband(const HostFacts& f) { return f.infinibandPorts > 0; }
std::string no_infiniband(const HostFacts&) { return "no InfiniBand or RoCE port under /sys/class/infiniband"; }

bool has_numa(const HostFacts& f) { return f.numaNodes.value_or(1) > 1; }
std::string no_numa(const HostFacts&) { return "a single NUMA node"; }

}  // namespace

const std::vector<HostCapability>& hostCapabilities() {
    static const std::vector<HostCapability> list = {
        {"cpufreq", has_cpufreq, no_cpufreq},
        {"epp", has_epp, no_epp},
        {"nvidia_gpu", has_nvidia_gpu, no_nvidia_gpu},
        {"multi_gpu", has_multi_gpu, not_multi_gpu},
        {"nvme", has_nvme, no_nvme},
        {"block_device", has_block_device, no_block_device},
        {"bare_metal", is_bare_metal, not_bare_metal},
        {"bbr_kernel", has_bbr_kernel, no_bbr_kernel},
        {"rdma_port", has_infiniband, no_infiniband},
        {"numa", has_numa, no_numa},
    };
    return list;
}

const HostCapability* findHostCapability(std::string_view name) {
    const auto& list = hostCapabilities();
    const auto it = std::find_if(list.begin(), list.end(), [name](const HostCapability& c) { return c.name == name; });
    return it == list.end() ? nullptr : &*it;
}

}  // namespace fleetdeck::tuning
