#pragma once

#include <QComboBox>
#include <QLabel>
#include <QTableView>
#include <QToolButton>
#include <QWidget>
#include <vector>

#include "app/dashboard/gpu_health_model.h"
#include "app/dashboard/host_history_model.h"
#include "app/dashboard/sensor_table_model.h"
#include "app/fleet_model.h"
#include "app/problem.h"
#include "ui/dashboard/chart_panel.h"
#include "ui/dashboard/dashboard_view.h"

namespace fleetdeck {

class ViewHeader;

// One host in depth: 15 minutes of CPU, temperature, per-GPU and network charts, every sensor
// in a table, and the GPUs' health: the findings in words and the readings behind them. Charts can be paused, zoomed (drag across a chart) and exported as PNG.
class HostPage : public QWidget, public DashboardView {
    Q_OBJECT
public:
    HostPage(const TelemetryStore& store, FleetModel& fleet, QWidget* parent = nullptr);

    const DashboardViewKind& kind() const override { return kHostView; }
    QWidget* widget() override { return this; }
    // `argument`: the host to show (--view host:NAME); without one, the first host rather than an
    // empty page when none was chosen yet.
    bool open(const QString& argument) override;
    void showHost(const QString& name);
    QString hostName() const { return history_.hostName(); }
    void refresh(qint64 nowMs) override;
    void setPaused(bool paused);
    bool paused() const { return paused_; }
    void resetZoom();
    // Renders the charts and sensor table to a PNG; false with `error` set when it cannot write.
    Outcome exportPng(const QString& path);
    void exportWithDialog();

    const HostHistoryModel& history() const { return history_; }
    const SensorTableModel& sensors() const { return sensors_; }
    const GpuHealthModel& gpuHealth() const { return gpuHealth_; }
    QString findingsText() const;
    ChartPanel& gpuTempChart() { return *gpuTemp_; }
    QString headerText() const;

private:
    ViewHeader* buildHeader();
    QWidget* buildHealthPanel();
    void updateHealth(const HostRecord& record);
    void rebuildSeries();
    void fillHostChoices();
    void updateHeader(qint64 nowMs);

    FleetModel& fleet_;
    HostHistoryModel history_;
    SensorTableModel sensors_;
    GpuHealthModel gpuHealth_;
    QComboBox* hostChoice_ = nullptr;
    ViewHeader* header_ = nullptr;
    QToolButton* pause_ = nullptr;
    QWidget* chartsArea_ = nullptr;
    ChartPanel* cpuUtil_ = nullptr;
    ChartPanel* cpuTemp_ = nullptr;
    ChartPanel* network_ = nullptr;
    ChartPanel* gpuTemp_ = nullptr;
    ChartPanel* gpuUtil_ = nullptr;
    ChartPanel* gpuPower_ = nullptr;
    ChartPanel* gpuClock_ = nullptr;
    QTableView* sensorTable_ = nullptr;
    QWidget* healthPanel_ = nullptr;
    QLabel* findings_ = nullptr;
    QTableView* healthTable_ = nullptr;
    int seriesGpus_ = -1;
    bool paused_ = false;
};

}  // namespace fleetdeck
