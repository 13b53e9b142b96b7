#pragma once

#include <QComboBox>
#include <QFutureWatcher>
#include <QLabel>
#include <QToolButton>
#include <QWidget>

#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "app/dashboard/host_history_model.h"
#include "app/dashboard/stored_history.h"
#include "ui/dashboard/chart_panel.h"

class QGridLayout;

namespace fleetdeck {

// The host page's live charts, first on the page: GPU temperature, board power and SM clock (what
// an operator checking cooling looks at first), then GPU utilization with the profiling counters
// beside it (SM, tensor and DRAM activity: how much of the GPU the work uses, which "utilization"
// does not say), then the hottest CPU sensor, CPU utilization and the network, over a chosen range — the last 15 minutes live from the store's ring, up
// to 30 days from the history store, read off the GUI thread — with a line above them saying where
// the points come from. Every chart shows one time window: drag across a chart to zoom into it,
// Ctrl+wheel zooms, the wheel and the arrow keys pan, "Reset zoom" goes back to the chosen range,
// live. The charts read the page's HostHistoryModel; they own no data.
class HostCharts : public QWidget {
    Q_OBJECT
public:
    explicit HostCharts(HostHistoryModel& history, QWidget* parent = nullptr);

    // The ranges the selector offers, live (ending now).
    static constexpr qint64 kRangesMs[] = {15 * 60'000LL, 3600'000LL, 6 * 3600'000LL, 24 * 3600'000LL,
                                           7 * 24 * 3600'000LL, 30 * 24 * 3600'000LL};
    // The range selector and "Reset zoom", for the page's header line.
    QComboBox* rangeChoice() const { return rangeChoice_; }
    QToolButton* resetButton() const { return reset_; }

    // The page opened a host; `another`: not the one shown before, so what was read for that one
    // is forgotten.
    void hostShown(bool another);
    // Draws the window as of `nowMs`; `fresh`: the model took new samples since the last refresh.
    void refresh(qint64 nowMs, bool fresh);
    // Where ranges beyond the live ring come from; none: the ring alone.
    void setStoredHistory(std::shared_ptr<const StoredHistory> stored);
    // Shows the last `spanMs` (one of kRangesMs), live.
    void setRange(qint64 spanMs);
    // Shows [fromMs, toMs] of the host shown, not live (an incident from the Events view, a zoom).
    void showTimeRange(qint64 fromMs, qint64 toMs);
    // Back to the chosen range, live.
    void resetZoom() { setRange(spanMs_); }
    bool liveRange() const { return live_; }
    std::pair<qint64, qint64> timeWindow(qint64 nowMs) const;
    // The sentence above the charts saying where the points come from.
    QString sourceText() const { return source_->text(); }
    // True while a range is being read from the history store.
    bool loading() const { return loadWatcher_.isRunning(); }

    // The target band changed (Preferences → General): the GPU temperature chart's title and its
    // dashed band lines follow at once.
    void targetBandChanged();
    QString gpuTemperatureTitle() const;
    ChartPanel& gpuTempChart() { return *gpuTemp_; }
    ChartPanel& smActiveChart() { return *smActive_; }
    ChartPanel& tensorActiveChart() { return *tensorActive_; }
    ChartPanel& dramActiveChart() { return *dramActive_; }

private:
    void rebuildSeries();
    void placeCharts(bool gpus);
    void updateBandLines();
    void updateProfilingNote();
    std::optional<double> slowdownC() const;
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

    HostHistoryModel& history_;
    QLabel* source_ = nullptr;
    QComboBox* rangeChoice_ = nullptr;
    QToolButton* reset_ = nullptr;
    QGridLayout* grid_ = nullptr;
    ChartPanel* gpuTemp_ = nullptr;
    ChartPanel* gpuPower_ = nullptr;
    ChartPanel* gpuClock_ = nullptr;
    ChartPanel* gpuUtil_ = nullptr;
    ChartPanel* smActive_ = nullptr;
    ChartPanel* tensorActive_ = nullptr;
    ChartPanel* dramActive_ = nullptr;
    ChartPanel* cpuUtil_ = nullptr;
    ChartPanel* cpuTemp_ = nullptr;
    ChartPanel* network_ = nullptr;
    int seriesGpus_ = -1;
    std::optional<double> shownSlowdownC_;  // the red line drawn on the GPU temperature chart
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
