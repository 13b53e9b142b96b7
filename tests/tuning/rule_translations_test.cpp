// The rule catalogue in Traditional Chinese: every built-in rule carries a "zh_TW" object with the
// English text's placeholders, a translation that breaks them is refused at load, and the plan's
// text shows the rules' zh_TW sentences (sources as written) while its JSON stays English.
#include <gtest/gtest.h>

#include <QLocale>

#include "app/tuning/plan_diff.h"
#include "app/tuning/plan_text.h"
#include "tests/tuning/tuning_fixtures.h"

using namespace fleetdeck;
using namespace fleetdeck::tuning;
using Json = nlohmann::json;

namespace {

bool hasHanCharacters(const std::string& text) {
    // Every CJK Unified Ideograph (U+4E00..U+9FFF) starts with a UTF-8 lead byte 0xE4..0xE9.
    for (const char c : text)
        if (static_cast<unsigned char>(c) >= 0xE4 && static_cast<unsigned char>(c) <= 0xE9) return true;
    return false;
}

std::vector<std::string> translationProblemsOf(const Json& rule) {
    auto loaded = RuleCatalogue::fromDocuments({{"test.json", Json{{"rules", Json::array({rule})}}}});
    if (auto* p = std::get_if<std::vector<std::string>>(&loaded)) return *p;
    return {};
}

Json gpuWidthAdvice() {
    return {{"id", "t-width"}, {"conditions", Json::array({{{"tenancy", "dedicated"}}})}, {"check", "vm_guest"},
            {"severity", "warning"}, {"finding", "GPU {index} at x{width}"}, {"recommendation", "Reseat it."},
            {"rationale", "Lanes are bandwidth."}, {"source", "guide §2.2"},
            {"zh_TW", {{"rationale", "通道就是頻寬。"}, {"finding", "GPU {index} 以 x{width} 運作"}, {"recommendation", "請重新插拔。"}}}};
}

bool anyProblemMentions(const std::vector<std::string>& problems, const std::string& what) {
    for (const auto& p : problems)
        if (p.find(what) != std::string::npos) return true;
    return false;
}

TEST(RuleTranslations, EveryBuiltInRuleHasZhTwWithTheEnglishPlaceholders) {
    for (const Rule& r : test::builtInCatalogue().rules()) {
        SCOPED_TRACE(r.id);
        const RuleTexts* zh = r.textsIn("zh_TW");
        ASSERT_NE(zh, nullptr) << "no \"zh_TW\" object";
        EXPECT_TRUE(hasHanCharacters(zh->rationale)) << zh->rationale;
        EXPECT_EQ(templatePlaceholders(zh->rationale), templatePlaceholders(r.rationale));
        if (r.isAdvice()) {
            EXPECT_TRUE(hasHanCharacters(zh->finding)) << zh->finding;
            EXPECT_TRUE(hasHanCharacters(zh->recommendation)) << zh->recommendation;
            EXPECT_EQ(templatePlaceholders(zh->finding), templatePlaceholders(r.finding));
            EXPECT_EQ(templatePlaceholders(zh->recommendation), templatePlaceholders(r.recommendation));
        } else {
            EXPECT_TRUE(hasHanCharacters(zh->risk)) << zh->risk;
        }
    }
    EXPECT_EQ(templatePlaceholders("GPU {index} at x{width} of x{width_max} ({index})"),
              (std::vector<std::string>{"index", "width", "width_max"}));
}

TEST(RuleTranslations, ATranslationThatBreaksPlaceholdersOrFieldsIsRefused) {
    EXPECT_TRUE(translationProblemsOf(gpuWidthAdvice()).empty());

    Json lost = gpuWidthAdvice();
    lost["zh_TW"]["finding"] = "GPU 通道不足";
    EXPECT_TRUE(anyProblemMentions(translationProblemsOf(lost), "rules[0].zh_TW.finding: its placeholders differ from the English text's (needs {index} {width})"))
        << ::testing::PrintToString(translationProblemsOf(lost));

    Json extra = gpuWidthAdvice();
    extra["zh_TW"]["recommendation"] = "請重新插拔 {bus_id}。";
    EXPECT_TRUE(anyProblemMentions(translationProblemsOf(extra), "zh_TW.recommendation: its placeholders differ from the English text's (needs none)"));

    Json missing = gpuWidthAdvice();
    missing["zh_TW"].erase("recommendation");
    EXPECT_TRUE(anyProblemMentions(translationProblemsOf(missing), "zh_TW.recommendation"));

    Json unknown = gpuWidthAdvice();
    unknown["zh_TW"]["sauce"] = "來源";
    EXPECT_TRUE(anyProblemMentions(translationProblemsOf(unknown), "zh_TW.sauce: not a translated rule field"));

    Json noEnglish = gpuWidthAdvice();
    noEnglish["zh_TW"]["risk"] = "低。";
    EXPECT_TRUE(anyProblemMentions(translationProblemsOf(noEnglish), "zh_TW.risk: the rule has no English risk to translate"));
}

TEST(RuleTranslations, PlanTextInZhTwKeepsSourcesAndJsonStaysEnglish) {
    const protocol::Facts facts = test::facts("bad_host");
    const TuningPlan plan = makePlan(test::builtInCatalogue(), test::answers("training_distributed_ethernet"), facts);
    const auto diff = diffPlan(plan, currentValuesFromFacts(facts), "facts only");
    const std::string zh = formatPlanText(plan, diff, "zh_TW");
    const std::string en = formatPlanText(plan, diff);

    EXPECT_NE(zh.find("讓工作集留在 RAM：核心會先丟棄分頁快取"), std::string::npos) << zh;
    EXPECT_NE(zh.find("GPU 2 以 x8 運作（應為 x16）：請重新插拔或檢查轉接卡（0000:86:00.0）。"), std::string::npos) << zh;
    EXPECT_NE(zh.find("RAM 為 61.3 GiB，低於指南對大型模型要求的 128 GB。"), std::string::npos) << zh;
    // The citations are the same bytes in both languages.
    const std::string source = "tuned accelerator-performance, throughput-performance, latency-performance: vm.swappiness=10";
    EXPECT_NE(zh.find(source), std::string::npos);
    EXPECT_NE(en.find(source), std::string::npos);
    EXPECT_EQ(en.find("讓工作集"), std::string::npos);
    EXPECT_NE(en.find("Keeps the working set in RAM"), std::string::npos);

    const Json json = toJson(plan);
    EXPECT_EQ(json.dump().find("讓工作集"), std::string::npos);
    EXPECT_NE(json.dump().find("Keeps the working set in RAM"), std::string::npos);
}

TEST(RuleTranslations, TraditionalChineseLocalesPickZhTw) {
    const QLocale saved;
    const auto languageFor = [](const char* name) {
        QLocale::setDefault(QLocale(QString::fromLatin1(name)));
        return catalogueLanguage();
    };
    EXPECT_EQ(languageFor("zh_TW"), "zh_TW");
    EXPECT_EQ(languageFor("zh_HK"), "zh_TW");
    EXPECT_EQ(languageFor("zh_Hant_SG"), "zh_TW");
    EXPECT_EQ(languageFor("zh_CN"), "");
    EXPECT_EQ(languageFor("en_US"), "");
    QLocale::setDefault(saved);
}

}  // namespace
