#include "app/alerts/alert_rules.h"

#include <QSettings>

namespace fleetdeck::alerts {
namespace {

// The keys under group "alerts". Kinds and severities are stored by their stable names
// (incident.h), so the file reads the same as the JSON and docs/history.md.
const QString kGroup = QStringLiteral("alerts");
const QString kEnabled = QStringLiteral("enabled");
const QString kMinSeverity = QStringLiteral("min_severity");
const QString kKinds = QStringLiteral("kinds");
const QString kMinThrottleSeconds = QStringLiteral("min_throttle_s");
const QString kMutedHosts = QStringLiteral("muted_hosts");
const QString kMaxPerMinute = QStringLiteral("max_per_minute");

// Reads an int key; a missing or non-numeric value, or one below `minimum`, keeps `fallback`.
int readInt(const QSettings& settings, const QString& key, int fallback, int minimum) {
    bool ok = false;
    const int value = settings.value(key).toInt(&ok);
    return ok && value >= minimum ? value : fallback;
}

}  // namespace

AlertRules AlertRules::load(QSettings& settings) {
    AlertRules rules;
    settings.beginGroup(kGroup);
    rules.enabled = settings.value(kEnabled, rules.enabled).toBool();
    if (const auto severity = history::incidentSeverityFromString(settings.value(kMinSeverity).toString()))
        rules.minSeverity = *severity;
    for (const QString& name : settings.value(kKinds).toStringList())
        if (const auto kind = history::incidentKindFromString(name)) rules.kinds.insert(*kind);
    rules.minThrottleSeconds = readInt(settings, kMinThrottleSeconds, rules.minThrottleSeconds, 0);
    rules.maxPerMinute = readInt(settings, kMaxPerMinute, rules.maxPerMinute, 1);
    rules.mutedHosts = settings.value(kMutedHosts).toStringList();
    settings.endGroup();
    return rules;
}

void AlertRules::save(QSettings& settings) const {
    settings.beginGroup(kGroup);
    settings.setValue(kEnabled, enabled);
    settings.setValue(kMinSeverity, history::toString(minSeverity));
    QStringList kindNames;
    for (const history::IncidentKind kind : kinds) kindNames << history::toString(kind);
    settings.setValue(kKinds, kindNames);
    settings.setValue(kMinThrottleSeconds, minThrottleSeconds);
    settings.setValue(kMutedHosts, mutedHosts);
    settings.setValue(kMaxPerMinute, maxPerMinute);
    settings.endGroup();
}

bool isThrottleKind(history::IncidentKind kind) {
    return kind == history::IncidentKind::ThermalThrottle || kind == history::IncidentKind::PowerThrottle ||
           kind == history::IncidentKind::HwSlowdown;
}

AlertDecision decideAlert(const AlertRules& rules, const history::Incident& incident, std::int64_t nowMs) {
    if (!rules.enabled) return AlertDecision::Skip;
    if (!rules.kinds.empty() && !rules.kinds.contains(incident.kind)) return AlertDecision::Skip;
    if (incident.severity < rules.minSeverity) return AlertDecision::Skip;
    if (rules.mutedHosts.contains(incident.host)) return AlertDecision::Skip;
    if (isThrottleKind(incident.kind) &&
        incident.durationMs(nowMs) < std::int64_t{rules.minThrottleSeconds} * 1000)
        return incident.open() ? AlertDecision::Wait : AlertDecision::Skip;
    return AlertDecision::Notify;
}

}  // namespace fleetdeck::alerts
