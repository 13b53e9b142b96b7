#pragma once

#include <QString>
#include <QTextStream>

#include "app/cli/command_line.h"

namespace fleetdeck::cli {

// fleetdeck-cli read-speed HOST... --path DIR [--file NAME] [--size 1G] [--time 30s] [--parallel]
// [--json]: each host reads the directory sequentially (a file there, or one its agent writes for
// the test and removes), one host at a time unless --parallel; prints MB/s per host and the
// findings: hosts well under the others' median (docs/fabric.md, "The data path"). Exit 7 when a
// finding is critical.
int readSpeedCommand(const QString& name, const ParsedCommand& command, QTextStream& out, QTextStream& err);

}  // namespace fleetdeck::cli
