#pragma once

#include <functional>
#include <optional>
#include <vector>

#include <QObject>
#include <QStringList>

#include "app/audit/audit_log.h"
#include "app/push/push_audit_log.h"
#include "app/push/push_history.h"
#include "app/push/push_transport.h"
#include "app/tuning/host_plan.h"

class QMenu;
class QWidget;

namespace fleetdeck {

class PushDialog;

// Starts pushes from the main window: the tuning wizard's per-host plans, and the rollback of a
// past push picked from the history (Tools → Roll back a push…). Each push asks for the sudo
// password when a host logs in as someone other than root (a rollback from the push's dialog asks
// again: no password outlives its push), writes every step to the audit log, appends to the push
// history, and shows a PushDialog.
class PushLauncher : public QObject {
    Q_OBJECT
public:
    using HostLookup = std::function<std::optional<HostSpec>(const QString& name)>;
    using PasswordQuestion = std::function<std::optional<SecretBytes>(QWidget* parent, const QString& hostsText)>;
    using Transports = std::function<PushTransportFactory(const PushCredentials& credentials, std::shared_ptr<HostKeyBook> keys)>;
    struct Places {
        audit::AuditLog::Paths audit = audit::AuditLog::defaultPaths();
        std::string history = PushHistory::defaultPath();
    };

    PushLauncher(HostLookup hosts, Places places, QObject* parent = nullptr);

    // The wizard's push hook: each host gets its own plan's pushable settings.
    PushDialog* pushPlans(const std::vector<tuning::HostPlan>& plans, QWidget* parent);
    // Asks which past push to roll back, then rolls it back; nullptr when cancelled or none.
    PushDialog* chooseAndRollBack(QWidget* parent);
    PushDialog* rollBack(const PushRecord& record, QWidget* parent);
    // Any push of `hosts` (by name; simulated ones and those no longer in the fleet are left out):
    // a drift re-apply or a persistent push (ui/drift_controller.h), asking for sudo as the others.
    PushDialog* pushOperation(const QStringList& hosts, PushOperation operation, QWidget* parent);
    // Adds "Roll back a push…" to `menu`; dialogs open over `parent`.
    void addActions(QMenu* menu, QWidget* parent);

    // Tests replace the password dialog and the transports.
    void setPasswordQuestion(PasswordQuestion question) { askPassword_ = std::move(question); }
    void setTransports(Transports transports) { transports_ = std::move(transports); }

private:
    std::optional<PushCredentials> credentialsFor(const std::vector<HostSpec>& hosts, QWidget* parent) const;
    static std::optional<PushCredentials> askCredentials(const PasswordQuestion& askPassword,
                                                         const std::vector<HostSpec>& hosts, QWidget* parent);
    PushDialog* open(std::vector<HostSpec> hosts, PushOperation operation, QWidget* parent);

    HostLookup hosts_;
    Places places_;
    PasswordQuestion askPassword_;
    Transports transports_;
};

// The wizard's plans as one push: the settings each host can take, as that host's profile.
PushOperation operationFromPlans(const std::vector<tuning::HostPlan>& plans, const QString& name);

}  // namespace fleetdeck
