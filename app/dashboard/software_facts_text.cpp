#include "app/dashboard/software_facts_text.h"

#include <algorithm>
#include <map>

namespace fleetdeck {
namespace {

QString softwareText(const std::optional<std::string>& v) { return v ? QString::fromStdString(*v) : QString(); }

// "12.4.1" -> {12, 4}; {0, 0} when it does not start with two numbers (the schema lets only
// digits and dots through, so this only meets short forms).
std::pair<int, int> softwareMajorMinor(const std::string& version) {
    const QStringList parts = QString::fromStdString(version).split(QLatin1Char('.'));
    if (parts.size() < 2) return {0, 0};
    return {parts[0].toInt(), parts[1].toInt()};
}

}  // namespace

QString SoftwareFactsText::kernel(const std::optional<std::string>& preempt) {
    if (!preempt) return tr("Kernel: preemption model unknown");
    if (*preempt == "rt") return tr("Kernel: real-time (PREEMPT_RT)");
    if (*preempt == "full") return tr("Kernel: full preemption, not real-time");
    if (*preempt == "voluntary") return tr("Kernel: voluntary preemption, not real-time");
    return tr("Kernel: no forced preemption, not real-time");
}

QString SoftwareFactsText::cuda(const protocol::CudaFacts& c, bool hasNvidiaGpu) {
    if (!c.toolkit_version && !c.cudnn_version && !c.driver_supports_cuda)
        return hasNvidiaGpu ? tr("CUDA: no toolkit or cuDNN found on the host (frameworks may bring their own)") : tr("CUDA: none");
    QStringList parts;
    parts << (c.toolkit_version ? tr("toolkit %1").arg(softwareText(c.toolkit_version)) : tr("no toolkit"));
    parts << (c.cudnn_version ? tr("cuDNN %1").arg(softwareText(c.cudnn_version)) : tr("no cuDNN"));
    if (c.driver_supports_cuda) parts << tr("the driver runs CUDA %1 at most").arg(softwareText(c.driver_supports_cuda));
    QString line = tr("CUDA: %1").arg(parts.join(QStringLiteral(" · ")));
    if (c.toolkit_version && c.driver_supports_cuda &&
        softwareMajorMinor(*c.driver_supports_cuda) < softwareMajorMinor(*c.toolkit_version))
        line += tr(" — the toolkit is newer than the driver runs");
    return line;
}

QString SoftwareFactsText::precision(const std::vector<protocol::GpuFact>& gpus) {
    std::map<std::pair<int, int>, int> byCapability;
    for (const protocol::GpuFact& g : gpus)
        if (g.vendor == "nvidia" && g.compute_capability) ++byCapability[softwareMajorMinor(*g.compute_capability)];
    if (byCapability.empty()) return {};
    const std::pair<int, int> lowest = byCapability.begin()->first;
    QStringList counts;
    for (const auto& [cc, n] : byCapability) counts << tr("%1 × %2.%3").arg(n).arg(cc.first).arg(cc.second);
    const QString formats = lowest >= std::make_pair(8, 9)   ? tr("BF16 and FP8 tensor cores")
                            : lowest >= std::make_pair(8, 0) ? tr("BF16 tensor cores, no FP8")
                                                             : tr("FP16 only: no BF16 or FP8");
    return tr("GPU compute capability: %1 — %2").arg(counts.join(QStringLiteral(", ")), formats);
}

QString SoftwareFactsText::containers(const protocol::ContainerFacts& c, bool hasNvidiaGpu) {
    if (!c.docker && !c.podman) return tr("Containers: unknown");
    if (c.docker != true && c.podman != true) return tr("Containers: no Docker or Podman");
    // Whole sentences, so that each language orders its own words.
    const QString engines = c.docker == true && c.podman == true ? tr("Docker and Podman")
                            : c.docker == true                   ? tr("Docker")
                                                                 : tr("Podman");
    const int specs = static_cast<int>(c.cdi_specs.value_or(0));
    const bool runtime = c.nvidia_container_toolkit == true;
    if (runtime && specs == 1) return tr("Containers: %1 with the NVIDIA container runtime and 1 CDI spec").arg(engines);
    if (runtime && specs > 1) return tr("Containers: %1 with the NVIDIA container runtime and %2 CDI specs").arg(engines).arg(specs);
    if (runtime) return tr("Containers: %1 with the NVIDIA container runtime").arg(engines);
    if (specs == 1) return tr("Containers: %1 with 1 CDI spec").arg(engines);
    if (specs > 1) return tr("Containers: %1 with %2 CDI specs").arg(engines).arg(specs);
    return hasNvidiaGpu ? tr("Containers: %1, but no NVIDIA runtime or CDI spec: containers do not see the GPUs").arg(engines)
                        : tr("Containers: %1, no NVIDIA runtime").arg(engines);
}

QString SoftwareFactsText::scheduler(const protocol::SchedulerFacts& s) {
    QStringList found;
    if (s.slurmd == true) found << tr("slurmd running");
    if (s.kubelet == true) found << tr("kubelet running");
    if (s.slurm_conf == true) found << tr("slurm.conf present");
    if (!found.isEmpty()) return tr("Scheduler: %1").arg(found.join(QStringLiteral(", ")));
    if (!s.slurmd && !s.kubelet && !s.slurm_conf) return tr("Scheduler: unknown");
    return tr("Scheduler: none (no slurmd or kubelet)");
}

QStringList SoftwareFactsText::lines(const protocol::Facts& f) {
    const bool nvidia = std::any_of(f.gpus.begin(), f.gpus.end(), [](const protocol::GpuFact& g) { return g.vendor == "nvidia"; });
    QStringList out = {kernel(f.kernel_preempt), cuda(f.cuda, nvidia)};
    if (const QString p = precision(f.gpus); !p.isEmpty()) out << p;
    out << containers(f.containers, nvidia) << scheduler(f.scheduler);
    return out;
}

}  // namespace fleetdeck
