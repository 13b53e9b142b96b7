// The platform advice of the field guide's §4, §2.2 and §2.3 on the recorded R7615 (a 100 GbE NIC
// at x8 of x16, DDR5 run at 3200 MT/s, one of two supplies without AC): each rule's finding with
// its source, and no finding where the facts do not call for one. Secure Boot and lockdown are
// shown, never advised on. `fleetdeck-cli plan` on the recorded tree gives the same advice.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <map>

#include "app/tuning/planner.h"
#include "tests/support/subprocess.h"
#include "tests/tuning/tuning_fixtures.h"

using namespace fleetdeck;
using namespace fleetdeck::tuning;
using Json = nlohmann::json;

namespace {

std::map<std::string, std::vector<Finding>> findingsByRule(const TuningPlan& plan) {
    std::map<std::string, std::vector<Finding>> byRule;
    for (const Finding& f : plan.advice) byRule[f.rule].push_back(f);
    return byRule;
}

TuningPlan planFor(const protocol::Facts& facts, const char* answers = "training_distributed") {
    return makePlan(test::builtInCatalogue(), test::answers(answers), facts);
}

const char* const kPlatformRules[] = {"nic-pcie-width", "ddr5-under-3600", "psu-single", "psu-failed"};

Json ruleFile(const std::string& name) {
    std::ifstream in(std::string(FLEETDECK_SOURCE_DIR) + "/resources/rules/" + name + ".json");
    return Json::parse(in);
}

}  // namespace

TEST(PlannerPlatform, RecordedHostGivesNicMemoryAndPowerFindingsWithSources) {
    auto byRule = findingsByRule(planFor(test::facts("r7615_platform_faults")));

    ASSERT_EQ(byRule["nic-pcie-width"].size(), 1u);
    const Finding& nic = byRule["nic-pcie-width"][0];
    EXPECT_EQ(nic.severity, Severity::Warning);
    EXPECT_EQ(nic.finding, "NIC ens2f0np0 (100 Gb/s) at PCIe x8 of x16.");
    EXPECT_NE(nic.recommendation.find("bifurcation setting in the firmware (0000:c1:00.0)"), std::string::npos);
    EXPECT_TRUE(nic.source.starts_with("guide §4")) << nic.source;

    ASSERT_EQ(byRule["ddr5-under-3600"].size(), 1u);
    const Finding& memory = byRule["ddr5-under-3600"][0];
    EXPECT_EQ(memory.severity, Severity::Info);
    EXPECT_EQ(memory.finding,
              "Memory runs at 3200 MT/s (12 DDR5 modules), under the 3600 MT/s the guide asks for large-model work.");
    EXPECT_NE(memory.recommendation.find("modules rated 4800 MT/s"), std::string::npos) << memory.recommendation;
    EXPECT_TRUE(memory.source.starts_with("guide §2.2")) << memory.source;

    ASSERT_EQ(byRule["psu-failed"].size(), 1u);
    const Finding& psu = byRule["psu-failed"][0];
    EXPECT_EQ(psu.severity, Severity::Critical);
    EXPECT_EQ(psu.finding, "PS2 Status: Presence detected, Power Supply AC lost.");
    EXPECT_TRUE(psu.source.starts_with("guide §2.3")) << psu.source;
    EXPECT_FALSE(byRule.count("psu-single")) << "two supplies are present";
}

TEST(PlannerPlatform, DdrAdviceOnlyForLargeModelsAndSlowDdr5) {
    const protocol::Facts recorded = test::facts("r7615_platform_faults");
    EXPECT_FALSE(findingsByRule(planFor(recorded, "inference_latency")).count("ddr5-under-3600"))
        << "a model that fits one GPU";
    protocol::Facts ddr4 = recorded;
    for (auto& d : ddr4.memory.dimms) d.type = "DDR4";
    EXPECT_FALSE(findingsByRule(planFor(ddr4)).count("ddr5-under-3600"));
    protocol::Facts fast = recorded;
    for (auto& d : fast.memory.dimms) d.configured_speed_mts = 4800;
    EXPECT_FALSE(findingsByRule(planFor(fast)).count("ddr5-under-3600"));
    protocol::Facts unprivileged = recorded;
    unprivileged.memory.dimms_status = "needs root";
    unprivileged.memory.dimms.clear();
    EXPECT_FALSE(findingsByRule(planFor(unprivileged)).count("ddr5-under-3600"));
}

