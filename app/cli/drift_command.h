#pragma once

#include <QStringList>
#include <QTextStream>

#include "app/cli/command_line.h"

namespace fleetdeck::cli {

// fleetdeck-cli drift HOST... [--json] [--reapply] [--audit-log FILE] [--audit-key FILE] [shared remote options]
// fleetdeck-cli drift --accept HOST SETTING [--audit-log FILE] [--audit-key FILE] [shared remote options]
// Per host the settings that no longer have the value FleetDeck last pushed, with the cause
// (docs/drift.md). Exit 0 when nothing drifted, 7 when something did, 3/4/5 when a host could not
// be reached; --reapply exits as `apply` (0 every host verified, 6 otherwise); 2 for usage errors.
int driftCommand(const QString& name, const ParsedCommand& command, QTextStream& out, QTextStream& err);

}  // namespace fleetdeck::cli
