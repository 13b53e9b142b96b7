#include "agent/facts.h"

#include <algorithm>
#include <set>
#include <utility>

#include <sys/utsname.h>

#include "agent/collectors/memory.h"
#include "agent/collectors/net.h"
#include "agent/dmi/dmi_facts.h"
#include "agent/facts_platform.h"
#include "agent/drift_sources.h"
#include "agent/facts_software.h"
#include "agent/gpu/gpu_facts.h"
#include "agent/gpu/kernel_log.h"
#include "agent/gpu/nvml_library.h"
#include "agent/gpu/process_identity.h"

namespace fleetdeck::agent {
namespace {

std::optional<std::string> architecture(const RootFs& fs) {
    if (auto arch = fs.read_line("/proc/sys/kernel/arch"); arch && !arch->empty()) return arch;
    if (!fs.is_live()) return std::nullopt;  // a recorded tree without it: unknown, not ours
    utsname u{};
    if (::uname(&u) != 0) return std::nullopt;
    return std::string(u.machine);
}

// KEY=value or KEY="value" lines.
std::string unquote(std::string_view v) {
    v = trim(v);
    if (v.size() >= 2 && (v.front() == '"' || v.front() == '\'') && v.back() == v.front())
        v = v.substr(1, v.size() - 2);
    return std::string(v);
}

// The CPU flags a tuning decision depends on, in this order: vector and matrix units for ML
// kernels, hardware virtualization, and whether we are a guest ourselves. The names are those
// /proc/cpuinfo prints (Linux arch/x86/include/asm/cpufeatures.h, the "" names of X86_FEATURE_*).
constexpr std::string_view kFlagsThatMatter[] = {
    "avx2",     "avx512f",  "avx512bw", "avx512vl", "avx512_vnni", "avx512_bf16", "avx512_fp16",
    "amx_tile", "amx_bf16", "amx_int8", "vmx",      "svm",         "hypervisor",
};

std::vector<std::string> flags_that_matter(std::string_view flags_line) {
    const auto present = split_ws(flags_line);
    std::vector<std::string> flags;
    for (const auto flag : kFlagsThatMatter)
        if (std::find(present.begin(), present.end(), flag) != present.end()) flags.emplace_back(flag);
    return flags;
}

// "always [madvise] never" -> "madvise".
std::optional<std::string> bracketed_choice(const std::optional<std::string>& line) {
    if (!line) return std::nullopt;
    const auto open = line->find('[');
    const auto close = line->find(']', open);
    if (open == std::string::npos || close == std::string::npos) return std::nullopt;
    return line->substr(open + 1, close - open - 1);
}

protocol::VirtualizationFacts virtualization_facts(const std::optional<std::vector<std::string>>& flags) {
    if (!flags) return {};
    const auto has = [&flags](std::string_view f) { return std::find(flags->begin(), flags->end(), f) != flags->end(); };
    protocol::VirtualizationFacts v;
    v.hypervisor = has("hypervisor");
    if (has("vmx")) v.hardware_assist = "vmx";
    else if (has("svm")) v.hardware_assist = "svm";
    return v;
}

}  // namespace

protocol::OsFacts os_release(const RootFs& fs) {
    auto text = fs.read("/etc/os-release");
    if (!text) text = fs.read("/usr/lib/os-release");
    protocol::OsFacts os;
    if (!text) return os;
    for_each_line(*text, [&os](std::string_view line) {
        const auto eq = line.find('=');
        if (eq == std::string_view::npos) return;
        const std::string_view key = trim(line.substr(0, eq));
        if (key == "ID") os.id = unquote(line.substr(eq + 1));
        else if (key == "VERSION_ID") os.version_id = unquote(line.substr(eq + 1));
        else if (key == "PRETTY_NAME") os.pretty_name = unquote(line.substr(eq + 1));
    });
    return os;
}

protocol::CpuFacts cpu_facts(const RootFs& fs) {
    protocol::CpuFacts cpu;
    const auto text = fs.read("/proc/cpuinfo");
    if (!text) return cpu;
    int threads = 0;
    std::set<std::string> sockets;
    std::set<std::pair<std::string, std::string>> cores;
    std::string physical_id;
    for_each_line(*text, [&](std::string_view line) {
        const auto colon = line.find(':');
        if (colon == std::string_view::npos) return;
        const std::string_view key = trim(line.substr(0, colon));
        const std::string value(trim(line.substr(colon + 1)));
        if (key == "processor") {
            ++threads;
            physical_id = "0";
        } else if (key == "model name" && !cpu.model) {
            cpu.model = value;
        } else if (key == "vendor_id" && !cpu.vendor) {
            cpu.vendor = value;
        } else if (key == "flags" && !cpu.flags) {
            cpu.flags = flags_that_matter(value);
        } else if (key == "physical id") {
            physical_id = value;
            sockets.insert(value);
        } else if (key == "core id") {
            cores.emplace(physical_id, value);
        }
    });
    if (threads > 0) cpu.threads = threads;
    // Without topology lines (some ARM and VM kernels) one socket of `threads` cores is the honest guess.
    if (!sockets.empty()) cpu.sockets = static_cast<std::int64_t>(sockets.size());
    else if (threads > 0) cpu.sockets = 1;
    if (!cores.empty()) cpu.cores = static_cast<std::int64_t>(cores.size());
    else if (threads > 0) cpu.cores = threads;
    return cpu;
}

protocol::HostIdentity host_identity(const RootFs& fs) {
    return {fs.read_line("/proc/sys/kernel/hostname"), fs.read_line("/etc/machine-id"), architecture(fs),
            fs.read_line("/proc/sys/kernel/osrelease")};
}

std::optional<std::int64_t> numa_node_count(const RootFs& fs) {
    if (!fs.exists("/sys/devices/system/node")) return std::nullopt;
    std::int64_t nodes = 0;
    for (const auto& name : fs.list("/sys/devices/system/node"))
        if (name.starts_with("node") && parse_int(std::string_view(name).substr(4))) ++nodes;
    return nodes;
}

std::vector<protocol::BlockDeviceFact> block_facts(const RootFs& fs) {
    std::vector<protocol::BlockDeviceFact> disks;
    for (const auto& name : fs.list("/sys/block")) {
        const std::string dir = "/sys/block/" + name;
        if (!fs.link_target(dir + "/device")) continue;  // loop, ram, zram, device-mapper, md
        protocol::BlockDeviceFact& disk = disks.emplace_back();
        disk.name = name;
        disk.nvme = name.starts_with("nvme");
        if (const auto rotational = fs.read_int(dir + "/queue/rotational")) disk.rotational = *rotational != 0;
        // always 512-byte units
        if (const auto sectors = fs.read_int(dir + "/size"); sectors && *sectors >= 0) disk.size_bytes = *sectors * 512;
        disk.model = non_empty(fs.read_line(dir + "/device/model"));
    }
    return disks;
}

// An empty governor or tuned profile file (tuned writes an empty one when it is off) is no value.
OsTuningFacts os_tuning_facts(const RootFs& fs) {
    OsTuningFacts facts;
    const std::string cpufreq = "/sys/devices/system/cpu/cpu0/cpufreq";
    facts.cpufreq = {non_empty(fs.read_line(cpufreq + "/scaling_driver")), non_empty(fs.read_line(cpufreq + "/scaling_governor"))};
    // "always [madvise] never": the bracketed word is the mode (Documentation/admin-guide/mm/transhuge.rst).
    const std::string thp = "/sys/kernel/mm/transparent_hugepage";
    facts.thp = {bracketed_choice(fs.read_line(thp + "/enabled")), bracketed_choice(fs.read_line(thp + "/defrag"))};
    facts.tuned = {non_empty(fs.read_line("/etc/tuned/active_profile"))};
    return facts;
}

protocol::Facts collect_facts(const RootFs& fs) {
    protocol::Facts facts;
    facts.host = host_identity(fs);
    facts.os = os_release(fs);
    facts.cpu = cpu_facts(fs);
    facts.virtualization = virtualization_facts(facts.cpu.flags);
    if (const auto meminfo = fs.read("/proc/meminfo")) facts.memory.total_bytes = parse_meminfo(*meminfo).total;
    dmi::read_dimms(fs, facts.memory);
    facts.dmi = dmi::dmi_facts(fs);
    facts.numa_nodes = numa_node_count(fs);
    const auto nvml = gpu::NvmlLibrary::shared(fs.is_live());
    facts.gpus = gpu::gpu_facts(fs, *nvml);
    facts.nvidia = gpu::nvidia_facts(fs, *nvml);
    facts.gpu_processes = gpu::gpu_process_facts(fs);
    facts.kernel_log = gpu::kernel_log_problem(fs);
    facts.nics = nic_facts(fs);
    facts.infiniband = infiniband_ports(fs);
    facts.block = block_facts(fs);
    auto tuning = os_tuning_facts(fs);
    facts.cpufreq = std::move(tuning.cpufreq);
    facts.thp = std::move(tuning.thp);
    facts.tuned = std::move(tuning.tuned);
    facts.boot = read_boot(fs);
    facts.kernel_preempt = kernel_preempt(fs);
    facts.cuda = cuda_facts(fs, *nvml);
    facts.containers = container_facts(fs);
    facts.scheduler = scheduler_facts(fs);
    collect_platform_facts(fs, facts);
    return facts;
}

}  // namespace fleetdeck::agent
