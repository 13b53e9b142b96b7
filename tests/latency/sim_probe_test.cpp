// Simulated agents answer `probe` with a rack topology: same-rack links near 0.05 ms, cross-rack
// near 0.3 ms, the bad link slow and lossy in every round, real addresses unreachable; the same
// spec gives the same answers. Through the class and through the real agent binary.
#include <gtest/gtest.h>

#include "agent/json/json.h"

#include "agent/simulator/sim_network.h"
#include "agent/simulator/simulated_machine.h"
#include "tests/support/subprocess.h"

using namespace fleetdeck::agent;
using namespace fleetdeck::agent::sim;
using Json = nlohmann::json;

namespace {

SimSpec spec_in_rack(const std::string& text, const std::string& rack) {
    const auto r = parse_sim_spec(text);
    EXPECT_TRUE(r.spec) << r.error;
    SimSpec spec = *r.spec;
    spec.rack = rack;
    return spec;
}

std::vector<ProbeTarget> demo_targets() {
    return {{"gpu-a2.rack-a.sim.invalid", 22, "gpu-a2"},
            {"gpu-a4.rack-a.sim.invalid", 22, "gpu-a4"},
            {"gpu-b1.rack-b.sim.invalid", 22, "gpu-b1"},
            {"gpu-b2.rack-b.sim.invalid", 22, "gpu-b2"},
            {"127.0.0.1", 22, "real"}};
}

const Json& target(const Json& result, const std::string& name) {
    for (const Json& t : result.at("targets"))
        if (t.at("name") == name) return t;
    throw std::runtime_error("no target " + name);
}

}  // namespace

TEST(SimProbe, ParsesSimulatedAddresses) {
    const auto p = parse_sim_address("gpu-a1.rack-a.sim.invalid");
    ASSERT_TRUE(p);
    EXPECT_EQ(p->host, "gpu-a1");
    EXPECT_EQ(p->rack, "rack-a");
    const auto norack = parse_sim_address("gpu-a1.sim.invalid");
    ASSERT_TRUE(norack);
    EXPECT_EQ(norack->rack, "");
    EXPECT_FALSE(parse_sim_address("10.0.0.1"));
    EXPECT_FALSE(parse_sim_address(".sim.invalid"));
    EXPECT_FALSE(parse_sim_address("a.b.c.sim.invalid"));
}

TEST(SimProbe, BadLinkVariantParses) {
    const auto r = parse_sim_spec("hgx-h100-8+bad-fan+bad-link=gpu-b2:103");
    ASSERT_TRUE(r.spec) << r.error;
    EXPECT_TRUE(r.spec->bad_fan);
    ASSERT_EQ(r.spec->bad_link_peers.size(), 1u);
    EXPECT_EQ(r.spec->bad_link_peers[0], "gpu-b2");
    EXPECT_EQ(r.spec->seed, 103u);
    const auto empty = parse_sim_spec("hgx-h100-8+bad-link=:1");
    EXPECT_FALSE(empty.spec);
    EXPECT_NE(empty.error.find("bad-link=PEER"), std::string::npos) << empty.error;
}

TEST(SimProbe, RackShapedLatency) {
    SimNetwork net(spec_in_rack("hgx-h100-8:101", "rack-a"));
    ProbeOptions options;
    options.count = 10;
    for (int round = 0; round < 5; ++round) {
        const Json r = net.probe(demo_targets(), options);
        for (const char* peer : {"gpu-a2", "gpu-a4"}) {
            const Json& t = target(r, peer);
            EXPECT_EQ(t.at("received"), 10);
            EXPECT_GE(t.at("p50_ms").get<double>(), 0.04) << peer;
            EXPECT_LE(t.at("p50_ms").get<double>(), 0.08) << peer;
        }
        for (const char* peer : {"gpu-b1", "gpu-b2"}) {
            const Json& t = target(r, peer);
            EXPECT_EQ(t.at("loss_pct"), 0.0);
            EXPECT_GE(t.at("p50_ms").get<double>(), 0.25) << peer;
            EXPECT_LE(t.at("p50_ms").get<double>(), 0.45) << peer;
            EXPECT_LT(t.at("min_ms").get<double>(), t.at("max_ms").get<double>()) << "jitter";
        }
        const Json& real = target(r, "real");
        EXPECT_EQ(real.at("received"), 0);
        EXPECT_EQ(real.at("errors").at("unreachable"), 10);
        EXPECT_TRUE(real.at("p50_ms").is_null());
    }
}

