// The throughput probe between two real agents in network namespaces this test creates (inside
// its own, so nothing outside it changes): host B in a new namespace, host A in a second one
// joined to it by a veth pair whose A end `tc` shapes to 200 Mbit/s. What the agents measure
// A → B is the shaper's rate, as iperf3 measures it on the same path in the same run; B → A is
// unshaped. A connection without the token is refused; an unknown token and a second test are
// refused by name. Runs as root (CI does).
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "agent/json/json.h"
#include "agent/probe/bandwidth_probe.h"
#include "agent/simulator/sim_network.h"
#include "agent/simulator/sim_spec.h"
#include "tests/settings/tuning_tree.h"
#include "tests/support/subprocess.h"

using fleetdeck::test::AgentConversation;
using fleetdeck::test::run_process;
using Json = nlohmann::json;

namespace {

constexpr double kShapedMbit = 200;
const std::string kA = "10.77.0.1", kB = "10.77.0.2";

// Host B: its own network and mount namespaces, sysfs remounted so that its facts see its own
// interfaces and a tmpfs on /run so that `ip netns` keeps its files there, not on the machine's
// /run; namespace `a` (host A) created inside them with a veth pair between the two. Everything
// goes when the last of the two agents exits.
std::vector<std::string> agent_b() {
    const std::string setup =
        "set -e; mount -t sysfs sysfs /sys; mount -t tmpfs fleetdeck-test /run; ip link set lo up; ip netns add a; "
        "ip link add veth-b type veth peer name veth-a netns a; ip addr add " + kB + "/24 dev veth-b; ip link set veth-b up; "
        "ip -n a addr add " + kA + "/24 dev veth-a; ip -n a link set veth-a up; ip -n a link set lo up; "
        "tc -n a qdisc add dev veth-a root tbf rate " + std::to_string(static_cast<int>(kShapedMbit)) + "mbit burst 32kb latency 100ms; "
        "exec " + std::string(FLEETDECK_AGENT_BIN) + " --stdio";
    return {"/usr/bin/unshare", "--net", "--mount", "--propagation", "private", "/bin/sh", "-c", setup};
}

// A command run in namespace `a` (or in B's namespace with in_a false), through B's mounts.
std::vector<std::string> in_ns(pid_t b, bool in_a, std::vector<std::string> command) {
    std::vector<std::string> out = {"/usr/bin/nsenter", "--target", std::to_string(b), "--mount"};
    if (!in_a) out.push_back("--net");
    out.push_back("--");
    if (in_a) out.insert(out.end(), {"/usr/sbin/ip", "netns", "exec", "a"});
    out.insert(out.end(), command.begin(), command.end());
    return out;
}

std::string token(char fill) { return std::string(32, fill); }

// One test A → B (or B → A): listen, send, result. Returns {send, result}.
std::pair<Json, Json> test(AgentConversation& sender, AgentConversation& receiver, const std::string& to, const std::string& tok,
                           int seconds) {
    const Json listening = receiver.call("bw.listen", {{"token", tok}, {"streams", 4}, {"duration_ms", seconds * 1000}, {"address", to}});
    EXPECT_TRUE(listening.contains("result")) << listening.dump();
    const Json sent = sender.call("bw.send", {{"address", to}, {"port", listening["result"]["port"]}, {"token", tok},
                                              {"streams", 4}, {"duration_ms", seconds * 1000}});
    const Json got = receiver.call("bw.result", {{"token", tok}});
    return {sent, got};
}

}  // namespace

TEST(BandwidthProbe, RetransSegsIsReadFromARecordedProcNetSnmp) {
    std::ifstream f(std::string(FLEETDECK_SOURCE_DIR) + "/tests/fixtures/net-snmp/debian12-vm.txt");
    std::stringstream text;
    text << f.rdbuf();
    EXPECT_EQ(fleetdeck::agent::tcp_retrans_segs(text.str()), 18902);
    EXPECT_FALSE(fleetdeck::agent::tcp_retrans_segs("Tcp: RtoAlgorithm RtoMin\nTcp: 1 200\n"));
    EXPECT_FALSE(fleetdeck::agent::tcp_retrans_segs("Tcp: RetransSegs\n"));
    EXPECT_FALSE(fleetdeck::agent::tcp_retrans_segs("Tcp: RetransSegs\nTcp: -4\n"));
    EXPECT_TRUE(fleetdeck::agent::read_tcp_retrans_segs()) << "this machine's own /proc/net/snmp";
}

