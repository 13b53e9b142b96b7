#pragma once

#include <QStringList>
#include <QTextStream>

#include "app/cli/command_line.h"

namespace fleetdeck::cli {

// fleetdeck-cli commission (--spec FILE | --learn-from HOST) [--save-spec FILE] [--json] HOST...:
// the acceptance of a new rack's hosts (docs/commission.md): each host against the spec, against
// the rest of the rack (the odd one out) and its GPU health. Exit 0 when every host passes, 7 when
// any has a critical finding, 2 for a spec that cannot be read (the field named), 3–5 when a host
// could not be reached.
int commissionCommand(const QString& name, const ParsedCommand& command, QTextStream& out, QTextStream& err);

}  // namespace fleetdeck::cli
