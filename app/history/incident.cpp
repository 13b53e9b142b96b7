#include "app/history/incident.h"

#include <algorithm>
#include <array>

#include <QCoreApplication>
#include <utility>

namespace fleetdeck::history {
namespace {

constexpr std::array<std::pair<IncidentKind, const char*>, 15> kKindNames{{
    {IncidentKind::ThermalThrottle, "thermal_throttle"},
    {IncidentKind::PowerThrottle, "power_throttle"},
    {IncidentKind::HwSlowdown, "hw_slowdown"},
    {IncidentKind::GpuHealth, "gpu_health"},
    {IncidentKind::PcieDowngrade, "pcie_downgrade"},
    {IncidentKind::Fan, "fan"},
    {IncidentKind::HostOffline, "host_offline"},
    {IncidentKind::Latency, "latency"},
    {IncidentKind::Push, "push"},
    {IncidentKind::Rollback, "rollback"},
    {IncidentKind::Commissioning, "commissioning"},
    {IncidentKind::Drift, "drift"},
    {IncidentKind::HeldIdle, "held_idle"},
    {IncidentKind::Bottleneck, "bottleneck"},
    {IncidentKind::Power, "power"},
}};

constexpr std::array<std::pair<IncidentSeverity, const char*>, 3> kSeverityNames{{
    {IncidentSeverity::Info, "info"},
    {IncidentSeverity::Warning, "warning"},
    {IncidentSeverity::Critical, "critical"},
}};

template <typename Enum, std::size_t N>
QString nameOf(const std::array<std::pair<Enum, const char*>, N>& table, Enum value) {
    for (const auto& [v, name] : table)
        if (v == value) return QString::fromLatin1(name);
    return {};
}

template <typename Enum, std::size_t N>
std::optional<Enum> valueOf(const std::array<std::pair<Enum, const char*>, N>& table, const QString& name) {
    for (const auto& [v, n] : table)
        if (name == QLatin1String(n)) return v;
    return std::nullopt;
}

}  // namespace

QString toString(IncidentKind kind) { return nameOf(kKindNames, kind); }
QString toString(IncidentSeverity severity) { return nameOf(kSeverityNames, severity); }
std::optional<IncidentKind> incidentKindFromString(const QString& name) { return valueOf(kKindNames, name); }
std::optional<IncidentSeverity> incidentSeverityFromString(const QString& name) {
    return valueOf(kSeverityNames, name);
}

QString durationText(std::int64_t ms) {
    const std::int64_t s = std::max<std::int64_t>(0, ms / 1000);
    if (s < 60) return QCoreApplication::translate("Incident", "%1 s").arg(s);
    if (s < 3600) return QCoreApplication::translate("Incident", "%1 min %2 s").arg(s / 60).arg(s % 60);
    if (s < 86400) return QCoreApplication::translate("Incident", "%1 h %2 min").arg(s / 3600).arg(s % 3600 / 60);
    return QCoreApplication::translate("Incident", "%1 d %2 h").arg(s / 86400).arg(s % 86400 / 3600);
}

}  // namespace fleetdeck::history
