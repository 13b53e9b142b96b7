#pragma once

#include <QStringList>
#include <QTextStream>

#include "app/cli/command_line.h"

namespace fleetdeck::cli {

// fleetdeck-cli mesh HOST... [--count N] [--json] [--csv FILE]: every host probes every other
// host's SSH port; prints the host × host matrix of p50 round trips and the findings.
int meshCommand(const QString& name, const ParsedCommand& command, QTextStream& out, QTextStream& err);

}  // namespace fleetdeck::cli
