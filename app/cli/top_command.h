#pragma once

#include <QString>
#include <QTextStream>

#include "app/cli/command_line.h"

namespace fleetdeck::cli {

// fleetdeck-cli top HOST... [--watch SECONDS] [--json]: every process on every GPU of the hosts,
// like gpustat for a fleet: host, GPU, pid, user, command, GPU memory, SM share, and the Slurm job,
// container, pod or unit it belongs to. --watch reads again every 2 s for SECONDS (Ctrl-C ends it).
int topCommand(const QString& name, const ParsedCommand& command, QTextStream& out, QTextStream& err);

}  // namespace fleetdeck::cli
