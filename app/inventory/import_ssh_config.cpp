#include <QFileInfo>

#include "app/inventory/importers.h"
#include "app/ssh/ssh_config.h"

namespace fleetdeck {
namespace {

ImportResult sshConfigHostsAsSpecs(const ssh::SshConfigHosts& listed, const QString& configFile) {
    ImportResult result;
    result.warnings = listed.warnings;
    for (const QString& alias : listed.aliases) {
        HostSpec h;
        h.kind = HostSpec::Kind::Ssh;
        h.name = alias;
        h.address = alias;  // ssh(1) resolves it at connect time (HostName, Port, User, ProxyJump, ProxyCommand)
        h.group = QStringLiteral("ssh-config");
        h.ssh.configFile = configFile;
        result.hosts.push_back(h);
    }
    return result;
}

}  // namespace

ImportResult importSshConfig(const QString& text) { return sshConfigHostsAsSpecs(ssh::listSshConfigHosts(text), QString()); }

ImportResult importSshConfigFile(const QString& path) {
    if (!QFileInfo(path).isReadable()) {
        ImportResult r;
        r.error = std::move(InventoryText(QT_TRANSLATE_NOOP("inventory", "cannot read %1: %2"))
                                .arg(path)
                                .argPhrase(QFileInfo::exists(path) ? QT_TRANSLATE_NOOP("inventory", "permission denied")
                                                                   : QT_TRANSLATE_NOOP("inventory", "no such file")));
        return r;
    }
    // The default config is what planConnection() reads anyway; another file travels with its hosts.
    const QString file = QFileInfo(path).absoluteFilePath();
    return sshConfigHostsAsSpecs(ssh::listSshConfigHostsInFile(file), file == ssh::defaultSshConfigPath() ? QString() : file);
}

}  // namespace fleetdeck
