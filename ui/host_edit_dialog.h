#pragma once

#include <QDialog>
#include <QLabel>
#include <QCheckBox>
#include <QLineEdit>
#include <QSpinBox>

#include "app/host_spec.h"

namespace fleetdeck {

// The form for one inventory host: name, address, port, user, jump host, group, rack, rack unit, tags.
class HostEditDialog : public QDialog {
    Q_OBJECT
public:
    explicit HostEditDialog(const HostSpec& host, QWidget* parent = nullptr);
    HostSpec host() const;

    // Shows a validation problem under the form (the dialog stays open).
    void showProblem(const QString& problem);

private:
    HostSpec original_;
    QLineEdit* name_;
    QLineEdit* address_;
    QSpinBox* port_;
    QLineEdit* user_;
    QLineEdit* jump_;
    QLineEdit* group_;
    QLineEdit* rack_;
    QSpinBox* rackUnit_;
    QLineEdit* tags_;
    QCheckBox* resident_;
    QLabel* problem_;
};

}  // namespace fleetdeck
