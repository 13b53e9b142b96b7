#pragma once

namespace fleetdeck::agent {

// One process serving many simulated hosts (`fleetdeck-agent --sim-serve FD`), so that a fleet of
// a thousand simulated hosts costs a handful of processes, not a thousand.
//
// FD is a listening Unix stream socket the parent created and passed down. Every accepted
// connection is one simulated host with its own protocol stream, served by its own thread and
// its own SimulatedMachine: the first line names the host, {"simulate":"PROFILE[+VARIANT...][:SEED]",
// "rack":"R"} (rack optional), and from then on the connection is exactly what --stdio serves on
// stdin/stdout. A connection that ends ends only its host. The process exits when its stdin
// ends (the parent is gone), so it never outlives the app that started it.
// Returns the process exit code: 0 after stdin ended, 1 when FD is not a usable socket.
int serve_simulated_hosts(int listen_fd, double sim_speed);

}  // namespace fleetdeck::agent
