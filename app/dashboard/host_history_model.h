#pragma once

#include <QAbstractTableModel>

#include "app/telemetry_store.h"

namespace fleetdeck {

// One host's chart data, one row per point: the host page's charts map their series onto these
// columns. Either the store's live ring (the last 15 minutes, every sample) or a range loaded from
// the history store (docs/history.md), whose downsampled points also carry each reading's minimum
// and maximum over the point's interval. Missing readings are invalid QVariants, never zeros.
class HostHistoryModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { TimeMs, CpuUtil, CpuTemp, NicRx, NicTx, FixedColumns };
    enum class GpuMetric { Temp, Util, Power, SmClock, SmActive, TensorActive, DramActive };
    static constexpr int kGpuMetrics = 7;
    // Which value of a downsampled point a chart draws: the hottest reading of a minute must show,
    // so temperature charts draw the maximum; the live ring has one value per point.
    enum class Aggregate { Mean, Min, Max };

    explicit HostHistoryModel(const TelemetryStore& store, QObject* parent = nullptr);

    void setHost(const QString& name);
    const QString& hostName() const { return host_; }
    // Re-reads the host from the store; false when nothing changed.
    bool refresh();
    // The host as of the last refresh (with its latest snapshot and facts).
    const std::optional<HostRecord>& record() const { return record_; }

    // Rows from the history store instead of the live ring: `mean` always, `minima`/`maxima` either
    // empty (raw points) or of the same length; `stepMs` is the points' spacing.
    void setStoredPoints(std::vector<SamplePoint> mean, std::vector<SamplePoint> minima,
                         std::vector<SamplePoint> maxima, qint64 stepMs);
    // Back to the live ring.
    void setLive();
    bool live() const { return !stored_; }
    // The spacing of the rows: a time step more than 2.5 times this is a gap (the app was closed,
    // the host offline), drawn as a gap rather than a line across it.
    qint64 stepMs() const { return stored_ ? storedStepMs_ : kLiveStepMs; }
    static constexpr qint64 kLiveStepMs = 2000;  // samples come every second; allow one to be late

    int gpuCount() const { return gpus_; }
    static int gpuColumn(int gpu, GpuMetric metric) { return FixedColumns + gpu * kGpuMetrics + static_cast<int>(metric); }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // The same as data(index(row, column)) without QVariant, for bulk readers: nullopt when missing.
    std::optional<double> valueAt(int row, int column, Aggregate aggregate = Aggregate::Mean) const;

private:
    const std::vector<SamplePoint>& rows(Aggregate aggregate = Aggregate::Mean) const;
    void countGpus();

    const TelemetryStore& store_;
    QString host_;
    std::optional<HostRecord> record_;
    bool stored_ = false;
    std::vector<SamplePoint> storedMean_, storedMin_, storedMax_;
    qint64 storedStepMs_ = 0;
    int gpus_ = 0;
    qint64 seenSampleAt_ = -1;
    quint64 seenHostGeneration_ = 0;  // the host's own change counter at the last copy (0: none yet)
};

}  // namespace fleetdeck
