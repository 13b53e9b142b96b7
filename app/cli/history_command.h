#pragma once

#include <cstdint>
#include <optional>

#include <QStringList>
#include <QTextStream>

#include "app/cli/command_line.h"

namespace fleetdeck::cli {

// fleetdeck-cli events [--since DURATION] [--host NAME] [--json] [--db FILE]: the incidents the
// desktop app recorded (app/history/), oldest first; --since defaults to 24h.
// fleetdeck-cli history HOST [--since DURATION] [--json] [--db FILE]: one host's recorded
// telemetry at the finest tier that covers the range; --since defaults to 1h.
// Both read the history store read-only (no agent is contacted) while the app may be writing it.
// Exit 0 (also when nothing was recorded yet: a sentence on stderr, nothing on stdout), 1 when the
// store cannot be read, 2 for usage.
int eventsCommand(const QString& name, const ParsedCommand& command, QTextStream& out, QTextStream& err);
int historyCommand(const QString& name, const ParsedCommand& command, QTextStream& out, QTextStream& err);

// "30s", "30m", "6h", "7d" in milliseconds; nullopt for anything else.
std::optional<std::int64_t> parseDuration(const QString& text);
// The same, or a plain number of seconds ("5"), as the tests' lengths are given.
std::optional<std::int64_t> parseSecondsOrDuration(const QString& text);

}  // namespace fleetdeck::cli
