#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "app/audit/audit_entry.h"
#include "app/audit/audit_error.h"

namespace fleetdeck::audit {

// The log's entries as read for display: no key needed and nothing verified (verifyLog() does that).
struct AuditContents {
    std::vector<AuditEntry> entries;
    std::vector<std::int64_t> unreadableLines;  // 1-based lines that are not entries
    std::int64_t incompleteTailBytes = 0;
};

// An absent file reads as an empty log.
std::variant<AuditContents, AuditError> readEntries(const std::string& path);

// Which entries to show. Every set field must match.
struct AuditFilter {
    std::optional<std::string> host;      // host name or address, exactly
    std::optional<std::string> setting;   // part of the setting name ("swappiness", "sysctl.")
    std::optional<std::string> result;    // "ok", "failed", "rolled_back", "skipped"
    std::optional<std::string> op;        // part of the operator's account or display name
    std::optional<std::string> sinceUtc;  // inclusive, in the log's time format
    std::optional<std::string> untilUtc;  // inclusive

    bool matches(const AuditEntry& entry) const;
};

// Turns "2026-11-29", "2026-11-29T10:15", "2026-11-29T10:15:02+01:00" … into the log's UTC time
// format. A bare date means the start of that day, or its end when endOfDay is set.
std::optional<std::string> normaliseTime(const std::string& iso8601, bool endOfDay);

}  // namespace fleetdeck::audit
