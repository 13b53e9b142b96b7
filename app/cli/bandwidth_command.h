#pragma once

#include <QString>
#include <QTextStream>

#include "app/cli/command_line.h"

namespace fleetdeck::cli {

// fleetdeck-cli bandwidth HOST... [--duration 5s] [--streams 4] [--json] [--csv FILE]: every pair
// of hosts sends TCP to each other, agent to agent, in rounds; prints the host × host matrix of
// Gb/s and the findings (docs/fabric.md). Exit 7 when a finding is critical.
int bandwidthCommand(const QString& name, const ParsedCommand& command, QTextStream& out, QTextStream& err);

}  // namespace fleetdeck::cli
