#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <variant>

#include "app/audit/audit_crypto.h"
#include "app/audit/audit_error.h"
#include "app/audit/audit_log.h"

namespace fleetdeck::audit {

// The kinds of damage verification tells apart (docs/audit.md, "Verification").
enum class DamageKind {
    Modified,   // an entry's bytes changed (or it was re-hashed without the key)
    Inserted,   // a line that is not part of the chain sits between two entries that are
    Deleted,    // entries are missing from the middle or the start
    Reordered,  // entries are all there but out of order
    Truncated,  // a server witnessed entries the local log no longer has
    WrongKey,   // the chain is consistent but no HMAC matches: a foreign key, or re-hashed from the start
};

std::string_view toString(DamageKind kind);

// The first bad entry.
struct Damage {
    DamageKind kind;
    std::int64_t line = 0;             // 1-based line in the file; 0 when the entry is not in the file
    std::optional<std::int64_t> seq;   // the entry concerned (for Deleted/Truncated: the first missing one)
    std::string reason;                // a sentence naming what was expected and what was found
};

struct VerifyReport {
    std::int64_t lines = 0;              // complete lines in the file
    AuditHead verified;                  // the last entry verified before any damage
    std::int64_t lastSeqInFile = 0;      // the sequence number on the last readable line
    std::optional<Damage> damage;
    std::int64_t incompleteTailBytes = 0;  // an interrupted write; the next append repairs it
    // Hashes of the verified entries whose sequence numbers were asked for (witness comparison).
    std::map<std::int64_t, std::string> hashesAt;

    bool intact() const { return !damage; }
};

// Reads the whole file once, checking every entry's hash, HMAC, sequence number and link to the
// previous entry; stops at the first damage and classifies it.
std::variant<VerifyReport, AuditError> verifyLog(const std::string& path, const AuditKey& key,
                                                 const std::set<std::int64_t>& hashesWanted = {});

// One line of damage for people: "entry 500 (line 500): modified — its content does not match its hash".
std::string describe(const Damage& damage);

}  // namespace fleetdeck::audit
