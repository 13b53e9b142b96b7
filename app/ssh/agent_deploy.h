#pragma once

#include <optional>

#include <QByteArray>
#include <QString>
#include <QStringList>
#include <libssh/libssh.h>

#include "app/transport.h"

namespace fleetdeck::ssh {

// An agent binary this FleetDeck carries for one server architecture.
struct BundledAgent {
    QString arch;       // as `uname -m` prints it: "x86_64"
    QString path;       // local file
    QByteArray sha256;  // lower-case hex
    qint64 sizeBytes = 0;
};

// The bundled agent for `arch`, hashed once per process; nullopt when none ships for it.
// Today the only one is this machine's own agent (x86_64).
std::optional<BundledAgent> bundledAgent(const QString& arch);
QStringList bundledArchitectures();

struct Deployment {
    QString agentPath;  // on the server, ready to run with --stdio
    bool uploaded = false;
    QStringList notes;  // things the user should know ("home is mounted noexec; using …")
    std::optional<TransportProblem> problem;
};

// Makes sure the server has this version of the agent under its cache directory
// ($XDG_CACHE_HOME or ~/.cache, then fleetdeck/agent-<version>-<arch>) and returns its path.
// Missing or different (by SHA-256): upload to a temporary name (SFTP, or an exec channel when
// the server has no SFTP subsystem), verify, chmod 700, rename into place. When the cache
// directory does not allow executing (noexec home), falls back to $XDG_RUNTIME_DIR and /dev/shm.
Deployment deployAgent(ssh_session session, const QString& hostLabel);

}  // namespace fleetdeck::ssh
