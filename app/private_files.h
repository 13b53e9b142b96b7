#pragma once

#include <QString>

namespace fleetdeck {

// The files FleetDeck keeps about a fleet (history.sqlite and its -wal, -shm and .lock files,
// fleetdeck.log) hold host names, addresses, telemetry and connection errors: they are the
// user's alone, whatever the umask, like the audit files (0600, app/audit/audit_log.cpp).

// Makes `dir` and any missing parent, each new directory 0700 (the XDG Base Directory
// Specification 0.8: a missing directory "should be created with permission 0700"). A directory
// that already exists keeps its mode: it may be a shared folder the user chose. False when it
// cannot be made.
bool makePrivateDirs(const QString& dir);

// Narrows an existing file to 0600 (owner read and write). True when the file is absent or now
// 0600; false when it exists and cannot be changed (not the user's).
bool narrowToOwner(const QString& path);

// Opens `path` for appending, created 0600 when absent and narrowed to 0600 when present (where
// the user owns it): the descriptor, or -1 with errno set.
int openPrivateForAppend(const QString& path);

}  // namespace fleetdeck
