#pragma once

#include <chrono>
#include <functional>
#include <memory>
#include <string>

#include "agent/machine.h"

namespace fleetdeck::agent {

// A resident agent: after an agent started over SSH, later connects from the same user reach a
// copy of it through a Unix socket (sshd's direct-streamlocal channel) instead of an exec channel,
// so they cost the server no login shell, no hashing and no new process image.
//
// The socket sits beside the agent binary in the user's 0700 cache directory, is created 0600,
// and every connection's peer must be this user (SO_PEERCRED). Nothing listens on a network port.
// The listener exits after `linger` without a client, and at once when its socket is removed or
// replaced, or when the agent file it was started from is replaced or changed (a new upload).
struct ResidentOptions {
    std::string socket_path;
    std::chrono::seconds linger{600};
    int max_clients = 32;
};

// Builds the Machine a connection is served from, in the process serving it.
using MachineFactory = std::function<std::unique_ptr<Machine>()>;

// Makes sure a listener serves `options.socket_path`. Forks a detached process (its own session,
// stdio on /dev/null) that takes the socket's lock (`<socket>.lock`) — waiting up to 2.5 s for a
// listener on its way out, leaving quietly when one keeps running — binds the socket and forks one
// process per connection. Returns at once: an empty string, or why the path cannot serve (the
// listener itself reports later problems on this process's stderr). Call before any thread starts.
std::string ensure_resident(const ResidentOptions& options, const MachineFactory& make_machine);

// The first line a resident connection receives: {"event":"ready",…}, as --announce writes it.
std::string ready_line(Machine& machine);

}  // namespace fleetdeck::agent
