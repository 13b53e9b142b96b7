#pragma once

#include <QStringList>
#include <QTextStream>

#include "app/cli/command_line.h"

namespace fleetdeck::cli {

// fleetdeck-cli health HOST... [--json] [--watch SECONDS]: the GPU health findings of each host
// (app/gpu_findings.h). Exit 0 when no host has a critical finding, 7 when any has one. Findings
// about growing counters (corrected ECC, NVLink and PCIe errors) need two readings: --watch takes
// a second snapshot SECONDS after the first and compares them.
int healthCommand(const QString& name, const ParsedCommand& command, QTextStream& out, QTextStream& err);

}  // namespace fleetdeck::cli
