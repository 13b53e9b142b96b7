#pragma once

#include <functional>
#include <memory>

#include <QStringList>

#include "app/host_spec.h"
#include "app/push/privileged_agent_command.h"
#include "app/secret_bytes.h"
#include "app/transport.h"

namespace fleetdeck {

// How the operator gets root on the hosts of one push. The password lives only as long as the
// push: one buffer, shared by the copies of these credentials the push's transports hold and
// wiped when the last of them goes (the push's hosts drop theirs when they finish). Each host's
// transport sends its own copy and wipes it right after. It is never written anywhere.
struct PushCredentials {
    bool sudoPassword = false;  // false: passwordless sudo (or root logins)
    std::shared_ptr<const SecretBytes> password;
};

// Starts the privileged agent on a remote host over an exec channel and returns its transport:
// the SSH transport provides this. It sets `command.agentPath` to the agent it installed and runs
// `command.shellCommand()`. Without one, SSH hosts fail with a sentence saying so.
using ExecTransportFactory = std::function<std::unique_ptr<Transport>(const HostSpec& host, PrivilegedAgentCommand command)>;

// The transport to a host's privileged agent for a push: the local agent or the remote one,
// through sudo unless the login is root already (a local process running as root, an SSH login
// as root). `privileged` false gives the ordinary agent (dry runs need no root). Through sudo, a
// local push starts the packaged agent when it is trustworthy (PrivilegedAgentCommand).
// A root: host's agent works on its tree (HostSpec::rootDir).
std::unique_ptr<Transport> makePushTransport(const HostSpec& host, bool privileged, const PushCredentials& credentials,
                                             const ExecTransportFactory& exec = {});

}  // namespace fleetdeck
