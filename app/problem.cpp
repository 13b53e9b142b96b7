#include "app/problem.h"

#include <array>

namespace fleetdeck {
namespace {

using A = ProblemAction;
using C = ProblemCode;

constexpr std::array<ProblemRule, 22> kRules = {{
    {C::ParseError, "parse_error", A::Report, "shows the agent's message where the request was made; a bug in the sender"},
    {C::InvalidRequest, "invalid_request", A::Report, "shows the agent's message where the request was made"},
    {C::LineTooLong, "line_too_long", A::Report, "shows the agent's message where the request was made"},
    {C::MethodNotFound, "method_not_found", A::HideFeature,
     "treats the agent as older: what needs the method (current values, journal witnesses, latency probes) is not "
     "offered for that host, and a sentence says the agent needs an update"},
    {C::InvalidParams, "invalid_params", A::Report, "shows the message, which names the parameter"},
    {C::PermissionDenied, "permission_denied", A::Report,
     "shows the message; a push that needs root starts a privileged agent through sudo beforehand"},
    {C::NotSupported, "not_supported", A::Report, "shows the reason beside the setting, or as the request's failure"},
    {C::NotFound, "not_found", A::Report, "shows the message"},
    {C::ValidationFailed, "validation_failed", A::Report, "shows each rejected value; nothing was changed"},
    {C::ApplyFailed, "apply_failed", A::Report,
     "shows which setting failed and why, and that the host was rolled back; the CLI exits 6"},
    {C::Busy, "busy", A::Report, "shows that another transaction runs on the host: push again when it ends"},
    {C::Timeout, "timeout", A::Report,
     "a ping without an answer turns the host stale; any other request shows which method got no answer in time"},
    {C::Internal, "internal", A::Report, "shows the message: a bug in the agent"},
    {C::Unavailable, "unavailable", A::RetryWithBackoff,
     "shows the host's connection state; the session connects again with backoff"},
    {C::BadInput, "bad_input", A::Report, "says which file, flag or field cannot be used and why; the CLI exits 2"},
    {C::ConnectFailed, "connect_failed", A::RetryWithBackoff,
     "shows the host offline with the reason and connects again with backoff (1 s doubling to 60 s, with jitter); the CLI exits 3"},
    {C::AuthFailed, "auth_failed", A::Refuse,
     "shows the login refused and waits for the user (add a key, then reconnect); the CLI exits 4"},
    {C::HostKeyUnknown, "host_key_unknown", A::Ask,
     "asks the user to accept the key (the GUI shows its fingerprint); the CLI refuses unless told to accept new keys, "
     "and exits 5"},
    {C::HostKeyChanged, "host_key_changed", A::Refuse,
     "refuses the host until known_hosts is fixed, naming the file and line; the CLI exits 5"},
    {C::AgentUnavailable, "agent_unavailable", A::RetryWithBackoff,
     "shows why the agent could not be installed or started and tries again with backoff"},
    {C::ProtocolViolation, "protocol_violation", A::MarkMisbehaving,
     "disconnects that host alone, shows what it sent, and retries with a longer backoff each time"},
    {C::IoFailed, "io_failed", A::Report, "says which local file and why"},
}};

}  // namespace

const ProblemRule& problemRule(ProblemCode code) { return kRules[static_cast<std::size_t>(code)]; }

const ProblemRule* problemRules(std::size_t* count) {
    *count = kRules.size();
    return kRules.data();
}

std::string_view toString(ProblemCode code) { return problemRule(code).name; }

ProblemCode problemCodeFor(protocol::ErrorCode code) {
    // The protocol's codes open the list, in their order.
    return static_cast<ProblemCode>(static_cast<int>(code));
}

Problem problemFrom(const protocol::Error& error) { return {problemCodeFor(error.code), QString::fromStdString(error.message)}; }

}  // namespace fleetdeck
