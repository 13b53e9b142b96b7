#include "agent/simulator/simulated_facts.h"

#include <cstdio>

#include "agent/simulator/random.h"

namespace fleetdeck::agent::sim {
namespace {

using Json = nlohmann::json;

constexpr const char* kKernel = "6.1.0-28-amd64";
constexpr const char* kNvidiaDriver = "550.127.05";

Json value_or_null(const SettingsStore& settings, const std::string& id) { return settings.get(id).value_or(Json()); }

Json cpu_flags(const Profile& p) {
    Json flags = {"avx2"};
    if (p.cpu_vendor == "GenuineIntel") {
        for (const char* f : {"avx512f", "avx512bw", "avx512vl", "avx512_vnni", "avx512_bf16", "avx512_fp16", "amx_tile",
                              "amx_bf16", "amx_int8", "vmx"})
            flags.push_back(f);
    } else {
        for (const char* f : {"avx512f", "avx512bw", "avx512vl", "avx512_vnni", "avx512_bf16", "svm"}) flags.push_back(f);
    }
    return flags;
}

Json gpu_facts(const SimSpec& spec) {
    const Profile& p = *spec.profile;
    Json gpus = Json::array();
    for (int i = 0; i < p.gpu_count; ++i) {
        const bool narrow = spec.narrow_link_gpu() == i;
        gpus.push_back({
            {"vendor", "nvidia"},
            {"name", p.gpu.name},
            {"pci_bus_id", p.gpu.pci_bus_ids.at(static_cast<std::size_t>(i))},
            {"driver", "nvidia"},
            {"numa_node", p.sockets > 1 ? i * p.sockets / p.gpu_count : 0},
            {"pcie_gen", p.gpu.pcie_gen_max},
            {"pcie_width", narrow ? p.gpu.pcie_width_max / 2 : p.gpu.pcie_width_max},
            {"pcie_gen_max", p.gpu.pcie_gen_max},
            {"pcie_width_max", p.gpu.pcie_width_max},
        });
    }
    return gpus;
}

Json nic_facts(const Profile& p) {
    Json nics = Json::array();
    for (const auto& n : p.nics)
        nics.push_back({{"name", n.name}, {"type", "ethernet"}, {"speed_mbps", n.speed_mbps}, {"mtu", 1500},
                        {"driver", n.driver}, {"pci_bus_id", n.pci_bus_id}});
    return nics;
}

Json block_facts(const Profile& p) {
    Json disks = Json::array();
    for (std::int64_t i = 0; i < p.nvme_count; ++i)
        disks.push_back({{"name", "nvme" + std::to_string(i) + "n1"}, {"nvme", true}, {"rotational", false},
                         {"size_bytes", p.nvme_size_bytes}, {"model", "SAMSUNG MZQL23T8HCLS-00A07"}});
    return disks;
}

}  // namespace

Json simulated_identity(const SimSpec& spec) {
    Random r(spec.seed * 0x2545f4914f6cdd1dULL + spec.profile->name.size());
    char machine_id[33];
    std::snprintf(machine_id, sizeof machine_id, "%016llx%016llx", static_cast<unsigned long long>(r.next()),
                  static_cast<unsigned long long>(r.next()));
    return {
        {"hostname", "sim-" + spec.profile->name + "-s" + std::to_string(spec.seed)},
        {"machine_id", machine_id},
        {"arch", "x86_64"},
        {"kernel", kKernel},
    };
}

Json simulated_facts(const SimSpec& spec, const SettingsStore& settings) {
    const Profile& p = *spec.profile;
    Json facts = simulated_identity(spec);
    facts["os"] = {{"id", "debian"}, {"version_id", "12"}, {"pretty_name", "Debian GNU/Linux 12 (bookworm)"}};
    const int cores = p.sockets * p.cores_per_socket;
    facts["cpu"] = {{"model", p.cpu_model}, {"vendor", p.cpu_vendor}, {"sockets", p.sockets}, {"cores", cores},
                    {"threads", cores * p.threads_per_core}, {"flags", cpu_flags(p)}};
    facts["virtualization"] = {{"hypervisor", false},
                               {"hardware_assist", p.cpu_vendor == "GenuineIntel" ? "vmx" : "svm"}};
    facts["memory"] = {{"total_bytes", p.memory_bytes}};
    facts["numa_nodes"] = p.sockets;
    facts["gpus"] = gpu_facts(spec);
    facts["nvidia"] = p.gpu_count > 0
                          ? Json{{"status", "ready"}, {"message", nullptr}, {"driver_version", kNvidiaDriver},
                                 {"gpu_count", p.gpu_count}}
                          : Json{{"status", "library_not_found"},
                                 {"message", "libnvidia-ml.so.1 is not installed (no NVIDIA driver)"},
                                 {"driver_version", nullptr}, {"gpu_count", nullptr}};
    facts["nics"] = nic_facts(p);
    facts["addresses"] = Json::array();  // peers reach a simulated host at its simulated name only
    Json ib = Json::array();
    for (int i = 0; i < p.infiniband_ports; ++i)
        ib.push_back({{"device", "mlx5_" + std::to_string(i)}, {"port", 1}, {"state", "ACTIVE"},
                      {"phys_state", "LinkUp"}, {"rate_gbps", p.infiniband_rate_gbps}, {"link_layer", "InfiniBand"}});
    facts["infiniband"] = std::move(ib);
    facts["block"] = block_facts(p);
    facts["cpufreq"] = {{"driver", p.cpu_vendor == "GenuineIntel" ? "intel_pstate" : "amd-pstate-epp"},
                        {"governor", value_or_null(settings, "cpu.governor")}};
    facts["thp"] = {{"enabled", value_or_null(settings, "thp.enabled")},
                    {"defrag", value_or_null(settings, "thp.defrag")}};
    facts["tuned"] = {{"active_profile", nullptr}};
    return facts;
}

}  // namespace fleetdeck::agent::sim
