#include "ui/dashboard/sensor_panel.h"

#include <QHeaderView>
#include <QVBoxLayout>

#include <algorithm>

#include "ui/dashboard/view_header.h"

namespace fleetdeck {

SensorPanel::SensorPanel(QWidget* parent) : HostPanel(parent), model_(this) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 8);
    auto* title = sectionTitle(tr("Sensors"), this);
    table_ = new QTableView(this);
    table_->setModel(&model_);
    table_->setAccessibleName(title->text());
    table_->verticalHeader()->hide();
    table_->setAlternatingRowColors(true);
    table_->setWordWrap(false);
    table_->horizontalHeader()->setStretchLastSection(true);
    empty_ = new QLabel(tr("No readings yet: the host has not sent a sample"));
    empty_->setObjectName(QStringLiteral("no_sensor_readings"));
    empty_->setTextFormat(Qt::PlainText);
    empty_->setForegroundRole(QPalette::PlaceholderText);
    (new QVBoxLayout(table_->viewport()))->addWidget(empty_, 0, Qt::AlignCenter);
    layout->addWidget(title);
    layout->addWidget(table_);
}

void SensorPanel::showRecord(const HostRecord* record) {
    if (record && record->latest) {
        const bool first = model_.rowCount() == 0;
        model_.setSample(*record->latest);
        if (first) table_->resizeColumnsToContents();
    } else {
        model_.clear();  // not the last host's readings
    }
    empty_->setVisible(model_.rowCount() == 0);
    // As tall as its rows, so the page scrolls once, not a table inside it; room for the
    // placeholder when there are none.
    table_->setFixedHeight(table_->horizontalHeader()->height() + 4 +
                           table_->verticalHeader()->defaultSectionSize() * std::max(4, model_.rowCount()));
}

}  // namespace fleetdeck

#include "moc_sensor_panel.cpp"
