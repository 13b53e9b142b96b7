#include "app/inventory/host_source.h"

#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QSet>

#include "app/inventory/importers.h"
#include "app/inventory/inventory.h"
#include "app/inventory/inventory_text.h"

namespace fleetdeck {
namespace {

// ssh_config(5) lines are "Keyword value…" (or "Keyword=value"); an INI host line is a name
// alone or "name key=value …", and INI has [sections]. A config names a Host, Match or Include.
bool looksLikeSshConfig(const QByteArray& bytes) {
    static const QRegularExpression keywordLine(QStringLiteral(R"(^[A-Za-z]+(\s+|\s*=\s*)[^=\s]+(\s.*)?$)"));
    bool sawHost = false;
    for (const QByteArray& raw : bytes.split('\n')) {
        const QString line = QString::fromUtf8(raw).trimmed();
        if (line.isEmpty() || line.startsWith(QLatin1Char('#'))) continue;
        if (line.startsWith(QLatin1Char('[')) || !keywordLine.match(line).hasMatch()) return false;
        const QString keyword = line.section(QRegularExpression(QStringLiteral(R"([\s=])")), 0, 0).toLower();
        sawHost = sawHost || keyword == QLatin1String("host") || keyword == QLatin1String("match") || keyword == QLatin1String("include");
    }
    return sawHost;
}

Result<HostSource> fromImport(HostSource source, const ImportResult& imported) {
    if (imported.error)
        return problemOf(ProblemCode::BadInput, InventoryText(QT_TRANSLATE_NOOP("inventory", "%1 is not readable as an %2: %3"))
                                                    .arg(source.path)
                                                    .arg(hostSourceFormatName(source.format))
                                                    .arg(*imported.error));
    source.hosts = imported.hosts;
    source.groups = imported.groupMembers;
    source.warnings = imported.warnings;
    return source;
}

QStringList namesOf(const std::vector<HostSpec>& hosts) {
    QStringList names;
    for (const HostSpec& h : hosts) names << h.name;
    return names;
}

// "a, b, c" or "a, b, … (12 in all)": what a selector could have named.
InventoryText someOf(QStringList values) {
    values.removeDuplicates();
    values.removeAll(QString());
    if (values.isEmpty()) return InventoryText(QT_TRANSLATE_NOOP("inventory", "none"));
    if (values.size() <= 8) return InventoryText::same(values.join(QStringLiteral(", ")));
    return std::move(InventoryText(QT_TRANSLATE_NOOP("inventory", "%1, … (%2 in all)"))
                         .arg(values.mid(0, 8).join(QStringLiteral(", ")))
                         .arg(std::int64_t{values.size()}));
}

// The groups of a source: Ansible's own, or the hosts' group fields.
QStringList groupNames(const HostSource& source) {
    QStringList names;
    if (!source.groups.empty()) {
        for (const auto& [group, members] : source.groups) names << group;
        return names;
    }
    for (const HostSpec& h : source.hosts) names << h.group;
    return names;
}

// The names in an Ansible group, as a set: membership is asked once per host.
QSet<QString> ansibleGroupMembers(const HostSource& source, const QString& group) {
    const auto it = source.groups.find(group);
    return it == source.groups.end() ? QSet<QString>{} : QSet<QString>(it->second.begin(), it->second.end());
}

}  // namespace

const HostSpec* HostSource::find(const QString& name) const {
    for (const HostSpec& h : hosts)
        if (h.name == name) return &h;
    return nullptr;
}

QString hostSourceFormatName(HostSource::Format format) {
    switch (format) {
    case HostSource::Format::FleetDeck: return QStringLiteral("FleetDeck inventory");
    case HostSource::Format::AnsibleIni: return QStringLiteral("Ansible INI inventory");
    case HostSource::Format::AnsibleYaml: return QStringLiteral("Ansible YAML inventory");
    case HostSource::Format::SshConfig: return QStringLiteral("ssh config");
    }
    return {};
}

HostSource::Format detectHostSourceFormat(const QString& path, const QByteArray& bytes) {
    const QByteArray trimmed = bytes.trimmed();
    if (trimmed.startsWith('{')) return HostSource::Format::FleetDeck;
    if (looksLikeSshConfig(bytes)) return HostSource::Format::SshConfig;
    if (looksLikeAnsibleYaml(path, bytes)) return HostSource::Format::AnsibleYaml;
    return HostSource::Format::AnsibleIni;
}

Result<HostSource> readHostSource(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly) || QFileInfo(path).isDir())
        return problemOf(ProblemCode::IoFailed,
                         InventoryText(QT_TRANSLATE_NOOP("inventory", "cannot read the inventory %1: %2; check the path given to --inventory"))
                             .arg(path)
                             .arg(QFileInfo(path).isDir()    ? InventoryText(QT_TRANSLATE_NOOP("inventory", "it is a directory"))
                                  : QFileInfo::exists(path) ? InventoryText::same(file.errorString())
                                                            : InventoryText(QT_TRANSLATE_NOOP("inventory", "no such file"))));
    const QByteArray bytes = file.readAll();
    HostSource source;
    source.path = path;
    source.format = detectHostSourceFormat(path, bytes);
    switch (source.format) {
    case HostSource::Format::FleetDeck: {
        const auto inventory = Inventory::fromJson(bytes);
        if (!inventory)
            return problemOf(ProblemCode::BadInput, InventoryText(QT_TRANSLATE_NOOP("inventory", "%1 is not readable as a FleetDeck inventory: %2"))
                                                        .arg(path)
                                                        .arg(inventory.problem().message, inventory.problem().shownMessage()));
        source.hosts = inventory->hosts();
        return source;
    }
    case HostSource::Format::SshConfig:
        return fromImport(source, importSshConfigFile(path));
    case HostSource::Format::AnsibleIni:
    case HostSource::Format::AnsibleYaml:
        return fromImport(source, importAnsibleFile(path));
    }
    return source;
}

