#pragma once

#include <optional>

#include <libssh/libssh.h>

#include "app/ssh/ssh_prompter.h"
#include "app/transport.h"

namespace fleetdeck::ssh {

struct HostKeyPolicy {
    QString knownHostsFile;  // OpenSSH format, hashed entries too; created when a key is recorded
    bool acceptNew = false;  // record unknown keys without asking (never changed ones)
    SshPrompter* prompter = nullptr;
};

// Checks the key the server just offered. nullopt: trusted (known, or new and accepted and now
// recorded). Otherwise HostKeyUnknown or HostKeyChanged with both fingerprints in the message.
// There is no way to accept a changed key here: the user fixes known_hosts with ssh-keygen -R.
std::optional<TransportProblem> verifyHostKey(ssh_session session, const HostKeyPolicy& policy);

// "SHA256:…" as ssh-keygen -lf prints it.
QString sha256Fingerprint(ssh_key key);

}  // namespace fleetdeck::ssh
