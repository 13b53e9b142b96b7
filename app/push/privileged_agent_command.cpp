#include "app/push/privileged_agent_command.h"

namespace fleetdeck {

QStringList PrivilegedAgentCommand::argv() const {
    QStringList words;
    switch (sudo) {
    case SudoMode::None: break;
    case SudoMode::Passwordless: words << QStringLiteral("sudo") << QStringLiteral("-n") << QStringLiteral("--"); break;
    case SudoMode::Password:
        // -S reads the password from stdin, -p '' prints no prompt into the protocol stream.
        words << QStringLiteral("sudo") << QStringLiteral("-S") << QStringLiteral("-p") << QString() << QStringLiteral("--");
        break;
    }
    words << agentPath << QStringLiteral("--stdio") << QStringLiteral("--announce") << agentArguments;
    return words;
}

QString shellQuote(const QString& word) {
    QString quoted = word;
    quoted.replace(QLatin1Char('\''), QStringLiteral("'\\''"));
    return QLatin1Char('\'') + quoted + QLatin1Char('\'');
}

QString PrivilegedAgentCommand::shellCommand() const {
    QStringList quoted;
    for (const QString& w : argv()) quoted << shellQuote(w);
    return quoted.join(QLatin1Char(' '));
}

}  // namespace fleetdeck
