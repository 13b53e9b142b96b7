// fleetdeck-cli's long commands stopped by a signal mid-run, as Ctrl-C (SIGINT) or a service
// manager (SIGTERM) stops them: apply to sixteen hosts one at a time (real agents on recorded
// trees) records every host, the ones done, the one in flight finished on the host, the rest
// skipped, and exits 130 or 143; health --watch on simulated hosts prints each host's last
// reading instead of waiting out the watch.
#include <gtest/gtest.h>

#include <csignal>
#include <fstream>
#include <map>
#include <sstream>
#include <thread>

#include "agent/json/json.h"

#include "tests/settings/tuning_tree.h"
#include "tests/support/subprocess.h"

namespace cli_interrupt_test {
namespace {

using fleetdeck::test::TempDir;
using Json = nlohmann::json;
using namespace std::chrono_literals;

const std::string kCli = std::string(FLEETDECK_BIN_DIR) + "/fleetdeck-cli";

std::string slurp(const std::filesystem::path& p) {
    std::ifstream in(p);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

std::vector<Json> auditEntries(const std::filesystem::path& log) {
    std::vector<Json> entries;
    std::istringstream lines(slurp(log));
    for (std::string line; std::getline(lines, line);)
        if (auto e = Json::parse(line, nullptr, false); !e.is_discarded()) entries.push_back(std::move(e));
    return entries;
}

struct Signalled {
    int signal;
    int status;
};

class CliApplyInterrupted : public ::testing::TestWithParam<Signalled> {};

TEST_P(CliApplyInterrupted, EveryHostIsRecordedAndNoneIsLeftHalfApplied) {
    const Signalled expected = GetParam();
    TempDir home, files;
    std::vector<std::unique_ptr<TempDir>> trees;
    std::vector<std::string> args = {"apply", "--parallel", "1", "--profile",
                                     files.write("profile.json", R"({"name": "training", "settings": [
                                         {"id": "sysctl:vm.swappiness", "value": 10},
                                         {"id": "thp.defrag", "value": "defer+madvise"}]})").string(),
                                     "--audit-log", (home.path() / "log.jsonl").string(), "--audit-key", (home.path() / "hmac.key").string()};
    for (int i = 0; i < 16; ++i) {
        trees.push_back(std::make_unique<TempDir>());
        fleetdeck::test::write_tuning_tree(*trees.back());
        args.push_back("root:" + trees.back()->path().string());
    }
    fleetdeck::test::Subprocess cli(kCli, args, {std::string("FLEETDECK_AGENT=") + FLEETDECK_AGENT_BIN, "XDG_DATA_HOME=" + home.path().string()});
    cli.close_stdin();
    // Mid-run: the first host verified, the others still to come.
    const auto verified = [&] {
        for (const Json& e : auditEntries(home.path() / "log.jsonl"))
            if (e.value("action", "") == "verify") return true;
        return false;
    };
    for (int i = 0; i < 3000 && !verified(); ++i) std::this_thread::sleep_for(1ms);
    ASSERT_TRUE(verified()) << cli.stderr_text();
    ASSERT_EQ(::kill(cli.pid(), expected.signal), 0);
    std::string out;
    while (auto line = cli.read_line(30s)) out += *line + "\n";
    const auto status = cli.wait(30s);
    ASSERT_TRUE(status) << "still running 30 s after the signal";
    EXPECT_EQ(*status, expected.status) << out << cli.stderr_text();
    EXPECT_NE(cli.stderr_text().find("interrupted; the hosts being changed finish their transaction"), std::string::npos) << cli.stderr_text();

    // Every host has its outcome in the audit log: changed and verified (or rolled back), or
    // skipped before anything was sent to it. None has an apply without an outcome.
    std::map<std::string, std::vector<std::string>> byHost;
    for (const Json& e : auditEntries(home.path() / "log.jsonl"))
        if (e.contains("host") && e["host"].is_object()) byHost[e["host"].value("name", "")].push_back(e.value("action", "") + "/" + e.value("result", ""));
    int done = 0, skipped = 0;
    for (std::size_t i = 0; i < trees.size(); ++i) {
        const std::string host = "root:" + trees[i]->path().string();
        const std::vector<std::string>& steps = byHost[host];
        ASSERT_FALSE(steps.empty()) << host << " has no record";
        const std::string swappiness = slurp(trees[i]->path() / "proc/sys/vm/swappiness");
        if (steps.front().rfind("apply/", 0) == 0) {
            ++done;
            EXPECT_NE(std::find(steps.begin(), steps.end(), "verify/ok"), steps.end()) << host << ": " << Json(steps).dump();
            EXPECT_EQ(swappiness, "10\n") << host;
        } else {
            ++skipped;
            EXPECT_EQ(steps, std::vector<std::string>{"failure/skipped"}) << host << ": " << Json(steps).dump();
            EXPECT_EQ(swappiness, "60\n") << host << " was changed though it was skipped";
        }
    }
    EXPECT_GE(done, 1);
    EXPECT_GE(skipped, 1) << "the signal came after the last host";
    EXPECT_NE(out.find(std::to_string(done) + " verified, 0 rolled back, 0 failed, " + std::to_string(skipped) + " skipped of 16 hosts"),
              std::string::npos)
        << out;
}

INSTANTIATE_TEST_SUITE_P(Signals, CliApplyInterrupted, ::testing::Values(Signalled{SIGINT, 130}, Signalled{SIGTERM, 143}),
                         [](const auto& info) { return std::string(info.param.signal == SIGINT ? "Sigint" : "Sigterm"); });

TEST(CliHealthInterrupted, TheWatchPrintsEachHostsLastReadingAndExits130) {
    TempDir home;
    fleetdeck::test::Subprocess cli(kCli, {"health", "--watch", "600", "sim:hgx-h100-8:1", "sim:l40s-4:2"},
                                    {std::string("FLEETDECK_AGENT=") + FLEETDECK_AGENT_BIN, "XDG_DATA_HOME=" + home.path().string(),
                                     "XDG_CONFIG_HOME=" + home.path().string()});
    cli.close_stdin();
    // The first reading (the counters' baseline) is taken as soon as each host is connected.
    std::this_thread::sleep_for(2s);
    const auto started = std::chrono::steady_clock::now();
    ASSERT_EQ(::kill(cli.pid(), SIGINT), 0);
    std::string out;
    while (auto line = cli.read_line(20s)) out += *line + "\n";
    const auto status = cli.wait(20s);
    ASSERT_TRUE(status) << "the watch went on after Ctrl-C";
    EXPECT_LT(std::chrono::steady_clock::now() - started, 10s);
    EXPECT_EQ(*status, 130) << out << cli.stderr_text();
    EXPECT_NE(out.find("sim:hgx-h100-8:1: healthy (8 GPUs, no findings)"), std::string::npos) << out;
    EXPECT_NE(out.find("sim:l40s-4:2: healthy (4 GPUs, no findings)"), std::string::npos) << out;
    EXPECT_NE(cli.stderr_text().find("interrupted; each host as its last reading found it"), std::string::npos) << cli.stderr_text();
}

}  // namespace
}  // namespace cli_interrupt_test
