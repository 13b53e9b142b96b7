// fleetdeck-cli bandwidth as a user runs it, on simulated hosts: the matrix, its findings in
// --json and CSV, exit 7 for a critical finding, and usage errors that cost no test.
#include <gtest/gtest.h>

#include <signal.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <thread>

#include "agent/json/json.h"
#include "tests/support/subprocess.h"

using fleetdeck::test::run_process;
using Json = nlohmann::json;

namespace {

const std::string kCli = std::string(FLEETDECK_BIN_DIR) + "/fleetdeck-cli";
const std::vector<std::string> kEnv = {std::string("FLEETDECK_AGENT=") + FLEETDECK_AGENT_BIN};

std::vector<Json> findings(const Json& doc, const std::string& kind) {
    std::vector<Json> out;
    for (const Json& f : doc["findings"])
        if (f["kind"] == kind) out.push_back(f);
    return out;
}

}  // namespace

TEST(BandwidthCli, ASlowPathAndANicBelowItsPeersAreCriticalFindings) {
    const std::string csv = testing::TempDir() + "/bandwidth.csv";
    const auto run = run_process(kCli, {"bandwidth", "--json", "--duration", "2s", "--csv", csv, "sim:hgx-h100-8:1",
                                        "sim:hgx-h100-8+slow-link=sim-hgx-h100-8-4:2", "sim:hgx-h100-8+nic-25g+mtu-1500:3", "sim:hgx-h100-8:4"},
                                 kEnv);
    EXPECT_EQ(run.status, 7) << run.err;
    const Json doc = Json::parse(run.out);
    EXPECT_EQ(doc["hosts"].size(), 4u);
    EXPECT_EQ(doc["pairs"].size(), 12u) << "every ordered pair";
    for (const Json& p : doc["pairs"]) {
        EXPECT_EQ(p["kind"], "tcp");
        EXPECT_EQ(p["streams"], 4);
        EXPECT_EQ(p["per_second"].size(), 2u);
        EXPECT_TRUE(p["gbps"].is_number()) << p.dump();
    }
    const auto slow = findings(doc, "slow_path");
    ASSERT_EQ(slow.size(), 1u) << doc["findings"].dump(2);
    EXPECT_EQ(slow[0]["severity"], "critical");
    EXPECT_EQ(slow[0]["hosts"], Json::array({"sim:hgx-h100-8+slow-link=sim-hgx-h100-8-4:2", "sim:hgx-h100-8:4"}));
    const auto nic = findings(doc, "nic_below_max");
    ASSERT_EQ(nic.size(), 1u);
    EXPECT_EQ(nic[0]["hosts"], Json::array({"sim:hgx-h100-8+nic-25g+mtu-1500:3"}));
    const auto mtu = findings(doc, "mtu_mismatch");
    ASSERT_EQ(mtu.size(), 1u);
    EXPECT_EQ(mtu[0]["hosts"], Json::array({"sim:hgx-h100-8+nic-25g+mtu-1500:3"}));
    EXPECT_EQ(mtu[0]["severity"], "warning");
    EXPECT_EQ(findings(doc, "retransmits").size(), 1u) << "the slow path drops and retransmits in one direction's sender";
    EXPECT_TRUE(findings(doc, "slow_host").empty());

    std::ifstream f(csv);
    std::stringstream text;
    text << f.rdbuf();
    const std::string rows = text.str();
    EXPECT_EQ(rows.substr(0, 22), "from,to,kind,gbps,refe");
    EXPECT_EQ(std::count(rows.begin(), rows.end(), '\n'), 13) << "a header and every ordered pair";
}

