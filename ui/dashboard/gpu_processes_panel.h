#pragma once

#include <QLabel>
#include <QTableView>

#include "app/dashboard/gpu_process_model.h"
#include "ui/dashboard/host_panel.h"

namespace fleetdeck {

// The host page's "GPU processes" section, for hosts with NVIDIA GPUs: who is on each GPU, a row
// per process (app/dashboard/gpu_process_model.h), with a line above saying how many and how much
// GPU memory they hold. A GPU with none, or whose driver cannot list them, has a row saying so.
class GpuProcessesPanel : public HostPanel {
    Q_OBJECT
public:
    explicit GpuProcessesPanel(QWidget* parent = nullptr);

    void showRecord(const HostRecord* record) override;
    const GpuProcessModel& model() const { return model_; }
    QString summaryText() const { return summary_->text(); }

private:
    GpuProcessModel model_;
    QLabel* summary_ = nullptr;
    QTableView* table_ = nullptr;
    std::shared_ptr<const protocol::Sample> shown_;  // the sample the table shows: a repeat is not redrawn
};

}  // namespace fleetdeck
