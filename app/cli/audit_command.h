#pragma once

#include <QString>
#include <QStringList>
#include <QTextStream>

#include "app/cli/command_line.h"

namespace fleetdeck::cli {

// `fleetdeck-cli audit verify|show|export …` (usage in audit_command.cpp).
int auditCommand(const QString& name, const ParsedCommand& command, QTextStream& out, QTextStream& err);

}  // namespace fleetdeck::cli
