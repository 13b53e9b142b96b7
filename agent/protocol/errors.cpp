#include "agent/protocol/errors.h"

#include <array>
#include <utility>

namespace fleetdeck::protocol {
namespace {

constexpr std::array<std::pair<ErrorCode, std::string_view>, 14> kNames{{
    {ErrorCode::ParseError, "parse_error"},
    {ErrorCode::InvalidRequest, "invalid_request"},
    {ErrorCode::LineTooLong, "line_too_long"},
    {ErrorCode::MethodNotFound, "method_not_found"},
    {ErrorCode::InvalidParams, "invalid_params"},
    {ErrorCode::PermissionDenied, "permission_denied"},
    {ErrorCode::NotSupported, "not_supported"},
    {ErrorCode::NotFound, "not_found"},
    {ErrorCode::ValidationFailed, "validation_failed"},
    {ErrorCode::ApplyFailed, "apply_failed"},
    {ErrorCode::Busy, "busy"},
    {ErrorCode::Timeout, "timeout"},
    {ErrorCode::Internal, "internal"},
    {ErrorCode::Unavailable, "unavailable"},
}};

}  // namespace

std::string_view to_string(ErrorCode code) {
    for (const auto& [c, name] : kNames)
        if (c == code) return name;
    return "internal";
}

std::optional<ErrorCode> error_code_from_string(std::string_view name) {
    for (const auto& [c, n] : kNames)
        if (n == name) return c;
    return std::nullopt;
}

}  // namespace fleetdeck::protocol
