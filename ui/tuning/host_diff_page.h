#pragma once

#include <vector>

#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTableView>
#include <QToolButton>
#include <QWizardPage>

#include "app/tuning/host_plan.h"
#include "app/tuning/plan_models.h"
#include "app/tuning/profile_export.h"
#include "app/tuning/tuning_profile.h"
#include "ui/tuning/tuning_hooks.h"

namespace fleetdeck {

// Per host: each setting's current value next to the proposed one, unchanged rows marked,
// unsupported ones with the reason. Then save the plan as a profile, export it, or push it.
class HostDiffPage : public QWizardPage {
    Q_OBJECT
public:
    HostDiffPage(std::vector<tuning::HostPlan>& plans, const TuningWizardHooks& hooks, QWidget* parent = nullptr);

    void initializePage() override;
    void showHost(int index);

    QComboBox& hostChooser() { return *host_; }
    tuning::PlanDiffModel& diffModel() { return diff_; }
    QLineEdit& profileName() { return *profileName_; }
    QPushButton& saveButton() { return *save_; }
    QPushButton& pushButton() { return *push_; }
    QLabel& statusLabel() { return *status_; }
    QLabel& currentLabel() { return *current_; }  // where the current values came from, or why none
    // Saves the plans of every host as profile `profileName()`; the message shown is returned.
    QString saveProfile();
    // Writes the plans of every host as one export to `path` (the Export menu, after its file
    // dialog); the message shown is returned.
    QString exportTo(tuning::ExportFormat format, const QString& path);

private:
    void readCurrentValues();
    void onCurrentValues(const QString& host, const tuning::CurrentValues& values);
    tuning::TuningProfile profile() const;
    void exportAs(tuning::ExportFormat format);

    std::vector<tuning::HostPlan>& plans_;
    const TuningWizardHooks& hooks_;
    tuning::ProfileStore profiles_;
    tuning::PlanDiffModel diff_;
    QComboBox* host_ = nullptr;
    QLabel* current_ = nullptr;
    QTableView* view_ = nullptr;
    QLineEdit* profileName_ = nullptr;
    QPushButton* save_ = nullptr;
    QToolButton* export_ = nullptr;
    QPushButton* push_ = nullptr;
    QLabel* status_ = nullptr;
};

}  // namespace fleetdeck
