#pragma once

#include <QLabel>
#include <QMainWindow>
#include <QTableView>
#include <QTimer>

#include "app/fleet_model.h"
#include "app/telemetry_store.h"

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
};

}  // namespace fleetdeck