TEST(BandwidthProbe, TwoAgentsMeasureAShapedPathAsIperf3DoesAndTheOtherWayUnshaped) {
    AgentConversation b(agent_b());
    ASSERT_TRUE(b.call("hello").contains("result")) << b.process().stderr_text();
    AgentConversation a(in_ns(b.process().pid(), true, {FLEETDECK_AGENT_BIN, "--stdio"}));
    ASSERT_TRUE(a.call("hello").contains("result")) << a.process().stderr_text();

    // A → B through the 200 Mbit/s shaper.
    const auto [sent, got] = test(a, b, kB, token('a'), 3);
    ASSERT_TRUE(sent.contains("result")) << sent.dump();
    ASSERT_TRUE(got.contains("result")) << got.dump();
    const Json& r = got["result"];
    EXPECT_TRUE(r["error"].is_null()) << r.dump();
    EXPECT_EQ(r["streams"], 4);
    EXPECT_EQ(r["interface"], "veth-b") << "B bound its mesh address, on veth-b";
    EXPECT_EQ(sent["result"]["interface"], "veth-a");
    const double agent_mbit = r["gbps"].get<double>() * 1000;
    EXPECT_GT(agent_mbit, kShapedMbit * 0.85) << r.dump();
    EXPECT_LT(agent_mbit, kShapedMbit * 1.05) << r.dump();
    EXPECT_GE(r["per_second_gbps"].size(), 2u);
    EXPECT_TRUE(sent["result"]["retransmits"].is_number());
    EXPECT_GT(sent["result"]["segments_out"].get<std::int64_t>(), 0);

    // iperf3, the tool a colo's acceptance sheet is made with, on the same path in the same run.
    fleetdeck::test::Subprocess server("/usr/bin/nsenter", {"--target", std::to_string(b.process().pid()), "--mount", "--net", "--",
                                                            "/usr/bin/iperf3", "-s", "-1", "--forceflush", "-B", kB, "-p", "5201"});
    // Its client starts once the server says it listens (a loaded machine may take a while;
    // --forceflush: through a pipe iperf3 would hold the line in its buffer).
    bool listening = false;
    for (int i = 0; i < 10 && !listening; ++i)
        if (const auto line = server.read_line(std::chrono::seconds(2))) listening = line->find("Server listening") != std::string::npos;
    ASSERT_TRUE(listening) << server.stderr_text();
    const auto cmd = in_ns(b.process().pid(), true, {"/usr/bin/iperf3", "-c", kB, "-p", "5201", "-t", "3", "-P", "4", "-J"});
    const auto iperf = run_process(cmd.front(), std::vector<std::string>(cmd.begin() + 1, cmd.end()));
    ASSERT_EQ(iperf.status, 0) << iperf.err << iperf.out;
    const Json report = Json::parse(iperf.out);
    const double iperf_mbit = report["end"]["sum_received"]["bits_per_second"].get<double>() / 1e6;
    EXPECT_NEAR(agent_mbit, iperf_mbit, iperf_mbit * 0.10) << "agent " << agent_mbit << " Mbit/s, iperf3 " << iperf_mbit << " Mbit/s";
    server.wait(std::chrono::seconds(5));

    // B → A: veth without a shaper carries far more.
    const auto [back_sent, back] = test(b, a, kA, token('b'), 2);
    ASSERT_TRUE(back.contains("result")) << back.dump();
    EXPECT_GT(back["result"]["gbps"].get<double>() * 1000, kShapedMbit * 3) << back.dump();
}

