#include "app/push/privileged_agent_command.h"

#include <sys/stat.h>

#include <QFileInfo>

#include "app/ssh/remote_command.h"

namespace fleetdeck {
namespace {

const QString kSudo = QStringLiteral("/usr/bin/sudo");
const QString kSudoFallback = QStringLiteral("/bin/sudo");

// The server's sudo, chosen by its shell from the two absolute paths; PATH plays no part.
const QString kRemoteSudoWord = QStringLiteral("\"$(test -x %1 && echo %1 || echo %2)\"").arg(kSudo, kSudoFallback);

// Root-owned and writable by nobody else: a file the login cannot replace.
bool rootOnly(const struct stat& st) { return st.st_uid == 0 && (st.st_mode & (S_IWGRP | S_IWOTH)) == 0; }

}  // namespace

QString PrivilegedAgentCommand::sudoersRule(const QString& login) {
    return QStringLiteral("%1 ALL=(root) NOPASSWD: %2 --stdio --announce").arg(login, QLatin1String(kPackagedAgent));
}

std::optional<QString> PrivilegedAgentCommand::trustedLocalPackagedAgent() {
    const QString path = QLatin1String(kPackagedAgent);
    struct stat file {}, dir {};
    if (::lstat(kPackagedAgent, &file) != 0 || !S_ISREG(file.st_mode) || !(file.st_mode & S_IXUSR) || !rootOnly(file))
        return std::nullopt;
    if (::lstat(QFileInfo(path).path().toLocal8Bit().constData(), &dir) != 0 || !S_ISDIR(dir.st_mode) || !rootOnly(dir))
        return std::nullopt;
    return path;
}

QStringList PrivilegedAgentCommand::sudoFlags() const {
    switch (sudo) {
    case SudoMode::None: return {};
    case SudoMode::Passwordless: return {QStringLiteral("-n"), QStringLiteral("--")};
    case SudoMode::Password:
        // -S reads the password from stdin, -p '' prints no prompt into the protocol stream.
        return {QStringLiteral("-S"), QStringLiteral("-p"), QString(), QStringLiteral("--")};
    }
    return {};
}

QStringList PrivilegedAgentCommand::agentFlags() const {
    return QStringList{QStringLiteral("--stdio"), QStringLiteral("--announce")} + agentArguments;
}

QStringList PrivilegedAgentCommand::argv() const {
    QStringList words;
    if (sudo != SudoMode::None) words << (QFileInfo::exists(kSudo) ? kSudo : kSudoFallback) << sudoFlags();
    return words + QStringList{agentPath} + agentFlags();
}

QString PrivilegedAgentCommand::shellCommand() const { return shellCommandAround(ssh::shellWord(agentPath)); }

QString PrivilegedAgentCommand::shellCommandAround(const QString& agentPathWord) const {
    QStringList words;
    if (sudo == SudoMode::None) {
        words << agentPathWord;
    } else {
        words << kRemoteSudoWord;
        for (const QString& w : sudoFlags()) words << ssh::shellWord(w);
        // The packaged agent when the login cannot have replaced it (nor its directory); `find`
        // prints whatever is not root-owned or is writable by group or others, and any error (a
        // missing /usr/bin/find too). Absolute, like sudo: nothing here is looked up in PATH.
        words << QStringLiteral(
                     "\"$(p=%1; if test -f \"$p\" && test ! -h \"$p\" && test -x \"$p\" && "
                     "test -z \"$(/usr/bin/find \"$p\" \"${p%/*}\" -prune ! \\( -user 0 ! -perm -g+w ! -perm -o+w \\) 2>&1)\"; "
                     "then printf %s \"$p\"; else printf %s %2; fi)\"")
                     .arg(QLatin1String(kPackagedAgent), agentPathWord);
    }
    for (const QString& w : agentFlags()) words << ssh::shellWord(w);
    return words.join(QLatin1Char(' '));
}

}  // namespace fleetdeck
