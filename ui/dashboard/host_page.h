#pragma once

#include <QComboBox>
#include <QPushButton>
#include <QTableWidget>
#include <QFutureWatcher>
#include <QLabel>
#include <QPlainTextEdit>
#include <QTableView>
#include <QToolButton>
#include <QWidget>
#include <map>
#include <vector>

#include "app/dashboard/gpu_health_model.h"
#include "app/dashboard/host_history_model.h"
#include "app/dashboard/sensor_table_model.h"
#include "app/dashboard/stored_history.h"
#include "app/diagnostics.h"
#include "app/fleet_model.h"
#include "app/problem.h"
#include "ui/dashboard/chart_panel.h"
#include "ui/dashboard/dashboard_view.h"

namespace fleetdeck {

class ViewHeader;
class PlatformPanel;

// What the drift section's buttons ask for (docs/drift.md, "In the app").
enum class DriftAction {
    Reapply,         // push the drifted settings again, audited as a re-apply of their push
    MakePersistent,  // a persistent push of the settings a reboot dropped
    AcceptCurrent,   // record in the audit log that the current values are the desired ones
};

// One host in depth: CPU, temperature, per-GPU and network charts over a chosen range (the last
// 15 minutes live from the store's ring; up to 30 days from the history store), every sensor in a
// table, and the GPUs' health: the findings in words and the readings behind them. Charts can be
// paused, zoomed (drag across a chart, Ctrl+wheel), panned (wheel, arrow keys) and exported as PNG.
// Its drift section lists the pushed settings the host no longer has, each with what happened, and
// offers Re-apply, Make persistent and Accept current (driftActionRequested; ui/drift_controller.h
// carries them out and reports back through setDriftActionStatus).
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
    // The target band changed (Preferences → General): the GPU temperature chart's title and its
    // dashed band lines follow at once.
    void targetBandChanged();
    QString gpuTemperatureTitle() const;
    bool paused() const { return paused_; }
    // Back to the chosen range, live.
    void resetZoom();

    // The ranges the selector offers, live (ending now).
    static constexpr qint64 kRangesMs[] = {15 * 60'000LL, 3600'000LL, 6 * 3600'000LL, 24 * 3600'000LL,
                                           7 * 24 * 3600'000LL, 30 * 24 * 3600'000LL};
    // Where ranges beyond the live ring come from; none: the ring alone.
    void setStoredHistory(std::shared_ptr<const StoredHistory> stored);
    // Shows the last `spanMs` (one of kRangesMs), live.
    void setRange(qint64 spanMs);
    // Shows [fromMs, toMs] of `host`, not live (an incident from the Events view, a zoom).
    void showTimeRange(const QString& host, qint64 fromMs, qint64 toMs);
    bool liveRange() const { return live_; }
    std::pair<qint64, qint64> timeWindow(qint64 nowMs) const;
    // The sentence under the charts' header saying where the points come from.
    QString sourceText() const { return source_->text(); }
    // True while a range is being read from the history store.
    bool loading() const { return loadWatcher_.isRunning(); }
    // Renders the charts and sensor table to a PNG; false with `error` set when it cannot write.
    Outcome exportPng(const QString& path);
    void exportWithDialog();

    const HostHistoryModel& history() const { return history_; }
    const SensorTableModel& sensors() const { return sensors_; }
    const GpuHealthModel& gpuHealth() const { return gpuHealth_; }
    QString findingsText() const;
    // The Platform section as "Fact: Value [Status]" lines; empty before the host's facts arrive.
    QString platformText() const;
    ChartPanel& gpuTempChart() { return *gpuTemp_; }
    QString headerText() const;
    // The Connection log: this host's diagnostics (diagnosticBufferFor()), newest last, plain text.
    QString connectionLogText() const { return connectionLog_->toPlainText(); }
    void setConnectionLogExpanded(bool expanded);
    bool connectionLogExpanded() const;
    // Puts the Connection log on the clipboard (its Copy button).
    void copyConnectionLog();

