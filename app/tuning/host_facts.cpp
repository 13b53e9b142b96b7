#include "app/tuning/host_facts.h"

#include <algorithm>
#include <charconv>

namespace fleetdeck::tuning {
namespace {

using Json = nlohmann::json;

const Json& at(const Json& j, const char* key) {
    static const Json null;
    if (!j.is_object()) return null;
    const auto it = j.find(key);
    return it == j.end() ? null : *it;
}

std::optional<std::string> text(const Json& j) {
    if (j.is_string() && !j.get_ref<const std::string&>().empty()) return j.get<std::string>();
    return std::nullopt;
}

template <class T>
std::optional<T> number(const Json& j) {
    if (j.is_number_integer()) return static_cast<T>(j.get<std::int64_t>());
    return std::nullopt;
}

std::optional<int> leading_int(std::string_view s) {
    int v = 0;
    const auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc() || ptr == s.data()) return std::nullopt;
    return v;
}

std::vector<HostFacts::Gpu> read_gpus(const Json& gpus) {
    std::vector<HostFacts::Gpu> out;
    if (!gpus.is_array()) return out;
    for (const Json& g : gpus) {
        HostFacts::Gpu gpu;
        gpu.index = static_cast<int>(out.size());
        gpu.vendor = text(at(g, "vendor")).value_or("");
        gpu.name = text(at(g, "name"));
        gpu.pciBusId = text(at(g, "pci_bus_id")).value_or("");
        gpu.numaNode = number<int>(at(g, "numa_node"));
        gpu.pcieGen = number<int>(at(g, "pcie_gen"));
        gpu.pcieWidth = number<int>(at(g, "pcie_width"));
        gpu.pcieGenMax = number<int>(at(g, "pcie_gen_max"));
        gpu.pcieWidthMax = number<int>(at(g, "pcie_width_max"));
        out.push_back(std::move(gpu));
    }
    return out;
}

std::vector<HostFacts::Nic> read_nics(const Json& nics) {
    std::vector<HostFacts::Nic> out;
    if (!nics.is_array()) return out;
    for (const Json& n : nics)
        out.push_back({text(at(n, "name")).value_or("?"), text(at(n, "type")), number<std::int64_t>(at(n, "speed_mbps"))});
    return out;
}

std::optional<std::vector<HostFacts::Disk>> read_disks(const Json& block) {
    if (!block.is_array()) return std::nullopt;
    std::vector<HostFacts::Disk> out;
    for (const Json& d : block) {
        const Json& rot = at(d, "rotational");
        out.push_back({text(at(d, "name")).value_or("?"), at(d, "nvme").is_boolean() && at(d, "nvme").get<bool>(),
                       rot.is_boolean() ? std::optional<bool>(rot.get<bool>()) : std::nullopt});
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

HostFacts readHostFacts(const Json& facts) {
    HostFacts f;
    f.hostname = text(at(facts, "hostname"));
    f.kernel = text(at(facts, "kernel"));
    if (const Json& flags = at(at(facts, "cpu"), "flags"); flags.is_array()) {
        f.cpuFlags.emplace();
        for (const Json& flag : flags)
            if (flag.is_string()) f.cpuFlags->push_back(flag.get<std::string>());
    }
    const Json& virt = at(facts, "virtualization");
    if (at(virt, "hypervisor").is_boolean()) f.hypervisor = at(virt, "hypervisor").get<bool>();
    else if (f.cpuFlags) f.hypervisor = f.hasCpuFlag("hypervisor");
    f.hardwareAssist = text(at(virt, "hardware_assist"));
    f.memTotalBytes = number<std::int64_t>(at(at(facts, "memory"), "total_bytes"));
    f.numaNodes = number<int>(at(facts, "numa_nodes"));
    f.gpus = read_gpus(at(facts, "gpus"));
    f.nvidiaDriver = text(at(at(facts, "nvidia"), "driver_version"));
    f.nics = read_nics(at(facts, "nics"));
    if (const Json& ib = at(facts, "infiniband"); ib.is_array()) f.infinibandPorts = static_cast<int>(ib.size());
    f.disks = read_disks(at(facts, "block"));
    f.cpufreqDriver = text(at(at(facts, "cpufreq"), "driver"));
    f.cpufreqGovernor = text(at(at(facts, "cpufreq"), "governor"));
    f.thpEnabled = text(at(at(facts, "thp"), "enabled"));
    f.thpDefrag = text(at(at(facts, "thp"), "defrag"));
    f.tunedProfile = text(at(at(facts, "tuned"), "active_profile"));
    return f;
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
