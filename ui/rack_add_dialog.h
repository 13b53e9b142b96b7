#pragma once

#include <QCheckBox>
#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>
#include <QTableWidget>

#include "app/inventory/host_pattern.h"
#include "app/inventory/inventory.h"

namespace fleetdeck {

// Adds a rack of hosts at once (docs/commission.md, "Adding a rack"): a name pattern such as
// gpu-[01-16].dc2.example.net, what the hosts share (user, port, jump host, group, tags) and
// where they sit in the rack. The preview below the form follows every keystroke; a bad pattern
// or a clash with `inventory` is listed under it and keeps OK disabled.
class RackAddDialog : public QDialog {
    Q_OBJECT
public:
    explicit RackAddDialog(Inventory inventory, QWidget* parent = nullptr);

    // What the form asks for, as typed.
    RackAddRequest request() const;
    // Fills the form (and the preview) from `request`.
    void setRequest(const RackAddRequest& request);
    // The hosts to add; empty while the form has a problem.
    std::vector<HostSpec> hosts() const;
    // The problems shown under the preview (a bad pattern, or every clash), empty when none.
    const QStringList& problems() const { return problems_; }

private:
    void refresh();
    void showPreview(const std::vector<HostSpec>& hosts, const QStringList& clashing);

    Inventory inventory_;
    QLineEdit* pattern_;
    QLineEdit* user_;
    QSpinBox* port_;
    QLineEdit* jump_;
    QLineEdit* group_;
    QLineEdit* tags_;
    QGroupBox* placed_;
    QLineEdit* rack_;
    QSpinBox* firstUnit_;
    QSpinBox* unitHeight_;
    QComboBox* direction_;
    QLabel* summary_;
    QTableWidget* preview_;
    QLabel* problemsLabel_;
    QDialogButtonBox* buttons_;
    std::vector<HostSpec> hosts_;
    QStringList problems_;
};

}  // namespace fleetdeck