// --rdma runs the same pairs again over the hosts' InfiniBand ports (a host without one says so
// once, never 0) and --nccl all_reduce_perf inside each host, judged against the board's figure:
// the host whose GPUs cannot reach each other peer to peer (no-p2p) is critical.
TEST(BandwidthCli, RdmaPairsAndNcclInsideEachHost) {
    const std::string noP2p = "sim:hgx-h100-8+no-p2p:2";
    const auto run = run_process(kCli, {"bandwidth", "--json", "--duration", "1", "--rdma", "--nccl", "sim:hgx-h100-8:1", noP2p,
                                        "sim:hgx-h100-8:3", "sim:l40s-4:4"},
                                 kEnv);
    EXPECT_EQ(run.status, 7) << run.err;
    const Json doc = Json::parse(run.out);
    int tcp = 0, rdma = 0;
    for (const Json& p : doc["pairs"]) {
        if (p["kind"] == "tcp") ++tcp;
        if (p["kind"] != "rdma") continue;
        ++rdma;
        EXPECT_NEAR(p["gbps"].get<double>(), 400 * 0.97, 400 * 0.97 * 0.05) << p.dump();
        EXPECT_EQ(p["reference_gbps"], 400) << "judged against the ports' rate";
    }
    EXPECT_EQ(tcp, 12);
    EXPECT_EQ(rdma, 6) << "the three hosts with ports, both ways; the L40S host has none";
    bool said = false;
    for (const Json& h : doc["rdma_hosts"])
        if (h["name"] == "sim:l40s-4:4") said = h["error"] == "RDMA: no InfiniBand or RoCE device (/sys/class/infiniband)" ||
                                                 h["error"] == "RDMA: no InfiniBand or RoCE port is ACTIVE";
    EXPECT_TRUE(said) << doc["rdma_hosts"].dump(2);
    const auto low = findings(doc, "nccl_low");
    ASSERT_EQ(low.size(), 1u) << doc["findings"].dump(2);
    EXPECT_EQ(low[0]["hosts"], Json::array({noP2p}));
    EXPECT_EQ(low[0]["severity"], "critical");
    EXPECT_NE(low[0]["text"].get<std::string>().find("of the 370 GB/s an 8-GPU H100 SXM (NVLink 4) board reaches (NVIDIA/nccl-tests#212)"),
              std::string::npos)
        << low[0].dump();
    ASSERT_EQ(doc["nccl"].size(), 4u);
    for (const Json& n : doc["nccl"]) {
        EXPECT_TRUE(n["busbw_gbs"].is_number()) << n.dump();
        EXPECT_EQ(n["bytes"], std::int64_t{8} << 30);
    }
    EXPECT_EQ(doc["nccl"][3]["reference_gbs"], nullptr) << "no NVIDIA figure for 4 L40S";
    for (const Json& f : doc["findings"])
        if (f["kind"] == "slow_host" || f["kind"] == "slow_path") ADD_FAILURE() << "a healthy fabric: " << f.dump();
}

