#include "ui/dashboard/drift_panel.h"

#include <QDateTime>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QVBoxLayout>

#include <set>

#include "app/untrusted/remote_text.h"
#include "ui/dashboard/view_header.h"

namespace fleetdeck {

DriftPanel::DriftPanel(QWidget* parent) : HostPanel(parent) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 8);
    auto* title = sectionTitle(tr("Drift from what was pushed"), this);
    summary_ = new QLabel(this);
    summary_->setTextFormat(Qt::PlainText);  // the problem text comes from the host or the log
    summary_->setWordWrap(true);
    table_ = new QTableWidget(0, 3, this);
    table_->setHorizontalHeaderLabels({tr("Setting"), tr("Cause"), tr("What happened")});
    table_->setAccessibleName(title->text());
    table_->verticalHeader()->hide();
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setWordWrap(false);
    table_->horizontalHeader()->setStretchLastSection(true);
    reapply_ = new QPushButton(tr("Re-apply"), this);
    reapply_->setToolTip(tr("Push the selected settings (all when none is selected) again with the pushed values: the same "
                            "transactional push, audited as a re-apply of the original push"));
    makePersistent_ = new QPushButton(tr("Make persistent"), this);
    makePersistent_->setToolTip(tr("Push the settings a reboot dropped again, persistently (a sysctl.d file or the "
                                   "like), so the next reboot keeps them"));
    accept_ = new QPushButton(tr("Accept current"), this);
    accept_->setToolTip(tr("Record in the audit log that the current values are the desired ones from now on; "
                           "nothing changes on the host"));
    const auto request = [this](DriftAction action) {
        if (const auto findings = findingsFor(action); !findings.empty()) emit actionRequested(action, shownHost_, findings);
    };
    connect(reapply_, &QPushButton::clicked, this, [request] { request(DriftAction::Reapply); });
    connect(makePersistent_, &QPushButton::clicked, this, [request] { request(DriftAction::MakePersistent); });
    connect(accept_, &QPushButton::clicked, this, [request] { request(DriftAction::AcceptCurrent); });
    connect(table_, &QTableWidget::itemSelectionChanged, this, &DriftPanel::updateButtons);
    status_ = new QLabel(this);
    status_->setTextFormat(Qt::PlainText);  // push outcomes quote the hosts
    status_->setWordWrap(true);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(reapply_);
    buttons->addWidget(makePersistent_);
    buttons->addWidget(accept_);
    buttons->addWidget(status_, 1);
    layout->addWidget(title);
    layout->addWidget(summary_);
    layout->addWidget(table_);
    layout->addLayout(buttons);
    setVisible(false);
}

QPushButton& DriftPanel::button(DriftAction action) {
    switch (action) {
    case DriftAction::Reapply: return *reapply_;
    case DriftAction::MakePersistent: return *makePersistent_;
    case DriftAction::AcceptCurrent: return *accept_;
    }
    return *reapply_;
}

void DriftPanel::showRecord(const HostRecord* record) {
    if (!record) {
        setVisible(false);
        return;
    }
    showDrift(record->drift, record->spec.name);
}

void DriftPanel::setActionStatus(const QString& host, const QString& text, bool busy) {
    actionStatus_[host] = {text, busy};
    if (host == shownHost_) updateButtons();
}

void DriftPanel::showDrift(const HostDrift& d, const QString& host) {
    const bool hasDesired = d.status == HostDrift::Status::Checked || d.status == HostDrift::Status::Failed;
    setVisible(hasDesired);
    if (!hasDesired) return;
    const QString checked = QDateTime::fromMSecsSinceEpoch(d.checkedAtMs).toString(QStringLiteral("HH:mm"));
    if (d.status == HostDrift::Status::Failed) {
        summary_->setText(tr("The drift check at %1 failed: %2").arg(checked, QString::fromStdString(d.problem)));
    } else if (d.findings.empty()) {
        summary_->setText(tr("All %1 pushed settings have the pushed values (checked at %2).").arg(d.desiredSettings).arg(checked));
    } else {
        summary_->setText(tr("%1 of %2 pushed settings no longer have the pushed value (checked at %3).")
                              .arg(d.findings.size()).arg(d.desiredSettings).arg(checked));
    }
    summary_->setStyleSheet(d.findings.empty() ? QString() : QStringLiteral("color: #b25e00"));
    if (!(d == shown_) || host != shownHost_) {
        shown_ = d;
        shownHost_ = host;
        table_->setRowCount(static_cast<int>(d.findings.size()));
        for (int row = 0; row < table_->rowCount(); ++row) {
            const drift::DriftFinding& f = d.findings[static_cast<std::size_t>(row)];
            // QTableWidgetItem shows text as plain text: values and file names from the host stay inert.
            table_->setItem(row, 0, new QTableWidgetItem(QString::fromStdString(f.id)));
            table_->setItem(row, 1, new QTableWidgetItem(QString::fromLatin1(drift::toString(f.cause).data())));
            const QString shown = QString::fromStdString(f.shown());
            table_->setItem(row, 2, new QTableWidgetItem(shown));
            table_->item(row, 2)->setToolTip(plainToolTip(shown));
        }
        table_->resizeColumnsToContents();
        table_->setFixedHeight(table_->horizontalHeader()->height() + 4 +
                               table_->verticalHeader()->defaultSectionSize() * std::max(1, table_->rowCount()));
    }
    table_->setVisible(!d.findings.empty());
    updateButtons();
}

// What the buttons may do now: the selection, the shown host's action in progress.
void DriftPanel::updateButtons() {
    const auto status = actionStatus_.find(shownHost_);
    const bool busy = status != actionStatus_.end() && status->second.second;
    status_->setText(status != actionStatus_.end() ? status->second.first : QString());
    reapply_->setEnabled(!busy && !findingsFor(DriftAction::Reapply).empty());
    makePersistent_->setEnabled(!busy && !findingsFor(DriftAction::MakePersistent).empty());
    accept_->setEnabled(!busy && !findingsFor(DriftAction::AcceptCurrent).empty());
    for (QPushButton* b : {reapply_, makePersistent_, accept_}) b->setVisible(!shown_.findings.empty());
}

std::vector<drift::DriftFinding> DriftPanel::findingsFor(DriftAction action) const {
    std::set<int> selected;
    for (const QModelIndex& index : table_->selectionModel()->selectedRows()) selected.insert(index.row());
    std::vector<drift::DriftFinding> out;
    for (int row = 0; row < static_cast<int>(shown_.findings.size()); ++row) {
        const drift::DriftFinding& f = shown_.findings[static_cast<std::size_t>(row)];
        if (!selected.empty() && !selected.count(row)) continue;
        if (action == DriftAction::MakePersistent && f.cause != drift::DriftCause::RebootRuntimeOnly) continue;
        if (action == DriftAction::AcceptCurrent && f.current.is_null()) continue;  // no single value to accept
        out.push_back(f);
    }
    return out;
}

}  // namespace fleetdeck

#include "moc_drift_panel.cpp"
