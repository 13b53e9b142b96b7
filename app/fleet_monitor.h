#pragma once

#include <functional>
#include <map>
#include <set>
#include <vector>
#include <memory>
#include <optional>

#include <QObject>

#include "app/host_session.h"
#include "app/host_spec.h"
#include "app/telemetry_store.h"

namespace fleetdeck {

// Keeps one HostSession per host, subscribed to samples, and feeds the TelemetryStore.
// Meant to live on its own thread (see FleetThread) so the GUI thread never waits on a host.
class FleetMonitor : public QObject {
    Q_OBJECT
public:
    // Makes a host's transport each time its session connects: the app passes makeTransport()
    // (app/ssh/transport_factory.h), tests an in-memory agent's.
    using TransportMaker = std::function<std::unique_ptr<Transport>(const HostSpec&)>;

    FleetMonitor(TelemetryStore& store, TransportMaker transports, int sampleIntervalMs = 1000, QObject* parent = nullptr);
    ~FleetMonitor() override;

    // Thread-safe entry points: they queue onto the monitor's thread.
    void addHostAsync(const HostSpec& spec);
    void stopAllAsync();
    // Connects `name` again now: after the user accepted a host key elsewhere, fixed
    // known_hosts, added a key, or does not want to wait for the next retry.
    void reconnectAsync(const QString& name);
    // The hosts the saved inventory lists now: hosts it no longer lists are disconnected and
    // leave the views, edited ones connect again with their new address or login (an edit that
    // changes nothing about the connection, such as the mesh address, only updates the spec), new
    // ones connect. Hosts added with addHost() ("This machine", the demo racks) are left alone.
    // followInventory() (app/inventory/follow_inventory.h) feeds it from the saved inventory.
    void setInventoryHostsAsync(const std::vector<HostSpec>& hosts);

    HostSession* session(const QString& name) const;  // monitor thread only

signals:
    // A host's session finished its handshake (each connect and reconnect), on the monitor's
    // thread: what checks that run "on every connect" (the drift check) start from.
    void hostReady(const QString& name);

public slots:
    void addHost(const fleetdeck::HostSpec& spec);
    void stopAll();
    void reconnect(const QString& name);
    void setInventoryHosts(const std::vector<fleetdeck::HostSpec>& hosts);
    void removeHost(const QString& name);

private:
    void onReady(HostSession* session);

    TelemetryStore& store_;  // the one list of hosts and their specs, state and samples
    TransportMaker transports_;
    int intervalMs_;
    std::map<QString, HostSession*> sessions_;
    bool closing_ = false;  // set by the destructor: the sessions' last callbacks change nothing
    std::set<QString> fromInventory_;
};

}  // namespace fleetdeck

Q_DECLARE_METATYPE(fleetdeck::HostSpec)
