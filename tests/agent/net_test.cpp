#include <gtest/gtest.h>

#include "agent/collectors/net.h"
#include "tests/agent/collector_json.h"
#include "tests/agent/recorded_tree.h"
#include "tests/support/temp_dir.h"

using namespace fleetdeck::agent;
using namespace fleetdeck::test;
using namespace std::chrono_literals;

namespace {

const char* const kHeader =
    "Inter-|   Receive                                                |  Transmit\n"
    " face |bytes    packets errs drop fifo frame compressed multicast|bytes    packets errs drop fifo colls carrier "
    "compressed\n";

std::string net_dev_line(const std::string& name, std::uint64_t rx, std::uint64_t tx) {
    return name + ": " + std::to_string(rx) + " 10 0 0 0 0 0 0 " + std::to_string(tx) + " 20 0 0 0 0 0 0\n";
}

Json nic_named(const Json& nics, const std::string& name) {
    for (const auto& n : nics)
        if (n["name"] == name) return n;
    return nullptr;
}

// One reading at `now`, as the line the agent writes.
void sample_at(NetCollector& net, const RootFs& fs, Json& snap, std::chrono::steady_clock::time_point now) {
    fleetdeck::protocol::Sample sample;
    net.sample_at(fs, sample, now);
    snap = fleetdeck::protocol::to_json(sample);
}

}  // namespace

TEST(NetDev, NameEndsAtTheLastColonEvenWithoutASpace) {
    const std::string text = std::string(kHeader) +
                             "    lo: 912345678  812345    0    0    0     0          0         0 912345678  812345    0    0    0     0       0          0\n"
                             "eth0:68210035552 61234567    1    2    0     0          0         0 123456789012 98765432    3    4    0     0       0          0\n";
    const auto counters = parse_net_dev(text);
    ASSERT_EQ(counters.size(), 2u);
    EXPECT_EQ(counters[1].name, "eth0");
    EXPECT_EQ(counters[1].rx_bytes, 68210035552u);
    EXPECT_EQ(counters[1].rx_packets, 61234567u);
    EXPECT_EQ(counters[1].rx_errors, 1u);
    EXPECT_EQ(counters[1].rx_dropped, 2u);
    EXPECT_EQ(counters[1].tx_bytes, 123456789012u);
    EXPECT_EQ(counters[1].tx_errors, 3u);
    EXPECT_EQ(counters[1].tx_dropped, 4u);
    EXPECT_TRUE(parse_net_dev("garbage: 1 2 3\n").empty());  // fewer than 16 counters
}

TEST(NetCollector, RatesFromDeltasNullFirstAndOnReset) {
    TempDir dir;
    dir.write("sys/class/net/eth0/type", "1\n");
    dir.write("proc/net/dev", std::string(kHeader) + net_dev_line("eth0", 1000, 5000));
    const RootFs fs(dir.path().string());
    NetCollector net;
    const auto t0 = std::chrono::steady_clock::time_point{} + 1000s;
    Json snap = Json::object();
    sample_at(net, fs, snap, t0);
    EXPECT_TRUE(snap["nics"][0]["rx_bytes_per_s"].is_null());
    EXPECT_TRUE(snap["nics"][0]["tx_bytes_per_s"].is_null());

    dir.write("proc/net/dev", std::string(kHeader) + net_dev_line("eth0", 1000 + 250000000, 5000 + 1000));
    sample_at(net, fs, snap, t0 + 2s);
    EXPECT_EQ(snap["nics"][0]["rx_bytes_per_s"], 125000000.0);
    EXPECT_EQ(snap["nics"][0]["tx_bytes_per_s"], 500.0);
    EXPECT_EQ(snap["nics"][0]["rx_bytes"], 250001000);

    // The driver was reloaded: counters restart from zero. No rate rather than a huge one.
    dir.write("proc/net/dev", std::string(kHeader) + net_dev_line("eth0", 10, 10));
    sample_at(net, fs, snap, t0 + 3s);
    EXPECT_TRUE(snap["nics"][0]["rx_bytes_per_s"].is_null());
}

