#pragma once

#include <map>
#include <optional>
#include <vector>

#include <QString>
#include <QStringList>

#include "app/host_spec.h"

namespace fleetdeck {

// Hosts read from another tool's inventory, with what could not be taken over.
struct ImportResult {
    std::vector<HostSpec> hosts;
    QStringList warnings;           // "line 7: …" — skipped parts, the rest imported
    std::optional<QString> error;   // the file could not be read at all
};

// Concrete Host entries of an OpenSSH client config (wildcard patterns are skipped). Each host's
// address is its alias, so ssh-config keeps supplying HostName, Port, User and ProxyJump.
ImportResult importSshConfig(const QString& text);

// An Ansible inventory in INI form: [group] sections, [group:vars], [group:children], host
// ranges such as gpu-[01:16], and the ansible_host / ansible_port / ansible_user variables.
ImportResult importAnsibleIni(const QString& text);

// An Ansible inventory in YAML form (all: hosts: / children: / vars:), read with libyaml.
ImportResult importAnsibleYaml(const QByteArray& text);

// Picks INI or YAML by the file name (.yml/.yaml) and content, then imports.
ImportResult importAnsibleFile(const QString& path);

// An inventory file is untrusted input: one line such as gpu-[0:9999][0:9999] must not make a
// hundred million hosts. Past these caps the rest is skipped with a warning.
inline constexpr int kMaxHostsPerRange = 4096;
inline constexpr int kMaxImportedHosts = 10000;

// Expands Ansible's host ranges: "gpu-[01:03]" → gpu-01, gpu-02, gpu-03; "[a:c]" for letters.
// At most kMaxHostsPerRange names, however many ranges the pattern has.
QStringList expandHostRange(const QString& pattern);

// One Ansible host as a HostSpec: `name` may carry ":port"; ansible_host, ansible_port and
// ansible_user from `vars` are honoured. Shared by the INI and YAML importers.
HostSpec ansibleHost(const QString& name, const QString& group, const QStringList& otherGroups,
                     const std::map<QString, QString>& vars, QStringList& warnings);

}  // namespace fleetdeck
