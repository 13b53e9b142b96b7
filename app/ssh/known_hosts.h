#pragma once

#include <optional>

#include <libssh/libssh.h>

#include "app/diagnostics.h"
#include "app/ssh/ssh_prompter.h"
#include "app/transport.h"

namespace fleetdeck::ssh {

struct HostKeyPolicy {
    QString knownHostsFile;  // OpenSSH format, hashed entries too; created when a key is recorded
    bool acceptNew = false;  // record unknown keys without asking (never changed ones)
    SshPrompter* prompter = nullptr;
    DiagnosticSink diagnostics{};  // told the key, its fingerprint and the verdict
    // More files to check after knownHostsFile (ssh-config's UserKnownHostsFile), never recorded
    // into. They can only answer for a host knownHostsFile does not know (the first verdict that
    // is not "unknown" stands) or refuse a key (@revoked); they never overrule knownHostsFile.
    QStringList extraKnownHostsFiles;
};

// Checks the key the server just offered against known_hosts, read as OpenSSH reads it
// (checkKnownHosts()). done(): trusted (known, or new and accepted and now recorded).
// HostKeyUnknown: new and not accepted. HostKeyChanged: refused — a changed key (both
// fingerprints in the message), a revoked key, a @cert-authority host, an unreadable line that
// may concern the host, or an unreadable file; the message names the file and line. None of
// these can be accepted here: the user fixes known_hosts.
Outcome verifyHostKey(ssh_session session, const HostKeyPolicy& policy);

// "SHA256:…" as ssh-keygen -lf prints it.
QString sha256Fingerprint(ssh_key key);

}  // namespace fleetdeck::ssh
