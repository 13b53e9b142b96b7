#include "app/tuning/software_checks.h"

#include "app/tuning/cuda_compat.h"

namespace fleetdeck::tuning {
namespace {

std::string major_minor_text(const std::pair<int, int>& v) { return std::to_string(v.first) + "." + std::to_string(v.second); }

const char* preempt_words(const std::string& model) {
    if (model == "full") return "full preemption (PREEMPT)";
    if (model == "voluntary") return "voluntary preemption";
    if (model == "none") return "no forced preemption";
    return "unknown";
}

}  // namespace

std::vector<CheckHit> kernelNotRealtime(const HostFacts& f, const nlohmann::json&) {
    const auto preempt = f.kernelPreempt();
    if (!preempt || *preempt == "rt") return {};
    return {{{"preempt", preempt_words(*preempt)}}};
}

std::vector<CheckHit> cudaToolkitNewerThanDriver(const HostFacts& f, const nlohmann::json&) {
    const auto toolkitVersion = f.cudaToolkit();
    if (!toolkitVersion) return {};
    const auto toolkit = cudaMajorMinor(*toolkitVersion);
    if (!toolkit) return {};
    // What the driver runs: NVML says; without NVML, the table says for the driver version.
    const auto driverCuda = f.driverSupportsCuda();
    const auto driver = f.nvidiaDriver();
    std::optional<std::pair<int, int>> runs = driverCuda ? cudaMajorMinor(*driverCuda) : std::nullopt;
    if (!runs && driver) runs = newestCudaForDriver(*driver);
    if (!runs || *toolkit <= *runs) return {};
    return {{{"toolkit", major_minor_text(*toolkit)},
             {"min_driver", minimumDriverForCuda(toolkit->first, toolkit->second).value_or("a newer release")},
             {"driver", driver.value_or("a driver of unknown version")},
             {"driver_cuda", major_minor_text(*runs)}}};
}

std::vector<CheckHit> gpuComputeCapabilityAtLeast(const HostFacts& f, const nlohmann::json& p) {
    const std::pair<int, int> wanted{p.at("min_major").get<int>(), p.at("min_minor").get<int>()};
    const HostFacts::Gpu* lowest = nullptr;
    std::pair<int, int> lowestCc;
    int count = 0;
    for (const auto& g : f.gpus()) {
        const auto cc = g.computeCapability();
        if (g.fact().vendor != "nvidia" || !cc) continue;
        ++count;
        if (!lowest || *cc < lowestCc) {
            lowest = &g;
            lowestCc = *cc;
        }
    }
    if (!lowest || lowestCc < wanted) return {};
    return {{{"gpu", lowest->name().value_or("NVIDIA GPU")}, {"cc", major_minor_text(lowestCc)},
             {"count", std::to_string(count)}}};
}

std::vector<CheckHit> containersWithoutGpuAccess(const HostFacts& f, const nlohmann::json&) {
    const protocol::ContainerFacts& c = f.facts().containers;
    if (f.nvidiaGpuCount() == 0 || c.nvidia_container_toolkit != false || c.cdi_specs.value_or(0) > 0) return {};
    const bool docker = c.docker == true, podman = c.podman == true;
    if (!docker && !podman) return {};
    return {{{"engines", docker && podman ? "Docker and Podman" : docker ? "Docker" : "Podman"}}};
}

}  // namespace fleetdeck::tuning
