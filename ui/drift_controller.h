#pragma once

// Carries out the host page's drift buttons (docs/drift.md, "In the app"): Re-apply and Make
// persistent as pushes through the PushLauncher (the same sudo question, PushDialog progress and
// audit log as every push), Accept current as an `accept` audit entry written off the GUI thread.
// After each it asks the drift monitor to check the host again, and reports progress and outcome
// to the host page.

#include <functional>
#include <vector>

#include <QObject>
#include <QString>

#include "app/audit/audit_log.h"
#include "app/drift_finding.h"
#include "ui/dashboard/host_page.h"

class QWidget;

namespace fleetdeck {

class PushDialog;
class PushLauncher;

class DriftController : public QObject {
    Q_OBJECT
public:
    // `recheck` asks for a drift check of a host now (DriftMonitor::checkNowAsync); `audit` is the
    // log that accept entries go to (the one the pushes write and the monitor reads).
    DriftController(PushLauncher& pushes, audit::AuditLog::Paths audit, std::function<void(const QString& host)> recheck,
                    QObject* parent = nullptr);

    // Connects `page`'s buttons to this controller and its reports to `page`.
    void attach(HostPage& page);

    // The push dialogs opened (nullptr entries for cancelled ones); the accept runs in the background.
    std::vector<PushDialog*> run(DriftAction action, const QString& host, const std::vector<drift::DriftFinding>& findings,
                                 QWidget* parent);

signals:
    // Progress and outcome in words, for `host`; `busy` while the action runs.
    void status(const QString& host, const QString& text, bool busy);
    // An action ended (a push finished, or the accept was written or failed).
    void actionFinished(const QString& host, bool ok);

private:
    std::vector<PushDialog*> push(DriftAction action, const QString& host, const std::vector<drift::DriftFinding>& findings,
                                  QWidget* parent);
    void accept(const QString& host, const std::vector<drift::DriftFinding>& findings);

    PushLauncher& pushes_;
    audit::AuditLog::Paths audit_;
    std::function<void(const QString&)> recheck_;
};

}  // namespace fleetdeck
