#include "app/tuning/host_capabilities.h"

#include <algorithm>

#include <QtGlobal>

namespace fleetdeck::tuning {
namespace {

bool has_cpufreq(const HostFacts& f) { return f.cpufreqDriver().has_value(); }
Phrase no_cpufreq(const HostFacts& f) {
    if (f.hypervisor().value_or(false)) return {QT_TRANSLATE_NOOP("tuning", "no cpufreq in this VM guest: the hypervisor owns CPU frequency"), {}};
    return {QT_TRANSLATE_NOOP("tuning", "no cpufreq driver on this host (firmware may own CPU frequency)"), {}};
}

// EPP is exposed only by P-state drivers in active mode.
bool has_epp(const HostFacts& f) {
    const auto driver = f.cpufreqDriver();
    return driver == "intel_pstate" || driver == "amd-pstate-epp";
}
Phrase no_epp(const HostFacts& f) {
    const auto driver = f.cpufreqDriver();
    if (!driver) return no_cpufreq(f);
    return {QT_TRANSLATE_NOOP("tuning", "EPP needs intel_pstate or amd-pstate-epp in active mode; this host runs %1"), {*driver}};
}

bool has_nvidia_gpu(const HostFacts& f) { return f.nvidiaGpuCount() > 0; }
Phrase no_nvidia_gpu(const HostFacts&) { return {QT_TRANSLATE_NOOP("tuning", "no NVIDIA GPU on this host"), {}}; }

bool has_multi_gpu(const HostFacts& f) { return f.gpus().size() >= 2; }
Phrase not_multi_gpu(const HostFacts& f) {
    return {QT_TRANSLATE_NOOP("tuning", "only %1 GPU on this host"), {std::to_string(f.gpus().size())}};
}

bool has_nvme(const HostFacts& f) { return f.hasNvme(); }
Phrase no_nvme(const HostFacts&) { return {QT_TRANSLATE_NOOP("tuning", "no NVMe device on this host"), {}}; }

bool has_block_device(const HostFacts& f) { return !f.facts().block.empty(); }
Phrase no_block_device(const HostFacts&) { return {QT_TRANSLATE_NOOP("tuning", "no physical block device reported"), {}}; }

bool is_bare_metal(const HostFacts& f) { return f.hypervisor() == false; }
Phrase not_bare_metal(const HostFacts& f) {
    if (f.hypervisor()) return {QT_TRANSLATE_NOOP("tuning", "this host is a VM guest"), {}};
    return {QT_TRANSLATE_NOOP("tuning", "cannot tell whether this host is a VM guest"), {}};
}

// BBR arrived in Linux 4.9.
bool has_bbr_kernel(const HostFacts& f) {
    const auto kernel = f.kernel();
    const auto v = kernel ? kernelVersion(*kernel) : std::nullopt;
    return v && *v >= std::make_pair(4, 9);
}
Phrase no_bbr_kernel(const HostFacts& f) {
    if (const auto kernel = f.kernel()) return {QT_TRANSLATE_NOOP("tuning", "kernel %1 is older than 4.9, which BBR needs"), {*kernel}};
    return {QT_TRANSLATE_NOOP("tuning", "kernel version unknown"), {}};
}

bool has_infiniband(const HostFacts& f) { return !f.facts().infiniband.empty(); }
Phrase no_infiniband(const HostFacts&) {
    return {QT_TRANSLATE_NOOP("tuning", "no InfiniBand or RoCE port under /sys/class/infiniband"), {}};
}

bool has_numa(const HostFacts& f) { return f.numaNodes().value_or(1) > 1; }
Phrase no_numa(const HostFacts&) { return {QT_TRANSLATE_NOOP("tuning", "a single NUMA node"), {}}; }

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
