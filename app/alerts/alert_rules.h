#pragma once

// Which incidents raise a desktop notification, as the operator set them in Preferences, and the
// one decision that applies them. Kept in QSettings, group "alerts" (docs/history.md, "Desktop
// alerts").

#include <cstdint>
#include <set>

#include <QStringList>

#include "app/history/incident.h"

class QSettings;

namespace fleetdeck::alerts {

struct AlertRules {
    history::IncidentSeverity minSeverity = history::IncidentSeverity::Critical;
    std::set<history::IncidentKind> kinds;  // the kinds that notify; empty = every kind
    int minThrottleSeconds = 60;            // a throttle episode notifies once it has lasted this long
    QStringList mutedHosts;                 // inventory names that never notify
    int maxPerMinute = 6;                   // notifications in any 60 s; the rest fold into a summary
    bool enabled = true;

    // Reads group "alerts"; a missing or unreadable key keeps its default.
    static AlertRules load(QSettings& settings);
    void save(QSettings& settings) const;

    bool operator==(const AlertRules&) const = default;
};

// Throttle episodes (thermal, power cap, HW slowdown) notify only once they have lasted
// minThrottleSeconds: a one-second blip never pages anyone.
bool isThrottleKind(history::IncidentKind kind);

enum class AlertDecision {
    Notify,  // notify now
    Wait,    // a throttle episode the rules allow that has not lasted long enough yet: ask again
             // when it is updated (or later, with a later nowMs)
    Skip,    // the rules do not notify this incident (off, kind, severity, muted host, a blip)
};

// Whether `incident`, as it stands at `nowMs` (wall clock, ms since the epoch), notifies. Pure:
// asked when an incident opens and again each time it is updated.
AlertDecision decideAlert(const AlertRules& rules, const history::Incident& incident, std::int64_t nowMs);

}  // namespace fleetdeck::alerts
