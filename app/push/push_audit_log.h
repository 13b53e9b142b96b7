#pragma once

#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

#include <QString>

#include "app/audit/audit_log.h"
#include "app/host_spec.h"
#include "app/push/push_audit.h"

namespace fleetdeck {

// The SSH host-key fingerprints a push's connections saw, by host name: the audit log names the
// key each change went to. Filled from the connect threads' results; thread-safe.
class HostKeyBook {
public:
    void record(const QString& host, const QString& fingerprint);
    std::optional<QString> find(const QString& host) const;

private:
    mutable std::mutex mutex_;
    std::map<QString, QString> fingerprints_;
};

// Records push steps in the audit log (app/audit): the operator is this process's user@machine,
// the host its inventory name, address and host-key fingerprint; the push id goes into the
// message. Keeps the first error so the push can report it; seal() fsyncs and returns the head.
class PushAuditLog : public PushAuditSink {
public:
    PushAuditLog(audit::AuditSink& log, std::vector<HostSpec> hosts, std::shared_ptr<const HostKeyBook> keys = {});

    void record(const PushAuditEvent& event) override;
    std::optional<PushAuditHead> seal(QString* problem) override;
    // The first step that could not be written, as a sentence; nullopt while every step was.
    std::optional<QString> firstError() const;

    // What one push step becomes in the log (exposed for tests).
    audit::AuditEvent toAuditEvent(const PushAuditEvent& event) const;

private:
    audit::AuditSink& log_;
    std::map<QString, HostSpec> hosts_;
    std::shared_ptr<const HostKeyBook> keys_;
    mutable std::mutex mutex_;
    std::optional<QString> firstError_;
};

// A sentence for an audit-log failure during a push.
QString auditProblemText(const audit::AuditError& error);

}  // namespace fleetdeck
