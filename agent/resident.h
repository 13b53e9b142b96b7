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
// The socket sits beside the agent binary in the user's 0700 cache directory (a listener refuses any
// other directory), is created 0600, and every connection's peer must be this user (SO_PEERCRED).
// Nothing listens on a network port. The listener proves itself to each client: the start script
// leaves a random key in <socket>.key (0600) and tells the client over the SSH exec channel; a
// client's first line is {"nonce":"<hex>"} and the ready line answers with
// "proof": hex(HMAC-SHA256(key, "fleetdeck-resident-v1 " + nonce)). A socket another user bound at
// that path after a reboot cannot answer, and the client ignores it (docs/ssh.md).
// The listener exits after `linger` without a client, and at once when its socket or key is removed
// or replaced, or when the agent file it was started from is replaced or changed (a new upload).
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

// The ready event {"event":"ready",…} as --announce writes it; a resident connection's carries the
// proof for the client's nonce too.
std::string ready_line(Machine& machine, const std::string& proof = {});

inline constexpr char kResidentProofContext[] = "fleetdeck-resident-v1 ";
std::string resident_proof(const std::string& key, const std::string& nonce);
// Where the listener for `options.socket_path` reads its key: "<socket>.key".
std::string key_path(const ResidentOptions& options);

}  // namespace fleetdeck::agent
