#include "agent/gpu/gpu_facts.h"

#include <algorithm>
#include <cctype>
#include <map>

#include "agent/gpu/gpu_sample.h"
#include "agent/gpu/pci_link.h"

namespace fleetdeck::agent::gpu {
namespace {

struct NvmlGpu {
    std::optional<std::string> name;
    std::optional<unsigned> gen, width, gen_max, width_max;
    std::optional<std::string> uuid, serial, vbios_version;
    std::optional<std::int64_t> mem_total_bytes;
    std::optional<std::string> compute_capability;
};

std::map<std::string, NvmlGpu> nvml_gpus_by_bus_id(const NvmlLibrary& nvml) {
    std::map<std::string, NvmlGpu> gpus;
    const unsigned count = nvml.device_count();
    for (unsigned i = 0; i < count; ++i) {
        NvmlLibrary::Device* d = nvml.device(i);
        const auto bus = d ? nvml.pci_bus_id(d) : std::nullopt;
        if (!bus) continue;
        NvmlGpu& g = gpus[normalize_pci_bus_id(*bus)];
        g = {nvml.name(d), nvml.pcie_gen(d), nvml.pcie_width(d), nvml.pcie_gen_max(d), nvml.pcie_width_max(d),
             nvml.uuid(d), nvml.serial(d), nvml.vbios_version(d), std::nullopt, std::nullopt};
        if (const auto memory = nvml.memory(d)) g.mem_total_bytes = static_cast<std::int64_t>(memory->total_bytes);
        if (const auto cc = nvml.compute_capability(d))
            g.compute_capability = std::to_string(cc->major) + "." + std::to_string(cc->minor);
    }
    return gpus;
}

// The sysfs value, or NVML's when sysfs has none.
std::optional<std::int64_t> either(const std::optional<std::int64_t>& sysfs, const std::optional<unsigned>& nvml) {
    if (sysfs) return sysfs;
    return as_int(nvml);
}

// PCI vendor ids assigned by PCI-SIG, as listed in the PCI ID Repository (pci.ids): 10de NVIDIA
// Corporation, 1002 Advanced Micro Devices, Inc. [AMD/ATI]; sysfs writes them as "0x10de".
std::optional<std::string> vendor_name(const std::optional<std::string>& pci_vendor) {
    if (pci_vendor == "0x10de") return "nvidia";
    if (pci_vendor == "0x1002") return "amd";
    return std::nullopt;
}

protocol::GpuFact pci_gpu(const RootFs& fs, const std::string& id, const std::string& vendor, const NvmlGpu* nvml) {
    const std::string dir = "/sys/bus/pci/devices/" + id;
    const PciLink link = read_pci_link(fs, dir);
    protocol::GpuFact g;
    g.vendor = vendor;
    g.name = nvml ? nvml->name : std::nullopt;
    if (!g.name) g.name = fs.read_line(dir + "/product_name");  // amdgpu, from the board's FRU
    g.name = non_empty(std::move(g.name));
    g.pci_bus_id = id;
    g.driver = fs.link_target(dir + "/driver");
    if (const auto numa = fs.read_int(dir + "/numa_node"); numa && *numa >= 0) g.numa_node = numa;
    g.pcie_gen = either(link.gen, nvml ? nvml->gen : std::nullopt);
    g.pcie_width = either(link.width, nvml ? nvml->width : std::nullopt);
    g.pcie_gen_max = either(link.gen_max, nvml ? nvml->gen_max : std::nullopt);
    g.pcie_width_max = either(link.width_max, nvml ? nvml->width_max : std::nullopt);
    if (nvml) {
        g.uuid = nvml->uuid;
        g.serial = nvml->serial;
        g.vbios_version = nvml->vbios_version;
        g.mem_total_bytes = nvml->mem_total_bytes;
        g.compute_capability = nvml->compute_capability;
    } else if (vendor == "amd") {  // amdgpu's own files; serial_number only on boards with a FRU
        g.uuid = non_empty(fs.read_line(dir + "/unique_id"));
        g.serial = non_empty(fs.read_line(dir + "/serial_number"));
        g.vbios_version = non_empty(fs.read_line(dir + "/vbios_version"));
        if (const auto vram = fs.read_int(dir + "/mem_info_vram_total"); vram && *vram > 0) g.mem_total_bytes = vram;
    }
    return g;
}

protocol::GpuFact nvml_only_gpu(const std::string& id, const NvmlGpu& g) {
    return {"nvidia",         g.name,          id,           std::nullopt,      std::nullopt,
            as_int(g.gen),    as_int(g.width), as_int(g.gen_max), as_int(g.width_max), g.uuid,
            g.serial,         g.vbios_version, g.mem_total_bytes, g.compute_capability};
}

// /sys/module/nvidia/version (the module's MODULE_VERSION), else /proc/driver/nvidia/version, whose
// first line is, for the proprietary and the open kernel module (NVIDIA/open-gpu-kernel-modules
// kernel-open/nvidia/nv-procfs.c):
// "NVRM version: NVIDIA UNIX x86_64 Kernel Module  535.104.05  Sat Aug 19 ..." and
// "NVRM version: NVIDIA UNIX Open Kernel Module for x86_64  590.48.01  Release Build ..." -> the
// first word after "Kernel Module" that starts with a digit.
std::optional<std::string> kernel_module_version(const RootFs& fs) {
    if (auto v = fs.read_line("/sys/module/nvidia/version"); v && !v->empty()) return v;
    const auto line = fs.read_line("/proc/driver/nvidia/version");
    if (!line) return std::nullopt;
    const auto at = line->find("Kernel Module");
    if (at == std::string::npos) return std::nullopt;
    for (const auto word : split_ws(std::string_view(*line).substr(at)))
        if (std::isdigit(static_cast<unsigned char>(word.front())) && word.find('.') != std::string_view::npos)
            return std::string(word);
    return std::nullopt;
}

}  // namespace

std::optional<std::vector<PciGpu>> pci_gpus(const RootFs& fs) {
    if (!fs.exists("/sys/bus/pci/devices")) return std::nullopt;
    std::vector<PciGpu> gpus;
    for (const auto& id : fs.list("/sys/bus/pci/devices")) {
        const std::string dir = "/sys/bus/pci/devices/" + id;
        const auto vendor = vendor_name(fs.read_line(dir + "/vendor"));
        if (!vendor) continue;
        // PCI-SIG's PCI Code and ID Assignment Specification (rev. 1.12, 9 Jan 2020): base class 03h
        // display controller (§1.4; 0x030000 VGA on GeForce, 0x030200 3D controller on H100) and
        // 12h processing accelerator (§1.19, since rev. 1.2; 0x120000 on AMD Instinct MI210,
        // MI300X and MI325X). The class file is "0x" and the 24-bit class code (sysfs-bus-pci).
        const auto pci_class = fs.read_line(dir + "/class");
        if (pci_class && (pci_class->starts_with("0x03") || pci_class->starts_with("0x12"))) gpus.push_back({id, *vendor});
    }
    return gpus;
}

std::optional<std::int64_t> nvidia_pci_count(const RootFs& fs) {
    const auto gpus = pci_gpus(fs);
    if (!gpus) return std::nullopt;
    return std::count_if(gpus->begin(), gpus->end(), [](const PciGpu& g) { return g.vendor == "nvidia"; });
}

std::vector<protocol::GpuFact> gpu_facts(const RootFs& fs, const NvmlLibrary& nvml) {
    auto from_nvml = nvml_gpus_by_bus_id(nvml);
    std::vector<protocol::GpuFact> gpus;
    for (const auto& [id, vendor] : pci_gpus(fs).value_or(std::vector<PciGpu>{})) {
        const auto match = from_nvml.find(normalize_pci_bus_id(id));
        gpus.push_back(pci_gpu(fs, id, vendor, match == from_nvml.end() ? nullptr : &match->second));
        if (match != from_nvml.end()) from_nvml.erase(match);
    }
    for (const auto& [id, g] : from_nvml) gpus.push_back(nvml_only_gpu(id, g));
    return gpus;
}

protocol::NvidiaFacts nvidia_facts(const RootFs& fs, const NvmlLibrary& nvml) {
    auto version = nvml.driver_version();
    if (!version) version = kernel_module_version(fs);
    protocol::NvidiaFacts facts;
    facts.status = NvmlLibrary::status_name(nvml.status());
    facts.message = nvml.message();
    facts.driver_version = std::move(version);
    if (nvml.ready()) facts.gpu_count = nvml.device_count();
    return facts;
}

}  // namespace fleetdeck::agent::gpu
