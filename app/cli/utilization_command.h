#pragma once

#include <QString>
#include <QTextStream>

#include "app/cli/command_line.h"

namespace fleetdeck::cli {

// fleetdeck-cli utilization [--since DURATION] [--by fleet|host|group|rack|user|job] [--json|--csv]
// [--db FILE] [--inventory FILE]: the GPU-hours the history store recorded (busy, held idle, idle,
// offline) per UTC day and in total, their cost where the inventory gives a price per GPU-hour,
// the top wasters, and which days the records cover. Contacts no host. Exit 0 (also with nothing
// recorded yet: a sentence on stderr), 1 when the store cannot be read, 2 for usage.
int utilizationCommand(const QString& name, const ParsedCommand& command, QTextStream& out, QTextStream& err);

}  // namespace fleetdeck::cli
