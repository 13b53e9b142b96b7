#pragma once

#include <functional>
#include <optional>

#include <QByteArray>
#include <QString>
#include <QStringList>
#include <libssh/libssh.h>

#include "app/ssh/ssh_handles.h"
#include "app/transport.h"

namespace fleetdeck::ssh {

// An agent binary this FleetDeck carries for one server architecture, found on disk.
struct DeployableAgent {
    QString arch;       // as `uname -m` prints it: "x86_64"
    QString path;       // local file
    QByteArray sha256;  // lower-case hex, as recorded when this FleetDeck was built
    qint64 sizeBytes = 0;
};

// The bundled agent for `arch` (app/agent_bundle.h), its file checked against the build-time
// SHA-256 once per process. A problem says what is missing or altered.
std::optional<DeployableAgent> deployableAgent(const QString& arch, QString* problem);
QStringList bundledArchitectures();

// The one place that says how the deployed agent is run. Given one shell word that expands to the
// agent's absolute path on the server — a single-quoted path, or "$agent" inside the start script —
// it returns the command the server's shell executes (`exec` is put in front). The server's shell
// expands the word, so the hash check and the start share one exec channel.
using AgentCommand = std::function<QByteArray(const QByteArray& agentPathWord)>;
// The default: `<agent> --stdio`.
QByteArray stdioAgentCommand(const QByteArray& agentPathWord);
// The default with a resident agent left behind: `<agent> --stdio --listen <agent>.<node>.sock`
// (node: `uname -n`, so servers sharing an NFS home each keep their own), so that later
// connects reach it with reachResidentAgent() instead of a new exec (agent/resident.h).
QByteArray residentStdioAgentCommand(const QByteArray& agentPathWord);

struct Deployment {
    QString agentPath;  // on the server
    QString arch;       // the server's, as `uname -m` says; empty when unknown
    QString node;       // the server's `uname -n`, as the start script printed it
    bool uploaded = false;
    bool resident = false;  // reached a resident agent over its socket: no exec, nothing started
    QStringList notes;  // things the user should know ("home is mounted noexec; using …")
    std::optional<TransportProblem> problem;
    ChannelPtr channel;     // the running agent's exec channel (stdin/stdout carry the protocol)
    QByteArray firstBytes;  // what the agent wrote on stdout before the channel was handed over
    QByteArray readyLine;   // reachResidentAgent(): the resident agent's ready line, without its newline
};

// Makes sure the server runs this version of the agent from its cache directory
// ($XDG_CACHE_HOME or ~/.cache, then fleetdeck/agent-<version>-<arch>) and returns its channel.
// Common case, one exec channel: a start script finds the architecture, checks the cached agent's
// SHA-256 and execs `command`. Only when that check fails does it fall back to uploading: to a
// temporary name (SFTP, or an exec channel when the server has no SFTP subsystem), verify,
// chmod 700, rename into place, then start. When the cache directory does not allow executing
// (noexec home), falls back to $XDG_RUNTIME_DIR and /dev/shm.
Deployment deployAgent(ssh_session session, const QString& hostLabel, const AgentCommand& command = stdioAgentCommand);

struct ResidentAgent;
// Opens a direct-streamlocal channel to a resident agent's socket and waits for its ready line.
// A problem means: not there (it exited, sshd forbids socket forwarding, the server rebooted);
// the caller then deploys as usual. No shell, no process start on the server.
Deployment reachResidentAgent(ssh_session session, const ResidentAgent& agent);

}  // namespace fleetdeck::ssh
