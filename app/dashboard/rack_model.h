#pragma once

#include <QAbstractListModel>
#include <QHash>
#include <QStringList>
#include <map>
#include <vector>

#include "app/host_health.h"
#include "app/power/rack_power.h"
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
        PowerRole,       // double W (the BMC's input power), invalid without a reading
        PowerSourceRole, // "dcmi", "power_sensor", "estimated"
        InletRole,       // double °C, invalid without a reading
        ExhaustRole,     // double °C, invalid without a reading
    };

    explicit RackModel(const TelemetryStore& store, QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;

    bool refresh();
    QStringList racks() const;  // in display order
    int rackHeightU(const QString& rack) const;  // 42 unless a host sits higher
    qint64 newestSampleAtMs() const { return newestSampleMs_; }

    // Each rack's power feeds (the inventory's, or the demo racks'); racks without are judged for
    // their air only. Re-evaluates at once.
    void setFeeds(std::map<QString, std::vector<PowerFeed>> feeds);
    // The rack's power against its feeds and its air findings (docs/power.md), as of the last
    // refresh; nullptr for a rack the model does not show. A host's peak is the most the model saw
    // since it started, or the BMC's own maximum over its period where that is higher.
    const power::RackPower* rackPower(const QString& rack) const;
    // Every rack's findings, critical first.
    std::vector<power::PowerFinding> powerFindings() const;
    const std::map<QString, std::vector<PowerFeed>>& feeds() const { return feeds_; }
    // Each host's highest draw over the last 24 h as the history store recorded it (read off the
    // GUI thread by the caller); a host's peak is then the higher of that and what the model saw.
    void setHistoryPeaks(std::map<QString, double> peaks);
    // The records of the rack's hosts as of the last refresh (their summaries, with the GPUs).
    std::vector<HostRecord> rackRecords(const QString& rack) const;
    // The highest host draw in the model (for the power colouring's scale); 0 without readings.
    double highestHostPowerW() const { return highestPowerW_; }

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
    void evaluatePower();
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
    std::map<QString, std::vector<PowerFeed>> feeds_;
    std::map<QString, power::RackPower> power_;
    QHash<QString, double> peakSeenW_;  // by host: the most it drew while the model watched
    std::map<QString, double> historyPeaks_;  // by host: the history's 24 h peak
    double highestPowerW_ = 0;
};

}  // namespace fleetdeck
