#include "app/host_health.h"

#include <QCoreApplication>

#include "app/temperature_band.h"

namespace fleetdeck {
namespace {

using Level = HostHealth::Level;

// CPU packages run hotter than GPUs by design; past this they are close to TjMax.
constexpr double kCpuHotC = 90.0;

std::optional<HostHealth> connectionProblem(HostState state, const QString& reason) {
    switch (state) {
    case HostState::Connected: return std::nullopt;
    case HostState::Idle:
    case HostState::Connecting: return HostHealth{Level::Unknown, QCoreApplication::translate("HostHealth", "connecting"), reason};
    case HostState::Stale: return HostHealth{Level::Warning, QCoreApplication::translate("HostHealth", "stale"), reason};
    case HostState::Offline: return HostHealth{Level::Critical, QCoreApplication::translate("HostHealth", "offline"), reason};
    case HostState::AuthFailed: return HostHealth{Level::Critical, QCoreApplication::translate("HostHealth", "login refused"), reason};
    case HostState::HostKeyUnknown: return HostHealth{Level::Warning, QCoreApplication::translate("HostHealth", "host key?"), reason};
    case HostState::HostKeyChanged: return HostHealth{Level::Critical, QCoreApplication::translate("HostHealth", "host key changed"), reason};
    case HostState::Incompatible: return HostHealth{Level::Critical, QCoreApplication::translate("HostHealth", "incompatible"), reason};
    case HostState::Misbehaving: return HostHealth{Level::Critical, QCoreApplication::translate("HostHealth", "agent error"), reason};
    }
    return std::nullopt;
}

QString degrees(double c) { return QStringLiteral("%1 °C").arg(c, 0, 'f', 0); }

// A hot GPU's evidence gains the air it breathes (docs/power.md): a cool inlet points into the
// server, a hot one at the room.
QString inletEvidence(const std::optional<double>& inletC) {
    return inletC ? QCoreApplication::translate("HostHealth", "; inlet air %1").arg(degrees(*inletC)) : QString();
}

std::optional<HostHealth> gpuProblem(const GpuSample& g, const std::optional<double>& inletC) {
    const auto band = temperatureBand(g.temp_c, g.temp_slowdown_c);
    const QStringList throttle = throttleReasons(g);
    if (band == TemperatureBand::Slowdown || thermalThrottled(g)) {
        QString why = QCoreApplication::translate("HostHealth", "GPU %1").arg(g.index);
        if (g.temp_c) why += QCoreApplication::translate("HostHealth", " at %1").arg(degrees(*g.temp_c));
        if (g.temp_slowdown_c) why += QCoreApplication::translate("HostHealth", " (slowdown at %1)").arg(degrees(*g.temp_slowdown_c));
        if (!worstThrottle(throttle).isEmpty())
            why += QCoreApplication::translate("HostHealth", ": %1, clocks reduced").arg(throttleLabel(worstThrottle(throttle)));
        return HostHealth{Level::Critical, QCoreApplication::translate("HostHealth", "thermal"), why + inletEvidence(inletC)};
    }
    if (throttle.contains(QStringLiteral("hw_power_brake")))
        return HostHealth{Level::Critical, QCoreApplication::translate("HostHealth", "power brake"),
                          QCoreApplication::translate("HostHealth", "GPU %1: the power supply asked for an emergency slowdown").arg(g.index)};
    if (band == TemperatureBand::Hot)
        return HostHealth{Level::Warning, QCoreApplication::translate("HostHealth", "hot"),
                          QCoreApplication::translate("HostHealth", "GPU %1 at %2, above the 60–80 °C target band").arg(g.index).arg(degrees(*g.temp_c)) +
                              inletEvidence(inletC)};
    if (linkNarrowed(g))
        return HostHealth{Level::Warning, QCoreApplication::translate("HostHealth", "PCIe x%1").arg(*g.pcie_width),
                          QCoreApplication::translate("HostHealth", "GPU %1 trained at PCIe x%2 of x%3: reseat the card or check the riser")
                              .arg(g.index).arg(*g.pcie_width).arg(*g.pcie_width_max)};
    return std::nullopt;
}

}  // namespace

HostHealth assessHealth(HostState state, const QString& stateReason, const HostSummary& summary, bool hasSample,
                        const std::vector<GpuFinding>& findings) {
    if (auto problem = connectionProblem(state, stateReason)) return *problem;
    if (!hasSample) return {Level::Unknown, QCoreApplication::translate("HostHealth", "no data"), QCoreApplication::translate("HostHealth", "waiting for the first sample")};
    std::optional<HostHealth> worst;
    if (!findings.empty()) {  // worst first; the word says how many more there are
        const GpuFinding& f = findings.front();
        QString word = findingWord(f);
        if (findings.size() > 1) word = QCoreApplication::translate("HostHealth", "%1 (+%2)").arg(word).arg(findings.size() - 1);
        worst = HostHealth{f.severity == FindingSeverity::Critical ? Level::Critical : Level::Warning, word, f.shownText};
    }
    for (const GpuSample& g : summary.gpus) {
        const auto p = gpuProblem(g, summary.inletC);
        if (p && (!worst || p->level > worst->level)) worst = p;
    }
    if (!worst && summary.hottestCpuTempC && *summary.hottestCpuTempC >= kCpuHotC)
        worst = HostHealth{Level::Warning, QCoreApplication::translate("HostHealth", "CPU hot"),
                           QCoreApplication::translate("HostHealth", "%1 at %2").arg(summary.hottestCpuSensor, degrees(*summary.hottestCpuTempC))};
    if (worst) return *worst;
    return {Level::Ok, QCoreApplication::translate("HostHealth", "ok"), QCoreApplication::translate("HostHealth", "all readings within their bands")};
}

QString levelName(HostHealth::Level level) {
    switch (level) {
    case Level::Unknown: return QStringLiteral("unknown");
    case Level::Ok: return QStringLiteral("ok");
    case Level::Warning: return QStringLiteral("warning");
    case Level::Critical: return QStringLiteral("critical");
    }
    return {};
}

}  // namespace fleetdeck
