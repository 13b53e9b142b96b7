#pragma once

#include <vector>

#include <QBoxLayout>
#include <QComboBox>
#include <QLabel>
#include <QSignalBlocker>

#include "app/tuning/host_plan.h"

namespace fleetdeck {

// The "Host:" row the per-host pages of the wizard share (plan, changes): a combo box of the
// plans' hosts, added to `layout` above the page's content.
inline QComboBox* addHostPicker(QWidget* page, QBoxLayout* layout, const QString& objectName) {
    auto* row = new QHBoxLayout;
    auto* picker = new QComboBox(page);
    picker->setObjectName(objectName);
    auto* label = new QLabel(QObject::tr("&Host:"), page);
    label->setBuddy(picker);
    row->addWidget(label);
    row->addWidget(picker, 1);
    layout->addLayout(row);
    return picker;
}

// Refills the picker with the plans' hosts, the first one chosen, without a signal per host.
inline void fillHostPicker(QComboBox* picker, const std::vector<tuning::HostPlan>& plans) {
    const QSignalBlocker block(picker);
    picker->clear();
    for (const auto& p : plans) picker->addItem(p.host);
    picker->setCurrentIndex(plans.empty() ? -1 : 0);
}

}  // namespace fleetdeck
