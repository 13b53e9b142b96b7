#include "app/push/ssh_push_transport.h"

#include "app/ssh/ssh_transport.h"

namespace fleetdeck {

ExecTransportFactory sshExecTransports(std::shared_ptr<HostKeyBook> keys) {
    return [keys](const HostSpec& host, PrivilegedAgentCommand command) -> std::unique_ptr<Transport> {
        auto transport = std::make_unique<ssh::SshTransport>(host);
        // sudo closes inherited descriptors: a sudo line names the verified path (agent_deploy.h).
        transport->setAgentCommand([command](const ssh::AgentWords& agent) {
            return command.shellCommandAround(QString::fromUtf8(command.sudo == SudoMode::None ? agent.exec : agent.path)).toUtf8();
        });
        transport->setPrivilegedOverResident(command.sudo == SudoMode::None);
        if (keys) {
            ssh::SshTransport* t = transport.get();
            QObject::connect(t, &Transport::opened, t, [t, keys, name = host.name] { keys->record(name.toStdString(), t->hostKeyFingerprint().toStdString()); });
        }
        return transport;
    };
}

PushTransportFactory pushTransports(PushCredentials credentials, std::shared_ptr<HostKeyBook> keys) {
    return [credentials = std::move(credentials), exec = sshExecTransports(std::move(keys))](const HostSpec& host, bool privileged) {
        return makePushTransport(host, privileged, credentials, exec);
    };
}

}  // namespace fleetdeck
