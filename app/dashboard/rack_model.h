#pragma once

#include <QAbstractListModel>
#include <QHash>
#include <QStringList>
#include <vector>

#include "app/host_health.h"
#include "app/seen_generation.h"
#include "app/telemetry_store.h"

namespace fleetdeck {

// Hosts with their place in a rack and their worst temperature, in rack order (rack, top unit
// first). Hosts in no rack are rows too, with an empty RackRole; the rack view lists them apart.
class RackModel : public QAbstractListModel {
    Q_OBJECT
public:
    enum Role {
        HostNameRole = Qt::UserRole + 1,
        RackRole,        // QString
        UnitRole,        // int, lowest unit; 0 = not placed
        HeightRole,      // int units
        WorstTempRole,   // double °C, invalid when no reading
        WorstSourceRole, // "GPU 3", "CPU"
        BandRole,        // TemperatureBand as int
        HealthRole,      // HostHealth::Level as int
        HealthWordRole,  // "thermal"
        SimulatedRole,   // bool
    };

    explicit RackModel(const TelemetryStore& store, QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;

    bool refresh();
    QStringList racks() const;  // in display order
    int rackHeightU(const QString& rack) const;  // 42 unless a host sits higher
    qint64 newestSampleAtMs() const { return newestSampleMs_; }

private:
    struct Row {
        HostRecord record;
        HostHealth health;
        std::optional<double> worstC;
        QString worstSource;
        int band = 0;
    };
    static Row makeRow(HostRecord r);
    void indexRacks();
    bool rebuild();

    const TelemetryStore& store_;
    std::vector<Row> rows_;
    QHash<QString, int> rowOfName_;
    quint64 seenGeneration_ = 0;  // the store's generation at the last refresh
    // The racks in row order and each one's height, worked out once per refresh: the drawing asks
    // for them once per host, which at a thousand hosts made every repaint quadratic.
    QStringList racks_;
    QHash<QString, int> rackHeightU_;
    qint64 newestSampleMs_ = 0;
};

}  // namespace fleetdeck
