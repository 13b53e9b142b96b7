#pragma once

#include <optional>

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
//
// sudo is always run by its absolute path (/usr/bin/sudo, else /bin/sudo), never looked up in
// the login's PATH: a sudo planted earlier in PATH would otherwise be handed the password. Through
// sudo, the agent of the fleetdeck-agent package (kPackagedAgent) is started instead of the
// uploaded one when it is a root-owned regular file in a root-owned directory, neither writable by
// group or others: a sudoers rule can name that file with a fixed argument list (sudoersRule()),
// while a rule for the uploaded agent in the login's ~/.cache would amount to NOPASSWD: ALL.
struct PrivilegedAgentCommand {
    QString agentPath;
    SudoMode sudo = SudoMode::Passwordless;
    QStringList agentArguments;  // after --stdio --announce (tests add --root DIR)

    // Where the fleetdeck-agent package installs the agent (packaging/CMakeLists.txt).
    static constexpr char kPackagedAgent[] = "/usr/bin/fleetdeck-agent";
    // The sudoers line that lets `login` start the packaged agent for pushes without a password.
    static QString sudoersRule(const QString& login);
    // kPackagedAgent on this machine when it passes the check above; nullopt otherwise.
    static std::optional<QString> trustedLocalPackagedAgent();

    // For a local process: sudo by this machine's absolute path, then agentPath as it is.
    QStringList argv() const;
    // argv as one POSIX shell word list for an SSH exec channel: the server's shell picks its
    // sudo and, through sudo, the packaged agent; every other word is single-quoted.
    QString shellCommand() const;
    // The same, with the agent's path given as a shell word the server expands ("$agent" in the SSH
    // start script, or an already quoted path): that word goes in as it is.
    QString shellCommandAround(const QString& agentPathWord) const;

private:
    QStringList sudoFlags() const;
    QStringList agentFlags() const;
};

}  // namespace fleetdeck
