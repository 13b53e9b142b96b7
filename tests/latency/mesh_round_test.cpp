// Mesh rounds over real agents: the demo racks (simulated agents with a rack topology and one bad
// link), this machine's real agent, a host whose agent does not start (down) and a host the store
// knows but no session serves (missing). Asserts the assembled matrix, findings, round trips and
// per-link history.
#include <gtest/gtest.h>

#include "app/demo_fleet.h"
#include "app/fleet_thread.h"
#include "app/latency/latency_map_model.h"
#include "app/latency/latency_mesh.h"
#include "app/ssh/transport_factory.h"
#include "tests/support/qt_wait.h"

using namespace fleetdeck;
using fleetdeck::test::waitUntil;

namespace {

HostSpec downHost() {
    HostSpec h;
    h.name = QStringLiteral("gpu-down");
    h.kind = HostSpec::Kind::Simulated;
    h.simulateProfile = QStringLiteral("no-such-profile:1");  // the agent refuses to start
    h.rack = QStringLiteral("rack-a");
    return h;
}

HostSpec missingHost() {
    HostSpec h;
    h.name = QStringLiteral("gpu-missing");
    h.kind = HostSpec::Kind::Simulated;
    h.simulateProfile = QStringLiteral("cpu-only:9");
    h.rack = QStringLiteral("rack-b");
    return h;
}

class MeshRounds : public ::testing::Test {
protected:
    void SetUp() override {
        fleet_ = std::make_unique<FleetThread>(makeTransport, 1000);
        for (const HostSpec& h : loadDemoFleet().value()) fleet_->monitor().addHostAsync(h);
        fleet_->monitor().addHostAsync(thisMachine());
        fleet_->monitor().addHostAsync(downHost());
        fleet_->store().addHost(missingHost());  // in the fleet, but no session answers for it
        LatencyMesh::Options options;
        options.intervalS = 3600;  // only the start-up rounds and measureNow
        options.startDelayMs = 200;
        options.catchUpDelayMs = 300;
        options.spacingMs = 0;
        options.peers = peerLimits();
        mesh_ = LatencyMesh::startOn(fleet_->monitor(), fleet_->store(), store_, options);
    }
    void TearDown() override { fleet_.reset(); }
    virtual MeshPeerLimits peerLimits() const { return {}; }

    // Waits for a finished round in which every demo host answered and this machine's ping came back,
    // asking for rounds meanwhile.
    bool waitForFullRound() {
        return waitUntil([this] {
            if (store_.status().running) return false;
            const LatencyMatrix m = store_.matrix();
            bool full = m.hosts().size() == 11;
            for (const HostSpec& h : loadDemoFleet().value()) {
                const QString peer = h.name == QLatin1String("gpu-a1") ? QStringLiteral("gpu-a2") : QStringLiteral("gpu-a1");
                full = full && !m.sourceError(h.name) && m.link(h.name, peer);
            }
            const auto trips = store_.roundTrips();
            const auto local = trips.find(QStringLiteral("This machine"));
            full = full && local != trips.end() && local->second.lastMs;  // the real agent is up too
            if (!full) mesh_->measureNowAsync();
            return full;
        }, 60000);
    }

    LatencyStore store_;
    std::unique_ptr<FleetThread> fleet_;
    LatencyMesh* mesh_ = nullptr;
};

}  // namespace

