#pragma once

#include <QAbstractTableModel>
#include <vector>

#include "agent/protocol/sample.h"

namespace fleetdeck {

// Every temperature, fan and power reading of one sample as a table: hwmon sensors, thermal
// zones and GPUs, with their limits. Fed by the host page from the host's latest sample.
class SensorTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Source, Sensor, Value, High, Critical, ColumnCount };
    enum Role { BandRole = Qt::UserRole + 1 };  // TemperatureBand as int, for temperatures

    explicit SensorTableModel(QObject* parent = nullptr);

    void setSample(const protocol::Sample& sample);
    // No readings: the host shown has not sent a sample.
    void clear();

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Reading {
        QString source, sensor, unit;
        std::optional<double> value, high, critical;
        bool temperature = false;
    };
    std::vector<Reading> rows_;
};

}  // namespace fleetdeck
