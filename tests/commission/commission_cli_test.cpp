// fleetdeck-cli commission, the real binary, on a simulated rack.
#include <signal.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <set>
#include <thread>

#include <gtest/gtest.h>

#include "agent/json/json.h"
#include "tests/support/subprocess.h"
#include "tests/support/temp_dir.h"

namespace fleetdeck {
namespace {

using CommissionRun = test::ProcessRun;

// An empty inventory of the test's own: the user's saved one is never read, and --inventory names
// a file that exists (a missing one is an error).
std::string emptyInventory(const test::TempDir& home) {
    const auto path = home.path() / "inventory.json";
    if (!std::filesystem::exists(path)) home.write("inventory.json", R"({"version":1,"hosts":[]})");
    return path.string();
}

CommissionRun runCommission(const test::TempDir& home, const std::vector<std::string>& args) {
    emptyInventory(home);
    std::vector<std::string> all = {"commission", "--inventory", (home.path() / "inventory.json").string()};
    all.insert(all.end(), args.begin(), args.end());
    return test::run_process(std::string(FLEETDECK_BIN_DIR) + "/fleetdeck-cli", all,
                             {"XDG_CONFIG_HOME=" + home.path().string(), "XDG_DATA_HOME=" + home.path().string()});
}

TEST(CommissionCli, ARackLearnedFromOneHostFailsOnlyTheHostAtX8) {
    test::TempDir home;
    const std::string specFile = (home.path() / "rack-b.json").string();
    const CommissionRun r = runCommission(home, {"--learn-from", "sim:hgx-h100-8:1", "--save-spec", specFile, "--json",
                                                 "sim:hgx-h100-8:1", "sim:hgx-h100-8:2", "sim:hgx-h100-8+pcie-x8:3",
                                                 "sim:hgx-h100-8:4"});
    ASSERT_EQ(r.status, 7) << r.err << r.out;
    const auto doc = nlohmann::json::parse(r.out);
    EXPECT_EQ(doc["pass"], false);
    EXPECT_TRUE(doc["report_sha256"].is_null());
    ASSERT_EQ(doc["hosts"].size(), 4u);
    for (const char* good : {"sim:hgx-h100-8:1", "sim:hgx-h100-8:2", "sim:hgx-h100-8:4"}) {
        EXPECT_EQ(doc["hosts"][good]["pass"], true) << good << ": " << doc["hosts"][good].dump();
    }
    const auto& bad = doc["hosts"]["sim:hgx-h100-8+pcie-x8:3"];
    EXPECT_EQ(bad["pass"], false);
    ASSERT_GE(bad["findings"].size(), 1u);
    const auto& f = bad["findings"][0];
    EXPECT_EQ(f["severity"], "critical");
    EXPECT_EQ(f["kind"], "spec_mismatch");
    EXPECT_EQ(f["fact"], "gpu.pcie_width");
    EXPECT_TRUE(f["gpu"].is_number_integer());
    EXPECT_EQ(f["expected"], "≥ 16 lanes");
    EXPECT_EQ(f["actual"], "8 lanes");

    // The saved spec checks the same rack the same way, without a golden host.
    std::ifstream saved(specFile);
    ASSERT_TRUE(saved.good());
    const CommissionRun again = runCommission(home, {"--spec", specFile, "sim:hgx-h100-8:5", "sim:hgx-h100-8+pcie-x8:3"});
    EXPECT_EQ(again.status, 7) << again.err;
    EXPECT_NE(again.out.find("sim:hgx-h100-8:5: pass\n"), std::string::npos) << again.out;
    EXPECT_NE(again.out.find("sim:hgx-h100-8+pcie-x8:3: FAIL (1 critical)\n"), std::string::npos) << again.out;
    EXPECT_NE(again.out.find("PCIe link width 8 lanes, the spec says ≥ 16 lanes"), std::string::npos) << again.out;
    EXPECT_NE(again.out.find("1 of 2 hosts pass"), std::string::npos) << again.out;
}

// --bandwidth --nccl --data-path: the bandwidth round and the data path are checks of the spec,
// learned from the golden host (at least 80 % of its figures), and their own findings; the saved
// spec holds the floors, the report JSON the matrix.
TEST(CommissionCli, TheBandwidthRoundAndTheDataPathAreFactsLearnedFromTheGoldenHost) {
    test::TempDir home;
    const std::string specFile = (home.path() / "spec-f.json").string();
    const std::string report = (home.path() / "rack-f.pdf").string();
    const CommissionRun r = runCommission(home, {"--learn-from", "sim:hgx-h100-8:1", "--save-spec", specFile, "--json", "--no-mesh",
                                                 "--bandwidth", "--nccl", "--data-path", "/datasets", "--report", report,
                                                 "sim:hgx-h100-8:1", "sim:hgx-h100-8+no-p2p:2", "sim:hgx-h100-8+slow-read:3",
                                                 "sim:hgx-h100-8:4"});
    ASSERT_EQ(r.status, 7) << r.err << r.out;
    const auto doc = nlohmann::json::parse(r.out);
    EXPECT_EQ(doc["hosts"]["sim:hgx-h100-8:1"]["pass"], true);
    EXPECT_EQ(doc["hosts"]["sim:hgx-h100-8:4"]["pass"], true);
    const auto kinds = [&doc](const char* host) {
        std::set<std::string> out;
        for (const auto& f : doc["hosts"][host]["findings"]) out.insert(f["kind"].get<std::string>() + ":" + f.value("fact", ""));
        return out;
    };
    EXPECT_EQ(kinds("sim:hgx-h100-8+no-p2p:2"), (std::set<std::string>{"spec_mismatch:fabric.nccl_busbw_gbs", "fabric_nccl_low:"}));
    EXPECT_EQ(kinds("sim:hgx-h100-8+slow-read:3"), (std::set<std::string>{"spec_mismatch:data.read_mb_per_s", "fabric_read_speed_low:"}));

    std::ifstream saved(specFile);
    const auto spec = nlohmann::json::parse(saved);
    EXPECT_NEAR(spec["fabric"]["nccl_busbw_gbs"]["min"].get<double>(), 370 * 0.8, 10) << spec.dump(2);
    EXPECT_DOUBLE_EQ(spec["data"]["read_mb_per_s"]["min"].get<double>(), 12000 * 0.8) << spec.dump(2);
    EXPECT_GT(spec["fabric"]["tcp_gbps"]["min"].get<double>(), 100) << spec.dump(2);

    // The report's JSON, beside its PDF.
    const auto written = nlohmann::json::parse(std::ifstream(home.path() / "rack-f.json"));
    ASSERT_TRUE(written.contains("bandwidth")) << "the report's result keeps the matrix";
    EXPECT_EQ(written["bandwidth"]["pairs"].size(), 12u);
    EXPECT_EQ(written["bandwidth"]["nccl"].size(), 4u);
    EXPECT_EQ(written["read_speed"]["hosts"].size(), 4u);
}

TEST(CommissionCli, EveryHostPassingExitsZero) {
    test::TempDir home;
    const CommissionRun r = runCommission(home, {"--learn-from", "sim:l40s-4:1", "sim:l40s-4:2", "sim:l40s-4:3"});
    EXPECT_EQ(r.status, 0) << r.err << r.out;
    EXPECT_NE(r.out.find("2 of 2 hosts pass"), std::string::npos) << r.out;
}

TEST(CommissionCli, ABadSpecOrMissingArgumentsAreUsageErrorsThatSayWhy) {
    test::TempDir home;
    const std::string specFile = (home.path() / "bad.json").string();
    std::ofstream(specFile) << R"({"gpu": {"count": "eight"}})";
    const CommissionRun bad = runCommission(home, {"--spec", specFile, "sim:hgx-h100-8:1"});
    EXPECT_EQ(bad.status, 2);
    EXPECT_NE(bad.err.find("bad.json: gpu.count: expected an integer"), std::string::npos) << bad.err;
    const CommissionRun neither = runCommission(home, {"sim:hgx-h100-8:1"});
    EXPECT_EQ(neither.status, 2);
    EXPECT_NE(neither.err.find("needs either --spec FILE or --learn-from HOST"), std::string::npos) << neither.err;
    const CommissionRun noHosts = runCommission(home, {"--learn-from", "sim:hgx-h100-8:1"});
    EXPECT_EQ(noHosts.status, 2);
}

TEST(CommissionCli, AFifteenMinuteBurnInOnASimulatedRackFindsTheHotGpuAndTheNarrowLink) {
    test::TempDir home;
    // The whole acceptance in one command: a learned spec, a 15-minute burn-in (simulated clock)
    // with a load command on every host, and the report.
    const std::string pdf = (home.path() / "rack-b.pdf").string();
    const CommissionRun r = runCommission(home, {"--learn-from", "sim:hgx-h100-8:1", "--burn-in", "15m", "--sim-speed", "100",
                                                 "--load", "sleep 1000", "--report", pdf, "--json",
                                                 "sim:hgx-h100-8:1", "sim:hgx-h100-8+bad-fan:2", "sim:hgx-h100-8+pcie-x8:3",
                                                 "sim:hgx-h100-8:4", "sim:hgx-h100-8+hot-inlet:5"});
    ASSERT_EQ(r.status, 7) << r.err << r.out;
    ASSERT_FALSE(r.out.empty()) << r.err;
    const auto doc = nlohmann::json::parse(r.out);
    EXPECT_EQ(doc["pass"], false);

    // The burn-in kept each host's peak draw and inlet range; 31 °C inlet air fails its host.
    const auto result = nlohmann::json::parse(std::ifstream(home.path() / "rack-b.json"));
    for (const auto& h : result["hosts"]) {
        ASSERT_TRUE(h["burn_in"]["peak_power_w"].is_number()) << h["burn_in"].dump().substr(0, 300);
        EXPECT_GT(h["burn_in"]["peak_power_w"].get<double>(), 2000);
        EXPECT_EQ(h["burn_in"]["power_source"], "dcmi");
        EXPECT_TRUE(h["burn_in"]["inlet_max_c"].is_number());
    }
    EXPECT_EQ(doc["hosts"]["sim:hgx-h100-8+hot-inlet:5"]["pass"], false);
    bool inletHot = false;
    for (const auto& f : doc["hosts"]["sim:hgx-h100-8+hot-inlet:5"]["findings"]) inletHot = inletHot || f["kind"] == "air_inlet_hot";
    EXPECT_TRUE(inletHot) << doc["hosts"]["sim:hgx-h100-8+hot-inlet:5"].dump(2);

    // The report's SHA-256 is the PDF's, recorded in the audit log; the PDF names the failing hosts.
    ASSERT_TRUE(doc["report_sha256"].is_string()) << doc.dump();
    const test::ProcessRun sum = test::run_process("/usr/bin/sha256sum", {pdf}, {});
    ASSERT_EQ(sum.status, 0) << sum.err;
    EXPECT_EQ(sum.out.substr(0, 64), doc["report_sha256"].get<std::string>());
    for (const char* beside : {"rack-b.html", "rack-b.json", "rack-b.csv"}) EXPECT_TRUE(std::filesystem::exists(home.path() / beside)) << beside;
    const test::ProcessRun check = test::run_process(std::string(FLEETDECK_BIN_DIR) + "/fleetdeck-cli", {"audit", "check-report", pdf},
                                                     {"XDG_CONFIG_HOME=" + home.path().string(), "XDG_DATA_HOME=" + home.path().string()});
    EXPECT_EQ(check.status, 0) << check.out << check.err;
    const test::ProcessRun text = test::run_process("/usr/bin/pdftotext", {pdf, "-"}, {});
    ASSERT_EQ(text.status, 0) << text.err;
    EXPECT_NE(text.out.find("FAIL"), std::string::npos);
    EXPECT_NE(text.out.find("sim:hgx-h100-8+pcie-x8:3"), std::string::npos);
    EXPECT_NE(text.out.find("PCIe link width 8 lanes"), std::string::npos);
    EXPECT_NE(text.out.find("sim:hgx-h100-8+bad-fan:2"), std::string::npos);
    EXPECT_NE(text.out.find("sleep 1000"), std::string::npos);
    EXPECT_NE(text.out.find("Power and air during the burn-in"), std::string::npos);
    EXPECT_NE(text.out.find("No feeds are recorded for this rack"), std::string::npos) << "simulated hosts in no rack";
    for (const char* good : {"sim:hgx-h100-8:1", "sim:hgx-h100-8:4"}) EXPECT_EQ(doc["hosts"][good]["pass"], true) << doc["hosts"][good].dump();
    const auto kinds = [&](const char* host) {
        std::set<std::string> out;
        for (const auto& f : doc["hosts"][host]["findings"]) out.insert(f["kind"].get<std::string>());
        return out;
    };
    // Every burn-in finding has one of the documented kinds, with a severity and a text.
    const std::set<std::string> burnInKinds = {"burnin_thermal_slowdown", "burnin_hw_slowdown", "burnin_power_cap",
                                               "burnin_clock_drop", "burnin_hot_outlier", "burnin_fan_max",
                                               "burnin_load_failed", "burnin_incomplete", "burnin_not_loaded"};
    int burnInFindings = 0;
    for (const auto& [host, h] : doc["hosts"].items())
        for (const auto& f : h["findings"]) {
            const std::string kind = f["kind"];
            if (kind.rfind("burnin_", 0) != 0) continue;
            ++burnInFindings;
            EXPECT_TRUE(burnInKinds.count(kind)) << kind;
            EXPECT_TRUE(f["severity"] == "critical" || f["severity"] == "warning") << f.dump();
            EXPECT_FALSE(f["text"].get<std::string>().empty());
        }
    EXPECT_GE(burnInFindings, 2);
    const auto& hot = doc["hosts"]["sim:hgx-h100-8+bad-fan:2"];
    EXPECT_EQ(hot["pass"], false);
    EXPECT_TRUE(kinds("sim:hgx-h100-8+bad-fan:2").count("burnin_hot_outlier")) << hot.dump(2);
    EXPECT_TRUE(kinds("sim:hgx-h100-8+bad-fan:2").count("burnin_thermal_slowdown")) << hot.dump(2);
    for (const auto& f : hot["findings"])
        if (f["kind"] == "burnin_hot_outlier") {
            EXPECT_TRUE(f["gpu"].is_number_integer()) << f.dump();
        }
    const auto& narrow = doc["hosts"]["sim:hgx-h100-8+pcie-x8:3"];
    EXPECT_EQ(narrow["pass"], false);
    EXPECT_EQ(narrow["findings"][0]["kind"], "spec_mismatch");
    EXPECT_EQ(narrow["findings"][0]["fact"], "gpu.pcie_width");
    for (const auto& f : narrow["findings"]) EXPECT_NE(f["kind"], "burnin_hot_outlier") << f.dump();
    // Progress went to stderr, a line per tenth of the window at most.
    EXPECT_NE(r.err.find("burn-in for 15 min"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("burn-in 900 of 900 s (100 %)"), std::string::npos) << r.err;
    std::size_t progressLines = 0;
    for (std::size_t at = r.err.find("fleetdeck-cli: burn-in "); at != std::string::npos; at = r.err.find("fleetdeck-cli: burn-in ", at + 1))
        ++progressLines;
    EXPECT_LE(progressLines, 13u) << r.err;
}

TEST(CommissionCli, BurnInOptionsThatMakeNoSenseAreUsageErrors) {
    test::TempDir home;
    for (const char* duration : {"soon", "0", "-5m", "15x", "30d"}) {
        const CommissionRun r = runCommission(home, {"--learn-from", "sim:l40s-4:1", "--burn-in", duration, "sim:l40s-4:1"});
        EXPECT_EQ(r.status, 2) << duration;
        EXPECT_NE(r.err.find("--burn-in takes a duration"), std::string::npos) << r.err;
    }
    const CommissionRun load = runCommission(home, {"--learn-from", "sim:l40s-4:1", "--load", "gpu_burn 60", "sim:l40s-4:1"});
    EXPECT_EQ(load.status, 2);
    EXPECT_NE(load.err.find("give --burn-in DURATION too"), std::string::npos) << load.err;
    const CommissionRun speed = runCommission(home, {"--learn-from", "sim:l40s-4:1", "--sim-speed", "fast", "sim:l40s-4:1"});
    EXPECT_EQ(speed.status, 2);
    const CommissionRun real = runCommission(home, {"--learn-from", "sim:l40s-4:1", "--sim-speed", "10", "sim:l40s-4:1", "local"});
    EXPECT_EQ(real.status, 2);
    EXPECT_NE(real.err.find("--sim-speed is for simulated hosts"), std::string::npos) << real.err;
}

// A signal during the burn-in: the load stops on every host, the hosts are judged on what was
// observed, and the exit status is 128 + the signal.
void interruptTheBurnIn(int signal, int expectedStatus) {
    test::TempDir home;
    const std::string pids = (home.path() / "load.pids").string();
    test::Subprocess cli(std::string(FLEETDECK_BIN_DIR) + "/fleetdeck-cli",
                         {"commission", "--inventory", emptyInventory(home), "--learn-from", "sim:l40s-4:1",
                          "--no-mesh", "--burn-in", "15m", "--load", "echo $$ >> '" + pids + "'; exec sleep 300", "sim:l40s-4:1",
                          "sim:l40s-4:2"},
                         {"XDG_CONFIG_HOME=" + home.path().string(), "XDG_DATA_HOME=" + home.path().string()});
    // Both load commands running, then Ctrl-C.
    std::vector<pid_t> started;
    for (int i = 0; i < 200 && started.size() < 2; ++i) {
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        started.clear();
        std::ifstream in(pids);
        for (pid_t pid = 0; in >> pid;) started.push_back(pid);
    }
    ASSERT_EQ(started.size(), 2u) << cli.stderr_text();
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    ASSERT_EQ(::kill(cli.pid(), signal), 0);
    std::string out;
    while (auto line = cli.read_line(std::chrono::seconds(10))) out += *line + "\n";
    const auto status = cli.wait(std::chrono::seconds(10));
    ASSERT_TRUE(status.has_value()) << "still running 10 s after signal " << signal;
    EXPECT_EQ(*status, expectedStatus) << cli.stderr_text();
    // What ran is reported: each host, and why the rack does not pass.
    EXPECT_NE(out.find("sim:l40s-4:2"), std::string::npos) << out;
    EXPECT_NE(out.find("interrupted before every check ran"), std::string::npos) << out;
    // Every load is gone (reaped, or at most a zombie for a moment).
    for (const pid_t pid : started) {
        bool gone = false;
        for (int i = 0; i < 40 && !gone; ++i) {
            std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
            std::string line;
            gone = !std::getline(stat, line) || line.find(") Z ") != std::string::npos;
            if (!gone) std::this_thread::sleep_for(std::chrono::milliseconds(50));
        }
        EXPECT_TRUE(gone) << "load command " << pid << " still runs";
        if (!gone) ::kill(pid, SIGKILL);
    }
}

TEST(CommissionCli, CtrlCDuringTheBurnInStopsTheLoadOnEveryHostAndExits130) { interruptTheBurnIn(SIGINT, 130); }

TEST(CommissionCli, SigtermDuringTheBurnInStopsTheLoadOnEveryHostAndExits143) { interruptTheBurnIn(SIGTERM, 143); }

}  // namespace
}  // namespace fleetdeck
