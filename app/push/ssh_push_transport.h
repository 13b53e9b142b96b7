#pragma once

#include <memory>

#include "app/push/host_push.h"
#include "app/push/push_audit_log.h"
#include "app/push/push_transport.h"

namespace fleetdeck {

// Privileged agents over SSH: the SSH transport deploys the agent as for telemetry, then runs
// `command` with agentPath set to the deployed file (sudo -n / sudo -S / directly for root
// logins). On a root login a resident agent, which runs as root already, serves the push over its
// socket (no exec, no login shell), and an exec start leaves one. The key each host presented goes
// into `keys` for the audit log.
ExecTransportFactory sshExecTransports(std::shared_ptr<HostKeyBook> keys = {});

// The transports of a push from this desktop: local and SSH hosts, with these credentials.
PushTransportFactory pushTransports(PushCredentials credentials, std::shared_ptr<HostKeyBook> keys = {});

}  // namespace fleetdeck
