// fleetdeck-cli commission in Traditional Chinese (--lang zh_TW), the real binary on a simulated
// rack: the findings and verdicts a person reads are Chinese, --json stays the English bytes, and
// the report (PDF and HTML) is Chinese with a CJK font embedded in the PDF.
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "agent/json/json.h"
#include "tests/support/subprocess.h"
#include "tests/support/temp_dir.h"

namespace fleetdeck {
namespace zh_commission_test {

test::ProcessRun commissionIn(const test::TempDir& home, const std::string& lang, const std::vector<std::string>& args) {
    const auto inventory = home.path() / "inventory.json";
    if (!std::filesystem::exists(inventory)) home.write("inventory.json", R"({"version":1,"hosts":[]})");
    std::vector<std::string> all = {"commission", "--lang", lang, "--inventory", inventory.string()};
    all.insert(all.end(), args.begin(), args.end());
    return test::run_process(std::string(FLEETDECK_BIN_DIR) + "/fleetdeck-cli", all,
                             {"XDG_CONFIG_HOME=" + home.path().string(), "XDG_DATA_HOME=" + home.path().string()});
}

// Whether `text` holds a CJK ideograph (U+4E00..U+9FFF: three UTF-8 bytes from E4 to E9).
bool hasIdeograph(const std::string& text) {
    for (std::size_t i = 0; i + 2 < text.size(); ++i) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c >= 0xE4 && c <= 0xE9 && (static_cast<unsigned char>(text[i + 1]) & 0xC0) == 0x80) return true;
    }
    return false;
}

std::string fileText(const std::filesystem::path& path) {
    std::ifstream in(path);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

const std::vector<std::string> kRack = {"sim:hgx-h100-8:1", "sim:hgx-h100-8:2", "sim:hgx-h100-8+pcie-x8:3", "sim:hgx-h100-8:4"};

std::vector<std::string> withRack(std::vector<std::string> args) {
    args.insert(args.end(), kRack.begin(), kRack.end());
    return args;
}

}  // namespace zh_commission_test

using namespace zh_commission_test;

// The same checks in both languages: --json is the same bytes; the text output says the same in
// Chinese, with the stable severity column padded by terminal columns.
TEST(CommissionZhTw, JsonIsTheEnglishBytesAndTheTextIsChinese) {
    test::TempDir home;
    const auto args = withRack({"--learn-from", "sim:hgx-h100-8:1", "--no-mesh", "--json"});
    const test::ProcessRun english = commissionIn(home, "en", args);
    const test::ProcessRun chinese = commissionIn(home, "zh_TW", args);
    ASSERT_EQ(english.status, 7) << english.err << english.out;
    ASSERT_EQ(chinese.status, 7) << chinese.err << chinese.out;
    EXPECT_EQ(chinese.out, english.out);
    EXPECT_FALSE(hasIdeograph(chinese.out)) << chinese.out;
    const auto doc = nlohmann::json::parse(chinese.out);
    EXPECT_NE(doc["hosts"]["sim:hgx-h100-8+pcie-x8:3"]["findings"][0]["text"].get<std::string>().find("PCIe link width 8 lanes, the spec says ≥ 16 lanes"),
              std::string::npos);
    // Progress on stderr is Chinese too.
    EXPECT_NE(chinese.err.find("正在讀取 4 台主機的資訊與一筆取樣"), std::string::npos) << chinese.err;

    const test::ProcessRun text = commissionIn(home, "zh_TW", withRack({"--learn-from", "sim:hgx-h100-8:1", "--no-mesh"}));
    ASSERT_EQ(text.status, 7) << text.err << text.out;
    EXPECT_NE(text.out.find("sim:hgx-h100-8:1: 通過\n"), std::string::npos) << text.out;
    EXPECT_NE(text.out.find("sim:hgx-h100-8+pcie-x8:3: 不通過（1 項嚴重）\n"), std::string::npos) << text.out;
    // "嚴重" takes 4 of the 9 columns; 5 spaces follow.
    EXPECT_NE(text.out.find("  嚴重     GPU "), std::string::npos) << text.out;
    EXPECT_NE(text.out.find("PCIe 連結寬度 為 8 通道，規格要求 ≥ 16 通道"), std::string::npos) << text.out;
    EXPECT_NE(text.out.find("4 台主機中有 3 台通過"), std::string::npos) << text.out;
    EXPECT_EQ(text.out.find("the spec says"), std::string::npos) << text.out;
}

