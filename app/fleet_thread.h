#pragma once

#include <memory>

#include <QThread>

#include "app/fleet_monitor.h"
#include "app/telemetry_store.h"

namespace fleetdeck {

// The thread all host sessions live on. The GUI thread only reads the TelemetryStore.
// One thread serves every host: sessions are event-driven and never block it.
class FleetThread {
public:
    // `transports` as for FleetMonitor: the app passes makeTransport() (app/ssh/transport_factory.h).
    explicit FleetThread(FleetMonitor::TransportMaker transports, int sampleIntervalMs = 1000);
    ~FleetThread();

    TelemetryStore& store() { return store_; }
    FleetMonitor& monitor() { return *monitor_; }

private:
    TelemetryStore store_;
    QThread thread_;
    FleetMonitor* monitor_;
};

}  // namespace fleetdeck
