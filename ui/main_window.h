#pragma once

#include <QMainWindow>
#include <QTabWidget>
#include <QTimer>

#include "app/fleet_model.h"
#include "app/telemetry_store.h"
#include "ui/tuning/tuning_hooks.h"

namespace fleetdeck {

class OverviewView;
class HostPage;
class CoolingView;
class RackView;
class LatencyView;

// The application window: the dashboard views as tabs (View menu, Ctrl+1…4), repainted from the
// models on one timer, never per sample.
class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    enum class View { Overview, Host, Cooling, Racks };

    explicit MainWindow(TelemetryStore& store, QWidget* parent = nullptr);

    FleetModel& fleetModel() { return model_; }
    // Pulls fresh data from the store into the models now (the repaint timer does it 4× a second).
    void refreshNow();
    void showView(View view);
    // "overview", "host:NAME", "cooling" or "racks"; false with `error` set for anything else.
    bool showView(const QString& spec, QString* error);
    void showHost(const QString& name);

    OverviewView& overview() { return *overview_; }
    HostPage& hostPage() { return *hostPage_; }
    CoolingView& cooling() { return *cooling_; }
    RackView& racks() { return *racks_; }
    // Adds the latency map as a tab (View → Latency map, Ctrl+5; --view latency). Takes ownership.
    void addLatencyView(LatencyView* view);
    LatencyView* latency() { return latency_; }
    // Where features add their entries (audit log, tuning wizard).
    QMenu* toolsMenu();
    // What the tuning wizard uses to read current values and push; set by main().
    void setTuningHooks(TuningWizardHooks hooks) { tuningHooks_ = std::move(hooks); }
    // Tools → Tuning wizard…: returns the opened wizard, or nullptr when the rules did not load.
    QWidget* openTuningWizard();

signals:
    // The user saved the fleet inventory (Fleet → Inventory…).
    void inventorySaved();
    // The user asked to connect a host again (the overview's context menu).
    void reconnectRequested(const QString& name);

private:
    void buildMenus();

    TelemetryStore& store_;
    FleetModel model_;
    QTabWidget* tabs_ = nullptr;
    OverviewView* overview_ = nullptr;
    HostPage* hostPage_ = nullptr;
    CoolingView* cooling_ = nullptr;
    RackView* racks_ = nullptr;
    LatencyView* latency_ = nullptr;
    QMenu* view_ = nullptr;
    QMenu* tools_ = nullptr;
    QTimer repaintTimer_;
    TuningWizardHooks tuningHooks_;
};

}  // namespace fleetdeck
