#pragma once

#include <QAbstractTableModel>
#include <QHash>
#include <QDateTime>
#include <vector>

#include "app/host_health.h"
#include "app/seen_generation.h"
#include "app/telemetry_store.h"

namespace fleetdeck {

// One row per host with its state, health and headline numbers. Reads the TelemetryStore when
// refresh() is called (views call it on a timer), so a burst of samples costs one repaint.
class FleetModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        Host, State, Alert, Drift, Cpu, CpuTemp, Memory, Gpus, GpuUtil, GpuTemp, Power, Throttle, Network,
        Group, Rack, Tags, Updated, ColumnCount
    };
    enum Role {
        SortRole = Qt::UserRole + 1,
        StateRole,      // HostState as int
        SimulatedRole,  // bool
        HealthRole,     // HostHealth::Level as int
        BandRole,       // TemperatureBand as int (CpuTemp, GpuTemp columns)
        HostNameRole,   // the host's name without decoration
        GroupRole,
        RackRole,
        TagsRole,       // QStringList
        DriftRole,      // int: drifted settings (-1: no desired state or not checked)
        ColumnKeyRole,  // headerData: the column's name in English, the same in every language (saved layouts)
    };

    explicit FleetModel(const TelemetryStore& store, QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // Re-reads the store; returns false when nothing changed since the last call.
    bool refresh(qint64 nowMs = QDateTime::currentMSecsSinceEpoch());
    const HostRecord& record(int row) const { return rows_.at(static_cast<std::size_t>(row)).record; }
    const HostHealth& health(int row) const { return rows_.at(static_cast<std::size_t>(row)).health; }
    int rowOf(const QString& hostName) const;  // -1 when absent
    // When the newest sample of any host arrived (0: none yet); views say "updated N s ago".
    qint64 newestSampleAtMs() const { return newestSampleMs_; }

private:
    struct Row {
        HostRecord record;
        HostHealth health;
    };
    QVariant display(const Row& r, int column) const;
    QVariant sortKey(const Row& r, int column) const;
    void replaceAllRows(std::vector<HostRecord> records);
    void announceRows(std::vector<int> rows);
    static constexpr std::size_t kMaxRuns = 32;

    const TelemetryStore& store_;
    std::vector<Row> rows_;
    QHash<QString, int> rowOfName_;
    quint64 seenGeneration_ = 0;  // the store's generation at the last refresh
    qint64 nowMs_ = 0;
    qint64 newestSampleMs_ = 0;
};

// The State column's text: the state in words and, when there is one, why ("offline — cannot connect …").
QString stateSentence(const HostRecord& record);
QString formatBytes(double bytes);

}  // namespace fleetdeck
