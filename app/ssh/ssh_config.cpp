#include "app/ssh/ssh_config.h"

#include <QDir>
#include <QFile>
#include <QRegularExpression>

namespace fleetdeck::ssh {
namespace {

// Splits a config line into words: whitespace separates, double quotes group, "Key=Value" works.
QStringList splitWords(const QString& line) {
    QStringList words;
    QString current;
    bool quoted = false, have = false;
    for (int i = 0; i < line.size(); ++i) {
        const QChar c = line[i];
        if (c == QLatin1Char('"')) {
            quoted = !quoted;
            have = true;
        } else if (!quoted && (c.isSpace() || (c == QLatin1Char('=') && words.isEmpty()))) {
            if (have) words << current;
            current.clear();
            have = false;
        } else {
            current += c;
            have = true;
        }
    }
    if (have) words << current;
    return words;
}

QString expandTokens(QString value, const QString& alias, const QString& hostName, const QString& user) {
    if (value.startsWith(QLatin1String("~/"))) value = QDir::homePath() + value.mid(1);
    value.replace(QLatin1String("%%"), QStringLiteral("\x01"));
    value.replace(QLatin1String("%d"), QDir::homePath());
    value.replace(QLatin1String("%h"), hostName.isEmpty() ? alias : hostName);
    value.replace(QLatin1String("%n"), alias);
    value.replace(QLatin1String("%r"), user.isEmpty() ? qEnvironmentVariable("USER") : user);
    value.replace(QLatin1String("%u"), qEnvironmentVariable("USER"));
    value.replace(QStringLiteral("\x01"), QStringLiteral("%"));
    return value;
}

bool blockMatches(const QStringList& patterns, const QString& alias) {
    bool matched = false;
    for (const QString& p : patterns) {
        if (p.startsWith(QLatin1Char('!'))) {
            if (matchesSshPattern(p.mid(1), alias)) return false;  // a negated match vetoes the block
        } else if (matchesSshPattern(p, alias)) {
            matched = true;
        }
    }
    return matched;
}

}  // namespace

bool matchesSshPattern(const QString& pattern, const QString& host) {
    const QString re = QRegularExpression::wildcardToRegularExpression(
        pattern, QRegularExpression::UnanchoredWildcardConversion);
    return QRegularExpression(QStringLiteral("^(?:%1)$").arg(re), QRegularExpression::CaseInsensitiveOption)
        .match(host)
        .hasMatch();
}

SshConfig SshConfig::parse(const QString& text) {
    SshConfig config;
    config.blocks_.push_back(Block{});
    for (const QString& raw : text.split(QLatin1Char('\n'))) {
        const QString line = raw.trimmed();
        if (line.isEmpty() || line.startsWith(QLatin1Char('#'))) continue;
        QStringList words = splitWords(line);
        if (words.isEmpty()) continue;
        const QString keyword = words.takeFirst().toLower();
        if (!words.isEmpty() && words.first() == QLatin1String("=")) words.removeFirst();  // "Port = 2200"
        if (keyword == QLatin1String("host")) {
            config.blocks_.push_back(Block{words, false, {}});
        } else if (keyword == QLatin1String("match")) {
            config.blocks_.push_back(Block{{}, true, {}});
        } else if (!words.isEmpty()) {
            config.blocks_.back().entries.push_back(Entry{keyword, words.join(QLatin1Char(' '))});
        }
    }
    return config;
}

SshConfig SshConfig::load(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) return parse(QString());
    return parse(QString::fromUtf8(file.readAll()));
}

QString SshConfig::defaultPath() { return QDir::homePath() + QStringLiteral("/.ssh/config"); }

SshHostConfig SshConfig::resolve(const QString& alias) const {
    SshHostConfig out;
    bool haveHostName = false, haveUser = false, haveJump = false;
    QStringList rawIdentities;
    for (const Block& block : blocks_) {
        if (block.isMatch) continue;
        if (!block.patterns.isEmpty() && !blockMatches(block.patterns, alias)) continue;
        for (const Entry& e : block.entries) {
            if (e.keyword == QLatin1String("hostname") && !haveHostName) {
                out.hostName = e.value;
                haveHostName = true;
            } else if (e.keyword == QLatin1String("port") && !out.port) {
                bool ok = false;
                const int port = e.value.toInt(&ok);
                if (ok && port > 0 && port < 65536) out.port = port;
            } else if (e.keyword == QLatin1String("user") && !haveUser) {
                out.user = e.value;
                haveUser = true;
            } else if (e.keyword == QLatin1String("identityfile")) {
                rawIdentities << e.value;  // every IdentityFile adds a key, in order
            } else if (e.keyword == QLatin1String("proxyjump") && !haveJump) {
                out.proxyJump = e.value.compare(QLatin1String("none"), Qt::CaseInsensitive) == 0 ? QString() : e.value;
                haveJump = true;
            }
        }
    }
    if (out.hostName.contains(QLatin1Char('%'))) out.hostName = expandTokens(out.hostName, alias, QString(), out.user);
    for (const QString& id : rawIdentities) out.identityFiles << expandTokens(id, alias, out.hostName, out.user);
    return out;
}

QStringList SshConfig::concreteHosts() const {
    QStringList hosts;
    for (const Block& block : blocks_)
        for (const QString& p : block.patterns)
            if (!p.contains(QLatin1Char('*')) && !p.contains(QLatin1Char('?')) && !p.startsWith(QLatin1Char('!')) &&
                !hosts.contains(p))
                hosts << p;
    return hosts;
}

bool SshConfig::hasConcreteHost(const QString& alias) const { return concreteHosts().contains(alias); }

}  // namespace fleetdeck::ssh
