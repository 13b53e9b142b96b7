#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include <QDialog>

#include "app/push/host_push.h"
#include "app/push/push_history.h"
#include "app/push/push_job.h"
#include "app/secret_bytes.h"

class QLabel;
class QPushButton;
class QTableView;
class QThread;

namespace fleetdeck {

class PushProgressModel;

// The progress of one push: a row per host (queued → applying → verified / rolled back / failed,
// with the reason), a summary at the end, Cancel (skips hosts not started; running transactions
// finish or roll back on their host) and "Roll back this push". The job runs on its own thread;
// this dialog only reads the model, so the GUI never waits for a host.
//
// The dialog keeps no credentials: `factory` goes to the push's job, which lets go of it when its
// hosts are done. "Roll back this push" gets its transports from the RollbackTransports set with
// setRollbackTransports(), which asks for the sudo password again; without one it stays disabled.
class PushDialog : public QDialog {
    Q_OBJECT
public:
    // The transports for rolling back on `hosts`; nullopt when the operator cancelled.
    using RollbackTransports = std::function<std::optional<PushTransportFactory>(const std::vector<HostSpec>& hosts)>;

    PushDialog(std::vector<HostSpec> hosts, PushOperation operation, PushTransportFactory factory, audit::AuditSink& audit,
               PushHistory* history, QWidget* parent = nullptr);
    ~PushDialog() override;

    void setRollbackTransports(RollbackTransports transports) { rollbackTransports_ = std::move(transports); }

    PushProgressModel& model() { return *model_; }
    bool isRunning() const { return running_; }
    const std::optional<PushSummary>& summary() const { return summary_; }

public slots:
    void cancelPush();
    void rollBackPush();

signals:
    void pushFinished(const fleetdeck::PushSummary& summary);

private:
    void startJob(PushOperation operation, PushTransportFactory factory);
    void stopJob();
    void onFinished(const PushSummary& summary);
    QString headerText(const PushOperation& operation) const;

    std::vector<HostSpec> hosts_;
    RollbackTransports rollbackTransports_;
    audit::AuditSink& audit_;
    PushHistory* history_;
    PushProgressModel* model_ = nullptr;
    QLabel* header_ = nullptr;
    QLabel* summaryLabel_ = nullptr;
    QTableView* table_ = nullptr;
    QPushButton* cancel_ = nullptr;
    QPushButton* rollback_ = nullptr;
    QPushButton* close_ = nullptr;
    QThread* thread_ = nullptr;
    PushJob* job_ = nullptr;  // lives on thread_
    std::optional<PushRecord> lastRecord_;
    std::optional<PushSummary> summary_;
    bool running_ = false;
};

// Asks for the sudo password of a push (masked); nothing when the user cancels. The caller keeps
// it only for that push.
std::optional<SecretBytes> askSudoPassword(QWidget* parent, const QString& hostsText);

}  // namespace fleetdeck
