#pragma once

#include <optional>

#include <QByteArray>
#include <QString>

namespace fleetdeck::ssh {

// A resident agent a server runs for this client's user (agent/resident.h): where its socket is,
// which bundled agent started it, and the key it proves itself with. Remembered per
// `user@host:port` in $XDG_CACHE_HOME/fleetdeck/resident-agents.json (mode 0600), so the CLI's
// next run finds it too.
struct ResidentAgent {
    QString socketPath;  // on the server, absolute
    QString agentPath;   // the binary it runs, on the server
    QString arch;
    QByteArray sha256;   // the bundled agent's digest when it was started
    QByteArray key;      // the listener's key, as its start script reported it (hex)
};

// The socket an agent at `agentPath` on the server `node` (`uname -n`) listens on:
// `<agentPath>.<node>.sock`, beside it in its 0700 directory. The node name keeps servers that
// share a home directory (NFS) from sharing a socket file, which only one of them could serve.
QString residentSocketFor(const QString& agentPath, const QString& node);

// What is remembered for `target`; nothing when this FleetDeck's bundled agent for that
// architecture is not the one that was started (another build: it deploys afresh).
std::optional<ResidentAgent> findResidentAgent(const QString& target);
void rememberResidentAgent(const QString& target, const ResidentAgent& agent);
void forgetResidentAgent(const QString& target);

}  // namespace fleetdeck::ssh
