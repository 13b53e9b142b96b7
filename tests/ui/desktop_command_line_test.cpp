// fleetdeck's command line as a user meets it, on the real binary: each usage error exits 2 with
// its sentence before the window opens (docs/desktop.md, "Command line"), and the manual page
// lists every option --help shows. `--demo-hosts N` as the README runs it: its hosts come from a
// few shared simulator processes, and $FLEETDECK_PERF_LOG says what the app costs.
#include <gtest/gtest.h>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include <nlohmann/json.hpp>

#include "tests/support/subprocess.h"
#include "tests/support/temp_dir.h"

namespace fleetdeck {
namespace {

namespace fs = std::filesystem;

test::ProcessRun runDesktop(const test::TempDir& home, std::vector<std::string> args) {
    args.insert(args.begin(), {"--lang", "en"});
    return test::run_process(std::string(FLEETDECK_BIN_DIR) + "/fleetdeck", args,
                             {"HOME=" + home.path().string(), "XDG_CONFIG_HOME=" + (home.path() / "config").string(),
                              "XDG_DATA_HOME=" + (home.path() / "data").string(), "XDG_CACHE_HOME=" + (home.path() / "cache").string(),
                              "QT_QPA_PLATFORM=offscreen"});
}

TEST(DesktopCommandLine, EachUsageErrorExitsTwoWithItsSentence) {
    const test::TempDir home;
    const std::string png = (home.path() / "never.png").string();
    const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
        {{"--theme", "pink"}, "fleetdeck: --theme takes system, light, dark, not 'pink'"},
        {{"--theme", "pink", "--dark"}, "fleetdeck: --theme takes system, light, dark, not 'pink'"},
        {{"--demo-hosts", "2001"}, "fleetdeck: --demo-hosts needs a number from 1 to 2000"},
        {{"--demo-hosts", "2", "--view", "nowhere"}, "fleetdeck: unknown view 'nowhere'"},
        {{"--demo-hosts", "2", "--view", "host:gpu-99"}, "fleetdeck: unknown host 'gpu-99' in --view host:gpu-99"},
        {{"--demo-hosts", "2", "--screenshot", png, "--after", "soon"}, "fleetdeck: --after needs a number of seconds"},
        {{"--demo-hosts", "2", "--screenshot", png, "--after", "-1"}, "fleetdeck: --after needs a number of seconds"},
    };
    for (const auto& [args, sentence] : cases) {
        const test::ProcessRun run = runDesktop(home, args);
        EXPECT_EQ(run.status, 2) << args[1] << " " << args.back() << "\n" << run.err;
        EXPECT_NE(run.err.find(sentence), std::string::npos) << run.err;
    }
    EXPECT_FALSE(fs::exists(png));
}

TEST(DesktopCommandLine, TheManualPageListsEveryOptionOfTheHelp) {
    const test::TempDir home;
    const test::ProcessRun man = runDesktop(home, {"--help-man"});
    ASSERT_EQ(man.status, 0) << man.err;
    const test::ProcessRun help = runDesktop(home, {"--help"});
    ASSERT_EQ(help.status, 0) << help.err;
    for (const std::string option : {"--screenshot", "--after", "--view", "--demo-hosts", "--theme", "--dark", "--lang"}) {
        EXPECT_NE(help.out.find(option), std::string::npos) << option;
        std::string roff;  // the manual escapes each dash: \-\-view
        for (const char c : option) roff += c == '-' ? std::string("\\-") : std::string(1, c);
        EXPECT_NE(man.out.find("\\fB" + roff + "\\fR"), std::string::npos) << roff;
    }
    EXPECT_EQ(help.out.find("--help-man"), std::string::npos) << "hidden from --help";
}

// The agent processes the app started: its children whose program is fleetdeck-agent.
int agentChildren(pid_t app) {
    int count = 0;
    for (const fs::directory_entry& e : fs::directory_iterator("/proc")) {
        const std::string name = e.path().filename().string();
        if (name.find_first_not_of("0123456789") != std::string::npos) continue;  // not a process
        std::ifstream stat(e.path() / "stat");
        std::string text((std::istreambuf_iterator<char>(stat)), std::istreambuf_iterator<char>());
        const auto close = text.rfind(')');
        if (close == std::string::npos) continue;
        std::istringstream rest(text.substr(close + 2));
        std::string state;
        long ppid = 0;
        rest >> state >> ppid;
        std::error_code ec;
        const fs::path exe = fs::read_symlink(e.path() / "exe", ec);
        if (!ec && ppid == app && exe.filename() == "fleetdeck-agent") ++count;
    }
    return count;
}

TEST(DesktopDemo, ServesItsHostsFromAFewSharedSimulatorsAndLogsWhatItCosts) {
    const test::TempDir home;
    const std::string log = (home.path() / "perf.jsonl").string();
    constexpr int kHosts = 120;
    test::Subprocess app(std::string(FLEETDECK_BIN_DIR) + "/fleetdeck", {"--lang", "en", "--demo-hosts", std::to_string(kHosts)},
                         {"HOME=" + home.path().string(), "XDG_CONFIG_HOME=" + (home.path() / "config").string(),
                          "XDG_DATA_HOME=" + (home.path() / "data").string(), "XDG_CACHE_HOME=" + (home.path() / "cache").string(),
                          "QT_QPA_PLATFORM=offscreen", "FLEETDECK_PERF_LOG=" + log});
    nlohmann::json last;
    int lines = 0;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(90);
    while (std::chrono::steady_clock::now() < deadline) {
        std::ifstream in(log);
        std::string line;
        lines = 0;
        while (std::getline(in, line))
            if (auto j = nlohmann::json::parse(line, nullptr, false); j.is_object()) last = j, ++lines;
        if (last.is_object() && last["connected"] == kHosts && last["samples"].get<long>() > 2 * kHosts) break;
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
    }
    ASSERT_TRUE(last.is_object()) << "no perf log line\n" << app.stderr_text();
    EXPECT_EQ(last["hosts"], kHosts);
    EXPECT_EQ(last["connected"], kHosts) << last.dump();
    EXPECT_GT(last["samples"].get<long>(), 2 * kHosts) << "each host sampled at 1 Hz";
    EXPECT_GT(last["cpu_s"].get<double>(), 0.0);
    EXPECT_GT(last["rss_kib"].get<long>(), 10'000);
    EXPECT_GE(last["hwm_kib"].get<long>(), last["rss_kib"].get<long>());
    EXPECT_GT(last["ticks"].get<long>(), 10) << "the GUI thread's 20 ms timer turned";
    EXPECT_GE(lines, 2) << "a line a second";
    // 50 hosts to a process (app/dashboard/shared_simulators.h): 3 processes, not 120.
    const int agents = agentChildren(app.pid());
    EXPECT_GE(agents, 1);
    EXPECT_LE(agents, 3);
    ::kill(app.pid(), SIGTERM);
    EXPECT_EQ(app.wait(std::chrono::seconds(30)), 0) << app.stderr_text();
}

TEST(DesktopDemo, APerfLogThatCannotBeWrittenIsSaidAndTheAppRunsOn) {
    const test::TempDir home;
    const std::string png = (home.path() / "shot.png").string();
    const test::ProcessRun run = test::run_process(
        std::string(FLEETDECK_BIN_DIR) + "/fleetdeck", {"--lang", "en", "--demo-hosts", "2", "--screenshot", png, "--after", "1"},
        {"HOME=" + home.path().string(), "XDG_CONFIG_HOME=" + (home.path() / "config").string(),
         "XDG_DATA_HOME=" + (home.path() / "data").string(), "XDG_CACHE_HOME=" + (home.path() / "cache").string(),
         "QT_QPA_PLATFORM=offscreen", "FLEETDECK_PERF_LOG=" + (home.path() / "no-such-dir" / "perf.jsonl").string()});
    EXPECT_EQ(run.status, 0) << run.err;
    EXPECT_NE(run.err.find("FLEETDECK_PERF_LOG: cannot write"), std::string::npos) << run.err;
    EXPECT_TRUE(fs::exists(png));
}

}  // namespace
}  // namespace fleetdeck
