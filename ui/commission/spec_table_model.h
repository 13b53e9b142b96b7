#pragma once

#include <QAbstractTableModel>

#include "app/commission/rack_spec.h"

namespace fleetdeck::commission {

// The spec as an editable table (docs/commission.md, "The spec"): a row per rack fact
// (rackFacts(), in its order), with what the spec expects, how a host's value is held against it,
// the tolerance and the severity of a mismatch. A fact the spec does not name shows "not checked";
// typing a value checks it, clearing the value stops checking it.
class RackSpecTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { FactColumn, ExpectedColumn, MatchColumn, ToleranceColumn, SeverityColumn, ColumnCount };

    explicit RackSpecTableModel(QObject* parent = nullptr);

    const RackSpec& spec() const { return spec_; }
    void setSpec(RackSpec spec);
    // The row of a fact key ("gpu.pcie_width"), or -1.
    static int rowOf(const std::string& key);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;
    // Refuses a value that is not one for the fact ("GPU count: expected a whole number"); the
    // reason goes out as editRefused().
    bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) override;

signals:
    void editRefused(const QString& why);
    void specEdited();

private:
    bool refuse(const QString& why);

    RackSpec spec_;
};

}  // namespace fleetdeck::commission
