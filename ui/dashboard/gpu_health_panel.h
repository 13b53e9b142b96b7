#pragma once

#include <QLabel>
#include <QTableView>

#include "app/dashboard/gpu_health_model.h"
#include "ui/dashboard/host_panel.h"

namespace fleetdeck {

// The host page's "GPU health" section, for hosts with NVIDIA GPUs: the findings in words (lost
// GPUs, memory errors, XIDs, link faults; worst first, coloured by the worst and led by its
// severity word) and the readings behind them, a row per GPU (app/dashboard/gpu_health_model.h).
class GpuHealthPanel : public HostPanel {
    Q_OBJECT
public:
    explicit GpuHealthPanel(QWidget* parent = nullptr);

    void showRecord(const HostRecord* record) override;
    const GpuHealthModel& model() const { return model_; }
    QString findingsText() const { return findings_->text(); }

private:
    GpuHealthModel model_;
    QLabel* findings_ = nullptr;
    QTableView* table_ = nullptr;
};

}  // namespace fleetdeck
