#pragma once

#include <QAbstractTableModel>

#include "app/telemetry_store.h"

namespace fleetdeck {

// One host's last 15 minutes, one row per sample: the host page's charts map their series onto
// these columns. Missing readings are invalid QVariants, never zeros.
class HostHistoryModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { TimeMs, CpuUtil, CpuTemp, NicRx, NicTx, FixedColumns };
    enum class GpuMetric { Temp, Util, Power, SmClock };
    static constexpr int kGpuMetrics = 4;

    explicit HostHistoryModel(const TelemetryStore& store, QObject* parent = nullptr);

    void setHost(const QString& name);
    const QString& hostName() const { return host_; }
    // Re-reads the host from the store; false when nothing changed.
    bool refresh();
    // The host as of the last refresh (with its latest snapshot and facts).
    const std::optional<HostRecord>& record() const { return record_; }

    int gpuCount() const { return gpus_; }
    static int gpuColumn(int gpu, GpuMetric metric) { return FixedColumns + gpu * kGpuMetrics + static_cast<int>(metric); }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // The same as data(index(row, column)) without QVariant, for bulk readers: nullopt when missing.
    std::optional<double> valueAt(int row, int column) const;

private:
    const TelemetryStore& store_;
    QString host_;
    std::optional<HostRecord> record_;
    int gpus_ = 0;
    qint64 seenSampleAt_ = -1;
    std::size_t seenHistorySize_ = 0;
};

}  // namespace fleetdeck
