#include "app/drift/desired_state.h"

#include <utility>

namespace fleetdeck::drift {
namespace {

using audit::AuditAction;
using audit::AuditOutcome;
using Json = nlohmann::json;

// A push's part on one host: its steps are grouped by host and push id.
using PushKey = std::pair<std::string, std::string>;

struct PushOnHost {
    bool persistent = false;
    std::map<std::string, bool> atLeast;  // from the apply entry's changes
    bool failed = false;                  // a step failed or rolled back: the host kept nothing of it
};

PushKey keyOf(const audit::AuditEvent& e) {
    std::string push = audit::pushIdOf(e);
    if (push.empty()) push = "txn:" + e.transaction.value_or("");
    return {e.host->name, std::move(push)};
}

// First pass: each push's mode and whether it failed on the host.
std::map<PushKey, PushOnHost> pushesOnHosts(const std::vector<audit::AuditEntry>& entries) {
    std::map<PushKey, PushOnHost> pushes;
    for (const audit::AuditEntry& entry : entries) {
        const audit::AuditEvent& e = entry.event;
        if (!e.host || e.action == AuditAction::Plan || e.action == AuditAction::Accept || e.action == AuditAction::Repair ||
            e.action == AuditAction::Recovery)
            continue;
        PushOnHost& push = pushes[keyOf(e)];
        if (e.action == AuditAction::Apply && e.apply) {
            push.persistent = e.apply->mode == protocol::TuneMode::Persistent;
            for (const protocol::TuneChange& c : e.apply->changes) push.atLeast[c.id] = c.at_least;
        }
        if (e.action == AuditAction::Failure || e.result == AuditOutcome::Failed || e.result == AuditOutcome::RolledBack ||
            e.result == AuditOutcome::Skipped)
            push.failed = true;
    }
    return pushes;
}

}  // namespace

std::optional<std::string> HostDesiredState::lastPushId() const {
    const DesiredSetting* newest = nullptr;
    for (const auto& [id, s] : settings)
        if (!newest || s.auditSeq > newest->auditSeq) newest = &s;
    if (!newest) return std::nullopt;
    return newest->pushId;
}

std::map<std::string, HostDesiredState> desiredStateFromAudit(const std::vector<audit::AuditEntry>& entries) {
    const std::map<PushKey, PushOnHost> pushes = pushesOnHosts(entries);
    std::map<std::string, HostDesiredState> hosts;
    for (const audit::AuditEntry& entry : entries) {
        const audit::AuditEvent& e = entry.event;
        if (!e.host || !e.setting) continue;
        HostDesiredState& host = hosts[e.host->name];
        host.host = e.host->name;
        if (e.action == AuditAction::Accept) {
            const auto it = host.settings.find(*e.setting);
            if (it == host.settings.end() || e.result != AuditOutcome::Ok) continue;
            it->second.value = e.after;
            it->second.accepted = true;
            it->second.auditSeq = entry.seq;
            it->second.timeUtc = entry.timeUtc;
            continue;
        }
        if (e.action != AuditAction::Verify && e.action != AuditAction::Rollback) continue;
        const auto push = pushes.find(keyOf(e));
        if (push == pushes.end() || push->second.failed || e.result != AuditOutcome::Ok) continue;
        if (e.action == AuditAction::Rollback) {  // a rollback push restored this setting
            host.settings.erase(*e.setting);
            continue;
        }
        DesiredSetting s;
        s.id = *e.setting;
        s.value = e.after;
        s.persistent = push->second.persistent;
        if (const auto a = push->second.atLeast.find(s.id); a != push->second.atLeast.end()) s.atLeast = a->second;
        s.pushId = e.reapplies.value_or(audit::pushIdOf(e));
        s.txn = e.transaction.value_or("");
        s.auditSeq = entry.seq;
        s.timeUtc = entry.timeUtc;
        host.settings[s.id] = std::move(s);
    }
    for (auto it = hosts.begin(); it != hosts.end();) it = it->second.settings.empty() ? hosts.erase(it) : std::next(it);
    return hosts;
}

JournalEvidence journalEvidence(const std::vector<Json>& entries) {
    JournalEvidence out;
    std::map<std::string, std::string> rollbackOf;  // rollback txn -> the txn it restores
    for (const Json& r : entries) {
        if (!r.is_object()) continue;
        const std::string type = r.value("type", "");
        const auto text = [&r](const char* key) {
            const auto it = r.find(key);
            return it != r.end() && it->is_string() ? it->get<std::string>() : std::string();
        };
        if (type == "begin") {
            const std::string txn = text("txn");
            if (const std::string boot = text("boot_id"); !boot.empty()) out.bootOfTxn[txn] = boot;
            if (const std::string undone = text("rolls_back"); !undone.empty()) rollbackOf[txn] = undone;
        } else if (type == "end" && text("status") == "verified") {
            const std::string txn = text("txn");
            out.verified.insert(txn);
            if (const auto it = rollbackOf.find(txn); it != rollbackOf.end()) out.undone.insert(it->second);
        } else if (type == "witness") {
            const auto seq = r.find("audit_seq");
            if (seq != r.end() && seq->is_number_integer()) out.witnesses.emplace_back(seq->get<std::int64_t>(), text("audit_hash"));
        }
    }
    return out;
}

void confirmWithJournal(HostDesiredState& state, const JournalEvidence& evidence,
                        const std::map<std::int64_t, std::string>& auditHashes) {
    for (auto it = state.settings.begin(); it != state.settings.end();) {
        DesiredSetting& s = it->second;
        if (!s.txn.empty() && evidence.undone.count(s.txn)) {  // rolled back on the host, e.g. by hand with the agent
            it = state.settings.erase(it);
            continue;
        }
        s.confirmed = s.txn.empty() || evidence.verified.count(s.txn) > 0;
        if (const auto boot = evidence.bootOfTxn.find(s.txn); boot != evidence.bootOfTxn.end()) s.bootId = boot->second;
        for (const auto& [seq, hash] : evidence.witnesses) {
            const auto local = auditHashes.find(seq);
            if (seq >= s.auditSeq && local != auditHashes.end() && local->second == hash) s.witnessed = true;
        }
        ++it;
    }
}

}  // namespace fleetdeck::drift
