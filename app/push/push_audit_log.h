#pragma once

#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "app/audit/audit_log.h"
#include "app/host_spec.h"

namespace fleetdeck {

// The SSH host-key fingerprints a push's connections saw, by host name: the audit log names the
// key each change went to. Filled from the connect threads' results; thread-safe.
class HostKeyBook {
public:
    void record(const std::string& host, const std::string& fingerprint);
    std::optional<std::string> find(const std::string& host) const;

private:
    mutable std::mutex mutex_;
    std::map<std::string, std::string> fingerprints_;
};

// The audit log as a push writes to it: each step's host gets its address (SSH hosts) and the
// fingerprint of the key its connection saw before it goes to `log`; the operator is left to the
// log (this process's user@machine). Keeps the first step that could not be written, and flush()
// reports it, so sealing the push fails rather than witnessing a log with a gap.
class PushAuditLog : public audit::AuditSink {
public:
    PushAuditLog(audit::AuditSink& log, const std::vector<HostSpec>& hosts, std::shared_ptr<const HostKeyBook> keys = {});

    audit::AuditResult record(const audit::AuditEvent& event) override;
    std::optional<audit::AuditError> flush() override;
    std::variant<audit::AuditHead, audit::AuditError> head() override { return log_.head(); }

    // What one push step becomes in the log (exposed for tests).
    audit::AuditEvent withHostDetails(audit::AuditEvent event) const;

private:
    audit::AuditSink& log_;
    std::map<std::string, std::string> addresses_;  // SSH hosts' addresses, by inventory name
    std::shared_ptr<const HostKeyBook> keys_;
    mutable std::mutex mutex_;
    std::optional<audit::AuditError> firstError_;
};

}  // namespace fleetdeck
