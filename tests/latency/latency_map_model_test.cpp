// The latency map's view model: cells in rack order with their state, rack blocks, the scale,
// tooltips, and links that cannot be measured (simulated ↔ real).
#include <gtest/gtest.h>

#include "app/latency/latency_map_model.h"
#include "app/latency/latency_store.h"
#include "app/latency/mesh_address.h"

using namespace fleetdeck;
using State = LatencyCell::State;

namespace {

LinkStats stats(double p50, double loss = 0) {
    LinkStats s;
    s.sent = 5;
    s.received = loss > 0 ? 4 : 5;
    s.loss_pct = loss;
    s.timeouts = loss > 0 ? 1 : 0;
    s.min_ms = p50 * 0.9;
    s.p50_ms = p50;
    s.p95_ms = p50 * 1.3;
    s.max_ms = p50 * 1.5;
    return s;
}

MeshHost sim(const char* name, const char* rack) {
    MeshHost h{name, simulatedMeshAddress(name, rack), 22, rack};
    h.simulated = true;
    return h;
}

// Two simulated racks of three, this machine (real, no rack), and one source that is down.
LatencyMatrix fleet() {
    LatencyMatrix m;
    m.setHosts({sim("b1", "rack-b"), sim("a1", "rack-a"), sim("a2", "rack-a"), sim("b2", "rack-b"), sim("a3", "rack-a"),
                sim("b3", "rack-b"), MeshHost{"This machine", "127.0.0.1", 22, ""}});
    for (const auto& a : m.hosts())
        for (const auto& b : m.hosts())
            if (canProbe(a, b) && a.name != "b3") m.setLink(a.name, b.name, stats(a.rack == b.rack ? 0.05 : 0.3));
    m.setLink("a2", "b1", stats(4.4, 20));
    m.setLink("a3", "b2", stats(1.5));
    m.setSourceError("b3", "Offline: the agent exited");
    return m;
}

}  // namespace

TEST(LatencyMapModel, CellsFollowRackOrderAndState) {
    LatencyMapModel model;
    model.update(fleet());
    ASSERT_EQ(model.size(), 7);
    EXPECT_EQ(model.host(0).name, "This machine") << "hosts without a rack come first";
    EXPECT_EQ(model.host(1).name, "a1");
    EXPECT_EQ(model.host(4).name, "b1");
    ASSERT_EQ(model.racks().size(), 3u);
    EXPECT_EQ(model.racks()[1].rack, "rack-a");
    EXPECT_EQ(model.racks()[1].first, 1);
    EXPECT_EQ(model.racks()[1].count, 3);
    EXPECT_EQ(model.racks()[2].first, 4);

    const int a1 = model.indexOf("a1"), a2 = model.indexOf("a2"), a3 = model.indexOf("a3");
    const int b1 = model.indexOf("b1"), b2 = model.indexOf("b2"), b3 = model.indexOf("b3");
    const int local = model.indexOf("This machine");
    EXPECT_EQ(model.cell(a1, a1).state, State::Self);
    EXPECT_EQ(model.cell(a1, a2).state, State::Measured);
    EXPECT_EQ(model.cell(a2, b1).state, State::Lossy);
    EXPECT_EQ(model.cell(a3, b2).state, State::Slow) << "5× the cross-rack median";
    EXPECT_EQ(model.cell(b3, a1).state, State::NoData) << "its source was down";
    EXPECT_EQ(model.cell(a1, b3).state, State::Measured);
    EXPECT_EQ(model.cell(local, a1).state, State::NotMeasurable);
    EXPECT_EQ(model.cell(a1, local).state, State::NotMeasurable);
    EXPECT_LT(model.cell(a1, a2).scale, model.cell(a1, b1).scale);
    EXPECT_LT(model.cell(a1, b1).scale, model.cell(a2, b1).scale);
    ASSERT_TRUE(model.sourceError(b3));
    EXPECT_TRUE(model.sourceError(b3)->contains("Offline"));
}

TEST(LatencyMapModel, TooltipsCarryEveryStatistic) {
    LatencyMapModel model;
    model.update(fleet());
    const QString bad = model.tooltip(model.indexOf("a2"), model.indexOf("b1"));
    for (const char* part : {"a2 → b1", "across racks", "sent 5", "received 4", "loss 20 %", "min 4.0 ms", "p50 4.4 ms",
                             "p95 5.7 ms", "max 6.6 ms", "1 timeout", "b1.rack-b.sim.invalid"})
        EXPECT_TRUE(bad.contains(QString::fromUtf8(part))) << part << " in\n" << bad.toStdString();
    EXPECT_TRUE(model.tooltip(model.indexOf("b3"), model.indexOf("a1")).contains("Offline: the agent exited"));
    EXPECT_TRUE(model.tooltip(model.indexOf("This machine"), model.indexOf("a1")).contains("not measurable"));
    EXPECT_TRUE(model.tooltip(model.indexOf("a1"), model.indexOf("a2")).contains("same rack"));
}

