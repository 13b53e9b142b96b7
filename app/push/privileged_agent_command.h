#pragma once

#include <QString>
#include <QStringList>

namespace fleetdeck {

// How the push's second agent gets root on a host.
enum class SudoMode {
    None,          // the login is root already: run the agent directly
    Passwordless,  // sudo -n: fails at once, with a clear message, if sudo wants a password
    Password,      // sudo -S -p '': the password goes down the channel as the first line
};

// The command line of a privileged agent: the same words for the local pipe and for an SSH exec
// channel, so every transport gets root the same way. Nothing secret is ever in it.
struct PrivilegedAgentCommand {
    QString agentPath;
    SudoMode sudo = SudoMode::Passwordless;
    QStringList agentArguments;  // after --stdio --announce (tests add --root DIR)

    QStringList argv() const;
    // argv as one POSIX shell word list for an SSH exec channel: every word single-quoted.
    QString shellCommand() const;
    // The same, with the agent's path given as a shell word the server expands ("$agent" in the SSH
    // start script, or an already quoted path): that word goes in as it is.
    QString shellCommandAround(const QString& agentPathWord) const;

private:
    QStringList sudoWords() const;
    QStringList agentFlags() const;
};

}  // namespace fleetdeck