TEST_F(MeshRounds, AssemblesTheDemoRacksWithTheBadLinkAndTheHostsThatAreDown) {
    ASSERT_TRUE(waitForFullRound()) << "no full round";
    const LatencyMatrix m = store_.matrix();
    int sameRack = 0, crossRack = 0;
    for (const HostSpec& a : loadDemoFleet().value())
        for (const HostSpec& b : loadDemoFleet().value()) {
            if (a.name == b.name) continue;
            const auto s = m.link(a.name, b.name);
            ASSERT_TRUE(s) << a.name.toStdString() << " → " << b.name.toStdString();
            ASSERT_TRUE(s->p50_ms);
            const bool bad = (a.name == "gpu-a2" && b.name == "gpu-b1") || (a.name == "gpu-b1" && b.name == "gpu-a2");
            if (bad) {
                EXPECT_GT(s->loss_pct, 0.0);
                EXPECT_GT(*s->p50_ms, 1.0);
            } else if (a.rack == b.rack) {
                EXPECT_LT(*s->p50_ms, 0.1);
                ++sameRack;
            } else {
                EXPECT_GT(*s->p50_ms, 0.2);
                EXPECT_LT(*s->p50_ms, 0.5);
                ++crossRack;
            }
        }
    EXPECT_EQ(sameRack, 24);
    EXPECT_EQ(crossRack, 30);

    ASSERT_TRUE(m.sourceError("gpu-down"));
    EXPECT_TRUE(m.sourceError("gpu-missing"));
    EXPECT_FALSE(m.sourceError("This machine")) << "it has no real peer, which is not an error";
    EXPECT_TRUE(m.link("gpu-a1", "gpu-down")) << "peers still probe a host whose agent is down";

    QStringList findings;
    for (const auto& f : m.findings()) findings << f.text;
    const QString all = findings.join('\n');
    EXPECT_TRUE(all.contains("gpu-a2 → gpu-b1: p50")) << all.toStdString();
    EXPECT_TRUE(all.contains("% loss; other cross-rack links")) << all.toStdString();
    EXPECT_TRUE(all.contains("gpu-down: no measurements")) << all.toStdString();
    EXPECT_TRUE(all.contains("gpu-missing: no measurements (no session)")) << all.toStdString();

    LatencyMapModel model;
    model.update(m);
    EXPECT_EQ(model.cell(model.indexOf("This machine"), model.indexOf("gpu-a1")).state, LatencyCell::State::NotMeasurable);
    EXPECT_EQ(model.cell(model.indexOf("gpu-a2"), model.indexOf("gpu-b1")).state, LatencyCell::State::Lossy);
    EXPECT_EQ(model.cell(model.indexOf("gpu-down"), model.indexOf("gpu-a1")).state, LatencyCell::State::NoData);

    const auto trips = store_.roundTrips();
    ASSERT_TRUE(trips.count("This machine"));
    ASSERT_TRUE(trips.at("This machine").lastMs) << trips.at("This machine").error.toStdString();
    EXPECT_GT(*trips.at("This machine").lastMs, 0.0);
    ASSERT_TRUE(trips.count("gpu-down"));
    EXPECT_FALSE(trips.at("gpu-down").lastMs);
    EXPECT_FALSE(trips.at("gpu-down").error.isEmpty());
}

TEST_F(MeshRounds, MeasureNowAddsToEachLinksHistory) {
    ASSERT_TRUE(waitForFullRound());
    const auto before = store_.history("gpu-a2", "gpu-b1").size();
    const int rounds = store_.status().rounds;
    mesh_->measureNowAsync();
    ASSERT_TRUE(waitUntil([&] { return store_.status().rounds > rounds && !store_.status().running; }, 30000));
    const auto after = store_.history("gpu-a2", "gpu-b1");
    EXPECT_EQ(after.size(), before + 1);
    EXPECT_GT(after.back().lossPct, 0.0);
    EXPECT_EQ(store_.status().answered, store_.status().asked);
}

namespace {

// The same fleet with limits that make it "large": a source with more than 4 peers probes its rack
// and 2 peers of the other rack a round.
class PartialMeshRounds : public MeshRounds {
protected:
    MeshPeerLimits peerLimits() const override { return {4, 2}; }
};

}  // namespace

TEST_F(PartialMeshRounds, EachRoundProbesTheRackAndASliceAndTheRoundsCoverTheMesh) {
    ASSERT_TRUE(waitForFullRound());
    const auto demo = loadDemoFleet().value();
    LatencyMatrix m;
    std::vector<qint64> roundTimes;
    for (int k = 0; k < 3; ++k) {
        const int rounds = store_.status().rounds;
        mesh_->measureNowAsync();
        ASSERT_TRUE(waitUntil([&] { return store_.status().rounds > rounds && !store_.status().running; }, 30000));
        m = store_.matrix();
        roundTimes.push_back(m.roundTimeMs());
        for (const HostSpec& a : demo) {
            int crossThisRound = 0;
            for (const HostSpec& b : demo) {
                if (a.name == b.name) continue;
                const int i = m.indexOf(a.name), j = m.indexOf(b.name);
                ASSERT_TRUE(m.linkAt(i, j)) << "measured now or kept from before: " << a.name.toStdString() << " → " << b.name.toStdString();
                if (a.rack == b.rack) {
                    EXPECT_FALSE(m.fromEarlierRound(i, j)) << "rack-local links are probed every round";
                } else if (!m.fromEarlierRound(i, j)) {
                    ++crossThisRound;
                }
            }
            EXPECT_LE(crossThisRound, 2) << a.name.toStdString();
        }
    }
    // Five cross-rack peers (the other rack's four and the host without a session there), two a round:
    // the last three rounds measured every link between the demo hosts.
    int earlier = 0;
    for (const HostSpec& a : demo)
        for (const HostSpec& b : demo) {
            if (a.name == b.name) continue;
            const int i = m.indexOf(a.name), j = m.indexOf(b.name);
            if (m.fromEarlierRound(i, j)) ++earlier;
            EXPECT_GE(m.measuredAtMs(i, j), roundTimes.front()) << a.name.toStdString() << " → " << b.name.toStdString();
        }
    EXPECT_GT(earlier, 0) << "the last round probed part of the mesh";
    const auto bad = m.link("gpu-a2", "gpu-b1");
    ASSERT_TRUE(bad);
    EXPECT_GT(bad->loss_pct, 0.0) << "the bad link stays on the map between the rounds that probe it";
}
