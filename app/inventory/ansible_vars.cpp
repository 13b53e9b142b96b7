// Ansible's variables for each host: the inventory's own, host_vars/ and group_vars/ beside it,
// merged in Ansible's order of precedence, then turned into HostSpecs.
#include <map>

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>

#include "app/inventory/importers.h"

namespace fleetdeck {
namespace {

using AnsibleVars = std::map<QString, QString>;

// One vars file; what it lacks or cannot say is a warning.
AnsibleVars readAnsibleVarsFile(const QString& path, QStringList& warnings) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        warnings << QCoreApplication::translate("inventory", "cannot read %1: %2").arg(path, file.errorString());
        return {};
    }
    QString error;
    const auto vars = ansibleVarsFromYaml(file.readAll(), error);
    if (!vars) {
        warnings << QCoreApplication::translate("inventory", "%1: %2; its variables are not used").arg(path, error);
        return {};
    }
    return *vars;
}

// host_vars/NAME or group_vars/NAME as Ansible finds it: a file (no extension, .yml, .yaml,
// .json) or a directory whose files are read in name order, a later file winning.
AnsibleVars readAnsibleVarsFor(const QString& inventoryDir, const char* kind, const QString& name, QStringList& warnings) {
    AnsibleVars vars;
    if (inventoryDir.isEmpty() || name.contains(QLatin1Char('/')) || name.startsWith(QLatin1Char('.'))) return vars;
    const QString base = QStringLiteral("%1/%2/%3").arg(inventoryDir, QLatin1String(kind), name);
    for (const QString& suffix : {QString(), QStringLiteral(".yml"), QStringLiteral(".yaml"), QStringLiteral(".json")}) {
        const QFileInfo info(base + suffix);
        if (info.isFile()) {
            for (const auto& [k, v] : readAnsibleVarsFile(info.filePath(), warnings)) vars[k] = v;
        } else if (info.isDir() && suffix.isEmpty()) {
            const QDir dir(info.filePath());
            for (const QString& file : dir.entryList(QDir::Files, QDir::Name))
                if (!file.startsWith(QLatin1Char('.')))
                    for (const auto& [k, v] : readAnsibleVarsFile(dir.filePath(file), warnings)) vars[k] = v;
        }
    }
    return vars;
}

// The host's groups, nearest first: those it is listed under, then their parents ("all" left out).
QStringList groupLineage(const AnsibleInventoryText::Host& host, const std::map<QString, QStringList>& children) {
    QStringList lineage = host.groups;
    for (int i = 0; i < lineage.size(); ++i)
        for (const auto& [parent, kids] : children)
            if (kids.contains(lineage[i]) && !lineage.contains(parent) && parent != QLatin1String("all")) lineage << parent;
    return lineage;
}

}  // namespace

void finishAnsibleImport(const AnsibleInventoryText& text, const QString& inventoryDir, ImportResult& result) {
    std::map<QString, AnsibleVars> groupVarsDir;  // group_vars/, read once per group
    const auto dirVarsOf = [&](const QString& group) -> const AnsibleVars& {
        auto it = groupVarsDir.find(group);
        if (it == groupVarsDir.end()) it = groupVarsDir.emplace(group, readAnsibleVarsFor(inventoryDir, "group_vars", group, result.warnings)).first;
        return it->second;
    };
    const auto inventoryVarsOf = [&](const QString& group) -> AnsibleVars {
        const auto it = text.groupVars.find(group);
        return it == text.groupVars.end() ? AnsibleVars{} : it->second;
    };
    for (const AnsibleInventoryText::Host& h : text.hosts) {
        const QString bareName = h.name.section(QLatin1Char(':'), 0, 0);
        const QStringList lineage = groupLineage(h, text.children);
        // The first layer that sets a variable wins: Ansible's precedence, highest first.
        std::vector<AnsibleVars> layers{readAnsibleVarsFor(inventoryDir, "host_vars", bareName, result.warnings), h.vars};
        for (const QString& g : lineage) layers.push_back(dirVarsOf(g));
        layers.push_back(dirVarsOf(QStringLiteral("all")));
        for (const QString& g : lineage) layers.push_back(inventoryVarsOf(g));
        layers.push_back(inventoryVarsOf(QStringLiteral("all")));
        AnsibleVars merged;
        for (const AnsibleVars& layer : layers)
            for (const auto& [k, v] : layer) merged.emplace(k, v);
        HostSpec spec = ansibleHost(h.name, h.groups.value(0), h.groups.mid(1), merged, result.warnings);
        if (!spec.ssh.identityFile.isEmpty() && QFileInfo(spec.ssh.identityFile).isRelative() && !inventoryDir.isEmpty())
            spec.ssh.identityFile = QDir(inventoryDir).filePath(spec.ssh.identityFile);
        for (const QString& g : lineage) result.groupMembers[g] << spec.name;
        if (lineage.isEmpty()) result.groupMembers[QStringLiteral("ungrouped")] << spec.name;
        result.groupMembers[QStringLiteral("all")] << spec.name;
        result.hosts.push_back(spec);
    }
}

}  // namespace fleetdeck
