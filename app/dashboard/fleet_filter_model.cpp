#include "app/dashboard/fleet_filter_model.h"

#include <QSet>

#include "app/fleet_model.h"

namespace fleetdeck {

FleetFilterModel::FleetFilterModel(QObject* parent) : QSortFilterProxyModel(parent) {
    setSortRole(FleetModel::SortRole);
    setDynamicSortFilter(true);
    setSortCaseSensitivity(Qt::CaseInsensitive);
}

void FleetFilterModel::setFilter(Field field, const QString& value) {
    if (field == field_ && value == value_) return;
    field_ = field;
    value_ = value.trimmed();
    invalidateFilter();
}

QStringList FleetFilterModel::valuesOf(Field field) const {
    QSet<QString> seen;
    const QAbstractItemModel* src = sourceModel();
    if (!src) return {};
    for (int row = 0; row < src->rowCount(); ++row) {
        const QModelIndex i = src->index(row, 0);
        switch (field) {
        case Field::Group: seen.insert(i.data(FleetModel::GroupRole).toString()); break;
        case Field::Rack: seen.insert(i.data(FleetModel::RackRole).toString()); break;
        case Field::Tag:
            for (const QString& t : i.data(FleetModel::TagsRole).toStringList()) seen.insert(t);
            break;
        case Field::Any: break;
        }
    }
    seen.remove(QString());
    QStringList values(seen.begin(), seen.end());
    values.sort(Qt::CaseInsensitive);
    return values;
}

bool FleetFilterModel::filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const {
    if (value_.isEmpty()) return true;
    const QModelIndex i = sourceModel()->index(sourceRow, 0, sourceParent);
    const QString group = i.data(FleetModel::GroupRole).toString();
    const QString rack = i.data(FleetModel::RackRole).toString();
    const QStringList tags = i.data(FleetModel::TagsRole).toStringList();
    switch (field_) {
    case Field::Group: return group == value_;
    case Field::Rack: return rack == value_;
    case Field::Tag: return tags.contains(value_);
    case Field::Any: {
        const auto has = [this](const QString& s) { return s.contains(value_, Qt::CaseInsensitive); };
        return has(i.data(FleetModel::HostNameRole).toString()) || has(group) || has(rack) ||
               std::any_of(tags.begin(), tags.end(), has);
    }
    }
    return true;
}

}  // namespace fleetdeck

#include "moc_fleet_filter_model.cpp"
