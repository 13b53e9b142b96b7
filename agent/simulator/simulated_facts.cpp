#include "agent/simulator/simulated_facts.h"

#include <cstdio>
#include <string_view>

#include "agent/simulator/gpu_jobs.h"
#include "agent/simulator/random.h"
#include "agent/simulator/simulated_platform.h"

namespace fleetdeck::agent::sim {
namespace {

constexpr const char* kKernel = "6.1.0-28-amd64";
constexpr const char* kNvidiaDriver = "550.127.05";

// Seed-stable text for serials, UUIDs and MAC addresses: the same spec gives the same text, another
// seed another. `salt` keeps the streams of different fields (and GPUs, NICs, DIMMs) apart. The
// variants do not enter: a host keeps its serials when it is given a fault.
class SeededText {
public:
    SeededText(const SimSpec& spec, std::uint64_t salt)
        : random_(spec.seed * 0x9e3779b97f4a7c15ULL ^ (salt * 0xc2b2ae3d27d4eb4fULL) ^ spec.profile->name.size()) {
        for (const char c : spec.profile->name) random_ = Random(random_.next() ^ static_cast<unsigned char>(c));
    }
    std::string chars(std::string_view alphabet, int count) {
        std::string out;
        for (int i = 0; i < count; ++i) out.push_back(alphabet[random_.next() % alphabet.size()]);
        return out;
    }
    std::string hex(int count) { return chars("0123456789abcdef", count); }
    std::string digits(int count) { return chars("0123456789", count); }
    std::string serial(int count) { return chars("0123456789ABCDEFGHJKLMNPRSTUVWXYZ", count); }

private:
    Random random_;
};

// Salts: one range per kind of field.
constexpr std::uint64_t kSaltPlatform = 0x100, kSaltGpu = 0x200, kSaltNic = 0x300, kSaltDimm = 0x400;

// The store holds the catalog's canonical values: text for the governor and THP modes.
std::optional<std::string> text_setting(const SettingsStore& settings, const std::string& id) {
    const auto value = settings.get(id);
    if (!value || !value->is_string()) return std::nullopt;
    return value->get<std::string>();
}

std::vector<std::string> cpu_flags(const Profile& p) {
    std::vector<std::string> flags = {"avx2"};
    if (p.cpu_vendor == "GenuineIntel") {
        for (const char* f : {"avx512f", "avx512bw", "avx512vl", "avx512_vnni", "avx512_bf16", "avx512_fp16", "amx_tile",
                              "amx_bf16", "amx_int8", "vmx"})
            flags.emplace_back(f);
    } else {
        for (const char* f : {"avx512f", "avx512bw", "avx512vl", "avx512_vnni", "avx512_bf16", "svm"}) flags.emplace_back(f);
    }
    return flags;
}

std::vector<protocol::GpuFact> gpu_facts(const SimSpec& spec) {
    const Profile& p = *spec.profile;
    std::vector<protocol::GpuFact> gpus;
    for (int i = 0; i < p.gpu_count; ++i) {
        const bool narrow = spec.narrow_link_gpu() == i;
        protocol::GpuFact g;
        g.vendor = "nvidia";
        g.name = p.gpu.name;
        g.pci_bus_id = p.gpu.pci_bus_ids.at(static_cast<std::size_t>(i));
        g.driver = "nvidia";
        g.numa_node = p.gpu_numa_node(i);
        g.pcie_gen = p.gpu.pcie_gen_max;
        g.pcie_width = narrow ? p.gpu.pcie_width_max / 2 : p.gpu.pcie_width_max;
        g.pcie_gen_max = p.gpu.pcie_gen_max;
        g.pcie_width_max = p.gpu.pcie_width_max;
        g.uuid = simulated_gpu_uuid(spec, i);
        g.serial = p.gpu.serial_prefix + SeededText(spec, kSaltGpu + 0x80 + static_cast<std::uint64_t>(i)).digits(7);
        g.vbios_version = p.gpu.vbios_version;
        g.mem_total_bytes = p.gpu.mem_total_bytes;
        if (!p.gpu.compute_capability.empty()) g.compute_capability = p.gpu.compute_capability;
        gpus.push_back(std::move(g));
    }
    return gpus;
}

std::vector<protocol::NicFact> nic_facts(const SimSpec& spec) {
    std::vector<protocol::NicFact> nics;
    for (std::size_t i = 0; i < spec.profile->nics.size(); ++i) {
        const NicModel& n = spec.profile->nics[i];
        SeededText text(spec, kSaltNic + i);
        const std::string mac = n.oui + ":" + text.hex(2) + ":" + text.hex(2) + ":" + text.hex(2);
        protocol::NicFact& nic = nics.emplace_back();
        nic.name = n.name;
        nic.type = "ethernet";
        nic.speed_mbps = spec.nic_speed_mbps(i);
        nic.mtu = spec.nic_mtu(i);
        nic.driver = n.driver;
        nic.pci_bus_id = n.pci_bus_id;
        nic.mac = mac;
    }
    set_simulated_nic_links(spec, nics);
    return nics;
}

protocol::DmiFacts dmi_facts(const SimSpec& spec) {
    const PlatformModel& p = spec.profile->platform;
    SeededText text(spec, kSaltPlatform);
    const std::string product_serial = p.product_serial_prefix + text.serial(7);
    const std::string board_serial = p.board_serial_prefix + text.serial(8);
    // Where the vendor gives the chassis no serial of its own (Dell's service tag, HPE), it is the system's.
    const std::string chassis_serial = p.chassis_serial_prefix.empty() ? product_serial : p.chassis_serial_prefix + text.serial(7);
    return {p.bios_vendor, spec.bios_version.value_or(p.bios_version), p.bios_date, p.sys_vendor, p.product_name,
            p.board_name, product_serial, board_serial, chassis_serial};
}

protocol::MemoryFacts memory_facts(const SimSpec& spec) {
    const DimmModel& m = spec.profile->dimms;
    protocol::MemoryFacts memory;
    memory.total_bytes = spec.memory_bytes();
    memory.dimms_status = "read";
    memory.dimm_slots = static_cast<std::int64_t>(m.locators.size());
    const auto missing = spec.missing_dimm();
    for (int i = 0; i < m.modules && i < static_cast<int>(m.locators.size()); ++i) {
        if (missing == i) continue;
        protocol::DimmFact& d = memory.dimms.emplace_back();
        d.locator = m.locators[static_cast<std::size_t>(i)];
        d.size_bytes = m.size_bytes;
        d.speed_mts = m.speed_mts;
        d.configured_speed_mts = m.configured_speed_mts;
        d.type = m.type;
        d.manufacturer = m.manufacturer;
        d.part_number = m.part_number;
        d.serial = SeededText(spec, kSaltDimm + static_cast<std::uint64_t>(i)).chars("0123456789ABCDEF", 8);
    }
    return memory;
}

std::vector<protocol::InfinibandPortFact> infiniband_facts(const Profile& p) {
    std::vector<protocol::InfinibandPortFact> ports;
    for (int i = 0; i < p.infiniband_ports; ++i)
        ports.push_back({"mlx5_" + std::to_string(i), 1, "ACTIVE", "LinkUp", "InfiniBand", p.infiniband_rate_gbps, {}});
    return ports;
}

std::vector<protocol::BlockDeviceFact> block_facts(const Profile& p) {
    std::vector<protocol::BlockDeviceFact> disks;
    for (std::int64_t i = 0; i < p.nvme_count; ++i)
        disks.push_back({"nvme" + std::to_string(i) + "n1", true, false, p.nvme_size_bytes, "SAMSUNG MZQL23T8HCLS-00A07"});
    return disks;
}

protocol::NvidiaFacts nvidia_facts(const Profile& p) {
    if (p.gpu_count > 0) return {"ready", std::nullopt, kNvidiaDriver, p.gpu_count};
    return {"library_not_found", "libnvidia-ml.so.1 is not installed (no NVIDIA driver)", std::nullopt, std::nullopt};
}

// The driver (kNvidiaDriver, R550) runs CUDA up to 12.4.
void add_software_facts(const SimSpec& spec, protocol::Facts& f) {
    const Profile& p = *spec.profile;
    const SoftwareModel& s = p.software;
    f.kernel_preempt = s.kernel_preempt;
    f.cuda = {s.cuda_toolkit, s.cudnn, p.gpu_count > 0 ? std::optional<std::string>("12.4") : std::nullopt};
    f.containers = {s.docker, s.podman, s.nvidia_container_toolkit, s.cdi_specs};
    // A job variant that runs in Kubernetes pods (GpuJobs) makes the host a Kubernetes node.
    f.scheduler = {s.slurmd, s.kubelet || GpuJobs(spec).kubernetes(), s.slurm_conf};
}

}  // namespace

protocol::HostIdentity simulated_identity(const SimSpec& spec) {
    Random r(spec.seed * 0x2545f4914f6cdd1dULL + spec.profile->name.size());
    char machine_id[33];
    std::snprintf(machine_id, sizeof machine_id, "%016llx%016llx", static_cast<unsigned long long>(r.next()),
                  static_cast<unsigned long long>(r.next()));
    return {"sim-" + spec.profile->name + "-s" + std::to_string(spec.seed), std::string(machine_id), "x86_64", kKernel};
}

std::string simulated_gpu_uuid(const SimSpec& spec, int index) {
    SeededText text(spec, kSaltGpu + static_cast<std::uint64_t>(index));
    return "GPU-" + text.hex(8) + "-" + text.hex(4) + "-" + text.hex(4) + "-" + text.hex(4) + "-" + text.hex(12);
}

protocol::Facts simulated_facts(const SimSpec& spec, const SettingsStore& settings) {
    const Profile& p = *spec.profile;
    const bool intel = p.cpu_vendor == "GenuineIntel";
    protocol::Facts f;
    f.host = simulated_identity(spec);
    f.os = {"debian", "12", "Debian GNU/Linux 12 (bookworm)"};
    const int cores = p.sockets * p.cores_per_socket;
    f.cpu = {p.cpu_model, p.cpu_vendor, p.sockets, cores, cores * p.threads_per_core, cpu_flags(p)};
    f.virtualization = {false, intel ? "vmx" : "svm"};
    f.memory = memory_facts(spec);
    f.dmi = dmi_facts(spec);
    f.numa_nodes = p.sockets;
    f.gpus = gpu_facts(spec);
    f.nvidia = nvidia_facts(p);
    f.nics = nic_facts(spec);
    // addresses stay empty: peers reach a simulated host at its simulated name only.
    f.infiniband = infiniband_facts(p);
    f.block = block_facts(p);
    f.cpufreq = {intel ? "intel_pstate" : "amd-pstate-epp", text_setting(settings, "cpu.governor")};
    f.thp = {text_setting(settings, "thp.enabled"), text_setting(settings, "thp.defrag")};
    add_software_facts(spec, f);
    set_simulated_platform(spec, f);
    return f;
}

}  // namespace fleetdeck::agent::sim
