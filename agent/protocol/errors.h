#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace fleetdeck::protocol {

// The closed list of problem codes. The app maps each one to one behaviour, so adding a code is a
// protocol change (bump kProtocolVersion and document it in docs/protocol.md).
enum class ErrorCode {
    ParseError,        // the line is not a JSON object
    InvalidRequest,    // JSON, but not a request (no id, no method, wrong types)
    LineTooLong,       // the line exceeded the frame limit and was discarded
    MethodNotFound,    // unknown method name
    InvalidParams,     // params failed typed decoding; the message names the path
    PermissionDenied,  // the agent lacks the privilege for this request
    NotSupported,      // this host cannot do it (no GPU, no cpufreq, ...)
    NotFound,          // a named object (transaction, subscription) does not exist
    ValidationFailed,  // values were rejected before anything was changed
    ApplyFailed,       // a change failed and was rolled back
    Busy,              // another transaction is running
    Timeout,           // the operation ran out of time
    Internal,          // a bug in the agent; the message says what failed
    Unavailable,       // the host cannot be reached; set by the app for requests cut off by a lost connection
};

std::string_view to_string(ErrorCode code);
std::optional<ErrorCode> error_code_from_string(std::string_view name);

struct Error {
    ErrorCode code;
    std::string message;
};

}  // namespace fleetdeck::protocol
