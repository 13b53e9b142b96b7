#pragma once

#include <QLabel>
#include <QMainWindow>
#include <QTableView>
#include <QTimer>

#include "app/fleet_model.h"
#include "app/telemetry_store.h"
#include "ui/tuning/tuning_hooks.h"

namespace fleetdeck {

// The application window: the fleet list now; the dashboard views are added as tabs.
class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(TelemetryStore& store, QWidget* parent = nullptr);

    FleetModel& fleetModel() { return model_; }
    QTableView& fleetTable() { return *table_; }
    // Pulls fresh data from the store into the models now (the repaint timer does it 4× a second).
    void refreshNow();
    // What the tuning wizard uses to read current values and push; set by main().
    void setTuningHooks(TuningWizardHooks hooks) { tuningHooks_ = std::move(hooks); }
    // Tools → Tuning wizard…: returns the opened wizard, or nullptr when the rules did not load.
    QWidget* openTuningWizard();

signals:
    // The user saved the fleet inventory (Fleet → Inventory…).
    void inventorySaved();

private:
    void buildMenus();
    void updateHeader();

    TelemetryStore& store_;
    FleetModel model_;
    QTableView* table_ = nullptr;
    QLabel* header_ = nullptr;
    QTimer repaintTimer_;
    TuningWizardHooks tuningHooks_;
};

}  // namespace fleetdeck
