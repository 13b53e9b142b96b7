#include "ui/tuning/tuning_wizard.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>

#include <algorithm>

#include "app/inventory/inventory.h"
#include "app/power/fit_budget.h"
#include "ui/dashboard/fit_budget_dialog.h"
#include "app/tuning/host_facts.h"
#include "app/tuning/software_checks.h"
#include "ui/tuning/host_diff_page.h"
#include "ui/tuning/plan_summary_page.h"
#include "ui/tuning/question_pages.h"
#include "ui/tuning/target_hosts_page.h"

namespace fleetdeck {

TuningWizard::TuningWizard(const TelemetryStore& store, tuning::RuleCatalogue catalogue, TuningWizardHooks hooks,
                           QWidget* parent)
    : QWizard(parent), store_(store), catalogue_(std::move(catalogue)), hooks_(std::move(hooks)) {
    setWindowTitle(tr("Tuning wizard"));
    if (!hooks_.driftOf)
        hooks_.driftOf = [&store](const QString& host) {
            const auto record = store.host(host);
            return record ? record->drift : HostDrift{};
        };
    setWizardStyle(QWizard::ClassicStyle);
    setOption(QWizard::NoBackButtonOnStartPage);
    setOption(QWizard::HaveHelpButton, false);
    // Qt's own texts for these are translated only where Qt's catalogue is installed: ours always are.
    setButtonText(QWizard::BackButton, tr("< &Back"));
    setButtonText(QWizard::NextButton, tr("&Next >"));
    setButtonText(QWizard::CommitButton, tr("&Commit"));
    setButtonText(QWizard::FinishButton, tr("&Finish"));
    setButtonText(QWizard::CancelButton, tr("Cancel"));
    auto* workload = new WorkloadPage;
    auto* scale = new ScalePage;
    answerPages_ = {workload, scale, new ModelSizePage, new DataLocationPage, new LatencyPage, new TenancyPowerPage};
    prefillFromFleet(*workload, *scale);
    for (std::size_t i = 0; i < answerPages_.size(); ++i) setPage(static_cast<int>(i), answerPages_[i]);
    hostsPage_ = new TargetHostsPage(store_);
    summaryPage_ = new PlanSummaryPage(plans_);
    diffPage_ = new HostDiffPage(plans_, hooks_);
    setPage(Hosts, hostsPage_);
    setPage(Summary, summaryPage_);
    setPage(Diff, diffPage_);

    // Start from a saved profile's answers.
    const tuning::ProfileStore profiles(hooks_.profileDirectory.isEmpty() ? tuning::ProfileStore::defaultDirectory()
                                                                          : hooks_.profileDirectory);
    profiles_ = new QComboBox(workload);
    profiles_->setObjectName(QStringLiteral("start_from_profile"));
    profiles_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    profiles_->addItem(tr("(new answers)"));
    profiles_->addItems(profiles.names());
    auto* row = new QHBoxLayout;
    auto* label = new QLabel(tr("Start from a saved &profile:"), workload);
    label->setBuddy(profiles_);
    row->addWidget(label);
    row->addWidget(profiles_);
    row->addStretch();
    static_cast<QVBoxLayout*>(workload->layout())->insertLayout(0, row);
    connect(profiles_, &QComboBox::currentIndexChanged, this, [this](int i) {
        if (i > 0) loadProfile(profiles_->itemText(i));
    });
    resize(1100, 720);
}

void TuningWizard::prefillFromFleet(WorkloadPage& workload, ScalePage& scale) {
    QString schedulerHost, scheduler;
    std::optional<std::pair<int, int>> lowest;
    for (const QString& name : store_.hostNames()) {
        const auto record = store_.host(name);
        if (!record || !record->facts) continue;
        const tuning::HostFacts f(*record->facts);
        if (schedulerHost.isEmpty() && tuning::schedulerFound(f)) {
            schedulerHost = name;
            const protocol::SchedulerFacts& s = f.facts().scheduler;
            scheduler = s.slurmd == true ? tr("slurmd") : s.kubelet == true ? tr("kubelet") : tr("a Slurm configuration");
        }
        for (const auto& g : f.gpus())
            if (const auto cc = g.computeCapability(); g.fact().vendor == "nvidia" && cc && (!lowest || *cc < *lowest)) lowest = cc;
    }
    if (!schedulerHost.isEmpty())
        scale.suggestDistributed(tr("Pre-selected: %1 has %2, so jobs here are scheduled across servers.").arg(schedulerHost, scheduler));
    if (!lowest) return;
    const QString cc = QStringLiteral("%1.%2").arg(lowest->first).arg(lowest->second);
    workload.setPrecisionHint(*lowest >= tuning::kFp8ComputeCapability
                                  ? tr("The fleet's GPUs (compute capability %1 and up) have BF16 and FP8 tensor cores: the plan "
                                       "advises BF16 for training and FP8 where accuracy allows.").arg(cc)
                              : *lowest >= tuning::kBf16ComputeCapability
                                  ? tr("The fleet's GPUs (compute capability %1 and up) have BF16 tensor cores; FP8 needs 8.9 "
                                       "(Ada, Hopper).").arg(cc)
                                  : tr("Some of the fleet's GPUs (compute capability %1) have neither BF16 (8.0) nor FP8 (8.9): "
                                       "mixed precision there means FP16 with loss scaling.").arg(cc));
}

tuning::TuningAnswers TuningWizard::answers() const {
    tuning::TuningAnswers a;
    for (const AnswerPage* page : answerPages_) page->storeAnswers(a);
    return a;
}

void TuningWizard::setAnswers(const tuning::TuningAnswers& a) {
    for (AnswerPage* page : answerPages_) page->showAnswers(a);
}

void TuningWizard::loadProfile(const QString& name) {
    const tuning::ProfileStore profiles(hooks_.profileDirectory.isEmpty() ? tuning::ProfileStore::defaultDirectory()
                                                                          : hooks_.profileDirectory);
    const auto loaded = profiles.load(name.toStdString());
    if (const auto* p = std::get_if<tuning::TuningProfile>(&loaded)) setAnswers(p->answers);
}

int TuningWizard::nextId() const {
    // The latency question is for inference only.
    if (currentId() == DataLocation) {
        tuning::TuningAnswers a;
        answerPages_[Workload]->storeAnswers(a);
        return a.workload == tuning::Workload::Inference ? Latency : TenancyPower;
    }
    return QWizard::nextId();
}

void TuningWizard::initializePage(int id) {
    if (id == Summary) preparePlans();
    QWizard::initializePage(id);
}

void TuningWizard::preparePlans() {
    const tuning::TuningAnswers a = answers();
    plans_.clear();
    for (const QString& host : hostsPage_->selectedHosts()) {
        const auto record = store_.host(host);
        tuning::HostPlan p;
        p.host = host;
        if (record) p.facts = record->facts;
        p.plan = tuning::makePlan(catalogue_, a, p.facts, host.toStdString());
        p.currentValues = p.valuesFromFacts();
        plans_.push_back(std::move(p));
    }
    if (static_cast<TenancyPowerPage*>(answerPages_[TenancyPower])->fitRackPower()) fitRackPower();
}

// "Fit each rack's power budget" (docs/power.md, "Fitting the budget"): each chosen host whose rack
// has feeds gets the fitted gpu.power_limit_w, with the rack's sentence and what it may cost as the
// rationale, in place of the per-server cap's; a host the fit leaves out says why.
void TuningWizard::fitRackPower() {
    std::map<QString, std::vector<PowerFeed>> feeds;
    if (hooks_.rackFeeds) feeds = hooks_.rackFeeds();
    else if (const auto inventory = Inventory::load(Inventory::defaultPath())) feeds = inventory->rackFeeds();
    const std::vector<HostRecord> records = store_.summaries();
    std::map<QString, power::RackFit> fits;
    for (tuning::HostPlan& p : plans_) {
        const auto record = std::find_if(records.begin(), records.end(), [&](const HostRecord& r) { return r.spec.name == p.host; });
        if (record == records.end() || record->spec.rack.isEmpty() || !feeds.contains(record->spec.rack)) continue;
        const QString& rack = record->spec.rack;
        if (!fits.contains(rack)) fits.emplace(rack, power::fitRackBudget(rack, feeds[rack], records));
        const power::RackFit& fit = fits.at(rack);
        const auto h = std::find_if(fit.hosts.begin(), fit.hosts.end(), [&](const power::HostFit& x) { return x.host == p.host; });
        if (h == fit.hosts.end() || !h->counted() || h->gpus.empty() || !fit.possible) continue;
        std::erase_if(p.plan.settings, [](const tuning::PlannedSetting& s) { return s.id == "gpu.power_limit_w"; });
        p.plan.settings.push_back(fittedLimitSetting(fit, *h));
        p.currentValues["gpu.power_limit_w"] = h->gpus.front().fromW;
    }
}

}  // namespace fleetdeck

#include "moc_tuning_wizard.cpp"
