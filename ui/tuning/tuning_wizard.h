#pragma once

#include <vector>

#include <QComboBox>
#include <QWizard>

#include "app/telemetry_store.h"
#include "app/tuning/host_plan.h"
#include "app/tuning/rule_catalogue.h"
#include "app/tuning/tuning_answers.h"
#include "ui/tuning/tuning_hooks.h"

namespace fleetdeck {

class AnswerPage;
class ScalePage;
class WorkloadPage;
class TargetHostsPage;
class PlanSummaryPage;
class HostDiffPage;

// Tools → Tuning wizard: the workload questions, the target hosts, then per host the plan (with
// rationale and hardware findings) and the diff against its current values; save, export, push.
class TuningWizard : public QWizard {
    Q_OBJECT
public:
    enum PageId { Workload, Scale, ModelSize, DataLocation, Latency, TenancyPower, Hosts, Summary, Diff };

    TuningWizard(const TelemetryStore& store, tuning::RuleCatalogue catalogue, TuningWizardHooks hooks,
                 QWidget* parent = nullptr);

    tuning::TuningAnswers answers() const;
    void setAnswers(const tuning::TuningAnswers& answers);
    const std::vector<tuning::HostPlan>& plans() const { return plans_; }

    TargetHostsPage& hostsPage() { return *hostsPage_; }
    PlanSummaryPage& summaryPage() { return *summaryPage_; }
    HostDiffPage& diffPage() { return *diffPage_; }

    int nextId() const override;

protected:
    void initializePage(int id) override;

private:
    void preparePlans();
    void fitRackPower();
    // From the fleet's facts: "several servers" when a host runs a cluster scheduler, and the
    // GPUs' mixed-precision formats on the workload page.
    void prefillFromFleet(WorkloadPage& workload, ScalePage& scale);
    void loadProfile(const QString& name);

    const TelemetryStore& store_;
    tuning::RuleCatalogue catalogue_;
    TuningWizardHooks hooks_;
    std::vector<tuning::HostPlan> plans_;
    std::vector<AnswerPage*> answerPages_;
    TargetHostsPage* hostsPage_ = nullptr;
    PlanSummaryPage* summaryPage_ = nullptr;
    HostDiffPage* diffPage_ = nullptr;
    QComboBox* profiles_ = nullptr;
};

}  // namespace fleetdeck
