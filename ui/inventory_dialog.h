#pragma once

#include <QDialog>
#include <QLabel>
#include <QTableView>

#include "app/inventory/inventory_model.h"

namespace fleetdeck {

// Add (one or a rack at once), edit and remove inventory hosts, and import them from ~/.ssh/config or an Ansible
// inventory. Saves to `path` when the user presses Save.
class InventoryDialog : public QDialog {
    Q_OBJECT
public:
    InventoryDialog(Inventory inventory, QString path, QWidget* parent = nullptr);

    const Inventory& inventory() const { return model_.inventory(); }
    InventoryModel& model() { return model_; }
    // Import actions without a file dialog (tests, and the dialog's own buttons).
    int importSshConfigFile(const QString& file);
    int importAnsibleInventory(const QString& file);
    int importHostSource(const QString& file);

private:
    void addHost();
    void addRack();
    void editHost();
    void removeHost();
    bool save();
    int currentRow() const;
    void say(const QString& text);

    InventoryModel model_;
    QString path_;
    QTableView* table_;
    QLabel* status_;
};

// Opens the dialog on the saved inventory; returns true when the user saved changes.
bool editInventory(QWidget* parent);

}  // namespace fleetdeck
