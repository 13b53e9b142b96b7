#include "app/inventory/importers.h"
#include "app/ssh/ssh_config.h"

namespace fleetdeck {

ImportResult importSshConfig(const QString& text) {
    ImportResult result;
    const ssh::SshConfig config = ssh::SshConfig::parse(text);
    for (const QString& alias : config.concreteHosts()) {
        HostSpec h;
        h.kind = HostSpec::Kind::Ssh;
        h.name = alias;
        h.address = alias;  // resolved through ssh-config at connect time (HostName, Port, User, ProxyJump)
        h.group = QStringLiteral("ssh-config");
        result.hosts.push_back(h);
    }
    return result;
}

}  // namespace fleetdeck
