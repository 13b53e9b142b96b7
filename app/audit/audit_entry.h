#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "agent/json/json.h"
#include "agent/protocol/methods.h"

namespace fleetdeck::audit {

using Json = nlohmann::json;

// What happened. A closed list: each value is written to the log by name (see docs/audit.md).
enum class AuditAction {
    Plan,      // a diff was computed for a host (nothing changed yet)
    Apply,     // a setting was written on a host
    Verify,    // a written setting was read back
    Rollback,  // a setting was restored to its value before the push
    Failure,   // a step failed; the message says which and why
    Recovery,  // an interrupted push was found and cleaned up
    Repair,    // the log itself was repaired (an incomplete last line was cut)
    Report,    // a commissioning report was written; `after` holds its SHA-256 (audit_report.h)
    Accept,    // the operator adopted a drifted setting's current value as desired (docs/drift.md)
};

// How the step ended. A closed list, written by name.
enum class AuditOutcome {
    Ok,
    Failed,
    RolledBack,
    Skipped,
};

std::string_view toString(AuditAction action);
std::optional<AuditAction> actionFromString(std::string_view name);
std::string_view toString(AuditOutcome outcome);
std::optional<AuditOutcome> outcomeFromString(std::string_view name);

// Who made the change: the local account as user@machine, and a display name when one is known.
struct AuditOperator {
    std::string account;                     // "alice@ops-laptop"
    std::optional<std::string> displayName;  // "Alice Ng"

    // The account this process runs as, on this machine.
    static AuditOperator local();
};

// The server a step concerns.
struct AuditHost {
    std::string name;                        // inventory name, "gpu-07"
    std::optional<std::string> address;      // "10.0.4.17"
    std::optional<std::string> fingerprint;  // SSH host key, "SHA256:…"; absent for local/simulated hosts
};

// One step as the push reports it. The log adds the sequence number, time and hashes.
struct AuditEvent {
    std::optional<AuditOperator> op;  // absent: AuditOperator::local()
    std::optional<AuditHost> host;    // absent only for entries about the log itself or a whole rack (report)
    AuditAction action = AuditAction::Plan;
    std::optional<std::string> transaction;  // the push's transaction id
    std::optional<std::string> setting;      // "sysctl:vm.swappiness"
    Json before;                             // null when unknown or not applicable
    Json after;
    AuditOutcome result = AuditOutcome::Ok;
    std::string message;
    // A re-apply of drifted settings names the push it restores (docs/drift.md). Written only
    // when set, so entries written before the field existed keep their exact canonical form.
    std::optional<std::string> reapplies;
    // The push this step belongs to ("push_id"), as data. Written only when set, as `reapplies`;
    // entries written before the field carry it in the message alone (legacyPushIdOfMessage).
    std::optional<std::string> pushId;
    // A push's Apply entry (no setting): the tune.apply params sent to the host. Written as the
    // entry's `after` (protocol::to_json, when `after` is null), so the log's format is unchanged;
    // read back from `after` by the protocol's decoder, for entries old and new (`after` keeps
    // the value as stored, so a read entry writes the same bytes again).
    std::optional<protocol::TuneApplyParams> apply;
};

// The push id that entries written before `push_id` existed carry only at the head of their
// message ("push 20261129-101530-4f2a: …"); empty when the message has none. For those old
// entries alone: an entry with pushId is read by its field.
std::string legacyPushIdOfMessage(const std::string& message);
// The entry's push id: its field, else (an entry written before the field) its message's.
std::string pushIdOf(const AuditEvent& event);

// One line of the log.
struct AuditEntry {
    std::int64_t seq = 0;  // 1, 2, 3, … with no gaps
    std::string timeUtc;   // ISO 8601 with milliseconds, "2026-11-29T10:15:02.123Z"
    AuditEvent event;      // op is always set in a stored entry
    std::string prevHash;  // hex SHA-256 of the previous entry; 64 zeros for the first
    std::string hash;      // hex SHA-256 over canonical(entry) + prevHash
    std::string hmac;      // hex HMAC-SHA256 of `hash` under the installation key
};

// The previous hash of entry 1.
inline const std::string kGenesisHash(64, '0');

// The entry as a JSON object, every field present (null when missing); with or without the
// "hash" and "hmac" members.
Json toJson(const AuditEntry& entry, bool withSeal = true);

// Reads an entry written by toJson(); nullopt with a reason when a field is missing or mistyped.
std::optional<AuditEntry> entryFromJson(const Json& object, std::string* why);

// The exact bytes the hash covers (docs/audit.md, "Canonical form"): the compact JSON of the
// entry without "hash" and "hmac", keys sorted, UTF-8, no spaces.
std::string canonical(const AuditEntry& entry);
std::string canonical(const Json& entryWithoutSeal);

}  // namespace fleetdeck::audit
