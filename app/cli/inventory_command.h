#pragma once

#include <QStringList>
#include <QTextStream>

#include "app/cli/command_line.h"

namespace fleetdeck::cli {

// fleetdeck-cli inventory add PATTERN [--user U] [--port N] [--jump HOST] [--group G] [--tag T]...
//   [--rack R --first-unit N [--unit-height H] [--direction top-down|bottom-up]] [--dry-run]
//   [--inventory FILE] [--json]: the hosts a pattern such as gpu-[01-16].dc2.example.net makes
//   (app/inventory/host_pattern.h), previewed as a table, then saved unless --dry-run.
// fleetdeck-cli inventory list [--inventory FILE] [--json]: every host with its rack, unit, group, tags.
// fleetdeck-cli inventory remove NAME... [--dry-run] [--inventory FILE]: takes the hosts out (all or, when
//   one is not there, none).
// No host is contacted. Exit 0 when done, 2 for usage and for a refused add or remove (every clash
// or unknown name on stderr; nothing is saved on any error), 1 when the inventory cannot be read
// or written.
int inventoryCommand(const QString& name, const ParsedCommand& command, QTextStream& out, QTextStream& err);

}  // namespace fleetdeck::cli
