#pragma once

#include <map>
#include <memory>

#include <QCheckBox>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QRadioButton>
#include <QSpinBox>
#include <QTableWidget>
#include <QWizardPage>

#include "ui/commission/background_run.h"
#include "ui/commission/commission_progress.h"

namespace fleetdeck {

class CommissionWizard;

// Step 3, the checks and the burn-in (docs/commission.md, "Checks"): the options, Start, the
// run's live progress (phase, each host's state and hottest GPU, the burn-in window's elapsed and
// remaining time), Cancel (which stops the load on every host), then each host's verdict and
// findings. The run itself is a CommissionRun on a worker thread.
class ChecksPage : public QWizardPage {
    Q_OBJECT
public:
    explicit ChecksPage(CommissionWizard& wizard);

    void initializePage() override;
    bool isComplete() const override;

    commission::CheckOptions options() const;
    void setOptions(const commission::CheckOptions& options);
    // Starts the run with the options as they stand; returns at once.
    void start();
    void cancel();
    bool running() const { return run_ != nullptr; }
    // The findings as shown under the hosts, plain text.
    QString resultsText() const { return results_->toPlainText(); }
    QString phaseText() const { return phase_->text(); }
    QTableWidget& hostsTable() { return *hosts_; }
    // Each host's verdict and its findings, one per line, plain text.
    static QString resultText(const commission::CommissionResult& result);

signals:
    // The run is over: judged (then the result is in the wizard's progress) or cancelled.
    void runFinished(bool cancelled);

private:
    enum HostColumn { HostNameColumn, UnitColumn, StatusColumn, TempColumn, VerdictColumn, HostColumnCount };

    void setRunning(bool running);
    void showHosts();
    void setHostCell(const QString& host, int column, const QString& text);
    void onBurnInPoint(const QString& host, int gpu, const commission::BurnInPoint& point);
    void onFinished(const commission::CommissionResult& result, const QString& error);
    void showResult(const commission::CommissionResult& result);

    CommissionWizard& wizard_;
    QCheckBox* latency_ = nullptr;
    QCheckBox* burnIn_ = nullptr;
    QSpinBox* burnInMinutes_ = nullptr;
    QRadioButton* loadNothing_ = nullptr;
    QRadioButton* loadOwnJob_ = nullptr;
    QRadioButton* loadCommand_ = nullptr;
    QLineEdit* command_ = nullptr;
    QWidget* optionsBox_ = nullptr;
    QPushButton* start_ = nullptr;
    QPushButton* cancel_ = nullptr;
    QLabel* phase_ = nullptr;
    QProgressBar* burnInBar_ = nullptr;
    QTableWidget* hosts_ = nullptr;
    QPlainTextEdit* results_ = nullptr;
    std::unique_ptr<commission::BackgroundCommissionRun> run_;
    // The latest temperature of each GPU of each host during the burn-in.
    std::map<QString, std::map<int, double>> temps_;
    std::map<QString, double> peak_;
};

}  // namespace fleetdeck
