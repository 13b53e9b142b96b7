#pragma once

// A commissioning report in the audit log (docs/audit.md, "Report entries"): when a report is
// written its SHA-256 is recorded, so a report handed to a provider can later be proven unchanged
// (`fleetdeck-cli audit check-report FILE`).

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "app/audit/audit_entry.h"

namespace fleetdeck::audit {

// What a `report` entry's `after` holds.
struct ReportRecord {
    std::string sha256;  // lower-case hex of the file's bytes
    std::string file;    // the file's name as written ("rack-b2.pdf"), without its directory
    std::int64_t bytes = 0;
    std::string rack;    // empty when the hosts were of several racks or none
    std::int64_t hosts = 0, hostsPassed = 0;
    bool pass = false;
    // Each host's name and whether it passed, in the report's order (the history store turns them
    // into a `commissioning` incident per host); empty in entries written before it was kept.
    std::vector<std::pair<std::string, bool>> hostResults;
};

// The entry to record: action `report`, no host (it is about a rack), `after` the record, a
// message in words ("commissioning report rack-b2.pdf of rack b2: FAIL, 4 of 6 hosts pass").
AuditEvent reportEvent(const ReportRecord& record);

// The record in a `report` entry; nullopt for any other entry or one whose `after` is not a record.
std::optional<ReportRecord> reportRecordOf(const AuditEntry& entry);

// The `report` entries that recorded `sha256Hex` (lower-case hex), oldest first.
std::vector<AuditEntry> entriesRecordingReport(const std::vector<AuditEntry>& entries, const std::string& sha256Hex);

// Lower-case hex SHA-256 of a file's bytes; nullopt with `why` when it cannot be read.
std::optional<std::string> fileSha256Hex(const std::string& path, std::string* why);

}  // namespace fleetdeck::audit
