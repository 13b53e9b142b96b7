#pragma once

#include <map>
#include <string>
#include <vector>

#include <QAbstractTableModel>

#include "app/drift_finding.h"
#include "app/tuning/plan_diff.h"
#include "app/tuning/planner.h"

namespace fleetdeck::tuning {

// A plan's settings, one row each: what the wizard's summary shows.
class PlanSettingsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Setting, Proposed, TakesEffect, Rationale, Source, ColumnCount };
    using QAbstractTableModel::QAbstractTableModel;

    void setPlan(const TuningPlan& plan);
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::vector<PlannedSetting> settings_;
};

// A plan's hardware findings, most severe first.
class FindingsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { SeverityColumn, FindingColumn, Recommendation, Source, ColumnCount };
    using QAbstractTableModel::QAbstractTableModel;

    void setFindings(const std::vector<Finding>& findings);
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::vector<Finding> findings_;
};

// One host's diff: current -> proposed with a status word per row.
class PlanDiffModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Setting, Current, Proposed, Status, Note, ColumnCount };
    // Qt::UserRole on any cell: the row's DiffRow::Status as an int.
    static constexpr int StatusRole = Qt::UserRole;
    using QAbstractTableModel::QAbstractTableModel;

    void setRows(const std::vector<DiffRow>& rows, const TuningPlan& plan);
    // The host's drifted settings (its last drift check): their rows say so, with the sentence
    // ("pushed 4096, now 128: lost since the reboot on …"), in the Note column and the tooltip.
    void setDrift(const std::vector<drift::DriftFinding>& findings);
    // Qt::UserRole + 1 on any cell: the drift sentence of the row's setting, empty when not drifted.
    static constexpr int DriftRole = Qt::UserRole + 1;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Row {
        DiffRow diff;
        bool atLeast = false;
    };
    std::vector<Row> rows_;
    std::map<std::string, std::string> drift_;  // setting id -> sentence
};

}  // namespace fleetdeck::tuning
