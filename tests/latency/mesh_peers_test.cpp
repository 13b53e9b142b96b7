// Which peers each source probes in a round (meshPeers): the full mesh in a small fleet; in a large
// one every rack-local peer each round, a bounded slice of the others, and every pair within
// meshRoundsToCoverAll() rounds. Then the map after a round that probed only part of the mesh:
// links it did not probe keep their earlier value, marked with their age.
#include <gtest/gtest.h>

#include <set>

#include "app/latency/latency_map_model.h"
#include "app/latency/latency_store.h"
#include "app/latency/mesh_address.h"

using namespace fleetdeck;

namespace {

MeshHost peersTestHost(int i, int perRack, bool simulated = true) {
    const QString name = QStringLiteral("sim-%1").arg(i + 1, 4, 10, QLatin1Char('0'));
    const QString rack = perRack > 0 ? QStringLiteral("rack-%1").arg(i / perRack + 1, 3, 10, QLatin1Char('0')) : QString();
    MeshHost h{name, simulatedMeshAddress(name, rack), 22, rack};
    h.simulated = simulated;
    return h;
}

// `count` simulated hosts, `perRack` to a rack (0: no racks), in rack order as a matrix has them.
std::vector<MeshHost> peersTestFleet(int count, int perRack) {
    LatencyMatrix m;
    std::vector<MeshHost> hosts;
    for (int i = 0; i < count; ++i) hosts.push_back(peersTestHost(i, perRack));
    m.setHosts(hosts);
    return m.hosts();
}

std::set<QString> peerNames(const std::vector<MeshHost>& peers) {
    std::set<QString> names;
    for (const MeshHost& p : peers) names.insert(p.name);
    return names;
}

LinkStats peersTestStats(double p50, double loss = 0) {
    LinkStats s;
    s.sent = 5;
    s.received = loss > 0 ? 4 : 5;
    s.loss_pct = loss;
    s.p50_ms = s.min_ms = s.p95_ms = s.max_ms = p50;
    return s;
}

}  // namespace

TEST(MeshPeers, ASmallFleetProbesTheFullMesh) {
    const auto hosts = peersTestFleet(64, 8);
    for (int round = 0; round < 3; ++round)
        for (const MeshHost& source : hosts) {
            const auto peers = meshPeers(source, hosts, round);
            ASSERT_EQ(peers.size(), 63u);
            EXPECT_EQ(peerNames(peers).count(source.name), 0u) << "never itself";
        }
    EXPECT_EQ(meshRoundsToCoverAll(hosts), 1);
}

TEST(MeshPeers, ALargeFleetProbesItsRackAndABoundedRotatingSliceOfTheOthers) {
    const int count = 1000, perRack = 8;
    const auto hosts = peersTestFleet(count, perRack);
    const MeshPeerLimits limits;  // the defaults the app uses
    const int rounds = meshRoundsToCoverAll(hosts, limits);
    EXPECT_EQ(rounds, (count - perRack + limits.crossRackPeers - 1) / limits.crossRackPeers);
    std::map<QString, std::set<QString>> covered;
    std::size_t links = 0;
    for (int round = 0; round < rounds; ++round) {
        std::map<QString, std::set<QString>> rackPairs;  // source rack → target racks this round
        for (const MeshHost& source : hosts) {
            const auto peers = meshPeers(source, hosts, round, limits);
            ASSERT_LE(peers.size(), static_cast<std::size_t>(perRack - 1 + limits.crossRackPeers)) << "bounded";
            links += peers.size();
            int rackLocal = 0;
            for (const MeshHost& p : peers) {
                EXPECT_NE(p.name, source.name);
                if (p.rack == source.rack) ++rackLocal;
                else rackPairs[source.rack].insert(p.rack);
                covered[source.name].insert(p.name);
            }
            EXPECT_EQ(rackLocal, perRack - 1) << "every rack-local peer, every round: " << source.name.toStdString();
            for (std::size_t i = 1; i < peers.size(); ++i)
                EXPECT_LT(std::make_pair(peers[i - 1].rack, peers[i - 1].name), std::make_pair(peers[i].rack, peers[i].name))
                    << "in rack order";
        }
        // The 8 hosts of a rack take consecutive slices: together they reach every other rack.
        for (const auto& [rack, targets] : rackPairs) EXPECT_EQ(targets.size(), static_cast<std::size_t>(count / perRack - 1)) << rack.toStdString();
    }
    for (const MeshHost& source : hosts)
        EXPECT_EQ(covered[source.name].size(), static_cast<std::size_t>(count - 1)) << "every pair within " << rounds << " rounds";
    EXPECT_LT(links / static_cast<std::size_t>(rounds), std::size_t{count} * (count - 1) / 7) << "a round is a fraction of the full mesh";
}

