#pragma once

#include <functional>
#include <map>
#include <vector>

#include <QDialog>

#include "app/power/fit_budget.h"
#include "app/tuning/host_plan.h"

class QComboBox;
class QLabel;
class QPushButton;
class QTableWidget;

namespace fleetdeck {

// "Fit the power budget…" of the racks view (docs/power.md, "Fitting the budget"): for the chosen
// rack, the GPU power limits that keep it within its feeds at full load, host by host with what
// each may lose at most, and Push… to push them like any plan (audit, drift, rollback).
// The plan setting of a host's fitted limit: gpu.power_limit_w with the rack's sentence and the bound
// on what it may cost as its rationale (the dialog's Push… and the tuning wizard's question).
tuning::PlannedSetting fittedLimitSetting(const power::RackFit& fit, const power::HostFit& host);

class FitBudgetDialog : public QDialog {
    Q_OBJECT
public:
    using Records = std::function<std::vector<HostRecord>(const QString& rack)>;
    using Push = std::function<void(const std::vector<tuning::HostPlan>& plans, QWidget* parent)>;

    FitBudgetDialog(QStringList racks, std::map<QString, std::vector<PowerFeed>> feeds, Records records, Push push,
                    QWidget* parent = nullptr);

    void showRack(const QString& rack);
    const power::RackFit& fit() const { return fit_; }
    // One plan per host whose limits change: gpu.power_limit_w with the reason.
    std::vector<tuning::HostPlan> plans() const;

private:
    std::map<QString, std::vector<PowerFeed>> feeds_;
    Records records_;
    Push push_;
    power::RackFit fit_;
    QComboBox* rack_ = nullptr;
    QLabel* summary_ = nullptr;
    QTableWidget* table_ = nullptr;
    QLabel* note_ = nullptr;
    QPushButton* pushButton_ = nullptr;
};

}  // namespace fleetdeck
