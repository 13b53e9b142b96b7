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
    if (!f.kernelPreempt || *f.kernelPreempt == "rt") return {};
    return {{{"preempt", preempt_words(*f.kernelPreempt)}}};
}

std::vector<CheckHit> cudaToolkitNewerThanDriver(const HostFacts& f, const nlohmann::json&) {
    if (!f.cudaToolkit) return {};
    const auto toolkit = cudaMajorMinor(*f.cudaToolkit);
    if (!toolkit) return {};
    // What the driver runs: NVML says; without NVML, the table says for the driver version.
    std::optional<std::pair<int, int>> runs = f.driverSupportsCuda ? cudaMajorMinor(*f.driverSupportsCuda) : std::nullopt;
    if (!runs && f.nvidiaDriver) runs = newestCudaForDriver(*f.nvidiaDriver);
    if (!runs || *toolkit <= *runs) return {};
    return {{{"toolkit", major_minor_text(*toolkit)},
             {"min_driver", minimumDriverForCuda(toolkit->first, toolkit->second).value_or("a newer release")},
             {"driver", f.nvidiaDriver.value_or("a driver of unknown version")},
             {"driver_cuda", major_minor_text(*runs)}}};
}

std::vector<CheckHit> gpuComputeCapabilityAtLeast(const HostFacts& f, const nlohmann::json& p) {
    const std::pair<int, int> wanted{p.at("min_major").get<int>(), p.at("min_minor").get<int>()};
    const HostFacts::Gpu* lowest = nullptr;
    int count = 0;
    for (const auto& g : f.gpus) {
        if (g.vendor != "nvidia" || !g.computeCapability) continue;
        ++count;
        if (!lowest || *g.computeCapability < *lowest->computeCapability) lowest = &g;
    }
    if (!lowest || *lowest->computeCapability < wanted) return {};
    return {{{"gpu", lowest->name.value_or("NVIDIA GPU")}, {"cc", major_minor_text(*lowest->computeCapability)},
             {"count", std::to_string(count)}}};
}

std::vector<CheckHit> containersWithoutGpuAccess(const HostFacts& f, const nlohmann::json&) {
    if (f.nvidiaGpuCount() == 0 || f.nvidiaContainerToolkit != false || f.cdiSpecs.value_or(0) > 0) return {};
    const bool docker = f.docker == true, podman = f.podman == true;
    if (!docker && !podman) return {};
    return {{{"engines", docker && podman ? "Docker and Podman" : docker ? "Docker" : "Podman"}}};
}

}  // namespace fleetdeck::tuning
