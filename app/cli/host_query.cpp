#include "app/cli/host_query.h"

#include <functional>
#include <memory>
#include <set>

#include <QEventLoop>
#include <QTimer>

#include "app/cli/cli.h"
#include "app/ssh/transport_factory.h"

namespace fleetdeck::cli {

namespace {

// Asks every host `method` `rounds` times over one connection each, `gapMs` apart; a host's list
// ends early with the failure that stopped it.
std::map<QString, std::vector<HostAnswer>> askHosts(const std::vector<HostSpec>& hosts, const QString& method,
                                                     const nlohmann::json& params, int timeoutMs, int rounds, int gapMs) {
    std::map<QString, std::vector<HostAnswer>> answers;
    std::set<QString> finished;
    std::vector<std::shared_ptr<std::function<void()>>> askers;
    std::vector<std::unique_ptr<HostSession>> sessions;
    QEventLoop loop;
    const auto finishOne = [&](const QString& name, std::optional<HostAnswer> failure) {
        if (finished.count(name)) return;
        if (failure) answers[name].push_back(std::move(*failure));
        finished.insert(name);
        if (finished.size() == hosts.size()) loop.quit();
    };
    HostSession::Options options;
    options.reconnect = false;
    for (const HostSpec& spec : hosts) {
        auto session = std::make_unique<HostSession>(spec.name, [spec] { return makeTransport(spec); }, options);
        HostSession* s = session.get();
        QObject::connect(s, &HostSession::stateChanged, s, [&, s](HostState state, const QString& reason) {
            if (state == HostState::Offline || state == HostState::AuthFailed || state == HostState::HostKeyUnknown ||
                state == HostState::HostKeyChanged || state == HostState::Incompatible ||
                state == HostState::Misbehaving)
                finishOne(s->name(), HostAnswer{false, {}, state, reason, {}});
        });
        // The asking function is kept by `askers`; what it hands on holds it weakly, so it owns
        // no reference to itself.
        auto ask = std::make_shared<std::function<void()>>();
        const std::weak_ptr<std::function<void()>> weak = ask;
        const auto askAgain = [weak] {
            if (const auto a = weak.lock()) (*a)();
        };
        *ask = [&, s, askAgain] {
            s->request(method, params, [&, s, askAgain](const Reply& r) {
                // A request cut off by the connection closing: the state the session turns to next
                // (offline, agent misbehaving) says more than the state it is still in.
                if (!r.ok() && r.error->code == protocol::ErrorCode::Unavailable) return;
                if (!r.ok()) {
                    finishOne(s->name(), HostAnswer{false, {}, HostState::Connected, QString::fromStdString(r.error->message),
                                                    r.error->code});
                    return;
                }
                auto& mine = answers[s->name()];
                mine.push_back(HostAnswer{true, r.result, HostState::Connected, {}, {}});
                if (static_cast<int>(mine.size()) < rounds) QTimer::singleShot(gapMs, s, askAgain);
                else finishOne(s->name(), std::nullopt);
            });
        };
        QObject::connect(s, &HostSession::ready, s, askAgain);
        askers.push_back(std::move(ask));
        sessions.push_back(std::move(session));
    }
    for (auto& s : sessions) s->start();
    const int limitMs = timeoutMs + gapMs * (rounds - 1);
    QTimer::singleShot(limitMs, &loop, [&] {
        for (const HostSpec& spec : hosts)
            finishOne(spec.name, HostAnswer{false, {}, HostState::Offline, QStringLiteral("no answer within %1 s").arg(limitMs / 1000), {}});
    });
    if (finished.size() < hosts.size()) loop.exec();
    for (auto& s : sessions) s->stop();
    return answers;
}

}  // namespace

std::map<QString, HostAnswer> queryHosts(const std::vector<HostSpec>& hosts, const QString& method,
                                         const nlohmann::json& params, int timeoutMs) {
    std::map<QString, HostAnswer> answers;
    for (auto& [name, list] : askHosts(hosts, method, params, timeoutMs, 1, 0)) answers[name] = std::move(list.back());
    return answers;
}

std::map<QString, std::vector<HostAnswer>> queryHostsRepeatedly(const std::vector<HostSpec>& hosts, const QString& method,
                                                                const nlohmann::json& params, int rounds, int gapMs,
                                                                int timeoutMs) {
    return askHosts(hosts, method, params, timeoutMs, rounds, gapMs);
}

int exitCodeFor(const std::map<QString, HostAnswer>& answers) {
    int code = kOk;
    for (const auto& [name, a] : answers) {
        if (a.ok) continue;
        int c = kFailed;
        switch (a.failedState) {
        case HostState::AuthFailed: c = kAuthFailed; break;
        case HostState::HostKeyUnknown:
        case HostState::HostKeyChanged: c = kHostKey; break;
        case HostState::Offline: c = kConnectFailed; break;
        default: break;
        }
        code = std::max(code, c);
    }
    return code;
}

}  // namespace fleetdeck::cli
