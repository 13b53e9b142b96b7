#include "app/inventory/importers.h"

#include <map>

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

struct IniHost {
    QString name;
    QStringList groups;
    Vars vars;
};

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

ImportResult importAnsibleIni(const QString& text) {
    ImportResult result;
    std::vector<IniHost> hosts;
    std::map<QString, std::size_t> hostIndex;  // name → position in hosts
    bool cut = false;                          // past kMaxImportedHosts: host lines are skipped
    std::map<QString, Vars> groupVars;
    std::map<QString, QStringList> children;  // parent → child groups
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
                result.warnings << QStringLiteral("line %1: unknown section kind '%2' skipped").arg(lineNo).arg(mode);
            continue;
        }
        if (mode == QLatin1String("vars")) {
            const Vars v = parseVars({line.section(QLatin1Char('='), 0, 0).trimmed() + QLatin1Char('=') +
                                      line.section(QLatin1Char('='), 1).trimmed()});
            groupVars[section].insert(v.begin(), v.end());
        } else if (mode == QLatin1String("children")) {
            children[section] << line.section(QLatin1Char(' '), 0, 0);
        } else if (mode.isEmpty() && !cut) {
            const QStringList words = splitRespectingQuotes(line);
            if (words.isEmpty()) continue;  // a line of nothing but an empty quoted word
            const Vars vars = parseVars(words.mid(1));
            for (const QString& name : expandHostRange(words.first())) {
                auto found = hostIndex.find(name);
                if (found == hostIndex.end()) {
                    if (hosts.size() >= static_cast<std::size_t>(kMaxImportedHosts)) {
                        result.warnings << QStringLiteral("line %1: more than %2 hosts; the hosts after it are skipped").arg(lineNo).arg(kMaxImportedHosts);
                        cut = true;
                        break;
                    }
                    found = hostIndex.emplace(name, hosts.size()).first;
                    hosts.push_back(IniHost{name, {}, {}});
                }
                IniHost* it = &hosts[found->second];
                if (section != QLatin1String("ungrouped") && !it->groups.contains(section)) it->groups << section;
                for (const auto& [k, v] : vars) it->vars[k] = v;
            }
        }
    }
    for (IniHost& h : hosts) {
        // Group variables apply unless the host sets them; parents' apply after their children's.
        Vars merged = h.vars;
        QStringList lineage = h.groups;
        for (int i = 0; i < lineage.size(); ++i)
            for (const auto& [parent, kids] : children)
                if (kids.contains(lineage[i]) && !lineage.contains(parent)) lineage << parent;
        lineage << QStringLiteral("all");
        for (const QString& g : lineage)
            for (const auto& [k, v] : groupVars[g]) merged.emplace(k, v);
        const QString group = h.groups.value(0);
        result.hosts.push_back(ansibleHost(h.name, group, h.groups.mid(1), merged, result.warnings));
    }
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
    if (const auto it = vars.find(QStringLiteral("ansible_host")); it != vars.end()) h.address = it->second;
    if (const auto it = vars.find(QStringLiteral("ansible_user")); it != vars.end()) h.user = it->second;
    if (const auto it = vars.find(QStringLiteral("ansible_port")); it != vars.end()) {
        bool ok = false;
        const int port = it->second.toInt(&ok);
        if (ok && port > 0 && port < 65536) h.port = port;
        else warnings << QStringLiteral("%1: ansible_port '%2' is not a port; using the default").arg(name, it->second);
    }
    return h;
}

ImportResult importAnsibleFile(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        ImportResult r;
        r.error = QStringLiteral("cannot read %1: %2").arg(path, file.errorString());
        return r;
    }
    const QByteArray bytes = file.readAll();
    const QString suffix = QFileInfo(path).suffix().toLower();
    const bool yaml = suffix == QLatin1String("yml") || suffix == QLatin1String("yaml") ||
                      bytes.trimmed().startsWith("---") || bytes.trimmed().startsWith("all:");
    return yaml ? importAnsibleYaml(bytes) : importAnsibleIni(QString::fromUtf8(bytes));
}

}  // namespace fleetdeck
