#include "agent/facts.h"

#include <algorithm>
#include <set>
#include <utility>

#include <sys/utsname.h>

#include "agent/collectors/memory.h"
#include "agent/collectors/net.h"
#include "agent/gpu/gpu_facts.h"
#include "agent/gpu/kernel_log.h"
#include "agent/gpu/nvml_library.h"
#include "agent/json_fields.h"

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
// kernels, hardware virtualization, and whether we are a guest ourselves.
constexpr std::string_view kFlagsThatMatter[] = {
    "avx2",     "avx512f",  "avx512bw", "avx512vl", "avx512_vnni", "avx512_bf16", "avx512_fp16",
    "amx_tile", "amx_bf16", "amx_int8", "vmx",      "svm",         "hypervisor",
};

Json flags_that_matter(std::string_view flags_line) {
    const auto present = split_ws(flags_line);
    Json flags = Json::array();
    for (const auto flag : kFlagsThatMatter)
        if (std::find(present.begin(), present.end(), flag) != present.end()) flags.push_back(flag);
    return flags;
}

// "always [madvise] never" -> "madvise".
Json bracketed_choice(const std::optional<std::string>& line) {
    if (!line) return nullptr;
    const auto open = line->find('[');
    const auto close = line->find(']', open);
    if (open == std::string::npos || close == std::string::npos) return nullptr;
    return line->substr(open + 1, close - open - 1);
}

Json virtualization_facts(const Json& flags) {
    if (!flags.is_array()) return {{"hypervisor", nullptr}, {"hardware_assist", nullptr}};
    const auto has = [&flags](std::string_view f) { return std::find(flags.begin(), flags.end(), f) != flags.end(); };
    Json assist = has("vmx") ? Json("vmx") : has("svm") ? Json("svm") : Json();
    return {{"hypervisor", has("hypervisor")}, {"hardware_assist", assist}};
}

}  // namespace

Json os_release(const RootFs& fs) {
    auto text = fs.read("/etc/os-release");
    if (!text) text = fs.read("/usr/lib/os-release");
    Json os = {{"id", nullptr}, {"version_id", nullptr}, {"pretty_name", nullptr}};
    if (!text) return os;
    for_each_line(*text, [&os](std::string_view line) {
        const auto eq = line.find('=');
        if (eq == std::string_view::npos) return;
        const std::string_view key = trim(line.substr(0, eq));
        if (key == "ID") os["id"] = unquote(line.substr(eq + 1));
        else if (key == "VERSION_ID") os["version_id"] = unquote(line.substr(eq + 1));
        else if (key == "PRETTY_NAME") os["pretty_name"] = unquote(line.substr(eq + 1));
    });
    return os;
}

Json cpu_facts(const RootFs& fs) {
    Json cpu = {{"model", nullptr}, {"vendor", nullptr}, {"sockets", nullptr}, {"cores", nullptr},
                {"threads", nullptr}, {"flags", nullptr}};
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
        } else if (key == "model name" && cpu["model"].is_null()) {
            cpu["model"] = value;
        } else if (key == "vendor_id" && cpu["vendor"].is_null()) {
            cpu["vendor"] = value;
        } else if (key == "flags" && cpu["flags"].is_null()) {
            cpu["flags"] = flags_that_matter(value);
        } else if (key == "physical id") {
            physical_id = value;
            sockets.insert(value);
        } else if (key == "core id") {
            cores.emplace(physical_id, value);
        }
    });
    if (threads > 0) cpu["threads"] = threads;
    // Without topology lines (some ARM and VM kernels) one socket of `threads` cores is the honest guess.
    cpu["sockets"] = sockets.empty() ? (threads > 0 ? Json(1) : Json()) : Json(sockets.size());
    cpu["cores"] = cores.empty() ? (threads > 0 ? Json(threads) : Json()) : Json(cores.size());
    return cpu;
}

Json host_identity(const RootFs& fs) {
    return {
        {"hostname", or_null(fs.read_line("/proc/sys/kernel/hostname"))},
        {"machine_id", or_null(fs.read_line("/etc/machine-id"))},
        {"arch", or_null(architecture(fs))},
        {"kernel", or_null(fs.read_line("/proc/sys/kernel/osrelease"))},
    };
}

Json numa_node_count(const RootFs& fs) {
    if (!fs.exists("/sys/devices/system/node")) return nullptr;
    int nodes = 0;
    for (const auto& name : fs.list("/sys/devices/system/node"))
        if (name.starts_with("node") && parse_int(std::string_view(name).substr(4))) ++nodes;
    return nodes;
}

Json block_facts(const RootFs& fs) {
    Json disks = Json::array();
    for (const auto& name : fs.list("/sys/block")) {
        const std::string dir = "/sys/block/" + name;
        if (!fs.link_target(dir + "/device")) continue;  // loop, ram, zram, device-mapper, md
        const auto sectors = fs.read_int(dir + "/size");  // always 512-byte units
        const auto rotational = fs.read_int(dir + "/queue/rotational");
        const auto model = fs.read_line(dir + "/device/model");
        disks.push_back({
            {"name", name},
            {"nvme", name.starts_with("nvme")},
            {"rotational", rotational ? Json(*rotational != 0) : Json()},
            {"size_bytes", sectors && *sectors >= 0 ? Json(*sectors * 512) : Json()},
            {"model", text_or_null(model)},
        });
    }
    return disks;
}

Json os_tuning_facts(const RootFs& fs) {
    Json facts = Json::object();
    const std::string cpufreq = "/sys/devices/system/cpu/cpu0/cpufreq";
    facts["cpufreq"] = {{"driver", or_null(fs.read_line(cpufreq + "/scaling_driver"))},
                        {"governor", or_null(fs.read_line(cpufreq + "/scaling_governor"))}};
    const std::string thp = "/sys/kernel/mm/transparent_hugepage";
    facts["thp"] = {{"enabled", bracketed_choice(fs.read_line(thp + "/enabled"))},
                    {"defrag", bracketed_choice(fs.read_line(thp + "/defrag"))}};
    facts["tuned"] = {{"active_profile", or_null(fs.read_line("/etc/tuned/active_profile"))}};
    return facts;  // cpufreq, thp, tuned
}

Json collect_facts(const RootFs& fs) {
    Json facts = host_identity(fs);
    facts["os"] = os_release(fs);
    facts["cpu"] = cpu_facts(fs);
    facts["virtualization"] = virtualization_facts(facts["cpu"]["flags"]);
    Json memory_total;
    if (const auto meminfo = fs.read("/proc/meminfo")) {
        if (const auto total = parse_meminfo(*meminfo).total) memory_total = *total;
    }
    facts["memory"] = {{"total_bytes", memory_total}};
    facts["numa_nodes"] = numa_node_count(fs);
    const auto nvml = gpu::NvmlLibrary::shared(fs.is_live());
    facts["gpus"] = gpu::gpu_facts(fs, *nvml);
    facts["nvidia"] = gpu::nvidia_facts(fs, *nvml);
    facts["kernel_log"] = or_null(gpu::kernel_log_problem(fs));
    facts["nics"] = nic_facts(fs);
    facts["infiniband"] = infiniband_ports(fs);
    facts["block"] = block_facts(fs);
    facts.update(os_tuning_facts(fs));
    return facts;
}

}  // namespace fleetdeck::agent
