#pragma once

#include <functional>
#include <map>
#include <vector>

#include <QString>
#include <QWidget>

#include "app/drift_finding.h"
#include "app/power_feed.h"
#include "app/tuning/current_values_reader.h"
#include "app/tuning/host_plan.h"

namespace fleetdeck {

// What the wizard needs from the rest of the application, plugged in by whoever opens it.
struct TuningWizardHooks {
    // Reads each target host's current values (tune.read). Empty: only what facts tell.
    tuning::ReadCurrentValues readCurrentValues;
    // Starts a push of these plans. Empty (a wizard opened without a fleet, as in tests): the Push
    // button is disabled and says how to apply a saved profile instead.
    std::function<void(const std::vector<tuning::HostPlan>& plans, QWidget* parent)> push;
    // Where profiles are saved; empty means ProfileStore::defaultDirectory().
    QString profileDirectory;
    // A host's last drift check (the settings no longer as pushed), marked in the per-host diff.
    // Empty: the wizard reads it from the telemetry store it was given.
    std::function<HostDrift(const QString& host)> driftOf;
    // Each rack's power feeds, for "fit each rack's power budget". Empty: the saved inventory's.
    std::function<std::map<QString, std::vector<PowerFeed>>()> rackFeeds;
};

}  // namespace fleetdeck
