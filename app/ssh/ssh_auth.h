#pragma once

#include <optional>

#include <QStringList>
#include <libssh/libssh.h>

#include "app/diagnostics.h"
#include "app/ssh/ssh_prompter.h"
#include "app/transport.h"

namespace fleetdeck::ssh {

struct AuthPlan {
    QString user;
    QString hostLabel;          // for questions and messages
    QStringList identityFiles;  // offered in order after ssh-agent; missing files are skipped
    SshPrompter* prompter = nullptr;
    DiagnosticSink diagnostics{};  // told each method tried and its result (never a secret)
};

// Logs in the way ssh(1) does: ssh-agent, then each identity file (an encrypted key asks for its
// passphrase, but only once the server said it would accept that key), then a password as the
// last resort. Secrets are wiped after use and never logged. done(): logged in.
Outcome authenticate(ssh_session session, const AuthPlan& plan);

// The keys ssh(1) tries when none is configured, under ~/.ssh.
QStringList defaultIdentityFiles();

}  // namespace fleetdeck::ssh
