#pragma once

#include <QAbstractTableModel>
#include <QHash>
#include <vector>

#include "app/seen_generation.h"
#include "app/telemetry_store.h"

namespace fleetdeck {

// Every GPU of every host: one row per host in rack order (rack, then top unit first), one column
// per GPU slot. Hosts known to have no GPU are left out; hosts not heard from yet keep a row
// whose cells say "no data". Values come through roles; the view decides how they look.
class GpuCoolingModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Role {
        TempRole = Qt::UserRole + 1,  // double °C, invalid when missing
        SlowdownRole,                 // double °C
        BandRole,                     // TemperatureBand as int
        UtilRole, PowerRole, PowerLimitRole, FanRole, ClockRole,  // double, invalid when missing
        ThermalThrottleRole,          // bool
        PowerThrottleRole,            // bool
        ThrottleRole,                 // QStringList, the agent's reasons
        SparklineRole,                // QVariantList of double (invalid = missing), oldest first
        PresentRole,                  // bool: the host has a GPU in this slot (or has not reported yet)
        HostNameRole,                 // QString
        SimulatedRole,                // bool
        PlaceRole,                    // "rack-a U19", empty when not placed
        LostRole,                     // bool: the GPU fell off the bus (NVML: GPU is lost)
        HealthBadgesRole,             // QStringList: "ECC", "XID 79", "NVLINK" (app/gpu_findings.h)
        HealthCriticalRole,           // bool: one of this GPU's findings is critical
    };
    // Sparklines cover this many samples, every kSparkStride-th (5 minutes at 1 Hz).
    static constexpr int kSparkPoints = 60;
    static constexpr int kSparkStride = 5;

    explicit GpuCoolingModel(const TelemetryStore& store, QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    bool refresh();
    int rowOf(const QString& hostName) const;
    qint64 newestSampleAtMs() const { return newestSampleMs_; }

private:
    struct Row {
        HostRecord record;
        std::vector<std::vector<std::optional<float>>> trails;
    };
    QVariant tileData(const Row& row, int slot, int role) const;
    QString tooltip(const Row& row, const GpuSample& g) const;
    bool rebuild();
    bool updateChanged(std::vector<HostRecord>& records);

    const TelemetryStore& store_;
    std::vector<Row> rows_;
    QHash<QString, int> rowOfName_;
    int columns_ = 0;
    quint64 seenGeneration_ = 0;  // the store's generation at the last refresh
    qint64 newestSampleMs_ = 0;
};

}  // namespace fleetdeck
