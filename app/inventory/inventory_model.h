#pragma once

#include <QAbstractTableModel>

#include "app/inventory/inventory.h"

namespace fleetdeck {

// The inventory as a table for the editing dialog: one row per host.
class InventoryModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Name, Address, Port, User, JumpHost, Group, Rack, RackUnit, Tags, ColumnCount };

    explicit InventoryModel(Inventory inventory, QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    const Inventory& inventory() const { return inventory_; }
    const HostSpec& host(int row) const { return inventory_.hosts().at(static_cast<std::size_t>(row)); }

    std::optional<QString> add(const HostSpec& spec);
    std::optional<QString> update(int row, const HostSpec& spec);
    void remove(int row);
    int merge(const std::vector<HostSpec>& imported);

private:
    Inventory inventory_;
};

}  // namespace fleetdeck