    // The drift section as shown: a sentence, one row per finding (setting, cause, sentence).
    QString driftSummaryText() const;
    const QTableWidget& driftTable() const { return *driftTable_; }
    QPushButton& driftButton(DriftAction action);
    QString driftStatusText() const;
    // The "System software" section as shown, one line per fact (SoftwareFactsText); empty while
    // the host has sent no facts.
    QString softwareText() const;
    // Progress or the outcome of a drift action of `host` (shown when that host is shown); `busy`
    // keeps the buttons disabled until the action ends.
    void setDriftActionStatus(const QString& host, const QString& text, bool busy);

signals:
    // The operator pressed a drift button: `findings` are the selected rows, or every finding
    // the action applies to when none is selected.
    void driftActionRequested(fleetdeck::DriftAction action, const QString& host,
                              const std::vector<fleetdeck::drift::DriftFinding>& findings);

private:
    ViewHeader* buildHeader();
    QWidget* buildHealthPanel();
    QWidget* buildDriftPanel();
    QWidget* buildSoftwarePanel();
    void updateSoftware(const HostRecord& record);
    void updateDrift(const HostRecord& record);
    std::vector<drift::DriftFinding> findingsFor(DriftAction action) const;
    QWidget* buildConnectionLog();
    void updateConnectionLog();
    void updateHealth(const HostRecord& record);
    void rebuildSeries();
    void updateBandLines();
    void fillHostChoices();
    void updateHeader(qint64 nowMs);
    void setWindow(qint64 fromMs, qint64 toMs);
    void panBy(double fraction);
    void zoomBy(double factor, qint64 centerMs);
    bool ringCovers(qint64 fromMs) const;
    void loadIfDue(qint64 nowMs);
    void applyLoaded();
    void drawCharts(qint64 nowMs);
    void useRingOrStored(qint64 nowMs);
    void redraw();
    std::vector<ChartPanel*> charts() const;

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
    QLabel* noSensors_ = nullptr;  // over the empty table
    QWidget* healthPanel_ = nullptr;
    QLabel* findings_ = nullptr;
    QTableView* healthTable_ = nullptr;
    QWidget* driftPanel_ = nullptr;
    QLabel* driftSummary_ = nullptr;
    QTableWidget* driftTable_ = nullptr;
    QPushButton* reapply_ = nullptr;
    QPushButton* makePersistent_ = nullptr;
    QPushButton* accept_ = nullptr;
    QLabel* driftStatus_ = nullptr;
    PlatformPanel* platform_ = nullptr;  // Secure Boot, lockdown, memory, power, NIC links
    HostDrift shownDrift_;
    QString shownDriftHost_;
    std::map<QString, std::pair<QString, bool>> driftActionStatus_;  // host -> text, busy
    QComboBox* rangeChoice_ = nullptr;
    QToolButton* connectionLogToggle_ = nullptr;
    QWidget* connectionLogBody_ = nullptr;
    QPlainTextEdit* connectionLog_ = nullptr;
    std::shared_ptr<DiagnosticBuffer> diagnostics_;
    std::uint64_t shownDiagnostics_ = ~std::uint64_t{0};
    QLabel* source_ = nullptr;
    QWidget* softwarePanel_ = nullptr;
    QLabel* software_ = nullptr;
    int seriesGpus_ = -1;
    bool paused_ = false;
    qint64 spanMs_ = kRangesMs[0];
    bool live_ = true;
    qint64 fixedFrom_ = 0, fixedTo_ = 0;
    std::shared_ptr<const StoredHistory> stored_;
    // The range being read, and the last one read: a live range is read again as it moves on.
    struct LoadKey {
        QString host;
        qint64 fromMs = 0, toMs = 0;
    };
    // What a load gave (QFuture wants a default-constructible result): points, or why not.
    struct Loaded {
        std::optional<StoredHistory::Points> points;
        QString problem;
    };
    QFutureWatcher<Loaded> loadWatcher_;
    LoadKey loading_, loaded_;
    qint64 loadedAtMs_ = 0;
    std::optional<StoredHistory::Points> storedPoints_;
    quint64 modelGeneration_ = 0, drawnGeneration_ = ~quint64{0};
    std::pair<qint64, qint64> drawnWindow_;
};

}  // namespace fleetdeck
