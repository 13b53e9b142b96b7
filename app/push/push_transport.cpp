#include "app/push/push_transport.h"

#include <unistd.h>

#include "app/agent_locator.h"
#include "app/local_transport.h"
#include "app/push/privileged_transport.h"
#include "app/unavailable_transport.h"

namespace fleetdeck {
namespace {

SudoMode sudoFor(bool loginIsRoot, bool privileged, const PushCredentials& credentials) {
    if (!privileged || loginIsRoot) return SudoMode::None;
    return credentials.sudoPassword ? SudoMode::Password : SudoMode::Passwordless;
}

}  // namespace

std::unique_ptr<Transport> makePushTransport(const HostSpec& host, bool privileged, const PushCredentials& credentials,
                                             const ExecTransportFactory& exec) {
    PrivilegedAgentCommand command;
    const bool local = host.kind == HostSpec::Kind::Local;
    if (host.kind == HostSpec::Kind::Simulated)
        return makeUnavailableTransport(QStringLiteral("%1 is simulated: it has no settings to push").arg(host.name));
    command.sudo = sudoFor(local ? ::geteuid() == 0 : host.user == QLatin1String("root"), privileged, credentials);
    SecretBytes password = command.sudo == SudoMode::Password && credentials.password ? credentials.password->clone() : SecretBytes();
    std::unique_ptr<Transport> inner;
    if (local) {
        const auto packaged = command.sudo == SudoMode::None ? std::nullopt : PrivilegedAgentCommand::trustedLocalPackagedAgent();
        command.agentPath = packaged.value_or(localAgentPath());
        command.agentArguments = localAgentArguments(host);
        inner = LocalTransport::command(command.argv());
    } else if (exec) {
        inner = exec(host, command);
    } else {
        return makeUnavailableTransport(
            QStringLiteral("pushing to %1 needs the SSH transport, which this build lacks").arg(host.name));
    }
    auto transport = std::make_unique<PrivilegedTransport>(std::move(inner), host.name, std::move(password));
    transport->setThroughSudo(command.sudo != SudoMode::None);
    return transport;
}

}  // namespace fleetdeck
