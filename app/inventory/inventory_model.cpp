#include "app/inventory/inventory_model.h"

#include "app/rack_order.h"

namespace fleetdeck {

InventoryModel::InventoryModel(Inventory inventory, QObject* parent)
    : QAbstractTableModel(parent), inventory_(std::move(inventory)) {}

int InventoryModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(inventory_.hosts().size());
}

int InventoryModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant InventoryModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount()) return {};
    const HostSpec& h = host(index.row());
    if (role == Qt::TextAlignmentRole && (index.column() == Port || index.column() == RackUnit))
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole) return {};
    switch (index.column()) {
    case Name: return h.name;
    case Address: return h.address;
    case Port: return h.port > 0 ? QVariant(h.port) : QVariant(tr("ssh default"));
    case User: return h.user.isEmpty() ? tr("ssh default") : h.user;
    case JumpHost: return h.jumpHost;  // empty: direct, or ssh-config's ProxyJump
    case Group: return h.group;
    case Rack: return h.rack;
    case RackUnit: return h.rackUnit > 0 ? QVariant(rackUnitName(h.rackUnit)) : QVariant();
    case Tags: return h.tags.join(QStringLiteral(", "));
    default: return {};
    }
}

QVariant InventoryModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
    case Name: return tr("Name");
    case Address: return tr("Address");
    case Port: return tr("Port");
    case User: return tr("User");
    case JumpHost: return tr("Jump host");
    case Group: return tr("Group");
    case Rack: return tr("Rack");
    case RackUnit: return tr("Position");
    case Tags: return tr("Tags");
    default: return {};
    }
}

std::optional<QString> InventoryModel::add(const HostSpec& spec) {
    if (inventory_.find(spec.name)) return tr("there is already a host called %1").arg(spec.name);
    if (auto valid = validateHost(spec); !valid) return valid.problem().shownMessage();
    const int row = rowCount();
    beginInsertRows({}, row, row);
    inventory_.put(spec);
    endInsertRows();
    return std::nullopt;
}

std::optional<QString> InventoryModel::update(int row, const HostSpec& spec) {
    if (auto updated = inventory_.update(host(row).name, spec); !updated) return updated.problem().shownMessage();
    emit dataChanged(index(row, 0), index(row, ColumnCount - 1));
    return std::nullopt;
}

void InventoryModel::remove(int row) {
    if (row < 0 || row >= rowCount()) return;
    beginRemoveRows({}, row, row);
    inventory_.remove(host(row).name);
    endRemoveRows();
}

int InventoryModel::merge(const std::vector<HostSpec>& imported) {
    beginResetModel();
    const int added = inventory_.merge(imported);
    endResetModel();
    return added;
}

}  // namespace fleetdeck

#include "moc_inventory_model.cpp"