// The errs and drop columns of each direction (the kernel's dev_seq_printf_stats layout: receive
// bytes packets errs drop fifo frame compressed multicast, then transmit bytes packets errs drop
// fifo colls carrier compressed) reach the sample, each column in its own key.
TEST(NetCollector, ErrorAndDropCountersAreInTheSample) {
    TempDir dir;
    dir.write("sys/class/net/ens1f0np0/type", "1\n");
    dir.write("proc/net/dev", std::string(kHeader) +
                                  "ens1f0np0:68210035552 61234567    7   31    5     2          0       901 123456789012 98765432    3   11    1     0       4          0\n");
    const RootFs fs(dir.path().string());
    NetCollector net;
    Json snap;
    sample_at(net, fs, snap, std::chrono::steady_clock::time_point{} + 1000s);
    const Json nic = nic_named(snap["nics"], "ens1f0np0");
    EXPECT_EQ(nic["rx_errors"], 7);
    EXPECT_EQ(nic["rx_dropped"], 31);
    EXPECT_EQ(nic["tx_errors"], 3);
    EXPECT_EQ(nic["tx_dropped"], 11);
    // The app's schema reads them back.
    const auto decoded = fleetdeck::protocol::sample_from_json(snap);
    EXPECT_EQ(decoded.nics[0].rx_dropped, 31);
    EXPECT_EQ(decoded.nics[0].tx_errors, 3);
}

// Link attributes are not re-read for every sample: operstate once a second, speed and MTU every
// ten seconds or at once when the operstate changes (a link that comes up has a new speed).
TEST(NetCollector, LinkStateEverySecondSpeedAndMtuEveryTenOrOnAChange) {
    TempDir dir;
    dir.write("sys/class/net/eth0/type", "1\n");
    dir.write("sys/class/net/eth0/operstate", "down\n");
    dir.write("sys/class/net/eth0/speed", "-1\n");
    dir.write("sys/class/net/eth0/mtu", "1500\n");
    dir.write("proc/net/dev", std::string(kHeader) + net_dev_line("eth0", 1000, 5000));
    const RootFs fs(dir.path().string());
    NetCollector net;
    const auto t0 = std::chrono::steady_clock::time_point{} + 1000s;
    Json snap;
    sample_at(net, fs, snap, t0);
    EXPECT_EQ(snap["nics"][0]["operstate"], "down");
    EXPECT_TRUE(snap["nics"][0]["speed_mbps"].is_null());

    dir.write("sys/class/net/eth0/operstate", "up\n");
    dir.write("sys/class/net/eth0/speed", "25000\n");
    dir.write("sys/class/net/eth0/mtu", "9000\n");
    sample_at(net, fs, snap, t0 + 100ms);  // within the second: the last readings
    EXPECT_EQ(snap["nics"][0]["operstate"], "down");
    sample_at(net, fs, snap, t0 + 1100ms);  // the state is due, and its change brings the speed
    EXPECT_EQ(snap["nics"][0]["operstate"], "up");
    EXPECT_EQ(snap["nics"][0]["speed_mbps"], 25000);
    EXPECT_EQ(snap["nics"][0]["mtu"], 9000);

    dir.write("sys/class/net/eth0/mtu", "1400\n");  // no state change: waits for its 10 s
    sample_at(net, fs, snap, t0 + 5s);
    EXPECT_EQ(snap["nics"][0]["mtu"], 9000);
    sample_at(net, fs, snap, t0 + 11200ms);
    EXPECT_EQ(snap["nics"][0]["mtu"], 1400);
}

