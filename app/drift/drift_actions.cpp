#include "app/drift/drift_actions.h"

#include <utility>

#include "app/push/push_history.h"

namespace fleetdeck::drift {

std::vector<PushOperation> reapplyOperations(const std::map<std::string, std::vector<DriftFinding>>& driftedByHost) {
    std::map<std::pair<std::string, bool>, PushOperation> groups;  // by original push and mode
    for (const auto& [host, findings] : driftedByHost)
        for (const DriftFinding& f : findings) {
            PushOperation& op = groups[{f.pushId, f.persistent}];
            if (op.pushId.empty()) {
                op.kind = PushOperation::Kind::Apply;
                op.pushId = newPushId();
                op.persistent = f.persistent;
                op.reappliesPushId = f.pushId;
                op.profile.name = "re-apply of push " + f.pushId;
            }
            PushProfile& p = op.hostProfiles[host];
            p.name = op.profile.name;
            p.changes.push_back({f.id, f.pushed, f.atLeast});
        }
    std::vector<PushOperation> out;
    for (auto& [key, op] : groups) out.push_back(std::move(op));
    return out;
}

PushOperation persistentOperation(const std::string& host, const std::vector<DriftFinding>& findings) {
    PushOperation op;
    op.kind = PushOperation::Kind::Apply;
    op.pushId = newPushId();
    op.persistent = true;
    op.profile.name = "persistent push of settings a reboot dropped";
    PushProfile& p = op.hostProfiles[host];
    p.name = op.profile.name;
    for (const DriftFinding& f : findings) p.changes.push_back({f.id, f.pushed, f.atLeast});
    return op;
}

audit::AuditEvent acceptEvent(const std::string& host, const std::string& setting, const nlohmann::json& pushed,
                              const std::string& pushId, const nlohmann::json& current) {
    audit::AuditEvent e;
    e.host = audit::AuditHost{host, std::nullopt, std::nullopt};
    e.action = audit::AuditAction::Accept;
    e.setting = setting;
    e.before = pushed;
    e.after = current;
    // No transaction: nothing ran on the host, and the push's own history stays as it was.
    e.message = "drift: the operator accepted the current value as desired, in place of push " + pushId + "'s";
    return e;
}

}  // namespace fleetdeck::drift
