#pragma once

#include <QString>
#include <QTextStream>

#include "app/cli/command_line.h"

namespace fleetdeck::cli {

// fleetdeck-cli diagnose HOST... [--window DURATION] [--sim-speed X] [--json]: watches each host
// for the window (default 60s), samples it all along, and prints each GPU's verdict
// (app/utilization/verdict.h) with its evidence and what to do. Exit 7 when a GPU is held idle,
// capped or bound; the connect codes when a host could not be read.
int diagnoseCommand(const QString& name, const ParsedCommand& command, QTextStream& out, QTextStream& err);

}  // namespace fleetdeck::cli
