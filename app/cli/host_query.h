#pragma once

#include <functional>
#include <memory>
#include <map>
#include <optional>
#include <type_traits>
#include <vector>

#include <QString>

#include "agent/json/json.h"

#include "app/cli/remote_options.h"
#include "app/host_session.h"
#include "app/problem.h"
#include "app/quit_signals.h"
#include "app/transport.h"

namespace fleetdeck::cli {

// The outcome of asking one host one question: its answer decoded into T (HostSession::call<M>;
// nlohmann::json keeps the JSON once it decoded into M::Result, for --json output), or why there
// is none.
template <class T = nlohmann::json>
struct HostAnswer {
    bool ok = false;
    T result{};
    HostState failedState = HostState::Idle;  // how the connection ended when !ok
    QString error;                            // why, in English: what `--json` says
    std::optional<ProblemCode> problemCode;  // the code of the agent's error when it answered with one
    QString shownError{};                    // why, in the user's language; empty when the same

    // What a person reads on the terminal.
    QString shown() const { return shownError.isEmpty() ? error : shownError; }
};

// Why a host has no (further) answer, whatever the question's type.
struct HostFailure {
    HostState state = HostState::Idle;
    QString error;  // in English
    std::optional<ProblemCode> problemCode;
    QString shownError{};  // in the user's language; empty when the same

    QString shown() const { return shownError.isEmpty() ? error : shownError; }
    template <class T>
    HostAnswer<T> as() const {
        return HostAnswer<T>{false, T{}, state, error, problemCode, shownError};
    }
};

// Asks every host `rounds` times over one connection each, `gapMs` apart (the same agent process
// answers, so its counters carry on). `ask` sends one round's question on a ready session and
// calls its continuation with done() (the answer was kept) or the problem; `failed` keeps the
// failure that ends a host's rounds. Runs its own event loop; for the command-line tool. When
// `interrupt` receives a signal the loop ends there, each host with the answers it gave so far.
// `transport` makes each host's transport (empty: makeTransport(), app/ssh/transport_factory.h).
using AskOnce = std::function<void(HostSession& session, std::function<void(const Outcome&)> answered)>;
using TransportMaker = std::function<std::unique_ptr<Transport>(const HostSpec& spec)>;
void askHosts(const std::vector<HostSpec>& hosts, int timeoutMs, int rounds, int gapMs, const AskOnce& ask,
              const std::function<void(const QString& host, const HostFailure& failure)>& failed,
              const QuitSignals* interrupt = nullptr, const TransportMaker& transport = {});

// As askHosts with one question, method M of agent/protocol/methods.h: each host's answers in
// order, the last one a failure when one stopped it. T is M::Result, or nlohmann::json for the
// answer as the agent wrote it.
template <class M, class T = typename M::Result>
std::map<QString, std::vector<HostAnswer<T>>> queryHostsRepeatedly(const std::vector<HostSpec>& hosts, const typename M::Params& params,
                                                                   int rounds, int gapMs, int timeoutMs = 60000,
                                                                   const QuitSignals* interrupt = nullptr) {
    std::map<QString, std::vector<HostAnswer<T>>> answers;
    const AskOnce ask = [&](HostSession& session, std::function<void(const Outcome&)> answered) {
        auto keep = [&answers, &session, answered](const Result<T>& r) {
            if (!r) return answered(r.problem());
            answers[session.name()].push_back(HostAnswer<T>{true, *r, HostState::Connected, {}, {}});
            answered(done());
        };
        if constexpr (std::is_same_v<T, nlohmann::json>) session.callForJson<M>(params, std::move(keep));
        else session.call<M>(params, std::move(keep));
    };
    askHosts(hosts, timeoutMs, rounds, gapMs, ask,
             [&answers](const QString& host, const HostFailure& failure) { answers[host].push_back(failure.as<T>()); }, interrupt);
    return answers;
}

// Connects to every host at once, calls M once each is ready, and waits for all answers (or
// failures).
template <class M, class T = typename M::Result>
std::map<QString, HostAnswer<T>> queryHosts(const std::vector<HostSpec>& hosts, const typename M::Params& params,
                                            int timeoutMs = 60000) {
    std::map<QString, HostAnswer<T>> answers;
    for (auto& [name, list] : queryHostsRepeatedly<M, T>(hosts, params, 1, 0, timeoutMs)) answers[name] = std::move(list.back());
    return answers;
}

// The exit code for a failed host (0 for none), and for a set of answers: 0 when all succeeded,
// else the most specific failure.
int exitCodeFor(std::optional<HostState> failedState);
template <class T>
int exitCodeFor(const std::map<QString, HostAnswer<T>>& answers) {
    int code = 0;
    for (const auto& [name, a] : answers) code = std::max(code, exitCodeFor(a.ok ? std::nullopt : std::optional(a.failedState)));
    return code;
}

}  // namespace fleetdeck::cli