TEST(LatencyMapModel, FindingsNameTheBadLinks) {
    LatencyMapModel model;
    model.update(fleet());
    QStringList texts;
    for (const auto& f : model.findings()) texts << f.text;
    const QString all = texts.join('\n');
    EXPECT_TRUE(all.contains("a2 → b1: p50 4.4 ms, 20 % loss; other cross-rack links 0.300 ms")) << all.toStdString();
    EXPECT_TRUE(all.contains("a3 → b2: p50 1.5 ms")) << all.toStdString();
    EXPECT_TRUE(all.contains("b3: no measurements (Offline: the agent exited)")) << all.toStdString();
}

TEST(LatencyMapModel, ScaleIsLogarithmicAndClamped) {
    EXPECT_DOUBLE_EQ(LatencyMapModel::scalePosition(0.01), 0.0);
    EXPECT_DOUBLE_EQ(LatencyMapModel::scalePosition(10.0), 1.0);
    EXPECT_NEAR(LatencyMapModel::scalePosition(0.1), 1.0 / 3, 1e-9);
    EXPECT_NEAR(LatencyMapModel::scalePosition(1.0), 2.0 / 3, 1e-9);
    EXPECT_DOUBLE_EQ(LatencyMapModel::scalePosition(0.0), 0.0);
    EXPECT_DOUBLE_EQ(LatencyMapModel::scalePosition(500.0), 1.0);
}

TEST(MeshAddress, DefaultsAndChoices) {
    HostSpec simulated;
    simulated.name = "GPU A1";
    simulated.kind = HostSpec::Kind::Simulated;
    simulated.rack = "rack-a";
    EXPECT_EQ(meshHostFor(simulated).address, "gpu-a1.rack-a.sim.invalid");
    EXPECT_TRUE(meshHostFor(simulated).simulated);
    simulated.meshAddress = "10.0.0.9";
    EXPECT_EQ(meshHostFor(simulated).address, "gpu-a1.rack-a.sim.invalid") << "simulated hosts keep theirs";
    HostSpec ssh;
    ssh.name = "gpu-07";
    ssh.address = "gpu-07.example.net";
    ssh.port = 2222;
    EXPECT_EQ(meshHostFor(ssh).address, "gpu-07.example.net");
    EXPECT_EQ(meshHostFor(ssh).port, 2222);
    HostSpec meshed = ssh;
    meshed.meshAddress = "10.1.0.7";
    EXPECT_EQ(meshHostFor(meshed).address, "10.1.0.7");
    HostSpec local;
    local.name = "This machine";
    local.kind = HostSpec::Kind::Local;
    EXPECT_EQ(meshHostFor(local).address, "127.0.0.1");
    EXPECT_FALSE(canProbe(meshHostFor(local), meshHostFor(simulated)));
    EXPECT_TRUE(canProbe(meshHostFor(local), meshHostFor(ssh)));

    const auto facts = protocol::facts_from_json(nlohmann::json::parse(R"({"addresses":[
        {"interface":"lo","family":"ipv4","address":"127.0.0.1"},
        {"interface":"enp26s0np0","family":"ipv4","address":"10.1.0.7"},{"bad":1}]})"));
    const auto list = interfaceAddresses(facts);
    ASSERT_EQ(list.size(), 2u);  // an entry without an address offers nothing to probe
    EXPECT_EQ(list[1].interface, "enp26s0np0");
    EXPECT_EQ(list[1].family, "ipv4");
    EXPECT_EQ(list[1].address, "10.1.0.7");
    EXPECT_TRUE(interfaceAddresses(protocol::Facts{}).empty());
}

TEST(LatencyStore, KeepsBoundedHistoryPerLink) {
    LatencyStore store(3);
    for (int round = 0; round < 5; ++round) {
        LatencyMatrix m = fleet();
        m.setLink("a1", "a2", stats(0.05 + round * 0.01));
        store.roundStarted(7, 1000 * round);
        store.roundFinished(m, 1000 * round + 500);
    }
    const auto h = store.history("a1", "a2");
    ASSERT_EQ(h.size(), 3u);
    EXPECT_EQ(h.front().timeMs, 2500);
    EXPECT_NEAR(*h.back().p50Ms, 0.09, 1e-9);
    EXPECT_DOUBLE_EQ(store.history("a2", "b1").back().lossPct, 20.0);
    EXPECT_TRUE(store.history("b3", "a1").empty()) << "no data is not recorded as a point";
    EXPECT_EQ(store.status().rounds, 5);
    EXPECT_FALSE(store.status().running);
}
