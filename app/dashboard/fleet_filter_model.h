#pragma once

#include <QSortFilterProxyModel>

namespace fleetdeck {

// The fleet overview's sorting and filtering on top of FleetModel: sorts by the model's SortRole
// (numbers as numbers), and keeps the hosts of one group, rack or tag, or whose name contains a text.
class FleetFilterModel : public QSortFilterProxyModel {
    Q_OBJECT
public:
    enum class Field { Any, Group, Rack, Tag };

    explicit FleetFilterModel(QObject* parent = nullptr);

    // Keeps rows whose `field` equals `value` (Any: name, group, rack or tag contains it).
    // An empty value keeps everything.
    void setFilter(Field field, const QString& value);
    Field filterField() const { return field_; }
    QString filterValue() const { return value_; }

    // The distinct groups, racks or tags in the source model, sorted (for the filter's choices).
    QStringList valuesOf(Field field) const;

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;

private:
    Field field_ = Field::Any;
    QString value_;
};

}  // namespace fleetdeck
