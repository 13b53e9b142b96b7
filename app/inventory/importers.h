#pragma once

#include <map>
#include <optional>
#include <vector>

#include <QString>
#include <QStringList>

#include "app/host_spec.h"
#include "app/inventory/inventory_text.h"

namespace fleetdeck {

// Hosts read from another tool's inventory, with what could not be taken over.
struct ImportResult {
    std::vector<HostSpec> hosts;
    QStringList warnings;           // "line 7: …" — skipped parts, the rest imported
    std::optional<InventoryText> error;  // the file could not be read at all
    // Ansible inventories: each group's hosts, its children's included, in file order; "all"
    // holds every host and "ungrouped" those in no group.
    std::map<QString, QStringList> groupMembers;
};

// Concrete Host entries of an OpenSSH client config (wildcard patterns are skipped), following
// Include. Each host's address is its alias, so ssh(1)'s reading of the config keeps supplying
// HostName, Port, User, ProxyJump, ProxyCommand (planConnection()).
ImportResult importSshConfig(const QString& text);
// The same for a config file; the hosts are reached through that file (SshOptions::configFile).
ImportResult importSshConfigFile(const QString& path);

// What an Ansible inventory (INI or YAML) says before variables are merged.
struct AnsibleInventoryText {
    struct Host {
        QString name;        // may carry ":port" (INI host lines)
        QStringList groups;  // the groups it is listed under, in order ("all"/"ungrouped" left out)
        std::map<QString, QString> vars;  // its own, from the inventory
    };
    std::vector<Host> hosts;
    std::map<QString, std::map<QString, QString>> groupVars;  // [g:vars], vars: ("all" included)
    std::map<QString, QStringList> children;                  // parent → child groups
};

// An Ansible inventory in INI form: [group] sections, [group:vars], [group:children], host
// ranges such as gpu-[01:16], and the variables ansibleHost() honours.
ImportResult importAnsibleIni(const QString& text);

// An Ansible inventory in YAML form (all: hosts: / children: / vars:), read with libyaml.
ImportResult importAnsibleYaml(const QByteArray& text);

// Picks INI or YAML by the file name (.yml/.yaml) and content, then imports, with the
// host_vars/ and group_vars/ beside the file (HOST, HOST.yml, HOST.yaml, HOST.json or a HOST/
// directory of such files). Precedence as Ansible's: host_vars/ over the host's own line, over
// group_vars/GROUP (a child group over its parent), over group_vars/all, over the inventory's
// group variables. A relative key file is taken relative to the inventory's directory.
ImportResult importAnsibleFile(const QString& path);

// Whether `bytes` read as an Ansible YAML inventory rather than INI (the file name helps: .yml).
bool looksLikeAnsibleYaml(const QString& path, const QByteArray& bytes);

// The parsers behind the importers; `result` collects their warnings.
AnsibleInventoryText parseAnsibleIni(const QString& text, ImportResult& result);
std::optional<AnsibleInventoryText> parseAnsibleYaml(const QByteArray& text, ImportResult& result);
// Merges the variables (inventoryDir empty: no host_vars/ or group_vars/) into HostSpecs.
void finishAnsibleImport(const AnsibleInventoryText& text, const QString& inventoryDir, ImportResult& result);

// The scalar variables of a YAML (or JSON) mapping, as group_vars/ and host_vars/ files hold
// them; nested values are left out. nullopt with `error` set when it is no mapping.
std::optional<std::map<QString, QString>> ansibleVarsFromYaml(const QByteArray& text, QString& error);

// An inventory file is untrusted input: one line such as gpu-[0:9999][0:9999] must not make a
// hundred million hosts. Past these caps the rest is skipped with a warning.
inline constexpr int kMaxHostsPerRange = 4096;
inline constexpr int kMaxImportedHosts = 10000;

// Expands Ansible's host ranges: "gpu-[01:03]" → gpu-01, gpu-02, gpu-03; "[a:c]" for letters.
// At most kMaxHostsPerRange names, however many ranges the pattern has.
QStringList expandHostRange(const QString& pattern);

// One Ansible host as a HostSpec: `name` may carry ":port"; ansible_host, ansible_port,
// ansible_user (and their ansible_ssh_ forms) and ansible_ssh_private_key_file /
// ansible_private_key_file (SshOptions::identityFile, ~ expanded) from `vars` are honoured, and
// FleetDeck's fleetdeck_rack, fleetdeck_unit and fleetdeck_tags (comma-separated, added to the
// host's other groups) place it for rack:NAME and tag:NAME.
HostSpec ansibleHost(const QString& name, const QString& group, const QStringList& otherGroups,
                     const std::map<QString, QString>& vars, QStringList& warnings);

}  // namespace fleetdeck
