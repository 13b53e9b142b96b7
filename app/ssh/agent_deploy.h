#pragma once

#include <functional>
#include <optional>

#include <QByteArray>
#include <QString>
#include <QStringList>
#include <libssh/libssh.h>

#include "app/diagnostics.h"
#include "app/problem.h"
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
// SHA-256 once per process. A problem says what is missing or altered, or (not_supported) that
// this build ships no agent for the architecture of `hostLabel`.
Result<DeployableAgent> deployableAgent(const QString& arch, const QString& hostLabel);
QStringList bundledArchitectures();

// How a start script names the agent it has just verified, for the command that runs it:
// `path`, its absolute path ("$agent"), and `exec`, the word to execute it by: the descriptor the
// script opened, hashed and checked (/proc/self/fd/3), so that the bytes that run are the bytes
// that were verified even if the name were swapped in between. sudo closes inherited descriptors,
// so a sudo line runs `path`; the directory it lies in was checked in the same command (0700,
// owned by the login user), where nobody else can rename anything.
struct AgentWords {
    QByteArray path;
    QByteArray exec;
};

// The one place that says how the deployed agent is run: the command the server's shell executes
// (`exec` is put in front), built from the words above. The check and the start share one exec.
using AgentCommand = std::function<QByteArray(const AgentWords& agent)>;
// The default: `<agent> --stdio`.
QByteArray stdioAgentCommand(const AgentWords& agent);
// The default with a resident agent left behind: `<agent> --stdio --listen <agent>.<node>.sock`
// (node: `uname -n`, so servers sharing an NFS home each keep their own), so that later
// connects reach it with reachResidentAgent() instead of a new exec (agent/resident.h). The start
// script leaves the listener's key beside the socket and reports it (Deployment::residentKey).
QByteArray residentStdioAgentCommand(const AgentWords& agent);

struct Deployment {
    QString agentPath;  // on the server
    QString arch;       // the server's, as `uname -m` says; empty when unknown
    QString node;       // the server's `uname -n`, as the start script printed it
    QByteArray residentKey;  // the key of the resident agent left behind, when the start made one
    bool uploaded = false;
    bool resident = false;  // reached a resident agent over its socket: no exec, nothing started
    bool refusedResident = false;  // a listener at the remembered socket could not prove it is ours
    QStringList notes;  // things the user should know ("home is mounted noexec; using …")
    std::optional<Problem> problem;
    ChannelPtr channel;     // the running agent's exec channel (stdin/stdout carry the protocol)
    QByteArray firstBytes;  // what the agent wrote on stdout before the channel was handed over
    QByteArray readyLine;   // reachResidentAgent(): the resident agent's ready line, without its newline
};

// Makes sure the server runs this version of the agent from its cache directory
// ($XDG_CACHE_HOME or ~/.cache, then fleetdeck/agent-<version>-<arch>) and returns its channel.
// Common case, one exec channel: a start script finds the architecture, checks the directory
// (owned by the login user, no symlink, mode 0700) and the agent file (a regular file of the
// user's that group and others cannot write), opens it, checks the SHA-256 of what it opened and
// execs `command` on that. Only when that fails does it fall back to uploading: to a temporary
// name (SFTP, or an exec channel when the server has no SFTP subsystem), verify, chmod 700, rename
// into place, then start through the same checks. When the cache directory does not allow
// executing (noexec home), falls back to $XDG_RUNTIME_DIR and /dev/shm. A directory that exists
// but fails the checks (another user's, a symlink, open to others) is never used: the deployment
// fails and says whose it is. `resident`: `command` leaves a resident agent, whose key the start
// script makes (0600, beside the socket) and reports. `progress` is called, at most twice a
// second, while the deployment moves (the login shell prints, a script answers, an upload goes
// on), so that a caller bounding the start counts from the last sign of life. `diagnostics` is
// told each decision as it is taken: what the start script found, the upload and how it went
// (SFTP or an exec channel), each directory skipped and why; Deployment::notes repeats the last.
Deployment deployAgent(ssh_session session, const QString& hostLabel, const AgentCommand& command = stdioAgentCommand,
                       bool resident = false, const std::function<void()>& progress = {},
                       const DiagnosticSink& diagnostics = {});

struct ResidentAgent;
// Opens a direct-streamlocal channel to a resident agent's socket, sends a fresh nonce and waits
// for its ready line, whose proof must be the nonce's HMAC under the key its start reported. A
// problem means: not there (it exited, sshd forbids socket forwarding, the server rebooted) or
// not ours (it cannot prove it holds the key); the caller then deploys as usual. No shell, no
// process start on the server.
Deployment reachResidentAgent(ssh_session session, const ResidentAgent& agent);

}  // namespace fleetdeck::ssh