TEST(PlannerPlatform, NicAdviceOnlyFor100GbAndANarrowedLink) {
    protocol::Facts facts = test::facts("r7615_platform_faults");
    facts.nics[0].speed_mbps = 25000;
    EXPECT_FALSE(findingsByRule(planFor(facts)).count("nic-pcie-width")) << "a 25 Gb/s NIC";
    facts.nics[0].speed_mbps = 200000;
    facts.nics[0].pcie_width = 16;
    EXPECT_FALSE(findingsByRule(planFor(facts)).count("nic-pcie-width")) << "full width";
    facts.nics[0].pcie_width = 8;
    facts.nics[0].pcie_width_max.reset();
    EXPECT_FALSE(findingsByRule(planFor(facts)).count("nic-pcie-width")) << "unknown maximum";
}

TEST(PlannerPlatform, SingleSupplyAndLostRedundancy) {
    protocol::Facts single = test::facts("r7615_platform_faults");
    single.power_supplies.units = {{"PS1 Status", "ok", "Presence detected"}, {"PS2 Status", "absent", std::nullopt}};
    single.power_supplies.count = 1;
    single.power_supplies.redundancy.reset();
    auto byRule = findingsByRule(planFor(single, "inference_latency"));
    ASSERT_EQ(byRule["psu-single"].size(), 1u);
    EXPECT_EQ(byRule["psu-single"][0].finding,
              "One power supply is present (the BMC lists 2 supply slots): the server has no redundant power.");
    EXPECT_EQ(byRule["psu-single"][0].severity, Severity::Warning);
    EXPECT_FALSE(byRule.count("psu-failed"));

    protocol::Facts degraded = test::facts("r7615_platform_faults");
    for (auto& u : degraded.power_supplies.units) u.state = "ok";
    degraded.power_supplies.redundancy = "degraded";
    byRule = findingsByRule(planFor(degraded));
    ASSERT_EQ(byRule["psu-failed"].size(), 1u);
    EXPECT_EQ(byRule["psu-failed"][0].finding, "power supply redundancy: redundancy degraded.");

    protocol::Facts healthy = test::facts("r7615_platform_faults");
    for (auto& u : healthy.power_supplies.units) u.state = "ok";
    healthy.power_supplies.redundancy = "full";
    byRule = findingsByRule(planFor(healthy));
    EXPECT_FALSE(byRule.count("psu-failed"));
    EXPECT_FALSE(byRule.count("psu-single"));
}

TEST(PlannerPlatform, UnreadSuppliesAndHostsWithoutTheseFactsFindNothing) {
    protocol::Facts notRead = test::facts("r7615_platform_faults");
    notRead.power_supplies = {"needs root", "/dev/ipmi0 is root's only", std::nullopt, std::nullopt, {}};
    EXPECT_FALSE(findingsByRule(planFor(notRead)).count("psu-failed"));
    EXPECT_FALSE(findingsByRule(planFor(notRead)).count("psu-single"));
    for (const char* host : {"h100_training_node", "l40s_inference_node", "bad_host", "vm_guest"}) {
        const auto byRule = findingsByRule(planFor(test::facts(host)));
        for (const char* rule : kPlatformRules) EXPECT_FALSE(byRule.count(rule)) << host << ": " << rule;
    }
}

