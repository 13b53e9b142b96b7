#include "app/push/privileged_agent_command.h"

#include "app/ssh/remote_command.h"

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

QString PrivilegedAgentCommand::shellCommand() const { return shellCommandAround(ssh::shellWord(agentPath)); }

QString PrivilegedAgentCommand::shellCommandAround(const QString& agentPathWord) const {
    QStringList words;
    for (const QString& w : sudoWords()) words << ssh::shellWord(w);
    words << agentPathWord;
    for (const QString& w : agentFlags()) words << ssh::shellWord(w);
    return words.join(QLatin1Char(' '));
}

}  // namespace fleetdeck
