#pragma once

#include <QStringList>
#include <QTextStream>

#include "app/cli/command_line.h"

namespace fleetdeck::cli {

// fleetdeck-cli export prometheus [--targets FILE] [--rules FILE] [--inventory FILE] [--job NAME]:
// writes the file_sd targets of the inventory's hosts and the alerting rules
// (app/inventory/prometheus_export.h). Exit 0 when the files were written, 2 on usage, 1 when the
// inventory cannot be read or a file cannot be written.
int exportCommand(const QString& name, const ParsedCommand& command, QTextStream& out, QTextStream& err);

}  // namespace fleetdeck::cli
