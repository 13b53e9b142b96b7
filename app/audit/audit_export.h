#pragma once

#include <string>
#include <vector>

#include "app/audit/audit_entry.h"

namespace fleetdeck::audit {

// A before/after value as people read it: strings bare, null as "-", the rest as compact JSON.
std::string valueText(const Json& value);

// RFC 4180 CSV with a header row; before/after as valueText(), hashes in full.
std::string toCsv(const std::vector<AuditEntry>& entries);
// A JSON array of the entries exactly as the log stores them (with hashes and HMACs).
std::string toJsonArray(const std::vector<AuditEntry>& entries);
// An aligned plain-text table for a terminal, one entry per row.
std::string toTable(const std::vector<AuditEntry>& entries);

}  // namespace fleetdeck::audit
