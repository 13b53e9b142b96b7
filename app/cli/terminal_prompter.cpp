#include "app/cli/terminal_prompter.h"

#include <termios.h>
#include <unistd.h>

#include <cstdio>
#include <iostream>
#include <string>

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
    std::fprintf(stderr,
                 "The authenticity of host '%s' (port %d) can't be established.\n"
                 "%s key fingerprint is %s.\n"
                 "Are you sure you want to continue connecting and record it in %s (yes/no)? ",
                 qPrintable(q.host), q.port, qPrintable(q.keyType), qPrintable(q.fingerprint), qPrintable(q.knownHostsFile));
    std::fflush(stderr);
    return readLine(true) == "yes";
}

void TerminalPrompter::reportChangedHostKey(const ssh::HostKeyQuestion&) {
    // The refusal's message carries both fingerprints and the fix; it is printed with the result.
}

std::optional<QString> TerminalPrompter::askSecret(const ssh::SecretQuestion& q) {
    if (!interactive()) return std::nullopt;
    std::lock_guard lock(mutex_);
    if (q.kind == ssh::SecretQuestion::Kind::KeyPassphrase)
        std::fprintf(stderr, "Enter passphrase for key '%s': ", qPrintable(q.keyFile));
    else
        std::fprintf(stderr, "%s@%s's password: ", qPrintable(q.user), qPrintable(q.host));
    std::fflush(stderr);
    std::string secret = readLine(false);
    QString out = QString::fromStdString(secret);
    std::fill(secret.begin(), secret.end(), '\0');
    return out;
}

}  // namespace fleetdeck::cli
