#pragma once

#include <QStringList>
#include <QTextStream>

#include "app/cli/command_line.h"

namespace fleetdeck::cli {

// fleetdeck-cli plan --answers FILE (--facts FILE | HOST...) [--json]: the tuning plan for each
// host, with its diff against the current values (the agent's tune.read, else what facts tell).
int planCommand(const QString& name, const ParsedCommand& command, QTextStream& out, QTextStream& err);

}  // namespace fleetdeck::cli
