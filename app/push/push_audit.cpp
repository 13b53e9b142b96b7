#include "app/push/push_audit.h"

namespace fleetdeck {
namespace {

// The push's result words (host_push.cpp, the agent's per-setting results) on the log's closed list.
audit::AuditOutcome outcomeFor(std::string_view result) {
    if (result == "rolled_back") return audit::AuditOutcome::RolledBack;
    if (result == "skipped") return audit::AuditOutcome::Skipped;
    if (result == "failed" || result == "rejected" || result == "rollback_incomplete" || result == "not_reached")
        return audit::AuditOutcome::Failed;
    return audit::AuditOutcome::Ok;  // verified, unchanged, recovered, change, or a step with no result yet
}

}  // namespace

audit::AuditEvent pushAuditEvent(audit::AuditAction action, std::string_view pushId, const std::string& host,
                                 const std::string& txn, std::string_view result, std::string_view message) {
    audit::AuditEvent out;
    out.host = audit::AuditHost{host, std::nullopt, std::nullopt};
    out.action = action;
    if (!txn.empty()) out.transaction = txn;
    out.result = outcomeFor(result);
    std::string text(message);
    if (!result.empty() && out.result == audit::AuditOutcome::Ok && result != "verified")
        text = text.empty() ? std::string(result) : std::string(result) + ": " + text;
    if (!pushId.empty()) text = "push " + std::string(pushId) + (text.empty() ? "" : ": " + text);
    out.message = std::move(text);
    if (!pushId.empty()) out.pushId = std::string(pushId);
    return out;
}

Problem auditProblem(const audit::AuditError& error) {
    return {ProblemCode::IoFailed,
            QStringLiteral("the audit log could not record the push: %1").arg(QString::fromStdString(error.message))};
}

Result<audit::AuditHead> sealAudit(audit::AuditSink& log) {
    if (const auto error = log.flush()) return auditProblem(*error);
    auto head = log.head();
    if (const auto* error = std::get_if<audit::AuditError>(&head)) return auditProblem(*error);
    return std::get<audit::AuditHead>(std::move(head));
}

}  // namespace fleetdeck
