#pragma once

// Host selection (docs/inventory.md): one reader for whatever file `--inventory` names —
// FleetDeck's inventory, an Ansible INI or YAML inventory (with host_vars/ and group_vars/ beside
// it) or an OpenSSH client config, told apart by content — and the targets that pick hosts out
// of it: names, @group, rack:NAME, tag:NAME, all. Shared by fleetdeck-cli and the GUI importer.

#include <map>
#include <vector>

#include <QString>
#include <QStringList>

#include "app/host_spec.h"
#include "app/problem.h"

namespace fleetdeck {

struct HostSource {
    enum class Format { FleetDeck, AnsibleIni, AnsibleYaml, SshConfig };
    Format format = Format::FleetDeck;
    QString path;
    std::vector<HostSpec> hosts;
    // Ansible's groups with their members, children's hosts included ("all", "ungrouped"); empty
    // for the other formats, where a host's group is HostSpec::group.
    std::map<QString, QStringList> groups;
    QStringList warnings;  // parts of the file that were skipped

    const HostSpec* find(const QString& name) const;
};

// "FleetDeck inventory", "Ansible INI inventory", …: for messages.
QString hostSourceFormatName(HostSource::Format format);

// Which kind of file `bytes` is: JSON → FleetDeck; Host/Match/Include lines → ssh config; a YAML
// document or mapping (or .yml/.yaml) → Ansible YAML; otherwise Ansible INI.
HostSource::Format detectHostSourceFormat(const QString& path, const QByteArray& bytes);

// Reads `path`. A missing or unreadable file is io_failed, one that is not readable as its kind
// bad_input; both name the file.
Result<HostSource> readHostSource(const QString& path);

// What one target word selects from `source`, in the source's order: "all", "@GROUP",
// "rack:NAME", "tag:NAME" or a host's name. A name not in the source selects nothing (an empty
// list: the caller may look elsewhere); a selector that matches no host is a bad_input problem
// naming it and what there is to choose from.
Result<std::vector<HostSpec>> selectFromSource(const HostSource& source, const QString& target);

// Whether `target` is a selector ("all", "@…", "rack:…", "tag:…") rather than a host.
bool isHostSelector(const QString& target);

}  // namespace fleetdeck