bool isHostSelector(const QString& target) {
    return target == QLatin1String("all") || target.startsWith(QLatin1Char('@')) || target.startsWith(QLatin1String("rack:")) ||
           target.startsWith(QLatin1String("tag:"));
}

Result<std::vector<HostSpec>> selectFromSource(const HostSource& source, const QString& target) {
    std::vector<HostSpec> picked;
    if (!isHostSelector(target)) {
        if (const HostSpec* h = source.find(target)) picked.push_back(*h);
        return picked;
    }
    const InventoryText where = source.path.isEmpty() ? InventoryText(QT_TRANSLATE_NOOP("inventory", "the inventory")) : InventoryText::same(source.path);
    const auto refuse = [&](const char* what, const QStringList& choices) {
        return problemOf(ProblemCode::BadInput, InventoryText(QT_TRANSLATE_NOOP("inventory", "%1 matches no host in %2 (%3: %4)"))
                                                    .arg(target)
                                                    .arg(where)
                                                    .argPhrase(what)
                                                    .arg(someOf(choices)));
    };
    QStringList racks, tags;
    const QString group = target.startsWith(QLatin1Char('@')) ? target.mid(1) : QString();
    const QSet<QString> members = ansibleGroupMembers(source, group);
    const auto inGroup = [&](const HostSpec& h) { return source.groups.empty() ? h.group == group : members.contains(h.name); };
    for (const HostSpec& h : source.hosts) {
        racks << h.rack;
        tags << h.tags;
        const bool hit = target == QLatin1String("all")                    ? true
                         : target.startsWith(QLatin1Char('@'))             ? inGroup(h)
                         : target.startsWith(QLatin1String("rack:"))       ? h.rack == target.mid(5)
                                                                           : h.tags.contains(target.mid(4));
        if (hit) picked.push_back(h);
    }
    if (!picked.empty()) return picked;
    if (target == QLatin1String("all")) return refuse(QT_TRANSLATE_NOOP("inventory", "hosts"), namesOf(source.hosts));
    if (target.startsWith(QLatin1Char('@'))) return refuse(QT_TRANSLATE_NOOP("inventory", "groups"), groupNames(source));
    if (target.startsWith(QLatin1String("rack:"))) return refuse(QT_TRANSLATE_NOOP("inventory", "racks"), racks);
    return refuse(QT_TRANSLATE_NOOP("inventory", "tags"), tags);
}

}  // namespace fleetdeck
