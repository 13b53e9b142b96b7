#pragma once

#include <atomic>
#include <functional>
#include <optional>
#include <variant>

#include <QStringList>

#include "app/diagnostics.h"
#include "app/host_spec.h"
#include "app/ssh/agent_deploy.h"
#include "app/ssh/ssh_handles.h"
#include "app/transport.h"

namespace fleetdeck::ssh {

// Everything needed to reach one host, after ~/.ssh/config has been applied.
struct ConnectPlan {
    QString label;           // "gpu-01" — for messages
    QString host;            // what TCP connects to and known_hosts is checked against
    int port = 22;
    QString user;
    QStringList identityFiles;  // --identity, then IdentityFile, then the defaults
    QString knownHostsFile;
    bool acceptNew = false;
    // Refuse a key known_hosts does not hold, without asking and whatever acceptNew says: for a
    // second session to a host whose agent connection has checked (and recorded) its key already.
    bool knownHostKeyOnly = false;
    QString proxyJump;       // "bastion" or "a,b" (hops in order); empty: direct
    // ssh-config's ProxyCommand, tokens expanded (used when there is no jump); empty: none.
    QString proxyCommand;
    // ssh-config's UserKnownHostsFile when it names other files: checked after knownHostsFile,
    // never instead of it; new keys are recorded in knownHostsFile only.
    QStringList extraKnownHostsFiles;
    QString configFile;
    // Why the ssh config could not be applied (ssh(1) refused it): the connect fails with it.
    std::optional<Problem> configProblem;
    int connectTimeoutS = 10;
    // How the deployed agent is run (agent_deploy.h); empty: the default, which reuses a resident
    // agent when one is remembered for this target and otherwise starts one
    // (residentStdioAgentCommand).
    AgentCommand agentCommand;
    bool residentAgent = true;  // HostSpec::residentAgent: reuse and leave a resident agent
    // `agentCommand` is a push's privileged agent on a root login: a resident agent runs as root
    // already, so it serves the push (its ready line goes up first, as --announce would write it)
    // and the exec start leaves one behind.
    bool privilegedOverResident = false;
    // Called on the connect worker as the connect passes each OpenStage (transport.h).
    std::function<void(OpenStage)> onStage;
    // Called on the connect worker with the session's socket once TCP is up, and with -1 before
    // connectAgent() returns: while it is set, the owner may shutdown() it to cut a connect short.
    std::function<void(int fd)> onSocket;
    // Told each step as the connect takes it, on the connect worker (app/diagnostics.h):
    // planConnection() makes one that only logs, under the host's label.
    DiagnosticSink diagnostics{};
};

// Resolves `spec` against its ssh config the way ssh(1) does (`ssh -G`: Include, Match, HostName,
// Port, User, IdentityFile, ProxyJump, ProxyCommand, UserKnownHostsFile, StrictHostKeyChecking);
// explicit fields in the spec win over the config. Blocking (runs ssh -G when the config file
// exists): connect workers only.
ConnectPlan planConnection(const HostSpec& spec);

// A logged-in session with the agent running on an exec channel.
struct AgentLink {
    SessionPtr session;
    ChannelPtr channel;
    QStringList notes;  // deployment remarks, already told to plan.diagnostics
    bool uploaded = false;
    bool resident = false;  // a resident agent's socket, not a new exec (agent_deploy.h)
    QString agentPath;
    QByteArray firstBytes;  // what the agent wrote before the link was handed over
    QString hostKeyFingerprint;  // "SHA256:…" of the key the server presented (and known_hosts holds)
};

using ConnectOutcome = Result<AgentLink>;

// Connects, checks the host key, logs in, deploys and starts the agent (one exec channel when the
// cached agent is current). Blocking (bounded by the
// connect timeout for each network step): call it on a connect worker, never the GUI thread.
ConnectOutcome connectAgent(const ConnectPlan& plan);

// A logged-in session with nothing started on it (a command of FleetDeck's own runs on it).
struct LoggedInSession {
    SessionPtr session;
    QString hostKeyFingerprint;  // "SHA256:…" of the key the server presented
};

using LoginOutcome = Result<LoggedInSession>;

// Connects, checks the host key and logs in exactly as connectAgent() does, and stops there:
// no agent is deployed or started (plan.agentCommand and residentAgent are not used). Blocking
// in the same way: connect workers only.
LoginOutcome connectAndLogIn(const ConnectPlan& plan);

// The ProxyCommand that reaches plan.host through plan.proxyJump with OpenSSH (`ssh -W`), or a
// bad_input problem when a hop is not a plain [user@]host[:port] word.
Result<QString> proxyCommandFor(const ConnectPlan& plan);

}  // namespace fleetdeck::ssh
