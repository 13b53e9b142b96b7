#pragma once

#include <QLabel>
#include <QMainWindow>
#include <QPointer>
#include <QTabWidget>
#include <QTimer>
#include <vector>

#include "app/problem.h"
#include "app/fleet_model.h"
#include "app/telemetry_store.h"
#include "app/temperature_band.h"
#include "ui/tuning/tuning_hooks.h"

namespace fleetdeck {

class DashboardView;
class OverviewView;
class HostPage;
class CoolingView;
class RackView;
class UtilizationView;

// The application window: the dashboard views as tabs, in the order of kDashboardViews (View menu,
// Ctrl+1…N), repainted from the models on one timer, never per sample.
class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(TelemetryStore& store, QWidget* parent = nullptr);

    // What showView() and --view take: every dashboard view ("overview", "host:NAME", …) in tab
    // order, then "audit".
    static QStringList viewChoices();

    FleetModel& fleetModel() { return model_; }
    // Pulls fresh data from the store into the models now (the repaint timer does it 4× a second,
    // or as often as Preferences → General says).
    void refreshNow();
    void setRefreshIntervalMs(int ms);
    // Sets the target temperature band (Preferences → General) and redraws what shows it at once:
    // the host page's GPU temperature chart (title and band lines), the tiles, slots and legends.
    void applyTargetBand(TargetBand band);
    int refreshIntervalMs() const { return repaintTimer_.interval(); }
    // Adds a view that needs more than the telemetry store (the latency map): a tab in its place
    // among the others, with its View menu entry. Takes ownership.
    void addView(DashboardView* view);
    // Shows a view by its --view name ("overview", "host:NAME", "cooling"); "audit" opens the audit
    // log over the window (Tools → Audit log). False with `error` set, naming the views this window
    // has, for anything else.
    Outcome showView(const QString& spec);
    void showHost(const QString& name);
    // What --view would take to show the current tab again: "cooling", "host:gpu-07".
    QString currentViewChoice() const;
    // Checks a --view choice before any host has connected: the view must exist and a host page's
    // host must be one of `hosts` (those the app starts with). False with the valid names.
    static Outcome checkViewChoice(const QString& spec, const QStringList& hosts);
    // The host page of `name` over [fromMs, toMs] (an incident from the Events view or a
    // notification), the window raised.
    void showHostAt(const QString& name, qint64 fromMs, qint64 toMs);
    // A lasting warning in the status bar (history not recorded); empty clears it.
    void setRecordingWarning(const QString& sentence);
    QString recordingWarning() const;

    OverviewView& overview() { return *overview_; }
    const OverviewView& overview() const { return *overview_; }
    HostPage& hostPage() { return *hostPage_; }
    CoolingView& cooling() { return *cooling_; }
    RackView& racks() { return *racks_; }
    UtilizationView& utilization() { return *utilization_; }
    // Where features add their entries (audit log, tuning wizard).
    QMenu* toolsMenu();
    // What the tuning wizard uses to read current values and push; set by main().
    void setTuningHooks(TuningWizardHooks hooks) { tuningHooks_ = std::move(hooks); }
    // Tools → Tuning wizard…: returns the opened wizard, or nullptr when the rules did not load.
    QWidget* openTuningWizard();
    // Fleet → Commission a rack…: the wizard over the saved inventory; returns it (nullptr when the
    // inventory does not read, after saying so).
    QWidget* openCommissionWizard();
    // Help → Documentation (F1): the documents in a window of their own, opened once and raised after.
    QWidget* openHelp();
    // View → Full screen (F11).
    void toggleFullScreen();

signals:
    // The user saved the fleet inventory (Fleet → Inventory…).
    void inventorySaved();
    // The user asked to connect a host again (the overview's context menu).
    void reconnectRequested(const QString& name);

private:
    // A view and its View menu entry.
    struct Tab {
        DashboardView* view;
        QAction* menuEntry;
    };

    void buildMenus();
    // Opens `view` with `argument` (see DashboardView::open) and makes it the current tab.
    bool openView(DashboardView& view, const QString& argument);
    DashboardView* currentView() const;

    TelemetryStore& store_;
    FleetModel model_;
    QTabWidget* tabs_ = nullptr;
    std::vector<Tab> views_;  // in tab order
    OverviewView* overview_ = nullptr;
    HostPage* hostPage_ = nullptr;
    CoolingView* cooling_ = nullptr;
    RackView* racks_ = nullptr;
    UtilizationView* utilization_ = nullptr;
    QMenu* view_ = nullptr;
    QAction* viewsEnd_ = nullptr;  // the separator after the views in the View menu
    QMenu* tools_ = nullptr;
    QTimer repaintTimer_;
    QLabel* recordingWarning_ = nullptr;
    TuningWizardHooks tuningHooks_;
    QPointer<QWidget> help_;
    QAction* fullScreen_ = nullptr;
};

}  // namespace fleetdeck