// Every new rule carries its texts in Traditional Chinese beside the English, with the same
// placeholders, and Secure Boot or lockdown appear in no rule's advice.
TEST(PlannerPlatform, RulesCarryTraditionalChineseTextsWithTheSamePlaceholders) {
    for (const char* file : {"network", "memory", "power"}) {
        const Json doc = ruleFile(file);
        for (const Json& rule : doc["rules"]) {
            const std::string id = rule["id"];
            if (std::find(std::begin(kPlatformRules), std::end(kPlatformRules), id) == std::end(kPlatformRules)) continue;
            ASSERT_TRUE(rule.contains("zh_TW")) << id;
            for (const char* field : {"finding", "recommendation", "rationale", "risk"}) {
                const std::string en = rule.at(field), zh = rule["zh_TW"].at(field);
                EXPECT_FALSE(zh.empty()) << id << "." << field;
                for (std::size_t open = en.find('{'); open != std::string::npos; open = en.find('{', open + 1)) {
                    const std::string placeholder = en.substr(open, en.find('}', open) - open + 1);
                    EXPECT_NE(zh.find(placeholder), std::string::npos) << id << ".zh_TW." << field << " lacks " << placeholder;
                }
            }
        }
    }
}

TEST(PlannerPlatform, CliPlanOnTheRecordedTreeGivesTheAdviceWithSources) {
    const std::string tree = std::string(FLEETDECK_SOURCE_DIR) + "/tests/fixtures/r7615-platform-faults/root";
    int status = -1;
    const std::string out = test::run_capture(
        std::string(FLEETDECK_BIN_DIR) + "/fleetdeck-cli",
        {"plan", "--json", "--answers", std::string(FLEETDECK_SOURCE_DIR) + "/tests/fixtures/answers/training_distributed.json",
         "root:" + tree},
        &status, {std::string("FLEETDECK_AGENT=") + FLEETDECK_AGENT_BIN});
    ASSERT_EQ(status, 0) << out;
    const Json doc = Json::parse(out);
    ASSERT_EQ(doc.size(), 1u) << out;
    std::map<std::string, Json> byRule;
    for (const Json& f : doc.begin().value()["plan"]["advice"]) byRule[f["rule"]] = f;
    for (const char* rule : {"nic-pcie-width", "ddr5-under-3600", "psu-failed"}) {
        ASSERT_TRUE(byRule.count(rule)) << rule << " in " << out;
        EXPECT_FALSE(byRule[rule]["source"].get<std::string>().empty()) << rule;
    }
    EXPECT_EQ(byRule["psu-failed"]["severity"], "critical");
}

// `fleetdeck-cli facts` (text, one host) and `--json` (keyed by host) carry every platform key.
TEST(PlannerPlatform, CliFactsOnTheRecordedTreeReportsEveryKey) {
    const std::string host = "root:" + std::string(FLEETDECK_SOURCE_DIR) + "/tests/fixtures/r7615-platform-faults/root";
    const std::vector<std::string> env = {std::string("FLEETDECK_AGENT=") + FLEETDECK_AGENT_BIN};
    const std::string cli = std::string(FLEETDECK_BIN_DIR) + "/fleetdeck-cli";
    int status = -1;
    const Json text = Json::parse(test::run_capture(cli, {"facts", host}, &status, env));
    ASSERT_EQ(status, 0);
    const Json keyed = Json::parse(test::run_capture(cli, {"facts", "--json", host}, &status, env));
    ASSERT_EQ(status, 0);
    ASSERT_EQ(keyed.size(), 1u);
    for (const Json& f : {text, keyed.begin().value()}) {
        EXPECT_EQ(f["secure_boot"], true);
        EXPECT_EQ(f["lockdown"], "integrity");
        EXPECT_EQ(f["nics"][0]["pcie_width"], 8);
        EXPECT_EQ(f["nics"][0]["pcie_width_max"], 16);
        EXPECT_EQ(f["nics"][0]["pcie_gen"], 4);
        EXPECT_EQ(f["nics"][0]["pcie_gen_max"], 4);
        EXPECT_EQ(f["memory"]["dimms"].size(), 12u);
        EXPECT_EQ(f["memory"]["dimms"][0]["configured_speed_mts"], 3200);
        EXPECT_EQ(f["memory"]["dimms"][0]["type"], "DDR5");
        EXPECT_EQ(f["power_supplies"]["count"], 2);
        EXPECT_EQ(f["power_supplies"]["redundancy"], "lost");
        EXPECT_EQ(f["power_supplies"]["units"][1]["state"], "failed");
    }
}
