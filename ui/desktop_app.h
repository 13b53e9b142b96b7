#pragma once

#include <QSettings>

#include <map>
#include <memory>
#include <vector>

#include "app/alerts/desktop_notifier.h"
#include "app/fleet_thread.h"
#include "app/history/history_recorder.h"
#include "app/latency/latency_store.h"
#include "app/power_feed.h"
#include "app/quit_signals.h"
#include "app/secrets/secret_store.h"
#include "ui/desktop_options.h"
#include "ui/desktop_preferences.h"
#include "ui/history/prometheus_settings.h"
#include "ui/main_window.h"

namespace fleetdeck {

class AuditViewer;
class EventsView;
class LatencyMesh;
class LatencyView;
class PushLauncher;
class RackModel;
class RecordedIncidents;
class SharedSimulators;
namespace drift {
class DriftMonitor;
}

// The desktop app put together: the fleet thread and the stores it feeds, the history recorder,
// the main window with its views, preferences, the keyring, notifications, pushes and drift.
// The constructor wires them; run() opens the window, connects the hosts and runs the event loop.
//
// The members are declared in the order they start, so they stop in the reverse one: the window
// before the fleet thread that feeds it, the fleet thread (which ends the agents) before the
// recorder it writes to, and the quit-by-signal handler last of all, so that a second signal
// cannot cut the history's last write short.
class DesktopApp {
public:
    explicit DesktopApp(DesktopOptions options);
    ~DesktopApp();
    DesktopApp(const DesktopApp&) = delete;
    DesktopApp& operator=(const DesktopApp&) = delete;

    // The exit status: 0 after a quit or a screenshot, 1 when the screenshot could not be saved,
    // 2 when --view names a view the window cannot show.
    int run();

private:
    // What the process needs before anything starts: the signals that quit, the open-file limit,
    // the connection diagnostics log, the history's queued types.
    struct ProcessSetup {
        ProcessSetup();
        QuitSignals quitSignals;
    };

    void addLatencyView();
    void addEventsView();
    void startNotifier();
    void loadPrometheus();
    void useStoredHistory(const history::Retention& retention);
    void useRecordedUsage();
    void editPreferences();
    void keepPrometheusSecret(const PrometheusSettings& chosen);
    void addPushActions();
    int showStartView();
    void connectHosts();
    void followInventory(bool firstStart);
    void setRackFeeds(const std::map<QString, std::vector<PowerFeed>>& feeds);
    void watchRackPower();
    void takeScreenshotLater();

    DesktopOptions options_;
    ProcessSetup process_;
    LatencyStore latencyStore_;  // outlives the fleet thread, whose mesh writes to it
    history::RecorderOptions recording_;
    history::HistoryRecorder recorder_;  // outlives the fleet thread, which feeds it
    // Simulated hosts (the demo racks, --demo-hosts, sim: hosts of an inventory) are served many
    // to an agent process, as the benchmarks serve them (app/dashboard/shared_simulators.h).
    std::shared_ptr<SharedSimulators> simulators_;  // outlives the fleet thread's transports
    FleetThread fleet_;
    QSettings settings_;
    DesktopPreferences general_;
    MainWindow window_;
    LatencyMesh* mesh_ = nullptr;                   // the fleet thread's
    LatencyView* latencyView_ = nullptr;            // the window's
    EventsView* eventsView_ = nullptr;              // the window's
    drift::DriftMonitor* driftMonitor_ = nullptr;   // the fleet thread's
    PushLauncher* pushes_ = nullptr;                // the window's
    std::shared_ptr<RecordedIncidents> incidents_;  // shared with the Events view; its thread ends with the last copy
    secrets::SecretStore keyring_;
    PrometheusSettings prometheus_;
    alerts::DesktopNotifier notifier_;
    std::unique_ptr<AuditViewer> auditViewer_;  // --view audit --screenshot renders it alone
    // The racks' power and air, judged every 10 s whichever view is shown: its findings become
    // incidents (docs/power.md). The Racks view has a model of its own, refreshed while it shows.
    std::unique_ptr<RackModel> rackPower_;
};

}  // namespace fleetdeck
