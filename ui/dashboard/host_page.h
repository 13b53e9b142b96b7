#pragma once

#include <QComboBox>
#include <QToolButton>
#include <QWidget>

#include <iterator>
#include <memory>
#include <utility>
#include <vector>

#include "app/dashboard/host_history_model.h"
#include "app/fleet_model.h"
#include "app/problem.h"
#include "ui/dashboard/connection_log_panel.h"
#include "ui/dashboard/dashboard_view.h"
#include "ui/dashboard/drift_panel.h"
#include "ui/dashboard/gpu_health_panel.h"
#include "ui/dashboard/gpu_processes_panel.h"
#include "ui/dashboard/host_charts.h"
#include "ui/dashboard/platform_panel.h"
#include "ui/dashboard/sensor_panel.h"
#include "ui/dashboard/software_panel.h"

namespace fleetdeck {

class ViewHeader;

// One host in depth. It opens on the live charts (HostCharts: GPU temperature, power and clock
// first, over a chosen range); below them, scrolling with them, its panels in this order: the GPUs'
// health, the processes on each GPU, drift from what was pushed, the system software, the platform
// and every sensor; under them, always one click away, the Connection log. The header names the host with its state and
// health in words, and holds the host choice, the range, Pause, Reset zoom and Export PNG.
// The page only composes: each section is a panel of its own (ui/dashboard/*_panel.h), handed the
// host's record at every refresh.
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
    // Stops updating the whole page (View ▸ Pause charts); the header says "paused".
    void setPaused(bool paused);
    bool paused() const { return paused_; }
    QString headerText() const;
    // Shows [fromMs, toMs] of `host`, not live (an incident from the Events view).
    void showTimeRange(const QString& host, qint64 fromMs, qint64 toMs);
    // Renders the page as shown to a PNG; a problem when it cannot write.
    Outcome exportPng(const QString& path);
    void exportWithDialog();

    // The panels, top to bottom.
    HostCharts& charts() { return *charts_; }
    GpuHealthPanel& gpuHealthPanel() { return *health_; }
    GpuProcessesPanel& gpuProcessesPanel() { return *processes_; }
    DriftPanel& driftPanel() { return *drift_; }
    SoftwarePanel& softwarePanel() { return *software_; }
    PlatformPanel& platformPanel() { return *platform_; }
    SensorPanel& sensorPanel() { return *sensors_; }
    ConnectionLogPanel& connectionLog() { return *connectionLog_; }

    // What the panels show and do, by the names the window and the tests use.
    static constexpr const qint64 (&kRangesMs)[std::size(HostCharts::kRangesMs)] = HostCharts::kRangesMs;
    void setStoredHistory(std::shared_ptr<const StoredHistory> stored) { charts_->setStoredHistory(std::move(stored)); }
    void setRange(qint64 spanMs) { charts_->setRange(spanMs); }
    void resetZoom() { charts_->resetZoom(); }
    bool liveRange() const { return charts_->liveRange(); }
    std::pair<qint64, qint64> timeWindow(qint64 nowMs) const { return charts_->timeWindow(nowMs); }
    QString sourceText() const { return charts_->sourceText(); }
    bool loading() const { return charts_->loading(); }
    void targetBandChanged() { charts_->targetBandChanged(); }
    QString gpuTemperatureTitle() const { return charts_->gpuTemperatureTitle(); }
    ChartPanel& gpuTempChart() { return charts_->gpuTempChart(); }
    const HostHistoryModel& history() const { return history_; }
    const SensorTableModel& sensors() const { return sensors_->model(); }
    const GpuHealthModel& gpuHealth() const { return health_->model(); }
    QString findingsText() const { return health_->findingsText(); }
    // The Platform section as "Fact: Value [Status]" lines; empty before the host's facts arrive.
    QString platformText() const { return platform_->isHidden() ? QString() : platform_->model().text(); }
    QString softwareText() const { return software_->text(); }
    QString driftSummaryText() const { return drift_->summaryText(); }
    const QTableWidget& driftTable() const { return drift_->table(); }
    QPushButton& driftButton(DriftAction action) { return drift_->button(action); }
    QString driftStatusText() const { return drift_->statusText(); }
    void setDriftActionStatus(const QString& host, const QString& text, bool busy) { drift_->setActionStatus(host, text, busy); }
    QString connectionLogText() const { return connectionLog_->text(); }
    void setConnectionLogExpanded(bool expanded) { connectionLog_->setExpanded(expanded); }
    bool connectionLogExpanded() const { return connectionLog_->expanded(); }
    void copyConnectionLog() { connectionLog_->copy(); }

signals:
    // The operator pressed a drift button (DriftPanel::actionRequested).
    void driftActionRequested(fleetdeck::DriftAction action, const QString& host,
                              const std::vector<fleetdeck::drift::DriftFinding>& findings);

private:
    void makeHeaderControls();
    ViewHeader* buildHeader();
    void fillHostChoices();
    void updateHeader(qint64 nowMs);

    FleetModel& fleet_;
    HostHistoryModel history_;
    ViewHeader* header_ = nullptr;
    QComboBox* hostChoice_ = nullptr;
    QToolButton* pause_ = nullptr;
    QToolButton* export_ = nullptr;
    HostCharts* charts_ = nullptr;
    GpuHealthPanel* health_ = nullptr;
    GpuProcessesPanel* processes_ = nullptr;
    DriftPanel* drift_ = nullptr;
    SoftwarePanel* software_ = nullptr;
    PlatformPanel* platform_ = nullptr;
    SensorPanel* sensors_ = nullptr;
    std::vector<HostPanel*> panels_;  // below the charts, top to bottom
    ConnectionLogPanel* connectionLog_ = nullptr;
    bool paused_ = false;
};

}  // namespace fleetdeck
