#include "ui/push/push_launcher.h"

#include <unistd.h>

#include <QDateTime>
#include <QInputDialog>
#include <QMenu>
#include <QMessageBox>

#include "app/push/push_audit.h"
#include "app/push/push_audit_log.h"
#include "app/push/ssh_push_transport.h"
#include "ui/push/push_dialog.h"

namespace fleetdeck {
namespace {

// What one push writes to: the audit log, the keys its hosts presented, the history. Owned by
// the push's dialog (a child, so it outlives the dialog's job, which the dialog stops first).
class PushRecords : public QObject {
public:
    PushRecords(const PushLauncher::Places& places, const std::vector<HostSpec>& hosts)
        : log(places.audit), keys(std::make_shared<HostKeyBook>()), audit(log, hosts, keys), history(places.history) {}
    audit::AuditLog log;
    std::shared_ptr<HostKeyBook> keys;
    PushAuditLog audit;
    PushHistory history;
};

bool needsSudo(const HostSpec& host) {
    if (host.kind == HostSpec::Kind::Local) return ::geteuid() != 0;
    return host.kind == HostSpec::Kind::Ssh && host.user != QLatin1String("root");
}

QString recordText(const PushRecord& r) {
    return QObject::tr("%1 — %2 — “%3” on %4 hosts%5")
        .arg(QDateTime::fromString(QString::fromStdString(r.timeUtc), Qt::ISODate).toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm")),
             QString::fromStdString(r.pushId),
             QString::fromStdString(r.profile))
        .arg(r.transactions.size())
        .arg(r.persistent ? QObject::tr(" (persistent)") : QString());
}

}  // namespace

PushOperation operationFromPlans(const std::vector<tuning::HostPlan>& plans, const QString& name) {
    PushOperation op;
    op.kind = PushOperation::Kind::Apply;
    op.pushId = newPushId();
    op.profile.name = name.toStdString();
    for (const tuning::HostPlan& p : plans) {
        PushProfile profile{name.toStdString(), {}};
        for (const tuning::PlannedSetting& s : p.plan.settings)
            if (!s.unsupported) profile.changes.push_back({s.id, s.value, s.atLeast});
        op.hostProfiles[p.host.toStdString()] = std::move(profile);
    }
    return op;
}

PushLauncher::PushLauncher(HostLookup hosts, Places places, QObject* parent)
    : QObject(parent), hosts_(std::move(hosts)), places_(std::move(places)), askPassword_(askSudoPassword),
      transports_([](const PushCredentials& c, std::shared_ptr<HostKeyBook> keys) { return pushTransports(c, std::move(keys)); }) {}

std::optional<PushCredentials> PushLauncher::credentialsFor(const std::vector<HostSpec>& hosts, QWidget* parent) const {
    return askCredentials(askPassword_, hosts, parent);
}

std::optional<PushCredentials> PushLauncher::askCredentials(const PasswordQuestion& askPassword,
                                                            const std::vector<HostSpec>& hosts, QWidget* parent) {
    QStringList sudoHosts;
    for (const HostSpec& h : hosts)
        if (needsSudo(h)) sudoHosts << h.name;
    PushCredentials credentials;
    if (sudoHosts.isEmpty()) return credentials;  // root logins: no sudo at all
    auto password = askPassword(parent, sudoHosts.join(QStringLiteral(", ")));
    if (!password) return std::nullopt;
    credentials.sudoPassword = !password->empty();
    credentials.password = std::make_shared<const SecretBytes>(std::move(*password));
    return credentials;
}

PushDialog* PushLauncher::open(std::vector<HostSpec> hosts, PushOperation operation, QWidget* parent) {
    if (hosts.empty()) {
        QMessageBox::information(parent, tr("Push"), tr("None of these hosts is in the fleet any more: nothing to push."));
        return nullptr;
    }
    auto credentials = credentialsFor(hosts, parent);
    if (!credentials) return nullptr;
    auto records = std::make_unique<PushRecords>(places_, hosts);
    // No push without its record: a log that cannot be written (or was tampered with) stops it here.
    if (auto head = records->log.head(); const auto* problem = std::get_if<audit::AuditError>(&head)) {
        QMessageBox::warning(parent, tr("Push"), tr("Nothing was pushed: %1").arg(auditProblem(*problem).message));
        return nullptr;
    }
    auto* dialog = new PushDialog(std::move(hosts), std::move(operation), transports_(*credentials, records->keys),
                                  records->audit, &records->history, parent);
    credentials.reset();  // from here on only the push's job holds them
    std::shared_ptr<HostKeyBook> keys = records->keys;
    dialog->setRollbackTransports([ask = askPassword_, transports = transports_, dialog, keys](
                                      const std::vector<HostSpec>& rollbackHosts) -> std::optional<PushTransportFactory> {
        auto again = askCredentials(ask, rollbackHosts, dialog);
        if (!again) return std::nullopt;
        return transports(*again, keys);
    });
    records.release()->setParent(dialog);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->show();
    return dialog;
}

PushDialog* PushLauncher::pushPlans(const std::vector<tuning::HostPlan>& plans, QWidget* parent) {
    std::vector<HostSpec> hosts;
    std::vector<tuning::HostPlan> reachable;
    for (const tuning::HostPlan& p : plans) {
        const auto spec = hosts_(p.host);
        if (!spec || spec->isSimulated()) continue;  // simulated hosts have nothing to push
        hosts.push_back(*spec);
        reachable.push_back(p);
        reachable.back().host = spec->name;
    }
    const QString name = plans.empty() ? tr("wizard plan")
                                       : QStringLiteral("wizard-%1").arg(QString::fromLatin1(to_string(plans.front().plan.answers.shape()).data()));
    return open(std::move(hosts), operationFromPlans(reachable, name), parent);
}

PushDialog* PushLauncher::rollBack(const PushRecord& record, QWidget* parent) {
    std::vector<HostSpec> hosts;
    for (const auto& [host, txn] : record.transactions)
        if (const auto spec = hosts_(QString::fromStdString(host))) hosts.push_back(*spec);
    return open(std::move(hosts), rollbackOperation(record, newPushId()), parent);
}

PushDialog* PushLauncher::pushOperation(const QStringList& hostNames, PushOperation operation, QWidget* parent) {
    std::vector<HostSpec> hosts;
    for (const QString& name : hostNames)
        if (const auto spec = hosts_(name); spec && !spec->isSimulated()) hosts.push_back(*spec);
    return open(std::move(hosts), std::move(operation), parent);
}

PushDialog* PushLauncher::chooseAndRollBack(QWidget* parent) {
    std::vector<PushRecord> records = PushHistory(places_.history).load();
    std::erase_if(records, [](const PushRecord& r) { return r.transactions.empty(); });
    if (records.empty()) {
        QMessageBox::information(parent, tr("Roll back a push"), tr("No push from this desktop changed a host yet."));
        return nullptr;
    }
    QStringList items;
    for (auto it = records.rbegin(); it != records.rend(); ++it) items << recordText(*it);  // newest first
    bool ok = false;
    const QString chosen = QInputDialog::getItem(parent, tr("Roll back a push"),
                                                 tr("Restore what this push changed, on every host it verified:"), items, 0,
                                                 false, &ok);
    if (!ok) return nullptr;
    const auto index = static_cast<std::size_t>(items.indexOf(chosen));
    return rollBack(records[records.size() - 1 - index], parent);
}

void PushLauncher::addActions(QMenu* menu, QWidget* parent) {
    QAction* action = menu->addAction(tr("&Roll back a push…"), this, [this, parent] { chooseAndRollBack(parent); });
    action->setShortcut(QKeySequence(tr("Ctrl+Shift+R")));
    action->setToolTip(tr("Restore the hosts of a past push to what they had before it"));
}

}  // namespace fleetdeck

#include "moc_push_launcher.cpp"
