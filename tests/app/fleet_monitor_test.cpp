// FleetMonitor following the saved inventory, with simulated agents in memory: the agent's own
// simulator behind the in-memory transport (tests/support/memory_agent.h), one agent per host name
// and profile. FleetThread's tests (dashboard, latency, ui) run the same monitor on agent processes.
#include <gtest/gtest.h>

#include <map>
#include <memory>

#include "app/fleet_monitor.h"
#include "app/ssh/transport_factory.h"
#include "app/telemetry_store.h"
#include "tests/support/memory_agent.h"
#include "tests/support/qt_wait.h"

namespace fleetdeck {
namespace {

using test::MemoryAgent;
using test::waitUntil;

HostSpec simulated(const QString& name, const QString& profile) {
    HostSpec h;
    h.name = name;
    h.kind = HostSpec::Kind::Simulated;
    h.simulateProfile = profile;
    return h;
}

// The agents a FleetMonitor reaches: `--simulate PROFILE` for each simulated host, made on first use.
class SimulatedAgents {
public:
    FleetMonitor::TransportMaker transports() {
        return [this](const HostSpec& spec) -> std::unique_ptr<Transport> {
            return agent(spec.name, spec.simulateProfile).connect();
        };
    }
    MemoryAgent& agent(const QString& name, const QString& profile) {
        std::unique_ptr<MemoryAgent>& a = agents_[name + QLatin1Char('/') + profile];
        if (!a) a = std::make_unique<MemoryAgent>(test::simulatedMachine(profile.toStdString()));
        return *a;
    }

private:
    std::map<QString, std::unique_ptr<MemoryAgent>> agents_;
};

QStringList names(const TelemetryStore& store) {
    QStringList out;
    for (const HostRecord& r : store.summaries()) out << r.spec.name;
    out.sort();
    return out;
}

bool connected(FleetMonitor& monitor, const QString& name) {
    HostSession* s = monitor.session(name);
    return s && s->state() == HostState::Connected;
}

TEST(FleetMonitorInventory, RemovedHostsLeaveEditedOnesReconnectAndOthersStay) {
    SimulatedAgents agents;
    TelemetryStore store;
    FleetMonitor monitor(store, agents.transports(), 500);
    monitor.addHost(simulated(QStringLiteral("This machine"), QStringLiteral("cpu-only:1")));  // not from the inventory
    monitor.setInventoryHosts({simulated(QStringLiteral("gpu-01"), QStringLiteral("l40s-4:2")),
                               simulated(QStringLiteral("gpu-02"), QStringLiteral("l40s-4:3"))});
    ASSERT_TRUE(waitUntil([&] {
        return connected(monitor, QStringLiteral("This machine")) && connected(monitor, QStringLiteral("gpu-01")) &&
               connected(monitor, QStringLiteral("gpu-02"));
    }, 30000));
    HostSession* const kept = monitor.session(QStringLiteral("This machine"));
    HostSession* const unchanged = monitor.session(QStringLiteral("gpu-01"));
    EXPECT_EQ(names(store), (QStringList{"This machine", "gpu-01", "gpu-02"}));

    // Saved again: gpu-02 removed, gpu-01 kept as it was, gpu-03 added.
    monitor.setInventoryHosts({simulated(QStringLiteral("gpu-01"), QStringLiteral("l40s-4:2")),
                               simulated(QStringLiteral("gpu-03"), QStringLiteral("hgx-h100-8:4"))});
    EXPECT_EQ(monitor.session(QStringLiteral("gpu-02")), nullptr);
    EXPECT_EQ(agents.agent(QStringLiteral("gpu-02"), QStringLiteral("l40s-4:3")).openConnections(), 0)
        << "the removed host stayed connected";
    EXPECT_EQ(names(store), (QStringList{"This machine", "gpu-01", "gpu-03"}));
    EXPECT_EQ(monitor.session(QStringLiteral("gpu-01")), unchanged) << "an unchanged host was reconnected";
    EXPECT_EQ(monitor.session(QStringLiteral("This machine")), kept);
    ASSERT_TRUE(waitUntil([&] { return connected(monitor, QStringLiteral("gpu-03")); }, 30000));

    // gpu-01 edited (another server behind the same name): it connects again as the new one.
    monitor.setInventoryHosts({simulated(QStringLiteral("gpu-01"), QStringLiteral("hgx-h100-8:9")),
                               simulated(QStringLiteral("gpu-03"), QStringLiteral("hgx-h100-8:4"))});
    EXPECT_NE(monitor.session(QStringLiteral("gpu-01")), unchanged) << "the edited host kept its old session";
    ASSERT_TRUE(waitUntil([&] {
        const auto records = store.summaries();
        for (const HostRecord& r : records)
            if (r.spec.name == QLatin1String("gpu-01"))
                return r.spec.simulateProfile == QLatin1String("hgx-h100-8:9") && connected(monitor, r.spec.name) &&
                       r.lastSampleAtMs != 0;
        return false;
    }, 30000));
    EXPECT_EQ(agents.agent(QStringLiteral("gpu-01"), QStringLiteral("hgx-h100-8:9")).openConnections(), 1);
    EXPECT_EQ(agents.agent(QStringLiteral("gpu-01"), QStringLiteral("l40s-4:2")).openConnections(), 0)
        << "the edited host's old server is still connected";

    // Nothing listed: every inventory host goes, "This machine" stays.
    monitor.setInventoryHosts({});
    EXPECT_EQ(names(store), QStringList{"This machine"});
    EXPECT_EQ(agents.agent(QStringLiteral("gpu-01"), QStringLiteral("hgx-h100-8:9")).openConnections(), 0);
    EXPECT_EQ(agents.agent(QStringLiteral("gpu-03"), QStringLiteral("hgx-h100-8:4")).openConnections(), 0);
    EXPECT_TRUE(waitUntil([&] { return connected(monitor, QStringLiteral("This machine")); }, 5000));
    monitor.stopAll();
}

TEST(FleetMonitorInventory, APlacementEditKeepsTheConnectionAndUpdatesTheSpec) {
    TelemetryStore store;
    FleetMonitor monitor(store, makeTransport, 500);
    monitor.setInventoryHosts({simulated(QStringLiteral("gpu-01"), QStringLiteral("l40s-4:2"))});
    ASSERT_TRUE(waitUntil([&] { return connected(monitor, QStringLiteral("gpu-01")); }, 30000));
    HostSession* const session = monitor.session(QStringLiteral("gpu-01"));

    // Moved to another rack, tagged, given a mesh address: the same session, the new spec.
    HostSpec moved = simulated(QStringLiteral("gpu-01"), QStringLiteral("l40s-4:2"));
    moved.rack = QStringLiteral("B");
    moved.tags = {QStringLiteral("ib")};
    moved.meshAddress = QStringLiteral("10.1.0.1");
    monitor.setInventoryHosts({moved});
    EXPECT_EQ(monitor.session(QStringLiteral("gpu-01")), session) << "a placement edit reconnected the host";
    const auto record = store.host(QStringLiteral("gpu-01"));
    ASSERT_TRUE(record);
    EXPECT_EQ(record->spec, moved);
    EXPECT_EQ(record->state, HostState::Connected);
    monitor.stopAll();
}

}  // namespace
}  // namespace fleetdeck
