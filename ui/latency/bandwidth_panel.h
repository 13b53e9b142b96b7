#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include <QWidget>

#include "app/fabric/bandwidth_run.h"
#include "app/host_spec.h"

class QCheckBox;
class QComboBox;
class QLabel;
class QListWidget;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTableWidget;
class QChart;
class QLineSeries;
class QValueAxis;

namespace fleetdeck {

// The latency map's Bandwidth layer (docs/fabric.md): "Run test" measures every pair of the
// fleet's hosts both ways with their agents (BandwidthRun) while a progress bar names the tests
// running and Cancel stops them; then the host × host matrix of Gb/s, each cell coloured by its
// share of the slower NIC's speed (red under 60 %), with Gb/s, streams, retransmissions and the
// per-second rates on hover, and the findings in words. The run lives on the GUI thread: its
// sessions' transports do their I/O elsewhere and answer through the event loop.
class BandwidthPanel : public QWidget {
    Q_OBJECT
public:
    using Hosts = std::function<std::vector<HostSpec>()>;
    BandwidthPanel(Hosts hosts, BandwidthRun::TransportMaker transport, QWidget* parent = nullptr);
    ~BandwidthPanel() override;

    void start();
    void cancel();
    bool running() const { return run_ != nullptr; }
    QTableWidget& matrix() { return *matrix_; }
    QListWidget& findings() { return *findings_; }
    // Shows the pair's rate each second in the chart under the findings (what a click on its cell does).
    void showPair(int row, int column);
    QString chartTitle() const;
    int chartPoints() const;
    double chartMaxGbps() const;
    QString statusText() const;
    // Keeps every finished run in `dir` (app/fabric/bandwidth_history.h) and says, after each,
    // which pairs changed since the newest run kept before it; the Run list offers every kept run.
    // Empty (the default): nothing kept.
    void setRunStore(const QString& dir);
    // What the matrix shows: the run (0: this session's latest, then the kept runs newest first)
    // and its kind (0: TCP, 1: RDMA).
    QComboBox& runs() { return *runs_; }
    QComboBox& kinds() { return *kind_; }
    QCheckBox& rdma() { return *rdma_; }
    QCheckBox& nccl() { return *nccl_; }

signals:
    void finished();

protected:
    void changeEvent(QEvent* event) override;  // the chart follows the theme

private:
    void showMatrix(const BandwidthMatrix& m, const std::vector<BandwidthFinding>& more = {});
    // Shows what runs_ and kind_ select.
    void showSelected();
    void refreshRuns();
    void keepRun(const BandwidthRunReport& report);

    Hosts hosts_;
    BandwidthRun::TransportMaker transport_;
    std::unique_ptr<BandwidthRun> run_;
    int hostCount_ = 0;
    int rotation_ = 0;
    QPushButton* start_ = nullptr;
    QPushButton* cancel_ = nullptr;
    QSpinBox* duration_ = nullptr;
    QSpinBox* streams_ = nullptr;
    QCheckBox* rdma_ = nullptr;
    QCheckBox* nccl_ = nullptr;
    QComboBox* runs_ = nullptr;
    QComboBox* kind_ = nullptr;
    std::optional<BandwidthRunReport> latest_;  // this session's newest finished run
    QProgressBar* progress_ = nullptr;
    QLabel* status_ = nullptr;
    QTableWidget* matrix_ = nullptr;
    QListWidget* findings_ = nullptr;
    QChart* chart_ = nullptr;
    QLineSeries* seconds_ = nullptr;
    QLineSeries* reference_ = nullptr;
    QValueAxis* timeAxis_ = nullptr;
    QValueAxis* gbpsAxis_ = nullptr;
    BandwidthMatrix shown_;
    QString runStore_;
};

}  // namespace fleetdeck
