#pragma once

// Feeds a TelemetryStore with snapshots from the agent's own simulator, so the models are tested
// on exactly the keys a simulated (and live) agent sends.
#include <memory>
#include <vector>

#include "agent/simulator/simulated_machine.h"
#include "app/telemetry_store.h"

namespace fleetdeck::test {

class SimFeed {
public:
    explicit SimFeed(TelemetryStore& store) : store_(store) {}

    void add(const HostSpec& spec) {
        store_.addHost(spec);
        const auto parsed = agent::sim::parse_sim_spec(spec.simulateProfile.toStdString());
        hosts_.push_back({spec.name, std::make_unique<agent::sim::SimulatedMachine>(*parsed.spec, [this] { return now_s_; })});
        store_.setState(spec.name, HostState::Connected, QStringLiteral("agent 0.1.0"));
    }
    // One sample of every host at simulated second `t`, received at 1000 × t ms (plus the offset).
    void tick(double t) {
        now_s_ = t;
        for (auto& h : hosts_)
            store_.addSample(h.name, protocol::sample_from_json(h.machine->snapshot()), static_cast<qint64>(t * 1000) + receivedOffsetMs_);
    }
    // Samples count as received this much later than their simulated time: a few simulated seconds
    // can then be the last minute of the wall clock, for views that judge freshness by it.
    void setReceivedOffsetMs(qint64 offsetMs) { receivedOffsetMs_ = offsetMs; }

private:
    struct Host {
        QString name;
        std::unique_ptr<agent::sim::SimulatedMachine> machine;
    };
    TelemetryStore& store_;
    std::vector<Host> hosts_;
    double now_s_ = 0;
    qint64 receivedOffsetMs_ = 0;
};

}  // namespace fleetdeck::test
