#pragma once

// What FleetDeck last pushed to each host and did not roll back: the desired state a drift check
// compares the host with (docs/drift.md). Built from the audit log (app/audit) and, where the
// host's journal can be read, confirmed by it: the journal says which transactions ended verified,
// which a later rollback undid, and in which boot each ran.

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "agent/json/json.h"

#include "app/audit/audit_entry.h"

namespace fleetdeck::drift {

// One setting as last pushed (or accepted) for a host.
struct DesiredSetting {
    std::string id;             // "sysctl:vm.swappiness"
    nlohmann::json value;       // what the push read back after writing it, or the accepted value
    bool persistent = false;    // the push's mode: false = runtime only, lost at a reboot
    bool atLeast = false;       // pushed as "at least value"
    std::string pushId;         // the app's push id (a re-apply keeps the id of the push it restored)
    std::string txn;            // the agent's transaction id; empty when nothing needed changing
    std::int64_t auditSeq = 0;  // the audit entry that recorded it
    std::string timeUtc;        // that entry's time
    bool accepted = false;      // the value is one the operator accepted ("accept current")
    // From the host's journal, when it could be read: the transaction ended verified there and was
    // not rolled back since (false: the journal does not know it), and the boot it ran in.
    std::optional<bool> confirmed;
    std::optional<std::string> bootId;
    // A witness in the host's journal saw the audit log at or past this entry, with the same hash.
    bool witnessed = false;
};

struct HostDesiredState {
    std::string host;
    std::map<std::string, DesiredSetting> settings;  // by setting id
    // The push id of the newest setting (what `drift --json` reports as push_id).
    std::optional<std::string> lastPushId() const;
};

// Folds the audit log, oldest entry first, into each host's desired state: the verified settings
// of every push that did not fail or roll back add to it (a later push of a setting replaces the
// earlier value), the settings a rollback push restored leave it, and an `accept` entry replaces
// a setting's value. Plans, failed and rolled-back pushes change nothing.
std::map<std::string, HostDesiredState> desiredStateFromAudit(const std::vector<audit::AuditEntry>& entries);

// What a host's journal (journal.read entries) says about its transactions.
struct JournalEvidence {
    std::set<std::string> verified;                // transactions that ended verified
    std::set<std::string> undone;                  // transactions a verified rollback restored
    std::map<std::string, std::string> bootOfTxn;  // begin records' boot_id
    std::vector<std::pair<std::int64_t, std::string>> witnesses;  // audit seq and hash seen
};
JournalEvidence journalEvidence(const std::vector<nlohmann::json>& entries);

// Marks each setting confirmed (or not) and drops those whose transaction the host rolled back;
// `auditHashes` (seq -> hash of the local log) tells which witnesses saw this log.
void confirmWithJournal(HostDesiredState& state, const JournalEvidence& evidence,
                        const std::map<std::int64_t, std::string>& auditHashes);

}  // namespace fleetdeck::drift
