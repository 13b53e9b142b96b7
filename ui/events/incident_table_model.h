#pragma once

#include <vector>

#include <QAbstractTableModel>

#include "app/history/incident.h"

namespace fleetdeck {

// The Events view's list: one row per incident, newest first. Texts are plain (they quote the
// agents' words); the severity column pairs its word with the colour the timeline uses.
class IncidentTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Start, Duration, Host, Gpu, Kind, Severity, Text, ColumnCount };

    using QAbstractTableModel::QAbstractTableModel;

    // Replaces the rows; `nowMs` is the end of incidents still open.
    void setIncidents(std::vector<history::Incident> incidents, qint64 nowMs);
    const std::vector<history::Incident>& incidents() const { return incidents_; }
    const history::Incident* incident(int row) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // The rows as CSV (RFC 4180: quoted where needed), with a header line and times in ISO 8601;
    // kind and severity by their stable names, the sentence in the reader's language.
    QString toCsv() const;

private:
    std::vector<history::Incident> incidents_;
    qint64 nowMs_ = 0;
};

// Words for the views: "Thermal throttle", "critical".
QString incidentKindWord(history::IncidentKind kind);
QString incidentSeverityWord(history::IncidentSeverity severity);
QColor incidentColor(history::IncidentSeverity severity);

}  // namespace fleetdeck
