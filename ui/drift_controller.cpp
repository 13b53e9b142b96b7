#include "ui/drift_controller.h"

#include <memory>

#include <QFutureWatcher>
#include <QtConcurrent/QtConcurrentRun>

#include "app/drift/drift_actions.h"
#include "app/openssl_thread.h"
#include "app/push/push_audit.h"
#include "app/push/push_audit_log.h"
#include "ui/push/push_dialog.h"
#include "ui/push/push_launcher.h"

namespace fleetdeck {
namespace {

// Writes one `accept` entry per finding; the first problem, in words, or nothing.
QString writeAcceptEntries(const audit::AuditLog::Paths& paths, const QString& host, const std::vector<drift::DriftFinding>& findings) {
    const OpenSslThreadState releasedAtTheEnd;  // run on a pool thread: the entries' MACs
    audit::AuditLog log(paths);
    PushAuditLog audit(log, {});
    for (const drift::DriftFinding& f : findings) {
        const audit::AuditResult r = audit.record(drift::acceptEvent(host.toStdString(), f.id, f.pushed, f.pushId, f.current));
        if (!r.ok()) return auditProblem(*r.error).message;
    }
    if (const auto error = audit.flush()) return auditProblem(*error).message;
    return {};
}

}  // namespace

DriftController::DriftController(PushLauncher& pushes, audit::AuditLog::Paths audit, std::function<void(const QString&)> recheck,
                                 QObject* parent)
    : QObject(parent), pushes_(pushes), audit_(std::move(audit)), recheck_(std::move(recheck)) {}

void DriftController::attach(HostPage& page) {
    connect(&page, &HostPage::driftActionRequested, this,
            [this, &page](DriftAction action, const QString& host, const std::vector<drift::DriftFinding>& findings) {
                run(action, host, findings, page.window());
            });
    connect(this, &DriftController::status, &page, &HostPage::setDriftActionStatus);
}

std::vector<PushDialog*> DriftController::run(DriftAction action, const QString& host,
                                              const std::vector<drift::DriftFinding>& findings, QWidget* parent) {
    if (findings.empty()) return {};
    if (action == DriftAction::AcceptCurrent) {
        accept(host, findings);
        return {};
    }
    return push(action, host, findings, parent);
}

std::vector<PushDialog*> DriftController::push(DriftAction action, const QString& host,
                                               const std::vector<drift::DriftFinding>& findings, QWidget* parent) {
    std::vector<PushOperation> operations;
    if (action == DriftAction::Reapply) operations = drift::reapplyOperations({{host.toStdString(), findings}});
    else operations.push_back(drift::persistentOperation(host.toStdString(), findings));
    const QString what = action == DriftAction::Reapply ? tr("Re-applying") : tr("Pushing persistently");
    auto left = std::make_shared<int>(0);
    auto allVerified = std::make_shared<bool>(true);
    std::vector<PushDialog*> dialogs;
    for (PushOperation& op : operations) {
        PushDialog* dialog = pushes_.pushOperation({host}, std::move(op), parent);
        dialogs.push_back(dialog);
        if (!dialog) continue;  // cancelled at the sudo question, or the audit log cannot be written
        ++*left;
        connect(dialog, &PushDialog::pushFinished, this, [this, host, left, allVerified](const PushSummary& summary) {
            *allVerified = *allVerified && summary.allVerified();
            if (--*left > 0) return;
            emit status(host, *allVerified ? tr("Pushed and verified; checking the host again…")
                                           : tr("The push did not verify (%1): see its window for why").arg(summary.text()),
                        false);
            if (recheck_) recheck_(host);
            emit actionFinished(host, *allVerified);
        });
    }
    if (*left == 0) {
        emit status(host, tr("Nothing was pushed."), false);
        emit actionFinished(host, false);
    } else {
        emit status(host, tr("%1 %n setting(s)…", nullptr, static_cast<int>(findings.size())).arg(what), true);
    }
    return dialogs;
}

void DriftController::accept(const QString& host, const std::vector<drift::DriftFinding>& findings) {
    emit status(host, tr("Recording the current values as desired…"), true);
    auto* watcher = new QFutureWatcher<QString>(this);
    connect(watcher, &QFutureWatcher<QString>::finished, this, [this, watcher, host, count = findings.size()] {
        const QString problem = watcher->result();
        watcher->deleteLater();
        if (problem.isEmpty()) {
            emit status(host, tr("Accepted %n current value(s) as desired (audit log).", nullptr, static_cast<int>(count)), false);
            if (recheck_) recheck_(host);
        } else {
            emit status(host, tr("Nothing was accepted: %1").arg(problem), false);
        }
        emit actionFinished(host, problem.isEmpty());
    });
    // The audit log is a file with a lock and an HMAC chain: written off the GUI thread.
    watcher->setFuture(QtConcurrent::run(writeAcceptEntries, audit_, host, findings));
}

}  // namespace fleetdeck

#include "moc_drift_controller.cpp"
