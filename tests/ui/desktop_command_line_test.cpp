// fleetdeck's command line as a user meets it, on the real binary: each usage error exits 2 with
// its sentence before the window opens (docs/desktop.md, "Command line"), and the manual page
// lists every option --help shows.
#include <gtest/gtest.h>

#include <filesystem>

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

}  // namespace
}  // namespace fleetdeck
