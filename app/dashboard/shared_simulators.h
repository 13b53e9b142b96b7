#pragma once

#include <memory>
#include <mutex>
#include <vector>

#include <QHash>
#include <QString>
#include <QTemporaryDir>

#include "app/fleet_monitor.h"
#include "app/host_spec.h"
#include "app/problem.h"
#include "app/transport.h"

namespace fleetdeck {

// Simulated hosts served by a few shared agent processes instead of one process each: a fleet of a
// thousand simulated hosts would otherwise run a thousand agents. Each shared process is
// `fleetdeck-agent --sim-serve FD` (agent/sim_serve.h) on a listening Unix socket this object makes
// in a private temporary directory; every host still gets its own connection to it, with its own
// protocol stream, Transport and HostSession, so the app cannot tell it from a --stdio agent and
// losing one host's connection loses no other host. Hosts fill processes in the order they first
// connect, `hostsPerProcess` to each; a host that reconnects goes back to its process, or to a new
// one in its place when that process has died.
//
// The processes start when their first host connects and end with this object (their stdin is a
// pipe from it; they exit at its end). Thread-safe: the fleet thread makes the transports.
class SharedSimulators {
public:
    SharedSimulators(QString agentPath, int hostsPerProcess = 50);
    ~SharedSimulators();
    SharedSimulators(const SharedSimulators&) = delete;
    SharedSimulators& operator=(const SharedSimulators&) = delete;

    // The socket that serves `hostName`, starting its process when it is the first there; a problem
    // when no process could be started (the agent is missing, no descriptors are left).
    Result<QString> socketFor(const QString& hostName);
    // Process ids of the running shared processes (the benchmark adds up their CPU; tests kill one).
    std::vector<qint64> processIds() const;
    int hostsPerProcess() const { return hostsPerProcess_; }

private:
    struct Server {
        QString socketPath;
        qint64 pid = 0;
        int stdinFd = -1;  // our end of the process's stdin; closing it ends the process
        int hosts = 0;
    };
    Result<Server> startServer(int index);

    const QString agentPath_;
    const int hostsPerProcess_;
    QTemporaryDir dir_;
    mutable std::mutex mutex_;
    std::vector<Server> servers_;
    QHash<QString, int> serverOfHost_;
};

// A transport maker (FleetMonitor::TransportMaker) that serves simulated hosts from `simulators`
// and hands every other host to `others` (the app's makeTransport()).
FleetMonitor::TransportMaker sharedSimulatorTransports(std::shared_ptr<SharedSimulators> simulators,
                                                       FleetMonitor::TransportMaker others);

// One simulated host's connection to a shared process: open() connects, names the host in the first
// line, and from then on carries the host's protocol stream.
std::unique_ptr<Transport> makeSharedSimulatorTransport(std::shared_ptr<SharedSimulators> simulators, const HostSpec& spec);

}  // namespace fleetdeck
