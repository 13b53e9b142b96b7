#pragma once

#include <QString>

#include "app/audit/audit_entry.h"

namespace fleetdeck {

// The detail pane's HTML for one entry: who, where, what changed (before beside after), and the
// entry's place in the hash chain.
QString auditDetailHtml(const audit::AuditEntry& entry, const QString& integrity);

}  // namespace fleetdeck
