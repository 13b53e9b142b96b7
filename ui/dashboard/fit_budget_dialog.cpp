#include "ui/dashboard/fit_budget_dialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

#include "app/host_summary.h"

namespace fleetdeck {

FitBudgetDialog::FitBudgetDialog(QStringList racks, std::map<QString, std::vector<PowerFeed>> feeds, Records records, Push push,
                                 QWidget* parent)
    : QDialog(parent), feeds_(std::move(feeds)), records_(std::move(records)), push_(std::move(push)) {
    setWindowTitle(tr("Fit the rack's power budget"));
    auto* layout = new QVBoxLayout(this);
    auto* top = new QHBoxLayout;
    rack_ = new QComboBox(this);
    rack_->addItems(racks);
    auto* rackLabel = new QLabel(tr("&Rack:"), this);
    rackLabel->setBuddy(rack_);
    top->addWidget(rackLabel);
    top->addWidget(rack_);
    top->addStretch(1);
    layout->addLayout(top);
    summary_ = new QLabel(this);
    summary_->setWordWrap(true);
    summary_->setTextFormat(Qt::PlainText);
    layout->addWidget(summary_);
    table_ = new QTableWidget(0, 5, this);
    table_->setHorizontalHeaderLabels({tr("Host"), tr("Draw besides GPUs"), tr("GPU limits now"), tr("Proposed"), tr("At most slower")});
    table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table_->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    table_->verticalHeader()->hide();
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->setAccessibleName(tr("Proposed GPU power limits per host"));
    layout->addWidget(table_, 1);
    note_ = new QLabel(tr("A job held back by its GPUs' power runs at most the last column slower: throughput falls no faster than the "
                          "power limit. Training measured by MIT Lincoln Laboratory lost far less when capped to 60 % of its power "
                          "(docs/power.md). The limits hold until the driver reloads; FleetDeck's drift check says when they no longer do."),
                       this);
    note_->setWordWrap(true);
    layout->addWidget(note_);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    pushButton_ = buttons->addButton(tr("&Push…"), QDialogButtonBox::ActionRole);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(pushButton_, &QPushButton::clicked, this, [this] {
        if (push_) push_(plans(), this);
    });
    layout->addWidget(buttons);
    connect(rack_, &QComboBox::currentTextChanged, this, &FitBudgetDialog::showRack);
    resize(820, 420);
    if (!racks.isEmpty()) showRack(racks.front());
}

void FitBudgetDialog::showRack(const QString& rack) {
    if (rack_->currentText() != rack) rack_->setCurrentText(rack);
    const auto feeds = feeds_.find(rack);
    fit_ = power::fitRackBudget(rack, feeds == feeds_.end() ? std::vector<PowerFeed>{} : feeds->second, records_(rack));
    summary_->setText(fit_.summary.shown());
    table_->setRowCount(0);
    for (const power::HostFit& h : fit_.hosts) {
        const int row = table_->rowCount();
        table_->insertRow(row);
        table_->setItem(row, 0, new QTableWidgetItem(h.host));
        if (!h.counted()) {
            table_->setItem(row, 1, new QTableWidgetItem(h.note.shown()));
            table_->setSpan(row, 1, 1, 4);
            continue;
        }
        table_->setItem(row, 1, new QTableWidgetItem(formatPower(*h.otherW)));
        table_->setItem(row, 2, new QTableWidgetItem(power::gpuLimitsText(h.gpus, false)));
        table_->setItem(row, 3, new QTableWidgetItem(power::gpuLimitsText(h.gpus, true)));
        table_->setItem(row, 4, new QTableWidgetItem(h.worstSlowdownPct > 0 ? QStringLiteral("%1 %").arg(QLocale().toString(h.worstSlowdownPct, 'f', 0))
                                                                           : QStringLiteral("-")));
    }
    pushButton_->setEnabled(fit_.changes && fit_.possible && push_ != nullptr);
    pushButton_->setToolTip(push_ ? QString() : tr("Save the limits with 'fleetdeck-cli plan --fit-power RACK --save-profile FILE' and push them with 'apply'"));
}

tuning::PlannedSetting fittedLimitSetting(const power::RackFit& fit, const power::HostFit& host) {
    tuning::PlannedSetting s;
    s.id = "gpu.power_limit_w";
    s.value = static_cast<int>(host.gpus.front().toW);
    s.rule = "fit-rack-power";
    s.rationale = (fit.summary.english() + (host.worstSlowdownPct > 0 ? QStringLiteral("; a job bound by GPU power runs at most %1 % slower")
                                                                            .arg(host.worstSlowdownPct, 0, 'f', 0)
                                                                      : QString()))
                      .toStdString();
    s.source = "docs/power.md, \"Fitting the budget\" (budget: NEC 210.19(A)(1) 80 %, HP power basics table 4)";
    s.risk = "Lower GPU clocks under load; the agent clamps the value to the board's min/max, and a driver reload restores the default.";
    return s;
}

std::vector<tuning::HostPlan> FitBudgetDialog::plans() const {
    std::vector<tuning::HostPlan> out;
    if (!fit_.changes || !fit_.possible) return out;
    for (const power::HostFit& h : fit_.hosts) {
        if (!h.counted() || h.gpus.empty()) continue;
        tuning::HostPlan p;
        p.host = h.host;
        p.plan.host = h.host.toStdString();
        p.plan.settings.push_back(fittedLimitSetting(fit_, h));
        p.currentValues["gpu.power_limit_w"] = h.gpus.front().fromW;
        p.currentStatus = "agent";
        out.push_back(std::move(p));
    }
    return out;
}

}  // namespace fleetdeck

#include "moc_fit_budget_dialog.cpp"