TEST(MeshPeers, WithoutRacksEverySourceStillCoversEveryPeer) {
    const auto hosts = peersTestFleet(300, 0);
    const MeshPeerLimits limits{50, 40};
    const int rounds = meshRoundsToCoverAll(hosts, limits);
    EXPECT_EQ(rounds, (299 + 39) / 40);
    std::map<QString, std::set<QString>> covered;
    for (int round = 0; round < rounds; ++round)
        for (const MeshHost& source : hosts) {
            const auto peers = meshPeers(source, hosts, round + 17, limits);  // any round to start from
            ASSERT_EQ(peers.size(), 40u);
            for (const MeshHost& p : peers) covered[source.name].insert(p.name);
        }
    for (const MeshHost& source : hosts) EXPECT_EQ(covered[source.name].size(), 299u) << source.name.toStdString();
}

TEST(MeshPeers, SimulatedAndRealHostsNeverProbeEachOther) {
    std::vector<MeshHost> hosts = peersTestFleet(200, 10);
    hosts.push_back(MeshHost{"This machine", "127.0.0.1", 22, ""});
    const MeshPeerLimits limits{20, 16};
    for (const MeshHost& source : hosts) {
        const auto peers = meshPeers(source, hosts, 3, limits);
        for (const MeshHost& p : peers) EXPECT_EQ(p.simulated, source.simulated);
        if (!source.simulated) {
            EXPECT_TRUE(peers.empty());
        }
    }
}

// A store fed a full round and then one that probed only some links: the map shows the earlier
// values of the others, faded and with their age, while a source that was down this round has no data.
TEST(MeshPeers, TheMapKeepsLinksThePartialRoundDidNotProbe) {
    const auto hosts = peersTestFleet(6, 3);
    LatencyStore store;
    LatencyMatrix full;
    full.setHosts(hosts);
    for (const MeshHost& a : hosts)
        for (const MeshHost& b : hosts)
            if (a.name != b.name) full.setLink(a.name, b.name, peersTestStats(a.rack == b.rack ? 0.05 : 0.3));
    full.setLink("sim-0001", "sim-0004", peersTestStats(2.0, 40));
    store.roundStarted(6, 1000);
    store.roundFinished(full, 61000);

    LatencyMatrix partial;
    partial.setHosts(hosts);
    partial.setLink("sim-0001", "sim-0002", peersTestStats(0.06));
    partial.setLink("sim-0001", "sim-0005", peersTestStats(0.4));
    partial.setSourceError("sim-0006", "Offline: the agent exited");
    store.roundStarted(6, 121000);
    store.roundFinished(partial, 181000);

    const LatencyMapModel model = store.mapModel();
    const auto at = [&](const char* a, const char* b) { return std::make_pair(model.indexOf(a), model.indexOf(b)); };
    const auto [r12, c12] = at("sim-0001", "sim-0002");
    EXPECT_FALSE(model.cell(r12, c12).earlier) << "measured this round";
    EXPECT_DOUBLE_EQ(*model.cell(r12, c12).p50Ms, 0.06);
    const auto [r13, c13] = at("sim-0001", "sim-0003");
    EXPECT_TRUE(model.cell(r13, c13).earlier);
    EXPECT_EQ(model.cell(r13, c13).state, LatencyCell::State::Measured);
    EXPECT_DOUBLE_EQ(*model.cell(r13, c13).p50Ms, 0.05);
    EXPECT_TRUE(model.tooltip(r13, c13).contains("not probed in the last round: measured 120 s before it"))
        << model.tooltip(r13, c13).toStdString();
    const auto [r14, c14] = at("sim-0001", "sim-0004");
    EXPECT_EQ(model.cell(r14, c14).state, LatencyCell::State::Lossy) << "an earlier loss stays visible";
    EXPECT_TRUE(model.cell(r14, c14).earlier);
    const auto [r61, c61] = at("sim-0006", "sim-0001");
    EXPECT_EQ(model.cell(r61, c61).state, LatencyCell::State::NoData) << "a source that could not be asked keeps nothing";
    EXPECT_FALSE(model.cell(r61, c61).earlier);

    QString findings;
    for (const LatencyFinding& f : model.findings()) findings += f.text + '\n';
    EXPECT_TRUE(findings.contains("sim-0001 → sim-0004: p50 2.0 ms, 40 % loss, measured 120 s before the last round"))
        << findings.toStdString();
    EXPECT_TRUE(findings.contains("sim-0006: no measurements (Offline: the agent exited)"));

    // The history has a point per round that measured the link, not one per round that showed it.
    EXPECT_EQ(store.history("sim-0001", "sim-0002").size(), 2u);
    EXPECT_EQ(store.history("sim-0001", "sim-0003").size(), 1u);

    // A third round: a link carried twice keeps the time it was measured.
    LatencyMatrix third;
    third.setHosts(hosts);
    third.setLink("sim-0001", "sim-0002", peersTestStats(0.07));
    store.roundStarted(6, 241000);
    store.roundFinished(third, 301000);
    const LatencyMatrix m = store.matrix();
    EXPECT_EQ(m.measuredAtMs(m.indexOf("sim-0001"), m.indexOf("sim-0003")), 61000);
    EXPECT_EQ(m.measuredAtMs(m.indexOf("sim-0001"), m.indexOf("sim-0002")), 301000);
    EXPECT_FALSE(m.link("sim-0006", "sim-0001")) << "lost when its source was down: not measured since";
}