TEST(NetCollector, IntelServer100GbeInfinibandAndDownLink) {
    NetCollector net;
    Json snap = Json::object();
    sample_into(net, RootFs(fixture_root(kIntelServer)), snap);
    const Json& nics = snap["nics"];
    EXPECT_EQ(nics.size(), 4u);  // loopback is left out
    EXPECT_TRUE(nic_named(nics, "lo").is_null());
    EXPECT_EQ(nic_named(nics, "ens1f0np0"), Json::parse(R"({"name":"ens1f0np0","type":"ethernet","speed_mbps":100000,
        "operstate":"up","mtu":9000,"rx_bytes":68210035552,"tx_bytes":123456789012,
        "rx_bytes_per_s":null,"tx_bytes_per_s":null,"rx_errors":0,"rx_dropped":0,"tx_errors":0,"tx_dropped":0,
        "carrier_changes":null})"));
    EXPECT_EQ(nic_named(nics, "ibs2")["type"], "infiniband");
    EXPECT_EQ(nic_named(nics, "ibs2")["speed_mbps"], 200000);
    EXPECT_EQ(nic_named(nics, "ibs2")["mtu"], 4092);
    EXPECT_TRUE(nic_named(nics, "eno1")["speed_mbps"].is_null());  // -1 while the link is down
    EXPECT_EQ(nic_named(nics, "eno1")["operstate"], "down");
    EXPECT_TRUE(nic_named(nics, "docker0")["speed_mbps"].is_null());  // virtual: no speed file
    // The recording has no counters/ directory: every error counter is unknown, not 0.
    const char* const no_counters = R"("excessive_buffer_overrun_errors":null,"link_downed":null,"link_error_recovery":null,
        "local_link_integrity_errors":null,"port_rcv_errors":null,"port_rcv_remote_physical_errors":null,
        "port_xmit_discards":null,"symbol_error":null)";
    EXPECT_EQ(snap["infiniband"], Json::parse(std::string(R"([
        {"device":"mlx5_0","port":1,"state":"ACTIVE","phys_state":"LinkUp","rate_gbps":100.0,"link_layer":"Ethernet",)") +
                                              no_counters + R"(},
        {"device":"mlx5_1","port":1,"state":"ACTIVE","phys_state":"LinkUp","rate_gbps":200.0,"link_layer":"InfiniBand",)" +
                                              no_counters + "}]"));
}

// node_exporter's recorded ports (tests/fixtures/node-exporter-1.5.0-infiniband): an mlx4 port
// with most counters (no symbol_error file) and 5 transmit discards, an mlx4 port with only the
// link counters, and an i40iw port whose counters all read "N/A (no PMA)".
TEST(NetCollector, InfinibandErrorCountersOfNodeExportersRecordedPorts) {
    NetCollector net;
    Json snap = Json::object();
    sample_into(net, RootFs(fixture_root("node-exporter-1.5.0-infiniband")), snap);
    ASSERT_EQ(snap["infiniband"].size(), 3u) << snap["infiniband"];
    const auto port = [&](const std::string& device, int number) {
        for (const auto& p : snap["infiniband"])
            if (p["device"] == device && p["port"] == number) return p;
        return Json();
    };
    const Json mlx4_1 = port("mlx4_0", 1), mlx4_2 = port("mlx4_0", 2), i40iw = port("i40iw0", 1);
    EXPECT_EQ(mlx4_1["port_xmit_discards"], 5);
    EXPECT_EQ(mlx4_1["port_rcv_errors"], 0);
    EXPECT_EQ(mlx4_1["link_downed"], 0);
    EXPECT_EQ(mlx4_1["link_error_recovery"], 0);
    EXPECT_TRUE(mlx4_1["symbol_error"].is_null());  // no such file on this mlx4
    EXPECT_EQ(mlx4_2["link_downed"], 0);
    EXPECT_TRUE(mlx4_2["port_rcv_errors"].is_null());
    for (const auto& f : fleetdeck::protocol::kIbErrorCounterFields)
        EXPECT_TRUE(i40iw[std::string(f.name)].is_null()) << f.name << ": \"N/A (no PMA)\" is no count";
    // The app's schema, and its fast reader of the streamed line, read them back.
    const auto decoded = fleetdeck::protocol::sample_from_json(snap);
    const auto& p1 = decoded.infiniband[1].device == "mlx4_0" ? decoded.infiniband[1] : decoded.infiniband[0];
    EXPECT_EQ(p1.errors.port_xmit_discards, 5);
    EXPECT_FALSE(p1.errors.symbol_error);
}

