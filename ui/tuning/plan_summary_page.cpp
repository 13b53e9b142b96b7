#include "ui/tuning/plan_summary_page.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QSplitter>
#include <QStyledItemDelegate>
#include <QVBoxLayout>

#include "ui/tuning/host_picker.h"

namespace fleetdeck {
namespace {

// Severity as an icon and a word, never colour alone.
class SeverityDelegate : public QStyledItemDelegate {
public:
    using QStyledItemDelegate::QStyledItemDelegate;
    void initStyleOption(QStyleOptionViewItem* option, const QModelIndex& index) const override {
        QStyledItemDelegate::initStyleOption(option, index);
        if (index.column() != tuning::FindingsModel::SeverityColumn) return;
        const auto severity = static_cast<tuning::Severity>(index.data(Qt::UserRole).toInt());
        const QStyle* style = option->widget ? option->widget->style() : nullptr;
        if (!style) return;
        option->features |= QStyleOptionViewItem::HasDecoration;
        option->icon = style->standardIcon(severity == tuning::Severity::Info ? QStyle::SP_MessageBoxInformation
                                                                              : QStyle::SP_MessageBoxWarning);
        option->decorationSize = QSize(16, 16);
    }
};

}  // namespace

void setUpPlanTable(QTableView& view, int stretchColumn) {
    view.verticalHeader()->hide();
    view.setWordWrap(true);
    view.setAlternatingRowColors(true);
    view.setSelectionBehavior(QAbstractItemView::SelectRows);
    view.setEditTriggers(QAbstractItemView::NoEditTriggers);
    view.horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    view.horizontalHeader()->setSectionResizeMode(stretchColumn, QHeaderView::Stretch);
    view.verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
}

PlanSummaryPage::PlanSummaryPage(const std::vector<tuning::HostPlan>& plans, QWidget* parent)
    : QWizardPage(parent), plans_(plans) {
    setTitle(tr("Plan"));
    setSubTitle(tr("What would be set on each host and why, and what the hardware itself needs. Nothing has changed yet."));
    auto* layout = new QVBoxLayout(this);
    host_ = addHostPicker(this, layout, QStringLiteral("summary_host"));
    answers_ = new QLabel(this);
    answers_->setTextFormat(Qt::PlainText);
    answers_->setWordWrap(true);
    layout->addWidget(answers_);

    auto* splitter = new QSplitter(Qt::Vertical, this);
    settingsView_ = new QTableView(splitter);
    settingsView_->setObjectName(QStringLiteral("summary_settings"));
    settingsView_->setModel(&settings_);
    setUpPlanTable(*settingsView_, tuning::PlanSettingsModel::Rationale);
    auto* lower = new QWidget(splitter);
    auto* lowerLayout = new QVBoxLayout(lower);
    lowerLayout->setContentsMargins(0, 0, 0, 0);
    findingsHeader_ = new QLabel(lower);
    lowerLayout->addWidget(findingsHeader_);
    findingsView_ = new QTableView(lower);
    findingsView_->setObjectName(QStringLiteral("summary_findings"));
    findingsView_->setModel(&findings_);
    findingsView_->setItemDelegate(new SeverityDelegate(findingsView_));
    setUpPlanTable(*findingsView_, tuning::FindingsModel::Recommendation);
    lowerLayout->addWidget(findingsView_);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);
    layout->addWidget(splitter, 1);
    connect(host_, &QComboBox::currentIndexChanged, this, &PlanSummaryPage::showHost);
}

void PlanSummaryPage::initializePage() {
    fillHostPicker(host_, plans_);
    showHost(host_->currentIndex());
}

void PlanSummaryPage::showHost(int index) {
    if (index < 0 || index >= static_cast<int>(plans_.size())) return;
    const tuning::HostPlan& p = plans_[static_cast<std::size_t>(index)];
    settings_.setPlan(p.plan);
    findings_.setFindings(p.plan.advice);
    const auto unsupported = std::count_if(p.plan.settings.begin(), p.plan.settings.end(),
                                           [](const tuning::PlannedSetting& s) { return s.unsupported.has_value(); });
    answers_->setText(tr("%1 — %2 settings (%3 not supported on this host). Answers: %4")
                          .arg(p.host)
                          .arg(p.plan.settings.size())
                          .arg(unsupported)
                          .arg(QString::fromStdString(tuning::describeTranslated(p.plan.answers))));
    findingsHeader_->setText(!p.facts ? tr("Hardware findings: none — no facts from this host yet")
                                      : tr("Hardware findings (%1): cannot be pushed, need hands or a purchase")
                                            .arg(p.plan.advice.size()));
    settingsView_->resizeColumnToContents(tuning::PlanSettingsModel::Setting);
    settingsView_->setColumnWidth(tuning::PlanSettingsModel::Proposed, 120);
    settingsView_->setColumnWidth(tuning::PlanSettingsModel::TakesEffect, 110);
    settingsView_->setColumnWidth(tuning::PlanSettingsModel::Source, 260);
    findingsView_->setColumnWidth(tuning::FindingsModel::SeverityColumn, 100);
    findingsView_->setColumnWidth(tuning::FindingsModel::FindingColumn, 300);
    findingsView_->setColumnWidth(tuning::FindingsModel::Source, 220);
    settingsView_->resizeRowsToContents();
    findingsView_->resizeRowsToContents();
}

}  // namespace fleetdeck

#include "moc_plan_summary_page.cpp"
