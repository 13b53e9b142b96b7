#include "app/push/privileged_agent_command.h"

namespace fleetdeck {

QStringList PrivilegedAgentCommand::sudoWords() const {
    switch (sudo) {
    case SudoMode::None: return {};
    case SudoMode::Passwordless: return {QStringLiteral("sudo"), QStringLiteral("-n"), QStringLiteral("--")};
    case SudoMode::Password:
        // -S reads the password from stdin, -p '' prints no prompt into the protocol stream.
        return {QStringLiteral("sudo"), QStringLiteral("-S"), QStringLiteral("-p"), QString(), QStringLiteral("--")};
    }
    return {};
}

QStringList PrivilegedAgentCommand::agentFlags() const {
    return QStringList{QStringLiteral("--stdio"), QStringLiteral("--announce")} + agentArguments;
}

QStringList PrivilegedAgentCommand::argv() const { return sudoWords() + QStringList{agentPath} + agentFlags(); }

QString shellQuote(const QString& word) {
    QString quoted = word;
    quoted.replace(QLatin1Char('\''), QStringLiteral("'\\''"));
    return QLatin1Char('\'') + quoted + QLatin1Char('\'');
}

QString PrivilegedAgentCommand::shellCommand() const { return shellCommandAround(shellQuote(agentPath)); }

QString PrivilegedAgentCommand::shellCommandAround(const QString& agentPathWord) const {
    QStringList words;
    for (const QString& w : sudoWords()) words << shellQuote(w);
    words << agentPathWord;
    for (const QString& w : agentFlags()) words << shellQuote(w);
    return words.join(QLatin1Char(' '));
}

}  // namespace fleetdeck
