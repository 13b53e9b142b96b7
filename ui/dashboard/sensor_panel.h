#pragma once

#include <QLabel>
#include <QTableView>

#include "app/dashboard/sensor_table_model.h"
#include "ui/dashboard/host_panel.h"

namespace fleetdeck {

// The host page's sensor table: every reading of the host's last sample (app/dashboard/
// sensor_table_model.h). A host that has sent nothing shows no readings, never the last host's,
// and says why over the empty table.
class SensorPanel : public HostPanel {
    Q_OBJECT
public:
    explicit SensorPanel(QWidget* parent = nullptr);

    void showRecord(const HostRecord* record) override;
    const SensorTableModel& model() const { return model_; }

private:
    SensorTableModel model_;
    QTableView* table_ = nullptr;
    QLabel* empty_ = nullptr;  // over the empty table
};

}  // namespace fleetdeck
