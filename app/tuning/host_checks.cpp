#include "app/tuning/host_checks.h"

#include <algorithm>

#include "app/tuning/host_checks_platform.h"
#include <cmath>
#include <cstdio>

#include "app/tuning/software_checks.h"

namespace fleetdeck::tuning {
namespace {

using Json = nlohmann::json;
using Hits = std::vector<CheckHit>;

std::string gib_text(std::int64_t bytes) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f GiB", static_cast<double>(bytes) / (1024.0 * 1024 * 1024));
    return buf;
}

std::string speed_text(std::int64_t mbps) {
    if (mbps >= 1000 && mbps % 1000 == 0) return std::to_string(mbps / 1000) + " Gb/s";
    if (mbps >= 1000) {
        char buf[32];
        std::snprintf(buf, sizeof buf, "%.1f Gb/s", static_cast<double>(mbps) / 1000.0);
        return buf;
    }
    return std::to_string(mbps) + " Mb/s";
}

std::string gpu_label(const HostFacts::Gpu& g) { return g.name().value_or(g.fact().vendor + " GPU"); }

// MemTotal below params.min_gib (a "128 GB" server reports about 125 GiB after firmware reservations).
Hits ram_below(const HostFacts& f, const Json& p) {
    const std::int64_t min = p.at("min_gib").get<std::int64_t>() * 1024 * 1024 * 1024;
    const auto& total = f.facts().memory.total_bytes;
    if (!total || *total >= min) return {};
    return {{{"ram", gib_text(*total)}}};
}

Hits gpu_link_width_below_max(const HostFacts& f, const Json&) {
    Hits hits;
    for (const auto& g : f.gpus())
        if (g.pcieWidth() && g.pcieWidthMax() && *g.pcieWidth() < *g.pcieWidthMax())
            hits.push_back({{"index", std::to_string(g.index())}, {"gpu", gpu_label(g)}, {"bus_id", g.fact().pci_bus_id},
                            {"width", std::to_string(*g.pcieWidth())}, {"width_max", std::to_string(*g.pcieWidthMax())}});
    return hits;
}

// Only when the width is full: a narrow link is reported by the width check already.
Hits gpu_link_gen_below_max(const HostFacts& f, const Json&) {
    Hits hits;
    for (const auto& g : f.gpus())
        if (g.pcieGen() && g.pcieGenMax() && *g.pcieGen() < *g.pcieGenMax() && g.pcieWidth() == g.pcieWidthMax())
            hits.push_back({{"index", std::to_string(g.index())}, {"gpu", gpu_label(g)}, {"bus_id", g.fact().pci_bus_id},
                            {"gen", std::to_string(*g.pcieGen())}, {"gen_max", std::to_string(*g.pcieGenMax())}});
    return hits;
}

// A GPU whose link cannot reach params.min_gen: its maximum (what the GPU and the slot both
// support) is below it. The current generation says nothing here, since idle links downclock.
Hits gpu_link_gen_below(const HostFacts& f, const Json& p) {
    const std::int64_t min = p.at("min_gen").get<std::int64_t>();
    Hits hits;
    for (const auto& g : f.gpus())
        if (g.pcieGenMax() && *g.pcieGenMax() < min)
            hits.push_back({{"index", std::to_string(g.index())}, {"gpu", gpu_label(g)}, {"bus_id", g.fact().pci_bus_id},
                            {"gen_max", std::to_string(*g.pcieGenMax())}, {"min_gen", std::to_string(min)}});
    return hits;
}

// No NIC with a known link speed reaches params.min_mbps.
Hits nic_speed_below(const HostFacts& f, const Json& p) {
    const std::int64_t min = p.at("min_mbps").get<std::int64_t>();
    const HostFacts::Nic* fastest = nullptr;
    for (const auto& n : f.nics())
        if (n.fact().speed_mbps && (!fastest || *n.fact().speed_mbps > *fastest->fact().speed_mbps)) fastest = &n;
    if (!fastest || *fastest->fact().speed_mbps >= min) return {};
    return {{{"nic", fastest->name()}, {"speed", speed_text(*fastest->fact().speed_mbps)}, {"min", speed_text(min)}}};
}

Hits cpu_lacks_avx512_amx(const HostFacts& f, const Json&) {
    if (!f.facts().cpu.flags) return {};
    if (f.hasCpuFlag("avx512f") || f.hasCpuFlag("amx_tile")) return {};
    return {{{"best", f.hasCpuFlag("avx2") ? "AVX2" : "no AVX2 either"}}};
}

Hits vm_guest(const HostFacts& f, const Json&) {
    if (f.hypervisor() != true) return {};
    return {{}};
}

Hits no_nvme(const HostFacts& f, const Json&) {
    if (f.hasNvme()) return {};
    return {{{"disks", std::to_string(f.facts().block.size())}}};
}

Hits nvidia_driver_older(const HostFacts& f, const Json& p) {
    const int min = p.at("min_major").get<int>();
    const auto driver = f.nvidiaDriver();
    if (!driver) return {};
    const auto major = driverMajor(*driver);
    if (!major || *major >= min) return {};
    return {{{"version", *driver}, {"min_major", std::to_string(min)}}};
}

Hits nvidia_driver_missing(const HostFacts& f, const Json&) {
    if (f.nvidiaGpuCount() == 0 || f.nvidiaDriver()) return {};
    return {{{"gpus", std::to_string(f.nvidiaGpuCount())}}};
}

Hits no_rdma_port(const HostFacts& f, const Json&) {
    if (!f.facts().infiniband.empty()) return {};
    return {{}};
}

// Bare metal without VT-x/AMD-V: a guest never sees these flags, so guests are not flagged.
Hits no_hardware_virtualization(const HostFacts& f, const Json&) {
    if (!f.facts().cpu.flags || f.hypervisor() != false || f.hardwareAssist()) return {};
    return {{}};
}

Hits tuned_active(const HostFacts& f, const Json&) {
    const auto profile = f.tunedProfile();
    if (!profile) return {};
    return {{{"profile", *profile}}};
}

Hits numa_nodes(const HostFacts& f, const Json&) {
    const auto nodes = f.numaNodes();
    if (nodes.value_or(1) < 2) return {};
    return {{{"nodes", std::to_string(*nodes)}}};
}

Hits always(const HostFacts&, const Json&) { return {{}}; }

}  // namespace