TEST(BandwidthProbe, OnlyTheTokenGetsInAndOneTestRunsAtATime) {
    AgentConversation b(agent_b());
    ASSERT_TRUE(b.call("hello").contains("result"));
    AgentConversation a(in_ns(b.process().pid(), true, {FLEETDECK_AGENT_BIN, "--stdio"}));
    ASSERT_TRUE(a.call("hello").contains("result"));

    const Json listening = b.call("bw.listen", {{"token", token('c')}, {"streams", 1}, {"duration_ms", 1000}, {"address", kB}});
    ASSERT_TRUE(listening.contains("result")) << listening.dump();
    EXPECT_EQ(listening["result"]["address"], kB);
    EXPECT_EQ(b.call("bw.listen", {{"token", token('d')}})["error"]["code"], "busy");
    EXPECT_EQ(b.call("bw.result", {{"token", token('e')}, {"wait_ms", 0}})["error"]["code"], "not_found");
    // A sender with another token is turned away; the test's own sender gets in.
    const Json wrong = a.call("bw.send", {{"address", kB}, {"port", listening["result"]["port"]}, {"token", token('f')},
                                          {"streams", 1}, {"duration_ms", 1000}});
    ASSERT_TRUE(wrong.contains("result")) << wrong.dump();
    const Json right = a.call("bw.send", {{"address", kB}, {"port", listening["result"]["port"]}, {"token", token('c')},
                                          {"streams", 1}, {"duration_ms", 1000}});
    ASSERT_TRUE(right.contains("result"));
    EXPECT_TRUE(right["result"]["error"].is_null()) << right.dump();
    const Json got = b.call("bw.result", {{"token", token('c')}});
    ASSERT_TRUE(got.contains("result")) << got.dump();
    EXPECT_EQ(got["result"]["refused"], 1) << got.dump();
    EXPECT_EQ(got["result"]["streams"], 1);
    EXPECT_GT(got["result"]["bytes"].get<std::int64_t>(), 0);

    // A sender whose receiver is gone says what went wrong, and never a number.
    const Json refused = a.call("bw.send", {{"address", kB}, {"port", listening["result"]["port"]}, {"token", token('c')},
                                            {"streams", 1}, {"duration_ms", 1000}});
    ASSERT_TRUE(refused.contains("result"));
    EXPECT_EQ(refused["result"]["error"], "connect to " + kB + ":" + std::to_string(listening["result"]["port"].get<int>()) +
                                              ": Connection refused");
    EXPECT_TRUE(refused["result"]["gbps"].is_null());

    // A receiver whose sender never comes: cancelled, and it says nothing arrived.
    ASSERT_TRUE(b.call("bw.listen", {{"token", token('9')}, {"duration_ms", 1000}}).contains("result"));
    const Json cancelled = b.call("bw.result", {{"token", token('9')}, {"cancel", true}});
    ASSERT_TRUE(cancelled.contains("result")) << cancelled.dump();
    EXPECT_EQ(cancelled["result"]["stopped"], "cancelled");
    EXPECT_EQ(cancelled["result"]["bytes"], 0);
}

// The simulated fabric (docs/protocol.md, "Bandwidth between simulated hosts").
TEST(SimulatedBandwidth, NicSpeedsSlowPathsAndANicNegotiatedLow) {
    using namespace fleetdeck::agent::sim;
    const auto spec = parse_sim_spec("hgx-h100-8+slow-link=gpu-b+nic-25g:3");
    ASSERT_TRUE(spec.spec) << spec.error;
    EXPECT_EQ(spec.spec->nic_speed_mbps(spec.spec->fabric_nic()), 25000);
    EXPECT_NE(parse_sim_spec("l40s-4+loud").error.find("bad-link=PEER, slow-link=PEER, nic-25g, mtu-1500"), std::string::npos);
    SimNetwork net(*spec.spec);
    fleetdeck::protocol::BwSendParams send{"gpu-b.r1.sim.invalid", 40000, token('1'), 4, 5000, "gpu-b"};
    const auto slow = net.bw_send(send);
    ASSERT_TRUE(slow.gbps);
    EXPECT_NEAR(*slow.gbps, 25 * SimNetwork::kTcpEfficiency * SimNetwork::kSlowPathShare, 25 * 0.3 * 0.25);
    EXPECT_EQ(slow.per_second_gbps.size(), 5u);
    EXPECT_EQ(slow.interface, "enp26s0np0");
    EXPECT_GT(*slow.retransmits * 1000, *slow.segments_out * 3) << "0.4 % retransmitted";
    send.address = "gpu-c.r1.sim.invalid";
    const auto fine = net.bw_send(send);
    EXPECT_NEAR(*fine.gbps, 25 * SimNetwork::kTcpEfficiency, 25 * 0.05);
    // A real address cannot be reached from a simulated host.
    send.address = "10.0.0.2";
    EXPECT_EQ(net.bw_send(send).error, "connect to 10.0.0.2: a simulated host reaches only simulated peers");
    // The receiving end answers for what it takes, from the sender it was told of.
    const auto healthy = parse_sim_spec("hgx-h100-8:4");
    SimNetwork receiver(*healthy.spec);
    fleetdeck::protocol::BwListenParams listen;
    listen.token = token('2');
    listen.from = "gpu-a.r1.sim.invalid";
    listen.address = "gpu-d.r1.sim.invalid";
    const auto where = receiver.bw_listen(listen);
    EXPECT_EQ(where.address, "gpu-d.r1.sim.invalid");
    EXPECT_GE(where.port, 32768);
    const auto got = receiver.bw_result(token('2'));
    EXPECT_NEAR(*got.gbps, 200 * SimNetwork::kTcpEfficiency, 200 * 0.05);
    EXPECT_THROW(receiver.bw_result(token('3')), fleetdeck::agent::BandwidthUnknownTest);
}
