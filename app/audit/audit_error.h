#pragma once

#include <string>

namespace fleetdeck::audit {

// Why the audit log could not do what was asked. A closed list; the message is a sentence the
// operator can act on and names the file.
enum class AuditErrorCode {
    KeyUnavailable,  // the installation key is missing, unreadable, malformed or readable by others
    LogUnreadable,   // the log cannot be opened or read
    LogUnwritable,   // appending, truncating or syncing failed (disk full, permissions)
    LogDamaged,      // the last complete entry is not a valid entry: the log was tampered with
    LockFailed,      // the file lock could not be taken
};

struct AuditError {
    AuditErrorCode code;
    std::string message;
};

}  // namespace fleetdeck::audit
