#include "app/alerts/alert_rules.h"

#include <gtest/gtest.h>

#include <QSettings>

#include "tests/support/temp_dir.h"

namespace fleetdeck::alerts {
namespace {

using history::Incident;
using history::IncidentKind;
using history::IncidentSeverity;

constexpr std::int64_t kStartMs = 1'700'000'000'000;

Incident openIncident(IncidentKind kind, IncidentSeverity severity, const QString& host = QStringLiteral("gpu-a3")) {
    Incident incident;
    incident.host = host;
    incident.kind = kind;
    incident.severity = severity;
    incident.startMs = kStartMs;
    return incident;
}

TEST(AlertRules, DefaultsNotifyCriticalIncidentsOfEveryKind) {
    const AlertRules rules;
    EXPECT_EQ(decideAlert(rules, openIncident(IncidentKind::GpuHealth, IncidentSeverity::Critical), kStartMs),
              AlertDecision::Notify);
    EXPECT_EQ(decideAlert(rules, openIncident(IncidentKind::HostOffline, IncidentSeverity::Critical), kStartMs),
              AlertDecision::Notify);
    EXPECT_EQ(decideAlert(rules, openIncident(IncidentKind::GpuHealth, IncidentSeverity::Warning), kStartMs),
              AlertDecision::Skip);
    EXPECT_EQ(decideAlert(rules, openIncident(IncidentKind::Push, IncidentSeverity::Info), kStartMs),
              AlertDecision::Skip);
}

TEST(AlertRules, KindsSeverityMutedHostsAndTheSwitchFilter) {
    AlertRules rules;
    rules.minSeverity = IncidentSeverity::Warning;
    rules.kinds = {IncidentKind::Fan, IncidentKind::PcieDowngrade};
    rules.mutedHosts = {QStringLiteral("gpu-b1")};
    EXPECT_EQ(decideAlert(rules, openIncident(IncidentKind::Fan, IncidentSeverity::Warning), kStartMs),
              AlertDecision::Notify);
    EXPECT_EQ(decideAlert(rules, openIncident(IncidentKind::GpuHealth, IncidentSeverity::Critical), kStartMs),
              AlertDecision::Skip);
    EXPECT_EQ(decideAlert(rules, openIncident(IncidentKind::Fan, IncidentSeverity::Info), kStartMs),
              AlertDecision::Skip);
    EXPECT_EQ(decideAlert(rules, openIncident(IncidentKind::Fan, IncidentSeverity::Critical, QStringLiteral("gpu-b1")),
                          kStartMs),
              AlertDecision::Skip);
    rules.enabled = false;
    EXPECT_EQ(decideAlert(rules, openIncident(IncidentKind::Fan, IncidentSeverity::Critical), kStartMs),
              AlertDecision::Skip);
}

TEST(AlertRules, AThrottleEpisodeWaitsUntilItHasLastedTheMinimum) {
    const AlertRules rules;  // 60 s
    Incident episode = openIncident(IncidentKind::ThermalThrottle, IncidentSeverity::Critical);
    EXPECT_EQ(decideAlert(rules, episode, kStartMs), AlertDecision::Wait);
    EXPECT_EQ(decideAlert(rules, episode, kStartMs + 59'999), AlertDecision::Wait);
    EXPECT_EQ(decideAlert(rules, episode, kStartMs + 60'000), AlertDecision::Notify);

    // Closed: a blip never notifies; an episode that lasted the minimum does, whatever the time now.
    episode.endMs = kStartMs + 1'000;
    EXPECT_EQ(decideAlert(rules, episode, kStartMs + 600'000), AlertDecision::Skip);
    episode.endMs = kStartMs + 75'000;
    EXPECT_EQ(decideAlert(rules, episode, kStartMs + 600'000), AlertDecision::Notify);

    // The other throttle kinds too, and not the kinds that are not episodes.
    EXPECT_EQ(decideAlert(rules, openIncident(IncidentKind::PowerThrottle, IncidentSeverity::Critical), kStartMs),
              AlertDecision::Wait);
    EXPECT_EQ(decideAlert(rules, openIncident(IncidentKind::HwSlowdown, IncidentSeverity::Critical), kStartMs),
              AlertDecision::Wait);
    EXPECT_FALSE(isThrottleKind(IncidentKind::Fan));
}

TEST(AlertRules, RoundTripsThroughQSettings) {
    test::TempDir dir;
    const QString path = QString::fromStdString((dir.path() / "fleetdeck.ini").string());
    AlertRules rules;
    rules.minSeverity = IncidentSeverity::Warning;
    rules.kinds = {IncidentKind::ThermalThrottle, IncidentKind::HostOffline, IncidentKind::Rollback};
    rules.minThrottleSeconds = 120;
    rules.mutedHosts = {QStringLiteral("gpu-a3"), QStringLiteral("lab, rack 2")};
    rules.maxPerMinute = 3;
    rules.enabled = false;
    {
        QSettings settings(path, QSettings::IniFormat);
        rules.save(settings);
    }
    QSettings settings(path, QSettings::IniFormat);
    EXPECT_EQ(settings.value(QStringLiteral("alerts/min_severity")).toString(), QStringLiteral("warning"));
    const AlertRules loaded = AlertRules::load(settings);
    EXPECT_EQ(loaded, rules);

    // A single muted host and no kinds survive as well (an INI list of one, an empty list).
    rules.mutedHosts = {QStringLiteral("gpu-c1")};
    rules.kinds.clear();
    rules.save(settings);
    settings.sync();
    QSettings reread(path, QSettings::IniFormat);
    EXPECT_EQ(AlertRules::load(reread), rules);
}

TEST(AlertRules, MissingOrUnreadableValuesKeepTheDefaults) {
    test::TempDir dir;
    const QString path = QString::fromStdString((dir.path() / "fleetdeck.ini").string());
    {
        QSettings empty(path, QSettings::IniFormat);
        EXPECT_EQ(AlertRules::load(empty), AlertRules{});
    }
    dir.write("fleetdeck.ini",
              "[alerts]\nmin_severity=dire\nkinds=fan, teleport\nmin_throttle_s=-5\nmax_per_minute=zero\n");
    QSettings settings(path, QSettings::IniFormat);
    const AlertRules loaded = AlertRules::load(settings);
    EXPECT_EQ(loaded.minSeverity, IncidentSeverity::Critical);
    EXPECT_EQ(loaded.kinds, std::set<IncidentKind>{IncidentKind::Fan});  // the unknown name is dropped
    EXPECT_EQ(loaded.minThrottleSeconds, 60);
    EXPECT_EQ(loaded.maxPerMinute, 6);
}

}  // namespace
}  // namespace fleetdeck::alerts
