#include "ui/commission/commission_wizard.h"

#include "ui/commission/checks_page.h"
#include "ui/commission/rack_hosts_page.h"
#include "ui/commission/report_page.h"
#include "ui/commission/spec_page.h"

namespace fleetdeck {

CommissionWizard::CommissionWizard(CommissionWizardHooks hooks, QWidget* parent) : QWizard(parent), hooks_(std::move(hooks)) {
    setWindowTitle(tr("Commission a rack"));
    setWizardStyle(QWizard::ClassicStyle);
    setOption(QWizard::NoBackButtonOnStartPage);
    setOption(QWizard::HaveHelpButton, false);
    // Qt's own texts for these are translated only where Qt's catalogue is installed: ours always are.
    setButtonText(QWizard::BackButton, tr("< &Back"));
    setButtonText(QWizard::NextButton, tr("&Next >"));
    setButtonText(QWizard::CommitButton, tr("&Commit"));
    setButtonText(QWizard::FinishButton, tr("&Finish"));
    setButtonText(QWizard::CancelButton, tr("Cancel"));
    hostsPage_ = new RackHostsPage(*this);
    specPage_ = new SpecPage(*this);
    checksPage_ = new ChecksPage(*this);
    reportPage_ = new ReportPage(*this);
    setPage(Hosts, hostsPage_);
    setPage(Spec, specPage_);
    setPage(Checks, checksPage_);
    setPage(Report, reportPage_);
    resize(1100, 760);
}

QString CommissionWizard::progressDirectory() const {
    return hooks_.progressDirectory.isEmpty() ? commission::defaultProgressDirectory() : hooks_.progressDirectory;
}

std::optional<QString> CommissionWizard::saveProgressNow() {
    if (progress_.targets.isEmpty()) return std::nullopt;
    return commission::saveProgress(progressDirectory(), progress_);
}

void CommissionWizard::resume(const commission::CommissionProgress& progress) {
    progress_ = progress;
    hostsPage_->setRackName(progress.rack);
    hostsPage_->setTargets(progress.targets);
    QStringList problems;
    hosts_ = RackHostsPage::resolve(progress.targets, hooks_.inventory, progress.rack, &problems);
    if (!problems.isEmpty() || hosts_.empty()) return;  // the hosts page shows why; go on from there
    if (progress.spec) specPage_->setSpec(*progress.spec, progress.specSource);
    const auto step = progress.nextStep();
    // Walk forward through the pages as the operator would, so each one is initialized.
    const int target = step == commission::CommissionProgress::Step::Spec     ? Spec
                       : step == commission::CommissionProgress::Step::Checks ? Checks
                                                                              : Report;
    while (currentId() != target && currentId() != -1 && currentPage()->isComplete()) {
        const int before = currentId();
        next();
        if (currentId() == before) break;
    }
}

}  // namespace fleetdeck

#include "moc_commission_wizard.cpp"
