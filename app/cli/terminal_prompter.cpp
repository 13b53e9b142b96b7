#include "app/cli/terminal_prompter.h"

#include <termios.h>
#include <unistd.h>

#include <cstdio>
#include <iostream>
#include <string>

#include <QCoreApplication>

namespace fleetdeck::cli {
namespace {

bool interactive() { return isatty(STDIN_FILENO) == 1; }

std::string readLine(bool echo) {
    termios saved{};
    const bool hide = !echo && tcgetattr(STDIN_FILENO, &saved) == 0;
    if (hide) {
        termios quiet = saved;
        quiet.c_lflag &= ~static_cast<tcflag_t>(ECHO);
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &quiet);
    }
    std::string line;
    std::getline(std::cin, line);
    if (hide) {
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved);
        std::fputs("\n", stderr);
    }
    return line;
}

}  // namespace

bool TerminalPrompter::acceptUnknownHostKey(const ssh::HostKeyQuestion& q) {
    if (!askHostKeys_ || !interactive()) return false;
    std::lock_guard lock(mutex_);
    // The answer stays the word "yes" in every language, as OpenSSH's own prompt asks.
    const QString prompt = QCoreApplication::translate("cli",
                                                       "The authenticity of host '%1' (port %2) can't be established.\n"
                                                       "%3 key fingerprint is %4.\n"
                                                       "Are you sure you want to continue connecting and record it in %5 (yes/no)? ")
                               .arg(q.host)
                               .arg(q.port)
                               .arg(q.keyType, q.fingerprint, q.knownHostsFile);
    std::fputs(prompt.toLocal8Bit().constData(), stderr);
    std::fflush(stderr);
    return readLine(true) == "yes";
}

void TerminalPrompter::reportChangedHostKey(const ssh::HostKeyQuestion&) {
    // The refusal's message carries both fingerprints and the fix; it is printed with the result.
}

std::optional<QString> TerminalPrompter::askSecret(const ssh::SecretQuestion& q) {
    if (!interactive()) return std::nullopt;
    std::lock_guard lock(mutex_);
    const QString prompt = q.kind == ssh::SecretQuestion::Kind::KeyPassphrase
                               ? QCoreApplication::translate("cli", "Enter passphrase for key '%1': ").arg(q.keyFile)
                               : QCoreApplication::translate("cli", "%1@%2's password: ").arg(q.user, q.host);
    std::fputs(prompt.toLocal8Bit().constData(), stderr);
    std::fflush(stderr);
    std::string secret = readLine(false);
    QString out = QString::fromStdString(secret);
    std::fill(secret.begin(), secret.end(), '\0');
    return out;
}

}  // namespace fleetdeck::cli
