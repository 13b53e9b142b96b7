#include "app/cli/host_query.h"

#include <QEventLoop>
#include <QTimer>

#include "app/cli/cli.h"
#include "app/ssh/transport_factory.h"

namespace fleetdeck::cli {

std::map<QString, HostAnswer> queryHosts(const std::vector<HostSpec>& hosts, const QString& method,
                                         const nlohmann::json& params, int timeoutMs) {
    std::map<QString, HostAnswer> answers;
    std::vector<std::unique_ptr<HostSession>> sessions;
    QEventLoop loop;
    std::size_t done = 0;
    const auto finishOne = [&](const QString& name, HostAnswer answer) {
        if (answers.count(name)) return;
        answers[name] = std::move(answer);
        if (++done == hosts.size()) loop.quit();
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
        QObject::connect(s, &HostSession::ready, s, [&, s] {
            s->request(method, params, [&, s](const Reply& r) {
                // A request cut off by the connection closing: the state the session turns to next
                // (offline, agent misbehaving) says more than the state it is still in.
                if (!r.ok() && r.error->code == protocol::ErrorCode::Unavailable) return;
                if (r.ok()) finishOne(s->name(), HostAnswer{true, r.result, HostState::Connected, {}, {}});
                else finishOne(s->name(), HostAnswer{false, {}, HostState::Connected, QString::fromStdString(r.error->message),
                                                     r.error->code});
            });
        });
        sessions.push_back(std::move(session));
    }
    for (auto& s : sessions) s->start();
    QTimer::singleShot(timeoutMs, &loop, [&] {
        for (const HostSpec& spec : hosts)
            finishOne(spec.name, HostAnswer{false, {}, HostState::Offline, QStringLiteral("no answer within %1 s").arg(timeoutMs / 1000), {}});
    });
    if (done < hosts.size()) loop.exec();
    for (auto& s : sessions) s->stop();
    return answers;
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
