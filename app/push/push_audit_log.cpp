#include "app/push/push_audit_log.h"

namespace fleetdeck {
namespace {

audit::AuditAction actionFor(PushAuditEvent::Kind kind) {
    using K = PushAuditEvent::Kind;
    using A = audit::AuditAction;
    switch (kind) {
    case K::Plan: return A::Plan;
    case K::Apply: return A::Apply;
    case K::Verify: return A::Verify;
    case K::Rollback: return A::Rollback;
    case K::Failure: return A::Failure;
    case K::Recovery: return A::Recovery;
    }
    return A::Failure;
}

// The push's result words (host_push.cpp, the agent's per-setting results) on the log's closed list.
audit::AuditOutcome outcomeFor(const QString& result) {
    if (result == QLatin1String("rolled_back")) return audit::AuditOutcome::RolledBack;
    if (result == QLatin1String("skipped")) return audit::AuditOutcome::Skipped;
    if (result == QLatin1String("failed") || result == QLatin1String("rejected") ||
        result == QLatin1String("rollback_incomplete") || result == QLatin1String("not_reached"))
        return audit::AuditOutcome::Failed;
    return audit::AuditOutcome::Ok;  // verified, unchanged, recovered, change, or a step with no result yet
}

}  // namespace

void HostKeyBook::record(const QString& host, const QString& fingerprint) {
    if (fingerprint.isEmpty()) return;
    std::lock_guard lock(mutex_);
    fingerprints_[host] = fingerprint;
}

std::optional<QString> HostKeyBook::find(const QString& host) const {
    std::lock_guard lock(mutex_);
    const auto it = fingerprints_.find(host);
    if (it == fingerprints_.end()) return std::nullopt;
    return it->second;
}

QString auditProblemText(const audit::AuditError& error) {
    return QStringLiteral("the audit log could not record the push: %1").arg(QString::fromStdString(error.message));
}

PushAuditLog::PushAuditLog(audit::AuditSink& log, std::vector<HostSpec> hosts, std::shared_ptr<const HostKeyBook> keys)
    : log_(log), keys_(std::move(keys)) {
    for (HostSpec& h : hosts) hosts_[h.name] = std::move(h);
}

audit::AuditEvent PushAuditLog::toAuditEvent(const PushAuditEvent& e) const {
    audit::AuditEvent out;
    audit::AuditHost host;
    host.name = e.host.toStdString();
    if (const auto it = hosts_.find(e.host); it != hosts_.end() && it->second.kind == HostSpec::Kind::Ssh)
        host.address = it->second.address.toStdString();
    if (keys_)
        if (const auto fingerprint = keys_->find(e.host)) host.fingerprint = fingerprint->toStdString();
    out.host = std::move(host);
    out.action = actionFor(e.kind);
    if (!e.txn.isEmpty()) out.transaction = e.txn.toStdString();
    if (!e.setting.isEmpty()) out.setting = e.setting.toStdString();
    out.before = e.before;
    out.after = e.after;
    out.result = outcomeFor(e.result);
    QString message = e.message;
    if (!e.result.isEmpty() && out.result == audit::AuditOutcome::Ok && e.result != QLatin1String("verified"))
        message = message.isEmpty() ? e.result : QStringLiteral("%1: %2").arg(e.result, message);
    if (!e.pushId.isEmpty()) message = QStringLiteral("push %1%2").arg(e.pushId, message.isEmpty() ? QString() : QStringLiteral(": ") + message);
    out.message = message.toStdString();
    return out;
}

void PushAuditLog::record(const PushAuditEvent& event) {
    const audit::AuditResult r = log_.record(toAuditEvent(event));
    if (r.ok()) return;
    std::lock_guard lock(mutex_);
    if (!firstError_) firstError_ = auditProblemText(*r.error);
}

std::optional<PushAuditHead> PushAuditLog::seal(QString* problem) {
    if (const auto error = firstError()) {
        if (problem) *problem = *error;
        return std::nullopt;
    }
    if (const auto error = log_.flush()) {
        if (problem) *problem = auditProblemText(*error);
        return std::nullopt;
    }
    auto head = log_.head();
    if (const auto* error = std::get_if<audit::AuditError>(&head)) {
        if (problem) *problem = auditProblemText(*error);
        return std::nullopt;
    }
    const auto& h = std::get<audit::AuditHead>(head);
    return PushAuditHead{h.seq, h.hash};
}

std::optional<QString> PushAuditLog::firstError() const {
    std::lock_guard lock(mutex_);
    return firstError_;
}

}  // namespace fleetdeck
