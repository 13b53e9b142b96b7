// fleetdeck-cli in Traditional Chinese, as a user whose locale is zh_TW meets it (LANG) or as one
// who asks for it (--lang): --help, a usage error and the plan's text are Chinese, while what
// scripts read (--json, exit codes) and the manual page stay English, byte for byte.
#include <gtest/gtest.h>

#include <sstream>

#include "tests/support/subprocess.h"
#include "tests/support/temp_dir.h"

namespace fleetdeck {
namespace {

using test::ProcessRun;

const std::string kLangCli = std::string(FLEETDECK_BIN_DIR) + "/fleetdeck-cli";

std::string fixtureFile(const std::string& folder, const std::string& name) {
    return std::string(FLEETDECK_SOURCE_DIR) + "/tests/fixtures/" + folder + "/" + name + ".json";
}

// Runs the CLI under exactly `lang` as the locale: env(1) clears whatever locale the test runner
// has (an appended variable would not override an inherited one) and sets LANG.
// `agent` is the local agent the CLI starts (FLEETDECK_AGENT).
ProcessRun runInLocale(const test::TempDir& home, const std::string& lang, const std::vector<std::string>& args,
                       const std::string& agent = FLEETDECK_AGENT_BIN) {
    std::vector<std::string> envArgs = {"-u", "LC_ALL", "-u", "LC_MESSAGES", "-u", "LANGUAGE", "LANG=" + lang,
                                        "XDG_CONFIG_HOME=" + (home.path() / "config").string(),
                                        "XDG_DATA_HOME=" + (home.path() / "data").string(),
                                        "FLEETDECK_AGENT=" + agent, kLangCli};
    envArgs.insert(envArgs.end(), args.begin(), args.end());
    return test::run_process("/usr/bin/env", envArgs);
}

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// Terminal columns of one line: two for each CJK ideograph or full-width form (3-byte UTF-8 from
// U+1100 up, as the help's wrapping counts them), one for any other code point.
int columnsOf(const std::string& line) {
    int n = 0;
    for (std::size_t i = 0; i < line.size(); ++i) {
        const auto c = static_cast<unsigned char>(line[i]);
        if ((c & 0xC0) == 0x80) continue;
        n += c >= 0xE1 && c <= 0xEF ? 2 : 1;
    }
    return n;
}

TEST(CliLanguage, TopLevelHelpIsChineseByLangOptionAndByLocale) {
    test::TempDir home;
    for (const auto& run : {runInLocale(home, "C.UTF-8", {"--lang", "zh_TW", "--help"}),
                            runInLocale(home, "zh_TW.UTF-8", {"--help"})}) {
        EXPECT_EQ(run.status, 0) << run.err;
        EXPECT_TRUE(has(run.out, "用法：fleetdeck-cli 指令 [選項] [主機...]")) << run.out;
        EXPECT_TRUE(has(run.out, "以 JSON 顯示每台主機的硬體與作業系統資訊")) << run.out;
        EXPECT_TRUE(has(run.out, "結束代碼：")) << run.out;
        // Command and option names are what the user types: never translated.
        EXPECT_TRUE(has(run.out, "  facts 主機...")) << run.out;
        std::istringstream lines(run.out);
        for (std::string line; std::getline(lines, line);) EXPECT_LE(columnsOf(line), 100) << line;
    }
    const ProcessRun english = runInLocale(home, "C.UTF-8", {"--help"});
    EXPECT_TRUE(has(english.out, "Usage: fleetdeck-cli COMMAND [OPTIONS] [HOST...]")) << english.out;
    EXPECT_FALSE(has(english.out, "用法")) << english.out;
}

TEST(CliLanguage, PlanHelpTranslatesDescriptionsAndValueNames) {
    test::TempDir home;
    for (const auto& run : {runInLocale(home, "zh_TW.UTF-8", {"plan", "--help"}),
                            runInLocale(home, "en_US.UTF-8", {"plan", "--help", "--lang", "zh_TW"})}) {
        EXPECT_EQ(run.status, 0) << run.err;
        EXPECT_TRUE(has(run.out, "用法：fleetdeck-cli plan [選項] --answers 檔案 (--facts 檔案 | 主機...)")) << run.out;
        EXPECT_TRUE(has(run.out, "依精靈的回答為每台主機")) << run.out;
        EXPECT_TRUE(has(run.out, "--answers 檔案")) << run.out;
        EXPECT_TRUE(has(run.out, "調校精靈的回答（JSON）")) << run.out;
        EXPECT_TRUE(has(run.out, "範例：")) << run.out;
        EXPECT_TRUE(has(run.out, "fleetdeck-cli plan --answers answers.json local")) << run.out;
    }
}

TEST(CliLanguage, AnUnknownOptionIsAChineseUsageError) {
    test::TempDir home;
    const ProcessRun run = runInLocale(home, "zh_TW.UTF-8", {"facts", "--bogus", "local"});
    EXPECT_EQ(run.status, 2);
    EXPECT_EQ(run.out, "");
    EXPECT_TRUE(has(run.err, "fleetdeck-cli facts: 未知的選項「--bogus」；'fleetdeck-cli facts --help' 會列出它的選項")) << run.err;
}

TEST(CliLanguage, PlanOnASimulatedHostShowsZhTwRationalesAndKeepsSources) {
    test::TempDir home;
    const std::string answers = fixtureFile("answers", "training_distributed");
    const ProcessRun zh = runInLocale(home, "zh_TW.UTF-8", {"plan", "--answers", answers, "sim:hgx-h100-8"});
    ASSERT_EQ(zh.status, 0) << zh.err;
    EXPECT_TRUE(has(zh.out, "理由：  讓核心維持全速時脈，批次或請求不必等待 CPU 升頻。")) << zh.out;
    EXPECT_TRUE(has(zh.out, "理由：  在工作之間讓驅動程式保持載入")) << zh.out;
    // The citation stays as written.
    EXPECT_TRUE(has(zh.out, "出處：  tuned accelerator-performance, throughput-performance, latency-performance: [cpu] governor=performance"))
        << zh.out;
    EXPECT_TRUE(has(zh.out, "生效時機")) << zh.out;
    const ProcessRun en = runInLocale(home, "C.UTF-8", {"plan", "--answers", answers, "sim:hgx-h100-8"});
    ASSERT_EQ(en.status, 0) << en.err;
    EXPECT_TRUE(has(en.out, "why:    Keeps cores at full clock")) << en.out;
    EXPECT_FALSE(has(en.out, "讓核心")) << en.out;
}

TEST(CliLanguage, JsonIsTheSameBytesInBothLanguages) {
    test::TempDir home;
    const std::vector<std::string> plan = {"plan", "--json", "--answers", fixtureFile("answers", "training_distributed_ethernet"),
                                           "--facts", fixtureFile("facts", "bad_host")};
    const ProcessRun en = runInLocale(home, "C.UTF-8", plan);
    const ProcessRun zh = runInLocale(home, "zh_TW.UTF-8", plan);
    ASSERT_EQ(en.status, 0) << en.err;
    EXPECT_EQ(zh.status, 0) << zh.err;
    EXPECT_FALSE(en.out.empty());
    EXPECT_EQ(zh.out, en.out);
    EXPECT_TRUE(has(zh.out, "\"rationale\": \"Keeps the working set in RAM")) << zh.out;

    const std::vector<std::string> health = {"health", "--json", "sim:hgx-h100-8:7"};
    const ProcessRun healthEn = runInLocale(home, "C.UTF-8", health);
    const ProcessRun healthZh = runInLocale(home, "zh_TW.UTF-8", health);
    EXPECT_EQ(healthEn.status, healthZh.status);
    EXPECT_EQ(healthZh.out, healthEn.out);
}

// A host that cannot be reached: the terminal says why in Chinese, --json in the same English in
// both languages (the reason is built in both at once, not translated where it is made).
TEST(CliLanguage, AnUnreachedHostsJsonReasonStaysEnglish) {
    test::TempDir home;
    const std::string missing = (home.path() / "no-agent-here").string();
    const ProcessRun en = runInLocale(home, "C.UTF-8", {"health", "--json", "local"}, missing);
    const ProcessRun zh = runInLocale(home, "zh_TW.UTF-8", {"health", "--json", "local"}, missing);
    EXPECT_EQ(en.status, 3) << en.err;
    EXPECT_EQ(zh.status, 3) << zh.err;
    EXPECT_TRUE(has(en.out, "agent not found at " + missing + ": reinstall FleetDeck or set FLEETDECK_AGENT")) << en.out;
    EXPECT_EQ(zh.out, en.out);
    EXPECT_TRUE(has(en.err, "agent not found at")) << en.err;
    EXPECT_FALSE(has(zh.err, "agent not found at")) << zh.err;
    EXPECT_TRUE(has(zh.err, missing)) << zh.err;
    EXPECT_TRUE(has(zh.err, "找不到")) << zh.err;
}

TEST(CliLanguage, TheManualPageStaysEnglish) {
    test::TempDir home;
    const ProcessRun en = runInLocale(home, "C.UTF-8", {"--help-man"});
    const ProcessRun zh = runInLocale(home, "zh_TW.UTF-8", {"--help-man"});
    ASSERT_EQ(en.status, 0);
    EXPECT_EQ(zh.status, 0);
    EXPECT_TRUE(has(en.out, "Asks each HOST's agent for its facts")) << en.out;
    EXPECT_EQ(zh.out, en.out);
}

}  // namespace
}  // namespace fleetdeck
