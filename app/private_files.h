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

// Takes the group's and others' permissions off an existing file (0644 becomes 0600; a file made
// read-only on purpose, 0444, becomes 0400, never writable). True when the file is absent or now
// the owner's alone; false when it cannot be changed (not the user's, immutable).
bool narrowToOwner(const QString& path);

// Opens `path` for appending, created 0600 when absent and narrowed as narrowToOwner does when
// present (where the user owns it): the descriptor, or -1 with errno set.
int openPrivateForAppend(const QString& path);

}  // namespace fleetdeck
