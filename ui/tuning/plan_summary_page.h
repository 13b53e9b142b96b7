#pragma once

#include <vector>

#include <QComboBox>
#include <QLabel>
#include <QTableView>
#include <QWizardPage>

#include "app/tuning/host_plan.h"
#include "app/tuning/plan_models.h"

namespace fleetdeck {

// The plan per host: each setting with its value, when it takes effect, why and the source; then
// the hardware findings that no push can fix.
class PlanSummaryPage : public QWizardPage {
    Q_OBJECT
public:
    PlanSummaryPage(const std::vector<tuning::HostPlan>& plans, QWidget* parent = nullptr);

    void initializePage() override;
    void showHost(int index);

    QComboBox& hostChooser() { return *host_; }
    tuning::PlanSettingsModel& settingsModel() { return settings_; }
    tuning::FindingsModel& findingsModel() { return findings_; }

private:
    const std::vector<tuning::HostPlan>& plans_;
    tuning::PlanSettingsModel settings_;
    tuning::FindingsModel findings_;
    QComboBox* host_ = nullptr;
    QLabel* answers_ = nullptr;
    QLabel* findingsHeader_ = nullptr;
    QTableView* settingsView_ = nullptr;
    QTableView* findingsView_ = nullptr;
};

// Shared by the summary and diff tables: readable wrapping columns.
void setUpPlanTable(QTableView& view, int stretchColumn);

}  // namespace fleetdeck
