#include "app/push/push_audit_log.h"

namespace fleetdeck {

void HostKeyBook::record(const std::string& host, const std::string& fingerprint) {
    if (fingerprint.empty()) return;
    std::lock_guard lock(mutex_);
    fingerprints_[host] = fingerprint;
}

std::optional<std::string> HostKeyBook::find(const std::string& host) const {
    std::lock_guard lock(mutex_);
    const auto it = fingerprints_.find(host);
    if (it == fingerprints_.end()) return std::nullopt;
    return it->second;
}

PushAuditLog::PushAuditLog(audit::AuditSink& log, const std::vector<HostSpec>& hosts, std::shared_ptr<const HostKeyBook> keys)
    : log_(log), keys_(std::move(keys)) {
    // The Qt boundary: the inventory's names and addresses, once.
    for (const HostSpec& h : hosts)
        if (h.kind == HostSpec::Kind::Ssh) addresses_[h.name.toStdString()] = h.address.toStdString();
}

audit::AuditEvent PushAuditLog::withHostDetails(audit::AuditEvent event) const {
    if (!event.host) return event;
    audit::AuditHost& host = *event.host;
    if (const auto it = addresses_.find(host.name); it != addresses_.end()) host.address = it->second;
    if (keys_)
        if (auto fingerprint = keys_->find(host.name)) host.fingerprint = std::move(*fingerprint);
    return event;
}

audit::AuditResult PushAuditLog::record(const audit::AuditEvent& event) {
    audit::AuditResult r = log_.record(withHostDetails(event));
    if (r.ok()) return r;
    std::lock_guard lock(mutex_);
    if (!firstError_) firstError_ = *r.error;
    return r;
}

std::optional<audit::AuditError> PushAuditLog::flush() {
    {
        std::lock_guard lock(mutex_);
        if (firstError_) return firstError_;
    }
    return log_.flush();
}

}  // namespace fleetdeck