// A burn-in run in Chinese with the report: every burn-in finding a person reads is Chinese, the
// PDF reads back (pdftotext) with the Chinese heading and verdict and embeds a CJK font
// (pdffonts), the HTML says its language, and the report's SHA-256 is in the audit log.
TEST(CommissionZhTw, ABurnInReportInChineseEmbedsACjkFont) {
    test::TempDir home;
    const std::string pdf = (home.path() / "rack-zh.pdf").string();
    const test::ProcessRun r = commissionIn(home, "zh_TW",
                                            {"--learn-from", "sim:hgx-h100-8:1", "--burn-in", "3m", "--sim-speed", "100", "--load",
                                             "sleep 1000", "--report", pdf, "sim:hgx-h100-8:1", "sim:hgx-h100-8+bad-fan:2",
                                             "sim:hgx-h100-8+pcie-x8:3", "sim:hgx-h100-8:4"});
    ASSERT_EQ(r.status, 7) << r.err << r.out;
    EXPECT_NE(r.out.find("sim:hgx-h100-8+bad-fan:2: 不通過"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("過熱降頻"), std::string::npos) << r.out;
    EXPECT_NE(r.err.find("燒機 3 分鐘"), std::string::npos) << r.err;
    // No English sentence is left in a finding line (the GPU word and units stay as they are).
    for (const char* english : {"thermal slowdown", "hotter than", "the spec says", "under load", "samples"})
        EXPECT_EQ(r.out.find(english), std::string::npos) << english << "\n" << r.out;

    const test::ProcessRun text = test::run_process("/usr/bin/pdftotext", {pdf, "-"}, {});
    ASSERT_EQ(text.status, 0) << text.err;
    EXPECT_NE(text.out.find("驗收報告"), std::string::npos) << text.out;
    EXPECT_NE(text.out.find("不通過"), std::string::npos) << text.out;
    EXPECT_NE(text.out.find("4 台主機中有 2 台通過"), std::string::npos) << text.out;
    EXPECT_NE(text.out.find("規格與實際"), std::string::npos) << text.out;
    EXPECT_NE(text.out.find("過熱降頻"), std::string::npos) << text.out;
    const test::ProcessRun fonts = test::run_process("/usr/bin/pdffonts", {pdf}, {});
    ASSERT_EQ(fonts.status, 0) << fonts.err;
    bool cjkEmbedded = false;
    std::istringstream lines(fonts.out);
    for (std::string line; std::getline(lines, line);)
        if (line.find("CJK") != std::string::npos && line.find(" yes ") != std::string::npos) cjkEmbedded = true;
    EXPECT_TRUE(cjkEmbedded) << fonts.out;

    const std::string html = fileText(home.path() / "rack-zh.html");
    EXPECT_NE(html.find("<html lang=\"zh-Hant-TW\">"), std::string::npos);
    EXPECT_NE(html.find("驗收報告"), std::string::npos);
    EXPECT_NE(html.find("Noto Sans CJK TC"), std::string::npos);
    // The result JSON and the CSV beside it stay English.
    EXPECT_FALSE(hasIdeograph(fileText(home.path() / "rack-zh.json")));
    EXPECT_FALSE(hasIdeograph(fileText(home.path() / "rack-zh.csv")));
    const test::ProcessRun check = test::run_process(std::string(FLEETDECK_BIN_DIR) + "/fleetdeck-cli", {"audit", "check-report", pdf},
                                                     {"XDG_CONFIG_HOME=" + home.path().string(), "XDG_DATA_HOME=" + home.path().string()});
    EXPECT_EQ(check.status, 0) << check.out << check.err;
}

}  // namespace fleetdeck
