#pragma once

#include <QStringList>
#include <QTextStream>

#include "app/cli/command_line.h"
#include "app/push/push_transport.h"

namespace fleetdeck::cli {

// The sudo password from the first line of stdin (--sudo-password-stdin), never echoed or kept
// beyond the command; without `fromStdin`, passwordless sudo (or a root login).
PushCredentials readCredentials(bool fromStdin);

// fleetdeck-cli apply --profile FILE HOST... [--persistent] [--dry-run] [--parallel N]
//                     [--sudo-password-stdin] [shared remote options]
// fleetdeck-cli rollback HOST TXN [--sudo-password-stdin] [shared remote options]
// Exit 0 when every host verified (or, for --dry-run, was planned); 6 when any host rolled back
// or failed; 2 for usage errors.
int applyCommand(const QString& name, const ParsedCommand& command, QTextStream& out, QTextStream& err);
int rollbackCommand(const QString& name, const ParsedCommand& command, QTextStream& out, QTextStream& err);

}  // namespace fleetdeck::cli
