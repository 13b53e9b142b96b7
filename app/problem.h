#pragma once

// One way to fail, across the app's layers: a Problem names its code from one closed list (the
// protocol's codes, then the app's own) and says in words what went wrong and what to do; a
// Result<T> holds a T or a Problem. problemRule() is the one table of what the app does for each
// code; docs/protocol.md ("Error codes") shows the same table, and tests/app/problem_test.cpp
// holds the two to each other.

#include <string>
#include <string_view>
#include <utility>
#include <variant>

#include <QMetaType>
#include <QString>

#include "agent/protocol/errors.h"

namespace fleetdeck {

enum class ProblemCode {
    // The protocol's closed list (agent/protocol/errors.h), in its order.
    ParseError,
    InvalidRequest,
    LineTooLong,
    MethodNotFound,
    InvalidParams,
    PermissionDenied,
    NotSupported,
    NotFound,
    ValidationFailed,
    ApplyFailed,
    Busy,
    Timeout,
    Internal,
    Unavailable,
    // The app's own: what happens before or around an agent's answer.
    BadInput,           // a file, a flag or a field the user gave cannot be used
    ConnectFailed,      // refused, unreachable, timed out
    AuthFailed,         // no accepted key, wrong password
    HostKeyUnknown,     // not in known_hosts
    HostKeyChanged,     // differs from known_hosts
    AgentUnavailable,   // the agent could not be installed or started
    ProtocolViolation,  // the agent broke the protocol (app/untrusted)
    IoFailed,           // a local file could not be read or written
};

// What the app does when a problem with that code reaches it.
enum class ProblemAction {
    Report,           // shows the message where the work was asked for; nothing is retried
    HideFeature,      // the agent is older: what needs the method is not offered for that host
    Ask,              // asks the user (a host key, a password, sudo)
    Refuse,           // refuses to go on until the user fixes the cause
    RetryWithBackoff, // the host's state shows it; the session connects again with backoff
    MarkMisbehaving,  // disconnects that host alone and retries with a longer backoff
};

struct ProblemRule {
    ProblemCode code;
    std::string_view name;            // "method_not_found", "connect_failed"
    ProblemAction action;
    std::string_view whatTheAppDoes;  // the sentence docs/protocol.md shows for the code
};

// The rule for `code`; every code has exactly one.
const ProblemRule& problemRule(ProblemCode code);
// All rules, in code order.
const ProblemRule* problemRules(std::size_t* count);
std::string_view toString(ProblemCode code);
ProblemCode problemCodeFor(protocol::ErrorCode code);

struct Problem {
    ProblemCode code = ProblemCode::Internal;
    QString message;  // says what went wrong and, where the user can, what to do; in English
    QString shown{};  // the same in the user's language; empty when it reads the same

    // What a person reads; `message` is what `--json`, logs and stores keep.
    QString shownMessage() const { return shown.isEmpty() ? message : shown; }
    ProblemAction action() const { return problemRule(code).action; }
};

Problem problemFrom(const protocol::Error& error);

// A Problem whose sentence was built in English and the user's language (a BasicShownText of
// app/shown_text.h): `message` gets the English, `shown` the translation.
template <class ShownText>
Problem problemOf(ProblemCode code, const ShownText& text) {
    return Problem{code, text.english(), text.shown()};
}

// A value, or the Problem that stopped it. Read value() only when ok().
template <class T>
class Result {
public:
    Result(T value) : v_(std::move(value)) {}           // NOLINT: a value converts to a result
    Result(Problem problem) : v_(std::move(problem)) {}  // NOLINT: so does a problem

    bool ok() const { return v_.index() == 0; }
    explicit operator bool() const { return ok(); }
    T& value() & { return std::get<0>(v_); }
    const T& value() const& { return std::get<0>(v_); }
    T value() && { return std::get<0>(std::move(v_)); }  // a temporary's value outlives it (range-for)
    T& operator*() { return value(); }
    const T& operator*() const { return value(); }
    T* operator->() { return &value(); }
    const T* operator->() const { return &value(); }
    const Problem& problem() const { return std::get<1>(v_); }

private:
    std::variant<T, Problem> v_;
};

// A Result with nothing to carry but success: what a step that can fail returns (test `ok()`, read
// `problem()` when not). A std::optional<Problem> is something else: a problem kept, if any, as a
// member or field (ConnectPlan::configProblem, Deployment::problem), never a return.
struct Done {};
using Outcome = Result<Done>;
inline Outcome done() { return Done{}; }

}  // namespace fleetdeck

Q_DECLARE_METATYPE(fleetdeck::Problem)
