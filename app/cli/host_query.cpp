#include "app/cli/host_query.h"

#include <functional>
#include <memory>
#include <set>

#include <QEventLoop>
#include <QTimer>

#include "app/cli/cli.h"
#include "app/shown_text.h"
#include "app/ssh/transport_factory.h"

namespace fleetdeck::cli {
namespace {

struct CliContext {
    static constexpr const char* name = "cli";
};
using CliText = BasicShownText<CliContext>;

}  // namespace

void askHosts(const std::vector<HostSpec>& hosts, int timeoutMs, int rounds, int gapMs, const AskOnce& ask,
              const std::function<void(const QString& host, const HostFailure& failure)>& failed,
              const QuitSignals* interrupt, const TransportMaker& transport) {
    std::map<QString, int> answered;
    std::set<QString> finished;
    std::vector<std::shared_ptr<std::function<void()>>> askers;
    std::vector<std::unique_ptr<HostSession>> sessions;
    QEventLoop loop;
    // Answers are kept by name, so a name is one host however often it is listed.
    std::set<QString> names;
    for (const HostSpec& spec : hosts) names.insert(spec.name);
    const auto finishOne = [&](const QString& name, std::optional<HostFailure> failure) {
        if (finished.count(name)) return;
        if (failure) failed(name, *failure);
        finished.insert(name);
        if (finished.size() == names.size()) loop.quit();
    };
    HostSession::Options options;
    options.reconnect = false;
    std::set<QString> started;
    for (const HostSpec& spec : hosts) {
        if (!started.insert(spec.name).second) continue;
        auto session = std::make_unique<HostSession>(
            spec.name, [spec, transport] { return transport ? transport(spec) : makeTransport(spec); }, options);
        HostSession* s = session.get();
        QObject::connect(s, &HostSession::stateChanged, s, [&, s](HostState state, const QString& reason) {
            if (endsConnectAttempt(state)) finishOne(s->name(), HostFailure{state, reason, {}, s->shownReason()});
        });
        // The asking function is kept by `askers`; what it hands on holds it weakly, so it owns
        // no reference to itself.
        auto again = std::make_shared<std::function<void()>>();
        const std::weak_ptr<std::function<void()>> weak = again;
        const auto askAgain = [weak] {
            if (const auto a = weak.lock()) (*a)();
        };
        *again = [&, s, askAgain] {
            ask(*s, [&, s, askAgain](const Outcome& asked) {
                if (!asked) {
                    const Problem& problem = asked.problem();
                    // A request cut off by the connection closing: the state the session turns to
                    // next (offline, agent misbehaving) says more than the state it is still in.
                    if (problem.code == ProblemCode::Unavailable) return;
                    finishOne(s->name(), HostFailure{HostState::Connected, problem.message, problem.code, problem.shownMessage()});
                    return;
                }
                if (++answered[s->name()] < rounds) QTimer::singleShot(gapMs, s, askAgain);
                else finishOne(s->name(), std::nullopt);
            });
        };
        QObject::connect(s, &HostSession::ready, s, askAgain);
        askers.push_back(std::move(again));
        sessions.push_back(std::move(session));
    }
    for (auto& s : sessions) s->start();
    const int limitMs = timeoutMs + gapMs * (rounds - 1);
    const CliText late = std::move(CliText(QT_TRANSLATE_NOOP("cli", "no answer within %1 s")).arg(limitMs / 1000));
    QTimer::singleShot(limitMs, &loop, [&] {
        for (const HostSpec& spec : hosts)
            finishOne(spec.name, HostFailure{HostState::Offline, late.english(), {}, late.shown()});
    });
    if (interrupt) QObject::connect(interrupt, &QuitSignals::received, &loop, &QEventLoop::quit);
    if (finished.size() < names.size() && !(interrupt && interrupt->first())) loop.exec();
    for (auto& s : sessions) s->stop();
}

int exitCodeFor(std::optional<HostState> failedState) {
    if (!failedState) return kOk;
    switch (*failedState) {
    case HostState::AuthFailed: return kAuthFailed;
    case HostState::HostKeyUnknown:
    case HostState::HostKeyChanged: return kHostKey;
    case HostState::Offline: return kConnectFailed;
    default: return kFailed;
    }
}

}  // namespace fleetdeck::cli
