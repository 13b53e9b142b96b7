#include "ui/tuning/host_diff_page.h"

#include <QCoreApplication>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QMenu>
#include <QPointer>
#include <QRegularExpressionValidator>
#include <QStyledItemDelegate>
#include <QVBoxLayout>

#include "app/tuning/profile_export.h"
#include "ui/tuning/host_picker.h"
#include "ui/tuning/plan_summary_page.h"

namespace fleetdeck {
namespace {

using tuning::DiffRow;

// Unchanged rows are drawn dimmed and "unsupported" rows italic; the Status column carries the
// word, so nothing relies on the styling alone.
class DiffRowDelegate : public QStyledItemDelegate {
public:
    using QStyledItemDelegate::QStyledItemDelegate;
    void initStyleOption(QStyleOptionViewItem* option, const QModelIndex& index) const override {
        QStyledItemDelegate::initStyleOption(option, index);
        const auto status = static_cast<DiffRow::Status>(index.data(tuning::PlanDiffModel::StatusRole).toInt());
        if (status == DiffRow::Status::Unchanged)
            option->palette.setColor(QPalette::Text, option->palette.color(QPalette::PlaceholderText));
        if (status == DiffRow::Status::Unsupported) option->font.setItalic(true);
        if (status == DiffRow::Status::Change && index.column() == tuning::PlanDiffModel::Proposed) option->font.setBold(true);
    }
};

QString currentSummary(const tuning::HostPlan& p) {
    if (p.currentStatus.empty()) return QObject::tr("Reading current values from %1…").arg(p.host);
    if (p.currentStatus == "agent") return QObject::tr("Current values as read by the agent on %1.").arg(p.host);
    // The status is English (it is also the diff's note); the fixed ones are in the "plan" context.
    return QObject::tr("%1 — THP and the CPU governor are taken from the host's facts where known.")
        .arg(QCoreApplication::translate("plan", p.currentStatus.c_str()));
}

}  // namespace

HostDiffPage::HostDiffPage(std::vector<tuning::HostPlan>& plans, const TuningWizardHooks& hooks, QWidget* parent)
    : QWizardPage(parent),
      plans_(plans),
      hooks_(hooks),
      profiles_(hooks.profileDirectory.isEmpty() ? tuning::ProfileStore::defaultDirectory() : hooks.profileDirectory) {
    setTitle(tr("Changes per host"));
    setSubTitle(tr("Current → proposed on each host. Review, then save the plan as a profile or push it."));
    auto* layout = new QVBoxLayout(this);
    host_ = addHostPicker(this, layout, QStringLiteral("diff_host"));
    current_ = new QLabel(this);
    current_->setTextFormat(Qt::PlainText);  // the agent's error message, when it could not read the values
    current_->setWordWrap(true);
    layout->addWidget(current_);
    view_ = new QTableView(this);
    view_->setObjectName(QStringLiteral("diff_table"));
    view_->setModel(&diff_);
    view_->setItemDelegate(new DiffRowDelegate(view_));
    setUpPlanTable(*view_, tuning::PlanDiffModel::Note);
    layout->addWidget(view_, 1);

    auto* actions = new QHBoxLayout;
    profileName_ = new QLineEdit(this);
    profileName_->setObjectName(QStringLiteral("profile_name"));
    profileName_->setPlaceholderText(tr("profile name"));
    profileName_->setValidator(new QRegularExpressionValidator(QRegularExpression(QStringLiteral("[A-Za-z0-9_-][A-Za-z0-9._-]{0,63}")), this));
    save_ = new QPushButton(tr("&Save profile"), this);
    export_ = new QToolButton(this);
    export_->setText(tr("E&xport"));
    export_->setPopupMode(QToolButton::InstantPopup);
    auto* menu = new QMenu(export_);
    menu->addAction(tr("sysctl.d file…"), this, [this] { exportAs(tuning::ExportFormat::SysctlD); });
    menu->addAction(tr("tuned profile…"), this, [this] { exportAs(tuning::ExportFormat::Tuned); });
    menu->addAction(tr("Ansible playbook…"), this, [this] { exportAs(tuning::ExportFormat::Ansible); });
    export_->setMenu(menu);
    push_ = new QPushButton(tr("&Push…"), this);
    push_->setObjectName(QStringLiteral("push"));
    push_->setEnabled(static_cast<bool>(hooks_.push));
    push_->setToolTip(hooks_.push ? tr("Apply these changes on the selected hosts") : tr("Pushing is not available in this window: save the plan as a profile and apply it with fleetdeck-cli apply --profile"));
    auto* nameLabel = new QLabel(tr("Profile &name:"), this);
    nameLabel->setBuddy(profileName_);
    actions->addWidget(nameLabel);
    actions->addWidget(profileName_);
    actions->addWidget(save_);
    actions->addWidget(export_);
    actions->addStretch();
    actions->addWidget(push_);
    layout->addLayout(actions);
    status_ = new QLabel(this);
    status_->setTextFormat(Qt::PlainText);
    status_->setWordWrap(true);
    layout->addWidget(status_);

    connect(host_, &QComboBox::currentIndexChanged, this, &HostDiffPage::showHost);
    connect(save_, &QPushButton::clicked, this, [this] { saveProfile(); });
    connect(push_, &QPushButton::clicked, this, [this] {
        if (hooks_.push) hooks_.push(plans_, this);
    });
}

void HostDiffPage::initializePage() {
    fillHostPicker(host_, plans_);
    readCurrentValues();
    showHost(host_->currentIndex());
}

void HostDiffPage::readCurrentValues() {
    for (auto& p : plans_) {
        p.currentValues = p.valuesFromFacts();
        if (!hooks_.readCurrentValues) {
            p.currentStatus = QT_TRANSLATE_NOOP("plan", "current values unavailable (no connection to the host's agent)");
            continue;
        }
        p.currentStatus.clear();
        std::vector<std::string> ids;
        for (const auto& s : p.plan.settings) ids.push_back(s.id);
        const QString host = p.host;
        // The answer may come after the wizard was closed (a slow agent): it then goes nowhere.
        hooks_.readCurrentValues(host, ids, [page = QPointer<HostDiffPage>(this), host](tuning::CurrentValues values) {
            if (page) page->onCurrentValues(host, values);
        });
    }
}

void HostDiffPage::onCurrentValues(const QString& host, const tuning::CurrentValues& values) {
    for (std::size_t i = 0; i < plans_.size(); ++i) {
        tuning::HostPlan& p = plans_[i];
        if (p.host != host) continue;
        p.currentValues = tuning::mergeCurrentValues(values.values, p.valuesFromFacts());
        p.currentStatus = values.unavailable.empty() ? "agent" : values.unavailable;
        if (host_->currentIndex() == static_cast<int>(i)) showHost(static_cast<int>(i));
    }
}

void HostDiffPage::showHost(int index) {
    if (index < 0 || index >= static_cast<int>(plans_.size())) return;
    const tuning::HostPlan& p = plans_[static_cast<std::size_t>(index)];
    diff_.setRows(p.diff(), p.plan);
    diff_.setDrift(hooks_.driftOf ? hooks_.driftOf(p.host).findings : std::vector<drift::DriftFinding>{});
    current_->setText(currentSummary(p));
    view_->resizeColumnToContents(tuning::PlanDiffModel::Setting);
    view_->setColumnWidth(tuning::PlanDiffModel::Current, 190);
    view_->setColumnWidth(tuning::PlanDiffModel::Proposed, 170);
    view_->setColumnWidth(tuning::PlanDiffModel::Status, 100);
}

tuning::TuningProfile HostDiffPage::profile() const {
    std::vector<tuning::TuningPlan> plans;
    for (const auto& p : plans_) plans.push_back(p.plan);
    return tuning::profileOfPlans(profileName_->text().toStdString(), plans);
}

QString HostDiffPage::saveProfile() {
    const auto problem = profiles_.save(profile());
    const QString message = problem ? tr("Not saved: %1").arg(QString::fromStdString(*problem))
                                    : tr("Saved profile \"%1\" to %2").arg(profileName_->text(),
                                                                           profiles_.pathFor(profileName_->text().toStdString()));
    status_->setText(message);
    return message;
}

void HostDiffPage::exportAs(tuning::ExportFormat format) {
    const QString path = QFileDialog::getSaveFileName(this, tr("Export profile"), tuning::suggestedExportFileName(format, profile()));
    if (!path.isEmpty()) exportTo(format, path);
}

QString HostDiffPage::exportTo(tuning::ExportFormat format, const QString& path) {
    const auto problem = tuning::writeExportFile(path, tuning::exportText(format, profile()));
    const QString message = problem ? tr("Not exported: %1").arg(*problem) : tr("Exported to %1").arg(path);
    status_->setText(message);
    return message;
}

}  // namespace fleetdeck

#include "moc_host_diff_page.cpp"
