// RDMA (perftest's ib_write_bw) and NCCL inside a host (nccl-tests' all_reduce_perf): their
// output parsers on outputs recorded on real systems (tests/fixtures/perftest/ and
// tests/fixtures/nccl-tests/, each with its source in SOURCES.md), and the real agent running
// stand-ins that print those recordings, at the fixed paths of a recorded tree whose
// /sys/class/infiniband has an active port: the argv it starts them with, its figures, and a clear
// "not measured" for a missing program, a cut output and one that hangs.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "agent/json/json.h"
#include "agent/probe/nccl_probe.h"
#include "agent/probe/rdma_probe.h"
#include "tests/settings/tuning_tree.h"

using fleetdeck::test::AgentConversation;
using Json = nlohmann::json;
namespace fs = std::filesystem;
namespace agent = fleetdeck::agent;

namespace {

std::string fixture(const std::string& dir, const std::string& name) {
    std::ifstream in(std::string(FLEETDECK_SOURCE_DIR) + "/tests/fixtures/" + dir + "/" + name);
    EXPECT_TRUE(in.good()) << name;
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

void write(const fs::path& path, const std::string& text, bool executable = false) {
    fs::create_directories(path.parent_path());
    std::ofstream(path) << text;
    if (executable) ::chmod(path.c_str(), 0755);
}

// A recorded tree with one port: InfiniBand, or RoCE with GID 3 the RoCE v2 one of ens1f0np0
// (the kernel's formats: drivers/infiniband/core/sysfs.c writes gids with "%pI6", eight groups of
// four hex digits; gid_attrs/types from ib_cache_gid_type_str, "IB/RoCE v1" or "RoCE v2").
fs::path tree_with_port(const std::string& name, bool roce) {
    const fs::path root = fs::path(testing::TempDir()) / name;
    fs::remove_all(root);
    const fs::path port = root / "sys/class/infiniband/mlx5_0/ports/1";
    write(port / "state", "4: ACTIVE\n");
    write(port / "phys_state", "5: LinkUp\n");
    write(port / "rate", roce ? "100 Gb/sec (4X EDR)\n" : "100 Gb/sec (4X EDR)\n");
    write(port / "link_layer", roce ? "Ethernet\n" : "InfiniBand\n");
    if (roce) {
        for (int i = 0; i < 4; ++i) {
            const bool v2 = i % 2 == 1;
            const bool ipv4 = i >= 2;
            write(port / "gid_attrs/types" / std::to_string(i), v2 ? "RoCE v2\n" : "IB/RoCE v1\n");
            write(port / "gid_attrs/ndevs" / std::to_string(i), "ens1f0np0\n");
            write(port / "gids" / std::to_string(i), ipv4 ? "0000:0000:0000:0000:0000:ffff:0a00:0012\n"
                                                          : "fe80:0000:0000:0000:0e42:a1ff:fe7d:7a5c\n");
        }
    }
    fs::create_directories(root / "proc");
    return root;
}

// A stand-in ib_write_bw: records its argv, then prints the client recording when its last
// argument is an address (the client's form) and the server one otherwise.
void install_ib_write_bw(const fs::path& root, const std::string& client, const std::string& server) {
    write(root / "usr/share/recorded/client.txt", fixture("perftest", client));
    write(root / "usr/share/recorded/server.txt", fixture("perftest", server));
    write(root / "usr/bin/ib_write_bw",
          "#!/bin/sh\n"
          "here=$(dirname \"$0\")/..\n"
          "echo \"$@\" >> \"$here/share/recorded/argv\"\n"
          "for last; do :; done\n"
          "case \"$last\" in\n"
          "  *.*.*.*) cat \"$here/share/recorded/client.txt\" ;;\n"
          "  *) sleep 0.3; cat \"$here/share/recorded/server.txt\" ;;\n"
          "esac\n",
          true);
}

std::string argv_of(const fs::path& root) {
    std::ifstream in(root / "usr/share/recorded/argv");
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

}  // namespace

// Each recording's average, in Gb/s whatever unit it printed (MB/sec is 0x100000 bytes a
// second: perftest src/perftest_parameters.c, format_factor), from its last row.
TEST(IbWriteBwOutput, RecordedRunsReadAsTheirAverageInGbps) {
    struct Case {
        std::string file;
        double gbps;
        std::int64_t bytes;
    };
    for (const Case& c : std::vector<Case>{
             {"ib_write_bw-client-ib-report-gbits-all-sizes-mlx5-t9k.txt", 98.38, 8388608},
             {"ib_write_bw-server-ib-report-gbits-all-sizes-mlx5-t9k.txt", 98.38, 8388608},
             {"ib_write_bw-client-ib-report-gbits-all-sizes-q2-use-cuda-a100-t9k.txt", 80.96, 8388608},
             {"ib_write_bw-client-roce-report-gbits-all-sizes-mlx5-cns.txt", 52.52, 8388608},
             {"ib_write_bw-server-roce-report-gbits-all-sizes-mlx5-cns.txt", 52.52, 8388608},
             {"ib_write_bw-client-roce-mbsec-65536-sriov-vf-koordinator.txt", 2758.38 * 1048576 * 8 / 1e9, 65536},
             {"ib_write_bw-client-roce-report-gbits-duration-D10-q3-bnxt-re.txt", 363.47, 65536},
             {"ib_write_bw-client-roce-report-gbits-postlist-8B-perftest-issue273-partial.txt", 0.48, 8},
         }) {
        const auto got = agent::parse_ib_write_bw(fixture("perftest", c.file));
        ASSERT_TRUE(std::holds_alternative<agent::IbWriteBwReading>(got)) << c.file << ": " << std::get<std::string>(got);
        const auto& r = std::get<agent::IbWriteBwReading>(got);
        EXPECT_NEAR(r.average_gbps, c.gbps, 0.005) << c.file;
        EXPECT_EQ(r.message_bytes, c.bytes) << c.file;
    }
    // The duration mode prints no peak (0.00), and a warning may sit between header and row.
    EXPECT_EQ(std::get<agent::IbWriteBwReading>(agent::parse_ib_write_bw(fixture("perftest", "ib_write_bw-client-roce-report-gbits-duration-D10-q3-bnxt-re.txt"))).peak_gbps, 0);
}

TEST(IbWriteBwOutput, FailuresAndCutOutputGiveNoFigure) {
    for (const std::string file : {"ib_write_bw-client-error-couldnt-connect-perftest-pr228.txt",
                                   "ib_write_bw-client-error-modify-qp-rtr-roce-zero-gid-k8s-rdma-issue72.txt"}) {
        const auto got = agent::parse_ib_write_bw(fixture("perftest", file));
        ASSERT_TRUE(std::holds_alternative<std::string>(got)) << file;
    }
    std::string run = fixture("perftest", "ib_write_bw-client-roce-report-gbits-duration-D10-q3-bnxt-re.txt");
    const auto row = run.find(" 65536      4159603");
    ASSERT_NE(row, std::string::npos);
    const auto cut = agent::parse_ib_write_bw(run.substr(0, row + 30));  // the row without its message rate
    ASSERT_TRUE(std::holds_alternative<std::string>(cut));
    EXPECT_EQ(std::get<std::string>(cut), "its result line is cut short or unreadable");
    EXPECT_EQ(std::get<std::string>(agent::parse_ib_write_bw(run.substr(0, row))), "no result line under its table's header");
    EXPECT_EQ(std::get<std::string>(agent::parse_ib_write_bw("")), "no result table in its output");
}

// The bus bandwidth at the largest size, the GPUs and their name, the average line: as printed.
TEST(AllReducePerfOutput, RecordedRunsReadAsPrinted) {
    struct Case {
        std::string file;
        int gpus;
        std::string name;
        std::int64_t bytes;
        double busbw, in_place, average;
    };
    for (const Case& c : std::vector<Case>{
             {"all_reduce_perf-8xH100-80GB-HBM3-1node-g8-128M-4G-nccl-tests-issue290.txt", 8, "NVIDIA H100 80GB HBM3", 4294967296, 473.60, 476.53, 439.369},
             {"all_reduce_perf-8xA100-SXM4-40GB-1M-1G-galvatron.txt", 8, "NVIDIA A100-SXM4-40GB", 1073741824, 230.84, 229.11, 130.613},
             {"all_reduce_perf-8xV100-SXM2-16GB-1node-g8-1G-oci-bm-gpu3.txt", 8, "", 1073741824, 135.50, 135.41, 135.455},
             {"all_reduce_perf-8xRTX4090-PCIe-noP2P-g8-8B-128M-chlc.txt", 8, "NVIDIA GeForce RTX 4090", 134217728, 14.45, 14.47, -1},
             {"all_reduce_perf-16xH100-80GB-HBM3-2nodes-gcp-a3mega.txt", 16, "NVIDIA H100 80GB HBM3", 8589934592, 338.82, 337.35, -1},
         }) {
        const auto r = agent::parse_all_reduce_perf(fixture("nccl-tests", c.file));
        ASSERT_FALSE(r.error) << c.file << ": " << *r.error;
        ASSERT_NE(r.largest(), nullptr) << c.file;
        EXPECT_EQ(r.gpus, c.gpus) << c.file;
        if (!c.name.empty()) {
            EXPECT_EQ(r.gpu_name.value_or(""), c.name) << c.file;
        }
        EXPECT_EQ(r.largest()->bytes, c.bytes) << c.file;
        EXPECT_DOUBLE_EQ(r.largest()->busbw_gbs, c.busbw) << c.file;
        EXPECT_DOUBLE_EQ(r.largest()->in_place_busbw_gbs.value_or(-1), c.in_place) << c.file;
        EXPECT_EQ(r.largest()->wrong, 0) << c.file;
        if (c.average >= 0) {
            EXPECT_DOUBLE_EQ(r.avg_busbw_gbs.value_or(-1), c.average) << c.file;
        }
    }
}

TEST(AllReducePerfOutput, AFailureOrACutRowGivesNoFigure) {
    const std::string run = fixture("nccl-tests", "all_reduce_perf-8xH100-80GB-HBM3-1node-g8-128M-4G-nccl-tests-issue290.txt");
    const auto last = run.find("  4294967296");
    ASSERT_NE(last, std::string::npos);
    auto r = agent::parse_all_reduce_perf(run.substr(0, last + 60));
    EXPECT_EQ(r.error.value_or(""), "all_reduce_perf's table has a row cut short or unreadable");
    EXPECT_TRUE(r.rows.empty());
    // What nccl-tests prints when NCCL fails (src/common.h, NCCLCHECK: "%s: Test NCCL failure %s:%d '%s'").
    r = agent::parse_all_reduce_perf(run.substr(0, last) + "node005: Test NCCL failure common.cu:1279 'unhandled cuda error'\n");
    EXPECT_EQ(r.error.value_or(""), "all_reduce_perf failed: node005: Test NCCL failure common.cu:1279 'unhandled cuda error'");
    EXPECT_TRUE(r.rows.empty());
    EXPECT_EQ(agent::parse_all_reduce_perf("").error.value_or(""), "all_reduce_perf printed no table");
}

// The real agent on a recorded tree: an RDMA test's two ends run the stand-in with the port's
// device, the RoCE v2 GID index and the test's port and time, and report the recordings' figures.
TEST(RdmaProbe, TheAgentRunsIbWriteBwWithThePortsDeviceAndGidAndReadsItsFigure) {
    const fs::path b = tree_with_port("rdma-b", true), a = tree_with_port("rdma-a", true);
    install_ib_write_bw(b, "ib_write_bw-client-roce-report-gbits-all-sizes-mlx5-cns.txt", "ib_write_bw-server-roce-report-gbits-all-sizes-mlx5-cns.txt");
    install_ib_write_bw(a, "ib_write_bw-client-roce-report-gbits-all-sizes-mlx5-cns.txt", "ib_write_bw-server-roce-report-gbits-all-sizes-mlx5-cns.txt");
    AgentConversation rb(fleetdeck::test::agent_on(b)), ra(fleetdeck::test::agent_on(a));
    const std::string tok(32, 'a');
    const Json listening = rb.call("bw.listen", {{"token", tok}, {"duration_ms", 2000}, {"kind", "rdma"}, {"name", "a"}});
    ASSERT_TRUE(listening.contains("result")) << listening.dump();
    EXPECT_EQ(listening["result"]["interface"], "mlx5_0/1");
    const int port = listening["result"]["port"];
    const Json sent = ra.call("bw.send", {{"address", "10.0.0.18"}, {"port", port}, {"token", tok}, {"duration_ms", 2000}, {"kind", "rdma"}});
    ASSERT_TRUE(sent.contains("result")) << sent.dump();
    EXPECT_TRUE(sent["result"]["error"].is_null()) << sent.dump();
    EXPECT_DOUBLE_EQ(sent["result"]["gbps"].get<double>(), 52.52);
    EXPECT_EQ(sent["result"]["interface"], "mlx5_0/1");
    const Json got = rb.call("bw.result", {{"token", tok}});
    ASSERT_TRUE(got.contains("result")) << got.dump();
    EXPECT_DOUBLE_EQ(got["result"]["gbps"].get<double>(), 52.52);
    EXPECT_EQ(got["result"]["name"], "a");
    const std::string p = std::to_string(port);
    EXPECT_EQ(argv_of(b), "-d mlx5_0 -i 1 -p " + p + " -D 2 --report_gbits -F -x 3\n");
    EXPECT_EQ(argv_of(a), "-d mlx5_0 -i 1 -p " + p + " -D 2 --report_gbits -F -x 3 10.0.0.18\n");
}

TEST(RdmaProbe, WithoutPerftestOrAnActivePortItSaysSoAndNeverANumber) {
    const fs::path bare = tree_with_port("rdma-bare", false);
    AgentConversation agent(fleetdeck::test::agent_on(bare));
    const std::string tok(32, 'b');
    Json r = agent.call("bw.listen", {{"token", tok}, {"kind", "rdma"}});
    ASSERT_TRUE(r.contains("error")) << r.dump();
    EXPECT_EQ(r["error"]["message"], "RDMA: perftest is not installed (/usr/bin/ib_write_bw)");
    r = agent.call("bw.send", {{"address", "10.0.0.18"}, {"port", 18515}, {"token", tok}, {"kind", "rdma"}});
    EXPECT_EQ(r["result"]["error"], "RDMA: perftest is not installed (/usr/bin/ib_write_bw)") << r.dump();
    EXPECT_TRUE(r["result"]["gbps"].is_null());

    install_ib_write_bw(bare, "ib_write_bw-client-error-couldnt-connect-perftest-pr228.txt", "ib_write_bw-server-ib-report-gbits-all-sizes-mlx5-t9k.txt");
    write(bare / "sys/class/infiniband/mlx5_0/ports/1/state", "1: DOWN\n");
    r = agent.call("bw.send", {{"address", "10.0.0.18"}, {"port", 18515}, {"token", tok}, {"kind", "rdma"}});
    EXPECT_EQ(r["result"]["error"], "RDMA: no InfiniBand or RoCE port is ACTIVE (/sys/class/infiniband/*/ports/*/state)") << r.dump();

    // Active, and the program prints perftest's own connection failure: not measured, in its words.
    write(bare / "sys/class/infiniband/mlx5_0/ports/1/state", "4: ACTIVE\n");
    r = agent.call("bw.send", {{"address", "10.0.0.18"}, {"port", 18515}, {"token", tok}, {"kind", "rdma"}});
    EXPECT_EQ(r["result"]["error"], "ib_write_bw client: no result table in its output") << r.dump();
    EXPECT_TRUE(r["result"]["gbps"].is_null());
    EXPECT_EQ(argv_of(bare), "-d mlx5_0 -i 1 -p 18515 -D 5 --report_gbits -F 10.0.0.18\n") << "InfiniBand: no GID index";
}

// nccl.run on a recorded tree: the stand-in all_reduce_perf prints the H100 recording; a hanging
// one is killed at the timeout and the answer says so.
TEST(NcclProbe, TheAgentRunsAllReducePerfAcrossItsGpusAndAHangIsNotMeasured) {
    const fs::path root = tree_with_port("nccl", false);
    write(root / "usr/share/recorded/h100.txt", fixture("nccl-tests", "all_reduce_perf-8xH100-80GB-HBM3-1node-g8-128M-4G-nccl-tests-issue290.txt"));
    write(root / "usr/local/bin/all_reduce_perf",
          "#!/bin/sh\nhere=$(dirname \"$0\")/../../..\necho \"$@\" > \"$here/usr/share/recorded/argv\"\ncat \"$here/usr/share/recorded/h100.txt\"\n", true);
    const auto stop = std::atomic<bool>(false);
    auto r = agent::run_nccl(fleetdeck::agent::RootFs(root.string()), {}, 8, stop);
    ASSERT_FALSE(r.error) << *r.error;
    EXPECT_EQ(r.program, (root / "usr/local/bin/all_reduce_perf").string());
    EXPECT_DOUBLE_EQ(r.largest()->busbw_gbs, 473.60);
    EXPECT_EQ(argv_of(root), "-b 1073741824 -e 8589934592 -f 2 -g 8\n");

    // Through the agent: a tree without GPUs says so before running anything.
    AgentConversation agent(fleetdeck::test::agent_on(root));
    Json answer = agent.call("nccl.run", {{"timeout_ms", 10000}});
    ASSERT_TRUE(answer.contains("result")) << answer.dump();
    EXPECT_EQ(answer["result"]["error"], "NCCL: this host has no GPU the driver reports");

    write(root / "usr/local/bin/all_reduce_perf", "#!/bin/sh\nexec sleep 600\n", true);
    const auto started = std::chrono::steady_clock::now();
    r = agent::run_nccl(fleetdeck::agent::RootFs(root.string()), {.min_bytes = 1 << 20, .max_bytes = 1 << 20, .timeout_ms = 1000}, 8, stop);
    EXPECT_LT(std::chrono::steady_clock::now() - started, std::chrono::seconds(5));
    EXPECT_EQ(r.error.value_or(""), "all_reduce_perf gave no answer within 1 s");
    EXPECT_TRUE(r.rows.empty());
    fs::remove(root / "usr/local/bin/all_reduce_perf");
    r = agent::run_nccl(fleetdeck::agent::RootFs(root.string()), {}, 8, stop);
    EXPECT_EQ(r.error.value_or(""), "NCCL: nccl-tests is not installed (/usr/local/bin/all_reduce_perf or /opt/nccl-tests/build/all_reduce_perf)");
}