// The counters grow: read with the port's state, once a second, not at every sample; a NIC's
// carrier_changes likewise.
TEST(NetCollector, ErrorCountersAreReadWithTheLinkState) {
    TempDir dir;
    dir.write("sys/class/net/eth0/type", "1\n");
    dir.write("sys/class/net/eth0/operstate", "up\n");
    dir.write("sys/class/net/eth0/carrier_changes", "2\n");
    dir.write("proc/net/dev", std::string(kHeader) + net_dev_line("eth0", 1000, 5000));
    dir.write("sys/class/infiniband/mlx5_0/ports/1/state", "4: ACTIVE\n");
    dir.write("sys/class/infiniband/mlx5_0/ports/1/counters/symbol_error", "0\n");
    dir.write("sys/class/infiniband/mlx5_0/ports/1/counters/link_downed", "0\n");
    const RootFs fs(dir.path().string());
    NetCollector net;
    const auto t0 = std::chrono::steady_clock::time_point{} + 1000s;
    Json snap;
    sample_at(net, fs, snap, t0);
    EXPECT_EQ(snap["nics"][0]["carrier_changes"], 2);
    EXPECT_EQ(snap["infiniband"][0]["symbol_error"], 0);
    dir.write("sys/class/net/eth0/carrier_changes", "4\n");
    dir.write("sys/class/infiniband/mlx5_0/ports/1/counters/symbol_error", "1520\n");
    dir.write("sys/class/infiniband/mlx5_0/ports/1/counters/link_downed", "1\n");
    sample_at(net, fs, snap, t0 + 100ms);
    EXPECT_EQ(snap["infiniband"][0]["symbol_error"], 0);
    sample_at(net, fs, snap, t0 + 1100ms);
    EXPECT_EQ(snap["infiniband"][0]["symbol_error"], 1520);
    EXPECT_EQ(snap["infiniband"][0]["link_downed"], 1);
    EXPECT_TRUE(snap["infiniband"][0]["port_rcv_errors"].is_null());
    EXPECT_EQ(snap["nics"][0]["carrier_changes"], 4);
}

TEST(NetFacts, OnlyInterfacesBackedByADevice) {
    Json nics = Json::array();
    for (const auto& nic : nic_facts(RootFs(fixture_root(kIntelServer)))) nics.push_back(fleetdeck::protocol::to_json(nic));
    EXPECT_EQ(nics, Json::parse(R"([
        {"name":"eno1","type":"ethernet","speed_mbps":null,"mtu":1500,"driver":"tg3","pci_bus_id":"0000:04:00.0",
         "mac":"3c:ec:ef:a1:b2:c3","pcie_gen":2,"pcie_width":1,"pcie_gen_max":2,"pcie_width_max":1},
        {"name":"ens1f0np0","type":"ethernet","speed_mbps":100000,"mtu":9000,"driver":"mlx5_core","pci_bus_id":"0000:17:00.0",
         "mac":"b8:3f:d2:4e:5f:60","pcie_gen":5,"pcie_width":16,"pcie_gen_max":5,"pcie_width_max":16},
        {"name":"ibs2","type":"infiniband","speed_mbps":200000,"mtu":4092,"driver":"mlx5_core","pci_bus_id":"0000:29:00.0",
         "mac":"00:00:10:87:fe:80:00:00:00:00:00:00:b8:3f:d2:03:00:4e:5f:70","pcie_gen":5,"pcie_width":16,"pcie_gen_max":5,
         "pcie_width_max":16}])"));
}

TEST(NetCollector, LinkTypeNames) {
    EXPECT_EQ(link_type_name(1), "ethernet");
    EXPECT_EQ(link_type_name(32), "infiniband");
    EXPECT_EQ(link_type_name(772), "loopback");
    EXPECT_EQ(link_type_name(65534), "arphrd_65534");  // tun
}
