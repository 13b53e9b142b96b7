#include "app/utilization/verdict.h"

#include <algorithm>

#include <QCoreApplication>

namespace fleetdeck::utilization {
namespace {

struct VerdictName {
    Verdict verdict;
    const char* name;
    const char* shown;  // "utilization" context
};

constexpr VerdictName kNames[] = {
    {Verdict::Idle, "idle", QT_TRANSLATE_NOOP("utilization", "idle")},
    {Verdict::HeldIdle, "held_idle", QT_TRANSLATE_NOOP("utilization", "held idle")},
    {Verdict::PowerCapped, "power_capped", QT_TRANSLATE_NOOP("utilization", "power capped")},
    {Verdict::ThermalCapped, "thermal_capped", QT_TRANSLATE_NOOP("utilization", "thermal capped")},
    {Verdict::InputBound, "input_bound", QT_TRANSLATE_NOOP("utilization", "input bound")},
    {Verdict::CommBound, "comm_bound", QT_TRANSLATE_NOOP("utilization", "communication bound")},
    {Verdict::MemoryBound, "memory_bound", QT_TRANSLATE_NOOP("utilization", "memory bound")},
    {Verdict::PcieBound, "pcie_bound", QT_TRANSLATE_NOOP("utilization", "PCIe bound")},
    {Verdict::Busy, "busy", QT_TRANSLATE_NOOP("utilization", "busy")},
    {Verdict::Unknown, "unknown", QT_TRANSLATE_NOOP("utilization", "unknown")},
};
static_assert(std::size(kNames) == std::size(kVerdicts));

const VerdictName& entry(Verdict verdict) { return kNames[verdictCode(verdict)]; }

}  // namespace

QString toString(Verdict verdict) { return QString::fromLatin1(entry(verdict).name); }

std::optional<Verdict> verdictFromString(const QString& name) {
    for (const VerdictName& n : kNames)
        if (name == QLatin1String(n.name)) return n.verdict;
    return std::nullopt;
}

QString shownVerdict(Verdict verdict) { return QCoreApplication::translate("utilization", entry(verdict).shown); }

UtilizationText verdictWords(Verdict verdict) { return UtilizationText(entry(verdict).shown); }

bool isProblem(Verdict verdict) {
    switch (verdict) {
    case Verdict::HeldIdle:
    case Verdict::PowerCapped:
    case Verdict::ThermalCapped:
    case Verdict::InputBound:
    case Verdict::CommBound:
    case Verdict::MemoryBound:
    case Verdict::PcieBound: return true;
    case Verdict::Idle:
    case Verdict::Busy:
    case Verdict::Unknown: return false;
    }
    return false;
}

std::uint8_t verdictCode(Verdict verdict) {
    const auto* at = std::find(std::begin(kVerdicts), std::end(kVerdicts), verdict);
    return static_cast<std::uint8_t>(at - std::begin(kVerdicts));
}

std::optional<Verdict> verdictFromCode(std::uint8_t code) {
    if (code >= std::size(kVerdicts)) return std::nullopt;
    return kVerdicts[code];
}

QString GpuHolder::belongsTo() const {
    if (slurmJob) return QStringLiteral("job %1").arg(*slurmJob);
    if (!container.isEmpty()) return QStringLiteral("container %1").arg(container);
    if (!k8sPodUid.isEmpty()) return QStringLiteral("pod %1").arg(k8sPodUid);
    if (!systemdUnit.isEmpty()) return QStringLiteral("unit %1").arg(systemdUnit);
    return {};
}

const Evidence* GpuVerdict::figure(const QString& name) const {
    for (const Evidence& e : evidence)
        if (e.name == name) return &e;
    return nullptr;
}

bool HostVerdict::hasProblem() const {
    return std::any_of(gpus.begin(), gpus.end(), [](const GpuVerdict& g) { return isProblem(g.verdict); });
}

}  // namespace fleetdeck::utilization
