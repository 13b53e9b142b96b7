#pragma once

#include <QAbstractTableModel>
#include <QDateTime>
#include <vector>

#include "app/telemetry_store.h"

namespace fleetdeck {

// One row per host with its state and headline numbers. Reads the TelemetryStore when refresh()
// is called (views call it on a timer), so a burst of samples costs one repaint.
class FleetModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Host, State, Cpu, Memory, Updated, ColumnCount };
    enum Role { SortRole = Qt::UserRole + 1, StateRole, SimulatedRole };

    explicit FleetModel(const TelemetryStore& store, QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // Re-reads the store; returns false when nothing changed since the last call.
    bool refresh(qint64 nowMs = QDateTime::currentMSecsSinceEpoch());
    const HostRecord& record(int row) const { return rows_.at(static_cast<std::size_t>(row)); }

private:
    QVariant display(const HostRecord& r, int column) const;

    const TelemetryStore& store_;
    std::vector<HostRecord> rows_;
    quint64 seenGeneration_ = ~quint64(0);
    qint64 nowMs_ = 0;
};

QString formatBytes(double bytes);

}  // namespace fleetdeck
