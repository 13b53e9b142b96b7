#include "app/inventory/importers.h"

#include <algorithm>
#include <map>

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>

namespace fleetdeck {
namespace {

using Vars = std::map<QString, QString>;

// "key=value key2='v 2'" as Ansible's INI host lines write variables.
Vars parseVars(const QStringList& words) {
    Vars vars;
    for (const QString& w : words) {
        const int eq = w.indexOf(QLatin1Char('='));
        if (eq <= 0) continue;
        QString value = w.mid(eq + 1);
        if (value.size() >= 2 && (value.front() == QLatin1Char('"') || value.front() == QLatin1Char('\'')) && value.back() == value.front())
            value = value.mid(1, value.size() - 2);
        vars[w.left(eq).trimmed()] = value;
    }
    return vars;
}

QStringList splitRespectingQuotes(const QString& line) {
    static const QRegularExpression re(QStringLiteral(R"((?:[^\s"']+|"[^"]*"|'[^']*')+)"));
    QStringList words;
    for (auto it = re.globalMatch(line); it.hasNext();) words << it.next().captured(0);
    return words;
}

}  // namespace

QStringList expandHostRange(const QString& pattern) {
    static const QRegularExpression re(QStringLiteral(R"(^(.*)\[([0-9]+|[a-z]):([0-9]+|[a-z])\](.*)$)"));
    const auto m = re.match(pattern);
    if (!m.hasMatch()) return {pattern};
    const QString from = m.captured(2), to = m.captured(3);
    QStringList middles;
    bool okFrom = false, okTo = false;
    const int a = from.toInt(&okFrom), b = to.toInt(&okTo);
    if (okFrom && okTo) {
        for (int i = a; i <= b && middles.size() < 4096; ++i) middles << QStringLiteral("%1").arg(i, from.size(), 10, QLatin1Char('0'));
    } else if (!okFrom && !okTo) {
        for (QChar c = from[0]; c <= to[0]; c = QChar(c.unicode() + 1)) middles << QString(c);
    }
    const QStringList rests = expandHostRange(m.captured(4));
    QStringList out;
    for (const QString& mid : middles)
        for (const QString& rest : rests) {
            if (out.size() >= kMaxHostsPerRange) return out;
            out << m.captured(1) + mid + rest;
        }
    return out;
}

AnsibleInventoryText parseAnsibleIni(const QString& text, ImportResult& result) {
    AnsibleInventoryText parsed;
    std::map<QString, std::size_t> hostIndex;  // name → position in parsed.hosts
    bool cut = false;                          // past kMaxImportedHosts: host lines are skipped
    QString section = QStringLiteral("ungrouped");
    QString mode;  // "", "vars", "children"
    int lineNo = 0;
    for (const QString& raw : text.split(QLatin1Char('\n'))) {
        ++lineNo;
        const QString line = raw.trimmed();
        if (line.isEmpty() || line.startsWith(QLatin1Char('#')) || line.startsWith(QLatin1Char(';'))) continue;
        if (line.startsWith(QLatin1Char('[')) && line.endsWith(QLatin1Char(']'))) {
            const QString header = line.mid(1, line.size() - 2).trimmed();
            section = header.section(QLatin1Char(':'), 0, 0);
            mode = header.section(QLatin1Char(':'), 1);
            if (!mode.isEmpty() && mode != QLatin1String("vars") && mode != QLatin1String("children"))
                result.warnings << QCoreApplication::translate("inventory", "line %1: unknown section kind '%2' skipped").arg(lineNo).arg(mode);
            continue;
        }
        if (mode == QLatin1String("vars")) {
            const Vars v = parseVars({line.section(QLatin1Char('='), 0, 0).trimmed() + QLatin1Char('=') +
                                      line.section(QLatin1Char('='), 1).trimmed()});
            parsed.groupVars[section].insert(v.begin(), v.end());
        } else if (mode == QLatin1String("children")) {
            parsed.children[section] << line.section(QLatin1Char(' '), 0, 0);
        } else if (mode.isEmpty() && !cut) {
            const QStringList words = splitRespectingQuotes(line);
            if (words.isEmpty()) continue;  // a line of nothing but an empty quoted word
            const Vars vars = parseVars(words.mid(1));
            for (const QString& name : expandHostRange(words.first())) {
                auto found = hostIndex.find(name);
                if (found == hostIndex.end()) {
                    if (parsed.hosts.size() >= static_cast<std::size_t>(kMaxImportedHosts)) {
                        result.warnings << QCoreApplication::translate("inventory", "line %1: more than %2 hosts; the hosts after it are skipped").arg(lineNo).arg(kMaxImportedHosts);
                        cut = true;
                        break;
                    }
                    found = hostIndex.emplace(name, parsed.hosts.size()).first;
                    parsed.hosts.push_back({name, {}, {}});
                }
                AnsibleInventoryText::Host* it = &parsed.hosts[found->second];
                if (section != QLatin1String("ungrouped") && section != QLatin1String("all") && !it->groups.contains(section))
                    it->groups << section;
                for (const auto& [k, v] : vars) it->vars[k] = v;
            }
        }
    }
    return parsed;
}

ImportResult importAnsibleIni(const QString& text) {
    ImportResult result;
    finishAnsibleImport(parseAnsibleIni(text, result), QString(), result);
    return result;
}

HostSpec ansibleHost(const QString& name, const QString& group, const QStringList& otherGroups,
                     const std::map<QString, QString>& vars, QStringList& warnings) {
    HostSpec h;
    h.kind = HostSpec::Kind::Ssh;
    QString hostPart = name;
    static const QRegularExpression portSuffix(QStringLiteral(R"(^([^:\[\]]+):(\d+)$)"));
    if (const auto m = portSuffix.match(name); m.hasMatch()) {  // "gpu-01:2222" in INI host lines
        hostPart = m.captured(1);
        h.port = m.captured(2).toInt();
    }
    h.name = hostPart;
    h.address = hostPart;
    h.group = group;
    h.tags = otherGroups;
    // The first of the names Ansible accepts that is set; the ansible_ssh_ forms are the old ones.
    const auto var = [&vars](const char* name, const char* oldName = nullptr) {
        auto it = vars.find(QLatin1String(name));
        if (it == vars.end() && oldName) it = vars.find(QLatin1String(oldName));
        return it;
    };
    if (const auto it = var("ansible_host", "ansible_ssh_host"); it != vars.end()) h.address = it->second;
    if (const auto it = var("ansible_user", "ansible_ssh_user"); it != vars.end()) h.user = it->second;
    if (const auto it = var("ansible_ssh_private_key_file", "ansible_private_key_file"); it != vars.end()) {
        h.ssh.identityFile = it->second;
        if (h.ssh.identityFile.startsWith(QLatin1String("~/"))) h.ssh.identityFile = QDir::homePath() + h.ssh.identityFile.mid(1);
    }
    // Where the host sits, for rack:NAME and tag:NAME (FleetDeck's own variables).
    if (const auto it = var("fleetdeck_rack"); it != vars.end()) h.rack = it->second;
    if (const auto it = var("fleetdeck_unit"); it != vars.end()) h.rackUnit = std::max(0, it->second.toInt());
    if (const auto it = var("fleetdeck_tags"); it != vars.end())
        for (const QString& tag : it->second.split(QLatin1Char(','), Qt::SkipEmptyParts))
            if (!h.tags.contains(tag.trimmed())) h.tags << tag.trimmed();
    if (const auto it = var("ansible_port", "ansible_ssh_port"); it != vars.end()) {
        bool ok = false;
        const int port = it->second.toInt(&ok);
        if (ok && port > 0 && port < 65536) h.port = port;
        else warnings << QCoreApplication::translate("inventory", "%1: ansible_port '%2' is not a port; using the default").arg(name, it->second);
    }
    return h;
}

bool looksLikeAnsibleYaml(const QString& path, const QByteArray& bytes) {
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QLatin1String("yml") || suffix == QLatin1String("yaml") || suffix == QLatin1String("json")) return true;
    // INI has [sections] and host lines; YAML starts a document or a mapping key ("all:").
    static const QRegularExpression mappingKey(QStringLiteral(R"(^[A-Za-z0-9_.-]+:\s*(#.*)?$)"));
    for (const QByteArray& raw : bytes.split('\n')) {
        const QString line = QString::fromUtf8(raw).trimmed();
        if (line.isEmpty() || line.startsWith(QLatin1Char('#'))) continue;
        return line.startsWith(QLatin1String("---")) || line.startsWith(QLatin1Char('{')) || mappingKey.match(line).hasMatch();
    }
    return false;
}

ImportResult importAnsibleFile(const QString& path) {
    QFile file(path);
    ImportResult result;
    if (!file.open(QIODevice::ReadOnly)) {
        result.error = std::move(InventoryText(QT_TRANSLATE_NOOP("inventory", "cannot read %1: %2")).arg(path).arg(file.errorString()));
        return result;
    }
    const QByteArray bytes = file.readAll();
    const QString dir = QFileInfo(path).absolutePath();
    if (!looksLikeAnsibleYaml(path, bytes)) {
        finishAnsibleImport(parseAnsibleIni(QString::fromUtf8(bytes), result), dir, result);
        return result;
    }
    if (const auto parsed = parseAnsibleYaml(bytes, result)) finishAnsibleImport(*parsed, dir, result);
    return result;
}

}  // namespace fleetdeck
