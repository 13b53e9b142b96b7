#include "app/ssh/ssh_config.h"

#include <pwd.h>
#include <unistd.h>

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QRegularExpression>

#include "app/ssh/ssh_text.h"

namespace fleetdeck::ssh {
namespace {

constexpr int kSshConfigTimeoutMs = 10000;
constexpr int kMaxIncludeDepth = 16;  // ssh(1)'s own READCONF_MAX_DEPTH

// The login's home as ssh(1) sees it (getpwuid, not $HOME): where its default known_hosts live.
QString passwdHome() {
    const passwd* pw = ::getpwuid(::getuid());
    return pw && pw->pw_dir ? QString::fromLocal8Bit(pw->pw_dir) : QDir::homePath();
}

QString localUserName() {
    const QString user = qEnvironmentVariable("USER");
    return user.isEmpty() ? QDir::home().dirName() : user;
}

QString localHostName() {
    char name[256] = {};
    return ::gethostname(name, sizeof name - 1) == 0 ? QString::fromLocal8Bit(name) : QString();
}

// The %-tokens ssh(1) expands in IdentityFile and ProxyCommand, and a leading ~.
QString expandSshTokens(const QString& value, const QString& alias, const SshHostConfig& c) {
    QString out;
    QString text = value;
    if (text.startsWith(QLatin1String("~/"))) text = QDir::homePath() + text.mid(1);
    for (int i = 0; i < text.size(); ++i) {
        if (text[i] != QLatin1Char('%') || i + 1 >= text.size()) {
            out += text[i];
            continue;
        }
        switch (text[++i].unicode()) {
        case '%': out += QLatin1Char('%'); break;
        case 'd': out += QDir::homePath(); break;
        case 'h': out += c.hostName; break;
        case 'n': out += alias; break;
        case 'p': out += QString::number(c.port); break;
        case 'r': out += c.user; break;
        case 'u': out += localUserName(); break;
        case 'l': out += localHostName(); break;
        default: out += QLatin1Char('%') + text[i];  // %C, %i, …: left as ssh(1) would see them
        }
    }
    return out;
}

bool isDefaultIdentity(const QString& file) {
    static const QStringList defaults{QStringLiteral("id_rsa"),        QStringLiteral("id_ecdsa"),      QStringLiteral("id_ecdsa_sk"),
                                      QStringLiteral("id_ed25519"),    QStringLiteral("id_ed25519_sk"), QStringLiteral("id_xmss"),
                                      QStringLiteral("id_dsa")};
    return file.startsWith(QLatin1String("~/.ssh/")) && defaults.contains(file.mid(7));
}

// `ssh -G` prints one "keyword value" line per option, every option (defaults included).
SshHostConfig readSshDump(const QString& alias, const QString& dump) {
    SshHostConfig c;
    QStringList rawIdentities;
    QString rawProxyCommand;
    const QString home = passwdHome();
    for (const QString& line : dump.split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
        const QString keyword = line.section(QLatin1Char(' '), 0, 0);
        const QString value = line.section(QLatin1Char(' '), 1).trimmed();
        if (keyword == QLatin1String("hostname")) c.hostName = value;
        else if (keyword == QLatin1String("port")) c.port = value.toInt() > 0 ? value.toInt() : 22;
        else if (keyword == QLatin1String("user")) c.user = value;
        else if (keyword == QLatin1String("identityfile") && !isDefaultIdentity(value)) rawIdentities << value;
        else if (keyword == QLatin1String("proxyjump") && value != QLatin1String("none")) c.proxyJump = value;
        else if (keyword == QLatin1String("proxycommand") && value != QLatin1String("none")) rawProxyCommand = value;
        else if (keyword == QLatin1String("stricthostkeychecking")) c.strictHostKeyChecking = value == QLatin1String("true");
        else if (keyword == QLatin1String("userknownhostsfile")) {
            for (const QString& file : value.split(QLatin1Char(' '), Qt::SkipEmptyParts))
                if (file != home + QStringLiteral("/.ssh/known_hosts") && file != home + QStringLiteral("/.ssh/known_hosts2"))
                    c.knownHostsFiles << file;
        }
    }
    if (c.hostName.isEmpty()) c.hostName = alias;
    for (const QString& id : rawIdentities) c.identityFiles << expandSshTokens(id, alias, c);
    if (!c.proxyJump.isEmpty()) rawProxyCommand.clear();  // ssh(1): a jump is its own proxy
    if (!rawProxyCommand.isEmpty()) c.proxyCommand = expandSshTokens(rawProxyCommand, alias, c);
    return c;
}

// Splits a config line into words: whitespace separates, double quotes group, "Key=Value" works.
QStringList splitConfigWords(const QString& line) {
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

// The files one Include word names, as ssh(1) finds them: ~ expanded and relative paths under
// ~/.ssh, both from the login's passwd entry as ssh(1) does, globs in sorted order.
QStringList includedFiles(const QString& word) {
    QString path = word;
    if (path.startsWith(QLatin1String("~/"))) path = passwdHome() + path.mid(1);
    else if (!path.startsWith(QLatin1Char('/'))) path = passwdHome() + QStringLiteral("/.ssh/") + path;
    const QFileInfo info(path);
    if (!path.contains(QLatin1Char('*')) && !path.contains(QLatin1Char('?')) && !path.contains(QLatin1Char('[')))
        return info.isFile() ? QStringList{path} : QStringList{};
    QDir dir(info.path());
    QStringList files;
    for (const QString& name : dir.entryList({info.fileName()}, QDir::Files, QDir::Name)) files << dir.filePath(name);
    return files;
}

void collectHosts(const QString& text, const QString& source, int depth, SshConfigHosts& out) {
    int lineNo = 0;
    for (const QString& raw : text.split(QLatin1Char('\n'))) {
        ++lineNo;
        const QString line = raw.trimmed();
        if (line.isEmpty() || line.startsWith(QLatin1Char('#'))) continue;
        QStringList words = splitConfigWords(line);
        if (words.isEmpty()) continue;
        const QString keyword = words.takeFirst().toLower();
        if (!words.isEmpty() && words.first() == QLatin1String("=")) words.removeFirst();  // "Host = a"
        if (keyword == QLatin1String("host")) {
            for (const QString& p : words)
                if (!p.contains(QLatin1Char('*')) && !p.contains(QLatin1Char('?')) && !p.startsWith(QLatin1Char('!')) &&
                    !out.aliases.contains(p))
                    out.aliases << p;
        } else if (keyword == QLatin1String("include")) {
            if (depth >= kMaxIncludeDepth) {
                out.warnings << QCoreApplication::translate("ssh", "%1 line %2: Include nested more than %3 deep; skipped").arg(source).arg(lineNo).arg(kMaxIncludeDepth);
                continue;
            }
            for (const QString& word : words)
                for (const QString& file : includedFiles(word)) {
                    if (++out.filesIncluded > kMaxSshConfigIncludes) {
                        out.warnings << QCoreApplication::translate("ssh", "%1 line %2: more than %3 included files; the rest is skipped").arg(source).arg(lineNo).arg(kMaxSshConfigIncludes);
                        return;
                    }
                    QFile in(file);
                    if (!in.open(QIODevice::ReadOnly)) {
                        out.warnings << QCoreApplication::translate("ssh", "%1 line %2: cannot read %3: %4").arg(source).arg(lineNo).arg(file, in.errorString());
                        continue;
                    }
                    collectHosts(QString::fromUtf8(in.readAll()), file, depth + 1, out);
                }
        }
    }
}

}  // namespace

QString defaultSshConfigPath() { return QDir::homePath() + QStringLiteral("/.ssh/config"); }

Result<SshHostConfig> resolveSshHost(const QString& alias, const QString& configFile) {
    if (!QFileInfo::exists(configFile)) {
        SshHostConfig defaults;
        defaults.hostName = alias;
        defaults.user = localUserName();
        return defaults;
    }
    QProcess ssh;
    ssh.setProgram(QStringLiteral("ssh"));
    // -F: this file only, as every ssh(1) FleetDeck starts reads it; "--": an alias is never an option.
    ssh.setArguments({QStringLiteral("-G"), QStringLiteral("-F"), configFile, QStringLiteral("--"), alias});
    ssh.setStandardInputFile(QProcess::nullDevice());
    ssh.start();
    if (!ssh.waitForStarted(kSshConfigTimeoutMs))
        return problemOf(ProblemCode::BadInput,
                         SshText(QT_TRANSLATE_NOOP("ssh", "cannot read %1 for %2: ssh(1) does not start (%3); install openssh-client"))
                             .arg(configFile)
                             .arg(alias)
                             .arg(ssh.errorString()));
    if (!ssh.waitForFinished(kSshConfigTimeoutMs)) {
        ssh.kill();
        ssh.waitForFinished(1000);
        return problemOf(ProblemCode::BadInput,
                         SshText(QT_TRANSLATE_NOOP("ssh", "reading %1 for %2 took over %3 s (a Match exec that hangs?)"))
                             .arg(configFile)
                             .arg(alias)
                             .arg(kSshConfigTimeoutMs / 1000));
    }
    if (ssh.exitStatus() != QProcess::NormalExit || ssh.exitCode() != 0) {
        const QString why = QString::fromLocal8Bit(ssh.readAllStandardError()).trimmed();
        return problemOf(ProblemCode::BadInput,
                         SshText(QT_TRANSLATE_NOOP("ssh", "ssh(1) refuses %1 for %2: %3; fix the config (`ssh -G %2` shows the same)"))
                             .arg(configFile)
                             .arg(alias)
                             .arg(why.isEmpty() ? SshText(QT_TRANSLATE_NOOP("ssh", "exit %1")).arg(ssh.exitCode()) : SshText::same(why)));
    }
    return readSshDump(alias, QString::fromUtf8(ssh.readAllStandardOutput()));
}

SshConfigHosts listSshConfigHosts(const QString& text) {
    SshConfigHosts out;
    collectHosts(text, QStringLiteral("ssh config"), 0, out);
    return out;
}

SshConfigHosts listSshConfigHostsInFile(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) return {};
    SshConfigHosts out;
    collectHosts(QString::fromUtf8(file.readAll()), path, 0, out);
    return out;
}

bool matchesSshPattern(const QString& pattern, const QString& host) {
    const QString re = QRegularExpression::wildcardToRegularExpression(
        pattern, QRegularExpression::UnanchoredWildcardConversion);
    return QRegularExpression(QStringLiteral("^(?:%1)$").arg(re), QRegularExpression::CaseInsensitiveOption)
        .match(host)
        .hasMatch();
}

}  // namespace fleetdeck::ssh