TEST(BandwidthCli, AHealthyFabricExitsZeroAndPrintsTheMatrix) {
    const auto run = run_process(kCli, {"bandwidth", "--duration", "1", "--streams", "2", "sim:l40s-4:1", "sim:l40s-4:2", "sim:l40s-4:3"}, kEnv);
    EXPECT_EQ(run.status, 0) << run.err;
    EXPECT_NE(run.out.find("TCP Gb/s, sender (row) → receiver (column)"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("Every pair carries what its NICs promise."), std::string::npos) << run.out;
    EXPECT_NE(run.err.find("bandwidth: 3 hosts, 3 rounds of 1 s each way"), std::string::npos) << run.err;
    EXPECT_NE(run.err.find("[6/6] done"), std::string::npos) << run.err;
}

// A host whose InfiniBand port counts errors (ib-errors: more with each test it carries) has them
// named as a critical finding of the run (packets received in error), from its counters before
// and after; the others none.
TEST(BandwidthCli, ErrorCountersThatGrowDuringTheRunAreAFinding) {
    const std::string bad = "sim:hgx-h100-8+ib-errors:2";
    const auto run = run_process(kCli, {"bandwidth", "--json", "--duration", "1", "sim:hgx-h100-8:1", bad, "sim:hgx-h100-8:3"}, kEnv);
    const Json doc = Json::parse(run.out);
    const auto ib = findings(doc, "ib_errors");
    ASSERT_EQ(ib.size(), 1u) << doc["findings"].dump(2) << run.err;
    EXPECT_EQ(ib[0]["hosts"], Json::array({bad}));
    EXPECT_NE(ib[0]["text"].get<std::string>().find("symbol_error +"), std::string::npos) << ib[0].dump();
    EXPECT_NE(ib[0]["text"].get<std::string>().find("port_rcv_errors +"), std::string::npos) << ib[0].dump();
    EXPECT_EQ(ib[0]["severity"], "critical");
    EXPECT_EQ(run.status, 7) << run.err;
    for (const Json& h : doc["hosts"])
        EXPECT_EQ(h["link_errors_grown"].empty(), h["name"] != bad) << h.dump();
}

TEST(BandwidthCli, AboveFullUpToItSaysWhichPairsItMeasures) {
    const auto run = run_process(kCli, {"bandwidth", "--duration", "1", "--full-up-to", "2", "--rotation", "5", "sim:l40s-4:1", "sim:l40s-4:2",
                                        "sim:l40s-4:3"},
                                 kEnv);
    EXPECT_EQ(run.status, 0) << run.err;
    EXPECT_NE(run.err.find("more than 2 hosts: the pairs within each rack and one partner per host in another rack (rotation 5"),
              std::string::npos)
        << run.err;
    // Hosts without a rack are one rack: every pair of it is measured.
    EXPECT_NE(run.err.find("[6/6] done"), std::string::npos) << run.err;
}

TEST(BandwidthCli, BadArgumentsAreUsageErrorsBeforeAnyTest) {
    for (const std::vector<std::string>& args :
         {std::vector<std::string>{"bandwidth", "sim:l40s-4:1"}, {"bandwidth", "--duration", "30s", "sim:l40s-4:1", "sim:l40s-4:2"},
          {"bandwidth", "--duration", "0", "sim:l40s-4:1", "sim:l40s-4:2"}, {"bandwidth", "--streams", "17", "sim:l40s-4:1", "sim:l40s-4:2"},
          {"bandwidth", "--csv", "/nonexistent/dir/x.csv", "sim:l40s-4:1", "sim:l40s-4:2"},
          {"bandwidth", "sim:l40s-4:1", "local"}, {"bandwidth", "--full-up-to", "1", "sim:l40s-4:1", "sim:l40s-4:2"},
          {"bandwidth", "--rotation", "-1", "sim:l40s-4:1", "sim:l40s-4:2"}}) {
        const auto run = run_process(kCli, args, kEnv);
        EXPECT_EQ(run.status, 2) << args.back() << ": " << run.err;
        EXPECT_FALSE(run.err.empty());
        EXPECT_EQ(run.err.find("rounds of"), std::string::npos) << "no test started: " << run.err;
    }
}

// fleetdeck-cli read-speed as a user runs it: on this machine's disk through the real agent (a
// test file written, read and removed), and on simulated hosts whose one slow data path
// (slow-read) is a critical finding against the others' median, exit 7.
TEST(ReadSpeedCli, ThisMachinesDiskAndASlowHostAmongSimulatedOnes) {
    const std::string dir = testing::TempDir() + "/read-speed-cli";
    std::filesystem::create_directories(dir);
    auto run = run_process(kCli, {"read-speed", "--json", "--path", dir, "--size", "32M", "local"}, kEnv);
    EXPECT_EQ(run.status, 0) << run.err;
    Json doc = Json::parse(run.out);
    ASSERT_EQ(doc["hosts"].size(), 1u);
    EXPECT_EQ(doc["hosts"][0]["bytes"], 32 << 20) << doc.dump(2);
    EXPECT_TRUE(doc["hosts"][0]["mb_per_s"].is_number()) << doc.dump(2);
    EXPECT_EQ(doc["hosts"][0]["written"], true);
    EXPECT_TRUE(std::filesystem::is_empty(dir)) << "the test file is removed";
    EXPECT_TRUE(doc["findings"].empty()) << "one host is judged against no one";

    const std::string slow = "sim:hgx-h100-8+slow-read:2";
    run = run_process(kCli, {"read-speed", "--json", "--path", "/datasets", "sim:hgx-h100-8:1", slow, "sim:hgx-h100-8:3"}, kEnv);
    EXPECT_EQ(run.status, 7) << run.err;
    doc = Json::parse(run.out);
    ASSERT_EQ(doc["findings"].size(), 1u) << doc.dump(2);
    EXPECT_EQ(doc["findings"][0]["kind"], "read_speed_low");
    EXPECT_EQ(doc["findings"][0]["severity"], "critical");
    EXPECT_EQ(doc["findings"][0]["hosts"], Json::array({slow}));
    EXPECT_DOUBLE_EQ(doc["median_mb_per_s"].get<double>(), 12000.0);

    const auto text = run_process(kCli, {"read-speed", "--path", "/datasets", "sim:hgx-h100-8:1", slow, "sim:hgx-h100-8:3"}, kEnv);
    EXPECT_NE(text.err.find("[3/3] sim:hgx-h100-8:3"), std::string::npos) << "one host at a time, each named: " << text.err;
    EXPECT_NE(text.out.find("median 12000.0 MB/s"), std::string::npos) << text.out;
    EXPECT_NE(text.out.find("critical: " + slow + " reads /datasets at 1800 MB/s, 15 %"), std::string::npos) << text.out;
}

// A host that cannot be reached is exit 3 as with every command, and named in the table.
TEST(ReadSpeedCli, AHostWithoutAnAgentIsAConnectionFailure) {
    const auto run = run_process(kCli, {"read-speed", "--path", "/tmp", "--size", "16M", "local"}, {"FLEETDECK_AGENT=/nonexistent/agent"});
    EXPECT_EQ(run.status, 3) << run.err;
    EXPECT_NE(run.out.find("not measured"), std::string::npos) << run.out;
}

TEST(ReadSpeedCli, BadArgumentsAreUsageErrorsBeforeAnyRead) {
    for (const std::vector<std::string>& args :
         {std::vector<std::string>{"read-speed", "local"}, {"read-speed", "--path", "relative/dir", "local"},
          {"read-speed", "--path", "/tmp", "--size", "1K", "local"}, {"read-speed", "--path", "/tmp", "--size", "65G", "local"},
          {"read-speed", "--path", "/tmp", "--file", "../etc/passwd", "local"}, {"read-speed", "--path", "/tmp", "--time", "0", "local"},
          {"read-speed", "--path", "/tmp"}}) {
        const auto run = run_process(kCli, args, kEnv);
        EXPECT_EQ(run.status, 2) << args.back() << ": " << run.err;
        EXPECT_TRUE(run.out.empty());
    }
    // A directory the host does not have: measured as nothing, said why, exit 0 (no finding is
    // critical) with the host's row "not measured".
    const auto run = run_process(kCli, {"read-speed", "--path", "/nonexistent/fleetdeck", "local"}, kEnv);
    EXPECT_NE(run.out.find("not measured"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("No such file or directory"), std::string::npos) << run.out;
}

// History: a run kept with --save, then the same hosts with one path slowed (slow-link), compared
// with --compare last: exactly the slowed pair's two directions are named, with both figures.
TEST(BandwidthCli, ASavedRunIsComparedWithTheNextAndTheChangedPairsAreNamed) {
    const std::string data = testing::TempDir() + "/bandwidth-history-" + std::to_string(::getpid());
    std::filesystem::remove_all(data);
    std::vector<std::string> env = kEnv;
    env.push_back("XDG_DATA_HOME=" + data);
    const std::string a = "sim:hgx-h100-8:1", c = "sim:hgx-h100-8:3";
    auto none = run_process(kCli, {"bandwidth", "--duration", "1", "--compare", "last", a, "sim:hgx-h100-8:2", c}, env);
    EXPECT_EQ(none.status, 2) << "nothing stored yet: " << none.err;
    EXPECT_NE(none.err.find("no stored run"), std::string::npos) << none.err;

    auto first = run_process(kCli, {"bandwidth", "--duration", "1", "--save", a, "sim:hgx-h100-8:2", c}, env);
    ASSERT_EQ(first.status, 0) << first.err;
    EXPECT_NE(first.err.find("stored as " + data + "/fleetdeck/bandwidth/bandwidth-"), std::string::npos) << first.err;

    // The second host now has a slow path to the first (the simulator's names: sim-hgx-h100-8-1).
    const std::string b = "sim:hgx-h100-8+slow-link=sim-hgx-h100-8-1:2";
    auto second = run_process(kCli, {"bandwidth", "--json", "--duration", "1", "--compare", "last", a, b, c}, env);
    const Json doc = Json::parse(second.out);
    const Json& pairs = doc["change_since"]["pairs"];
    std::set<std::pair<std::string, std::string>> changed;
    for (const Json& p : pairs) {
        changed.emplace(p["from"], p["to"]);
        if (p["before_gbps"].is_number() && p["after_gbps"].is_number()) {
            EXPECT_LT(p["change_pct"].get<double>(), -50) << p.dump();
        }
    }
    // b is another host name than the saved run's second host: its pairs are new (no before).
    for (const Json& p : pairs)
        if (p["from"] == b || p["to"] == b) {
            EXPECT_TRUE(p["before_gbps"].is_null()) << p.dump();
        }
    EXPECT_FALSE(changed.contains({a, c})) << "an unchanged pair is not named: " << pairs.dump(2);
    EXPECT_TRUE(doc["change_since"]["run"].get<std::string>().starts_with(data)) << doc["change_since"].dump();
    std::filesystem::remove_all(data);
}

// The descriptors of `parent`'s children (the agent the CLI started) open on files under `dir`.
int childFdsUnder(pid_t parent, const std::string& dir) {
    int n = 0;
    for (const auto& proc : std::filesystem::directory_iterator("/proc")) {
        std::ifstream status(proc.path() / "status");
        std::string line;
        bool child = false;
        while (std::getline(status, line))
            if (line.rfind("PPid:", 0) == 0) child = std::stoi(line.substr(5)) == parent;
        if (!child) continue;
        std::error_code ec;
        for (const auto& fd : std::filesystem::directory_iterator(proc.path() / "fd", ec)) {
            const auto target = std::filesystem::read_symlink(fd.path(), ec).string();
            if (!ec && target.rfind(dir + "/", 0) == 0) ++n;
        }
    }
    return n;
}

// Ctrl-C while the agent writes its test file: the command ends with 130 and nothing is left in
// the directory (an unnamed O_TMPFILE goes with the agent; a named one is removed by it).
TEST(ReadSpeedCli, CtrlCWhileTheTestFileIsWrittenLeavesNothing) {
    const std::string made = testing::TempDir() + "/read-speed-interrupt-" + std::to_string(::getpid());
    std::filesystem::remove_all(made);
    std::filesystem::create_directories(made);
    const std::string dir = std::filesystem::canonical(made).string();  // as the descriptors' links name it
    std::vector<std::string> env = kEnv;
    fleetdeck::test::Subprocess run(kCli, {"read-speed", "--path", dir, "--size", "2G", "local"}, env);
    bool writing = false;
    for (int i = 0; i < 800 && !writing; ++i) {
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
        writing = childFdsUnder(run.pid(), dir) > 0;
    }
    ASSERT_TRUE(writing) << "no test file appeared: " << run.stderr_text();
    ASSERT_EQ(::kill(run.pid(), SIGINT), 0);
    const auto status = run.wait(std::chrono::seconds(20));
    ASSERT_TRUE(status.has_value());
    EXPECT_EQ(*status, 130) << run.stderr_text();
    bool removed = false;
    for (int i = 0; i < 200 && !removed; ++i) {
        removed = std::filesystem::is_empty(dir);
        if (!removed) std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    EXPECT_TRUE(removed) << "the half-written test file was left in " << dir;
    std::filesystem::remove_all(dir);
}