const std::vector<HostCheck>& hostChecks() {
    static const std::vector<HostCheck> list = {
        {"ram_below", {"min_gib"}, {"ram"}, ram_below},
        {"gpu_link_width_below_max", {}, {"index", "gpu", "bus_id", "width", "width_max"}, gpu_link_width_below_max},
        {"gpu_link_gen_below_max", {}, {"index", "gpu", "bus_id", "gen", "gen_max"}, gpu_link_gen_below_max},
        {"gpu_link_gen_below", {"min_gen"}, {"index", "gpu", "bus_id", "gen_max", "min_gen"}, gpu_link_gen_below},
        {"nic_speed_below", {"min_mbps"}, {"nic", "speed", "min"}, nic_speed_below},
        {"cpu_lacks_avx512_amx", {}, {"best"}, cpu_lacks_avx512_amx},
        {"vm_guest", {}, {}, vm_guest},
        {"no_nvme", {}, {"disks"}, no_nvme},
        {"nvidia_driver_older", {"min_major"}, {"version", "min_major"}, nvidia_driver_older},
        {"nvidia_driver_missing", {}, {"gpus"}, nvidia_driver_missing},
        {"no_rdma_port", {}, {}, no_rdma_port},
        {"no_hardware_virtualization", {}, {}, no_hardware_virtualization},
        {"tuned_active", {}, {"profile"}, tuned_active},
        {"numa_nodes", {}, {"nodes"}, numa_nodes},
        {"always", {}, {}, always},
        {"kernel_not_realtime", {}, {"preempt"}, kernelNotRealtime},
        {"cuda_toolkit_newer_than_driver", {}, {"toolkit", "min_driver", "driver", "driver_cuda"}, cudaToolkitNewerThanDriver},
        {"gpu_compute_capability_at_least", {"min_major", "min_minor"}, {"gpu", "cc", "count"}, gpuComputeCapabilityAtLeast},
        {"containers_without_gpu_access", {}, {"engines"}, containersWithoutGpuAccess},
    };
    return list;
}

const HostCheck* findHostCheck(std::string_view name) {
    for (const auto* list : {&hostChecks(), &platformHostChecks()}) {
        const auto it = std::find_if(list->begin(), list->end(), [name](const HostCheck& c) { return c.name == name; });
        if (it != list->end()) return &*it;
    }
    return nullptr;
}

std::string fillTemplate(const std::string& text, const CheckHit& hit) {
    std::string out;
    std::size_t i = 0;
    while (i < text.size()) {
        const auto open = text.find('{', i);
        const auto close = open == std::string::npos ? std::string::npos : text.find('}', open);
        if (close == std::string::npos) {
            out += text.substr(i);
            break;
        }
        out += text.substr(i, open - i);
        const auto it = hit.find(text.substr(open + 1, close - open - 1));
        out += it == hit.end() ? text.substr(open, close - open + 1) : it->second;
        i = close + 1;
    }
    return out;
}

}  // namespace fleetdeck::tuning
