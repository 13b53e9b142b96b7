#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "app/audit/audit_entry.h"
#include "app/audit/audit_verify.h"

namespace fleetdeck::audit {

// A server's record that it saw the local log's head after a push: "gpu-07 saw entry 812 with
// hash 3fa9… at 10:15:02". Kept in the agent's journal, out of reach of whoever edits the local log.
struct Witness {
    std::string host;
    std::int64_t seq = 0;
    std::string hash;
    std::string timeUtc;  // when the server recorded it; may be empty
};

// What the local log says about one witness.
struct WitnessFinding {
    enum class Status {
        Confirmed,     // the local entry has the witnessed hash
        Beyond,        // the witness saw an entry past the local log's end: the log was cut
        Mismatch,      // the local entry differs from what the witness saw: rewritten or rolled back
        Unverifiable,  // the entry lies past local damage, so it cannot be compared
    };
    Witness witness;
    Status status = Status::Confirmed;
    std::int64_t localEnd = 0;  // the last sequence number in the local file
    std::string sentence;
};

// Compares a verified log (verifyLog() with hashesWanted = the witnesses' seqs) with witnesses.
std::vector<WitnessFinding> compareWithWitnesses(const VerifyReport& report, const std::vector<Witness>& witnesses);

// The damage the findings show, earliest entry first; nullopt when every witness is confirmed or
// unverifiable.
std::optional<Damage> witnessDamage(const std::vector<WitnessFinding>& findings);

// verifyLog() followed by the comparison; the earlier of the local damage and the witnessed damage
// becomes report.damage.
struct WitnessedReport {
    VerifyReport report;
    std::vector<WitnessFinding> findings;
};
std::variant<WitnessedReport, AuditError> verifyAgainstWitnesses(const std::string& path, const AuditKey& key,
                                                                const std::vector<Witness>& witnesses);

// Reads the witnesses out of an agent's `journal.read` result (docs/audit.md, "Witnesses"): every
// journal entry with an "audit_head" object. nullopt with a reason when the shape is wrong.
std::optional<std::vector<Witness>> witnessesFromJournal(const std::string& host, const Json& journal,
                                                         std::string* why);
// The same, from the entries of journal pages already decoded (protocol::JournalPage).
std::optional<std::vector<Witness>> witnessesFromJournal(const std::string& host, const std::vector<Json>& entries,
                                                         std::string* why);

}  // namespace fleetdeck::audit
