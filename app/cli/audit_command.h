#pragma once

#include <QString>
#include <QStringList>
#include <QTextStream>

namespace fleetdeck::cli {

// `fleetdeck-cli audit verify|show|export …` (usage in audit_command.cpp).
int auditCommand(const QString& name, const QStringList& args, QTextStream& out, QTextStream& err);

}  // namespace fleetdeck::cli