TEST(SimProbe, BadLinkIsSlowAndLosesInEveryRound) {
    SimNetwork net(spec_in_rack("hgx-h100-8+bad-link=gpu-b2:103", "rack-a"));
    ProbeOptions options;
    options.count = 5;
    for (int round = 0; round < 20; ++round) {
        const Json r = net.probe(demo_targets(), options);
        const Json& bad = target(r, "gpu-b2");
        EXPECT_GT(bad.at("loss_pct").get<double>(), 0.0) << "round " << round;
        EXPECT_GE(bad.at("errors").at("timeout").get<int>(), 1);
        ASSERT_FALSE(bad.at("p50_ms").is_null());
        EXPECT_GT(bad.at("p50_ms").get<double>(), 3.0 * SimNetwork::kCrossRackMs);
        EXPECT_EQ(target(r, "gpu-b1").at("loss_pct"), 0.0) << "only the named link is bad";
    }
}

TEST(SimProbe, SameSpecSameAnswers) {
    SimulatedMachine a(spec_in_rack("l40s-4:201", "rack-b"), [] { return 0.0; });
    SimulatedMachine b(spec_in_rack("l40s-4:201", "rack-b"), [] { return 0.0; });
    SimulatedMachine other(spec_in_rack("l40s-4:202", "rack-b"), [] { return 0.0; });
    ProbeOptions options;
    const Json first = a.probe(demo_targets(), options);
    EXPECT_EQ(first, b.probe(demo_targets(), options));
    EXPECT_NE(first, other.probe(demo_targets(), options));
    EXPECT_NE(first, a.probe(demo_targets(), options)) << "a new round has new jitter";
}

TEST(SimProbe, RealAgentAnswersWithItsRack) {
    fleetdeck::test::Subprocess agent(FLEETDECK_AGENT_BIN,
                                      {"--stdio", "--simulate", "hgx-h100-8+bad-link=gpu-b2:103", "--sim-rack", "rack-a"});
    ASSERT_TRUE(agent.write(R"({"id":1,"method":"hello","params":{"protocol":1}})" "\n"));
    ASSERT_TRUE(agent.read_line());
    const Json request = {{"id", 2},
                          {"method", "probe"},
                          {"params", {{"targets", {{{"address", "gpu-a2.rack-a.sim.invalid"}, {"name", "gpu-a2"}},
                                                   {{"address", "gpu-b2.rack-b.sim.invalid"}, {"name", "gpu-b2"}}}},
                                      {"count", 5}}}};
    ASSERT_TRUE(agent.write(request.dump() + "\n"));
    std::optional<Json> reply;
    while (const auto line = agent.read_line()) {
        const Json j = Json::parse(*line);
        if (j.value("id", 0) == 2) {
            reply = j;
            break;
        }
    }
    ASSERT_TRUE(reply) << agent.stderr_text();
    const Json& result = reply->at("result");
    EXPECT_LE(target(result, "gpu-a2").at("p50_ms").get<double>(), 0.08);
    EXPECT_GT(target(result, "gpu-b2").at("loss_pct").get<double>(), 0.0);
    agent.close_stdin();
    EXPECT_EQ(agent.wait(), 0);
}

TEST(SimProbe, SimRackNeedsSimulate) {
    int status = 0;
    fleetdeck::test::run_capture(FLEETDECK_AGENT_BIN, {"--once", "--sim-rack", "rack-a"}, &status);
    EXPECT_EQ(status, 2);
}
