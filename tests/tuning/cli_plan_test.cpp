// fleetdeck-cli plan as a user runs it: from a facts file without any agent, and against the real
// local agent (whose tune.read gives the current values).
#include <gtest/gtest.h>

#include "agent/json/json.h"

#include "tests/support/subprocess.h"
#include "tests/support/temp_dir.h"
#include "tests/tuning/tuning_fixtures.h"

using fleetdeck::test::run_capture;
using Json = nlohmann::json;

namespace {

const std::string kCli = std::string(FLEETDECK_BIN_DIR) + "/fleetdeck-cli";
const std::vector<std::string> kEnv = {std::string("FLEETDECK_AGENT=") + FLEETDECK_AGENT_BIN};

std::string fixturePath(const std::string& folder, const std::string& name) {
    return std::string(FLEETDECK_SOURCE_DIR) + "/tests/fixtures/" + folder + "/" + name + ".json";
}

TEST(CliPlan, FactsFileGivesTheDoneWhenFindingsAsText) {
    int status = -1;
    const std::string text = run_capture(kCli,
                                         {"plan", "--answers", fixturePath("answers", "training_distributed_ethernet"),
                                          "--facts", fixturePath("facts", "bad_host")},
                                         &status, kEnv);
    EXPECT_EQ(status, 0) << text;
    EXPECT_NE(text.find("(current values unavailable (facts file only))"), std::string::npos) << text;
    EXPECT_NE(text.find("== colo-rtx-12: training, distributed over 8 nodes"), std::string::npos) << text;
    EXPECT_NE(text.find("61.3 GiB of RAM, under the 128 GB the guide asks for large models."), std::string::npos);
    EXPECT_NE(text.find("No NIC reaches 10 Gb/s: the fastest, eno1, runs at 1 Gb/s."), std::string::npos);
    EXPECT_NE(text.find("GPU 2 at x8 of x16: reseat or check the riser"), std::string::npos);
    EXPECT_NE(text.find("source: tuned accelerator-performance, throughput-performance, latency-performance: vm.swappiness=10"),
              std::string::npos);
}

TEST(CliPlan, FactsFileAsJsonIsMachineReadable) {
    int status = -1;
    const Json doc = Json::parse(run_capture(kCli,
                                             {"plan", "--json", "--answers", fixturePath("answers", "training_single_node"),
                                              "--facts", fixturePath("facts", "vm_guest")},
                                             &status, kEnv));
    EXPECT_EQ(status, 0);
    const Json& host = doc.at("cloud-a10g-7");
    EXPECT_EQ(host["plan"]["shape"], "training_single_node");
    EXPECT_EQ(host["current_values"], "current values unavailable (facts file only)");
    bool sawGovernor = false, sawThp = false;
    for (const Json& row : host["diff"]) {
        if (row["id"] == "cpu.governor") {
            sawGovernor = true;
            EXPECT_EQ(row["status"], "unsupported");
            EXPECT_EQ(row["note"], "no cpufreq in this VM guest: the hypervisor owns CPU frequency");
        }
        if (row["id"] == "thp.enabled") {
            sawThp = true;
            EXPECT_EQ(row["status"], "unchanged");
            EXPECT_EQ(row["origin"], "facts");
        }
    }
    EXPECT_TRUE(sawGovernor && sawThp);
    EXPECT_FALSE(host["plan"]["advice"].empty());
}

// The keyed form `fleetdeck-cli facts --json HOST...` prints is accepted too.
// Why a host cannot take a setting reads in the user's language in the text; --json stays the
// same English bytes whatever the language.
TEST(CliPlan, UnsupportedReasonsAreTranslatedAndJsonStaysEnglish) {
    const auto plan = [](std::vector<std::string> extra) {
        std::vector<std::string> args = {"plan", "--answers", fixturePath("answers", "training_single_node"), "--facts",
                                         fixturePath("facts", "vm_guest")};
        args.insert(args.end(), extra.begin(), extra.end());
        int status = -1;
        const std::string out = run_capture(kCli, args, &status, kEnv);
        EXPECT_EQ(status, 0) << out;
        return out;
    };
    const std::string english = plan({"--lang", "en"});
    EXPECT_NE(english.find("note:   no cpufreq in this VM guest: the hypervisor owns CPU frequency"), std::string::npos) << english;
    EXPECT_NE(english.find("unsupported"), std::string::npos) << english;
    const std::string chinese = plan({"--lang", "zh_TW"});
    EXPECT_NE(chinese.find("此 VM 客體沒有 cpufreq：CPU 頻率由 hypervisor 掌管"), std::string::npos) << chinese;
    EXPECT_NE(chinese.find("不支援"), std::string::npos) << chinese;
    EXPECT_EQ(chinese.find("no cpufreq in this VM guest"), std::string::npos) << chinese;

    const std::string jsonEnglish = plan({"--json", "--lang", "en"});
    EXPECT_EQ(plan({"--json", "--lang", "zh_TW"}), jsonEnglish);
    EXPECT_NE(jsonEnglish.find("\"no cpufreq in this VM guest: the hypervisor owns CPU frequency\""), std::string::npos) << jsonEnglish;
}

TEST(CliPlan, KeyedFactsFromFactsJson) {
    fleetdeck::test::TempDir dir;
    const Json keyed = {{"gpu-a", fleetdeck::test::fixture("facts", "h100_training_node")},
                        {"gpu-b", fleetdeck::test::fixture("facts", "bad_host")}};
    const auto path = dir.write("facts.json", keyed.dump());
    int status = -1;
    const Json doc = Json::parse(run_capture(
        kCli, {"plan", "--json", "--answers", fixturePath("answers", "training_distributed"), "--facts", path.string()}, &status, kEnv));
    EXPECT_EQ(status, 0);
    EXPECT_TRUE(doc.contains("gpu-a"));
    EXPECT_TRUE(doc.contains("gpu-b"));
}

// A facts file is decoded as an agent's answer is: a wrong type is refused, naming the file and
// the path, for one host and for the keyed form alike.
TEST(CliPlan, FactsFileWithAWrongTypeNamesThePath) {
    fleetdeck::test::TempDir dir;
    Json facts = fleetdeck::test::fixture("facts", "bad_host");
    facts["gpus"][1]["pcie_width"] = "x16";
    const std::vector<std::pair<std::filesystem::path, std::string>> files = {
        {dir.write("one.json", facts.dump()), "one.json: facts.gpus[1].pcie_width: expected integer"},
        {dir.write("keyed.json", Json{{"gpu-a", facts}}.dump()), "keyed.json: gpu-a.gpus[1].pcie_width: expected integer"},
    };
    for (const auto& [path, expected] : files) {
        fleetdeck::test::Subprocess p(
            kCli, {"plan", "--answers", fixturePath("answers", "training_distributed"), "--facts", path.string()}, kEnv);
        p.close_stdin();
        while (p.read_line()) {
        }
        EXPECT_EQ(p.wait(), 2) << path;
        const std::string errText = p.stderr_text();
        EXPECT_NE(errText.find(expected), std::string::npos) << errText;
    }
}

TEST(CliPlan, LocalHostThroughTheRealAgent) {
    int status = -1;
    const Json doc = Json::parse(
        run_capture(kCli, {"plan", "--json", "--answers", fixturePath("answers", "inference_latency"), "local"}, &status, kEnv));
    EXPECT_EQ(status, 0);
    const Json& host = doc.at("local");
    EXPECT_EQ(host["plan"]["host"], "local");
    EXPECT_EQ(host["current_values"], "agent");
    EXPECT_FALSE(host["diff"].empty());
    for (const Json& row : host["diff"]) {
        if (row["id"] == "thp.enabled" && row["status"] != "unknown") { EXPECT_EQ(row["origin"], "agent"); }
    }
}

TEST(CliPlan, UsageAndAnswerErrorsNameTheProblem) {
    fleetdeck::test::TempDir dir;
    int status = -1;
    run_capture(kCli, {"plan", "--facts", fixturePath("facts", "bad_host")}, &status, kEnv);
    EXPECT_EQ(status, 2);
    run_capture(kCli, {"plan", "--answers", fixturePath("answers", "inference_latency")}, &status, kEnv);
    EXPECT_EQ(status, 2);
    run_capture(kCli, {"plan", "--answers", fixturePath("answers", "inference_latency"), "--facts",
                       fixturePath("facts", "bad_host"), "local"}, &status, kEnv);
    EXPECT_EQ(status, 2);
    const auto bad = dir.write("answers.json", R"({"workload": "training", "distributed": true, "nodes": 1,
        "interconnect": "ethernet", "model_memory": "sharded", "data_location": "nas", "tenancy": "dedicated"})");
    fleetdeck::test::Subprocess p(kCli, {"plan", "--answers", bad.string(), "--facts", fixturePath("facts", "bad_host")}, kEnv);
    p.close_stdin();
    while (p.read_line()) {
    }
    EXPECT_EQ(p.wait(), 2);
    const std::string errText = p.stderr_text();
    EXPECT_NE(errText.find("answers.nodes: a distributed job needs at least 2 nodes"), std::string::npos) << errText;
}

}  // namespace
