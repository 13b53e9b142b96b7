#pragma once

// How a push writes to the audit log (app/audit): each step is an audit::AuditEvent recorded in an
// audit::AuditSink, and the push seals the sink before it reports a host, or itself, done.

#include <string>
#include <string_view>

#include "app/audit/audit_log.h"
#include "app/problem.h"

namespace fleetdeck {

// One step of a push as the log records it. `result` is the push's word for how the step ended
// ("verified", "rolled_back", "failed", "skipped", "recovered", "change", ...), put on the log's
// closed list of outcomes; a word the list has no room for goes into the message. The push id is
// the entry's `pushId` and also heads the message, for people reading the log
// ("push 20260101-…: recovered: the agent rolled back …"). The host is named only: the sink the
// push writes to adds its address and key (PushAuditLog).
audit::AuditEvent pushAuditEvent(audit::AuditAction action, std::string_view pushId, const std::string& host,
                                 const std::string& txn, std::string_view result, std::string_view message);

// A sentence for an audit-log failure during a push ("the audit log could not record the push: …").
Problem auditProblem(const audit::AuditError& error);

// Makes every step recorded so far durable (fsync) and returns the log's newest entry for the
// host's journal to witness; seq 0 when the sink keeps no log (nothing to witness).
Result<audit::AuditHead> sealAudit(audit::AuditSink& log);

}  // namespace fleetdeck
