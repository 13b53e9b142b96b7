// The rule catalogue: every built-in rule is complete and sourced, names only known setting ids
// and host checks, and respects the guardrails; broken or dangerous rules are refused at load.
#include <gtest/gtest.h>

#include "agent/setting_catalog/setting_catalog.h"
#include "app/tuning/guardrails.h"
#include "tests/tuning/tuning_fixtures.h"

using namespace fleetdeck;
using namespace fleetdeck::tuning;
using Json = nlohmann::json;

namespace {

std::vector<std::string> problemsOf(const Json& rule) {
    auto loaded = RuleCatalogue::fromDocuments({{"test.json", Json{{"rules", Json::array({rule})}}}});
    if (auto* p = std::get_if<std::vector<std::string>>(&loaded)) return *p;
    return {};
}

Json validSetting() {
    return {{"id", "t-swappiness"}, {"conditions", Json::array({{{"shape", "training_single_node"}}})},
            {"setting", "sysctl:vm.swappiness"}, {"value", 10}, {"rationale", "Keeps memory in RAM."},
            {"source", "tuned accelerator-performance"}, {"risk", "Low."}, {"requires", "nothing"}};
}

Json validAdvice() {
    return {{"id", "t-advice"}, {"conditions", Json::array({{{"tenancy", "dedicated"}}})}, {"check", "vm_guest"},
            {"severity", "warning"}, {"finding", "A guest."}, {"recommendation", "Ask for bare metal."},
            {"rationale", "Guests lack control."}, {"source", "guide §2.1"}};
}

TEST(Catalogue, BuiltInLoadsAndEveryRuleIsComplete) {
    const RuleCatalogue& catalogue = test::builtInCatalogue();
    ASSERT_GE(catalogue.rules().size(), 30u);
    int settings = 0, advice = 0;
    for (const Rule& r : catalogue.rules()) {
        SCOPED_TRACE(r.id);
        EXPECT_FALSE(r.rationale.empty());
        EXPECT_FALSE(r.source.empty());
        EXPECT_FALSE(r.conditions.empty());
        if (r.isAdvice()) {
            ++advice;
            EXPECT_FALSE(r.finding.empty());
            EXPECT_FALSE(r.recommendation.empty());
        } else {
            ++settings;
            EXPECT_NE(settings::find_setting(r.setting), nullptr) << r.setting;
            EXPECT_FALSE(r.risk.empty());
            if (r.valueFrom.is_null()) { EXPECT_FALSE(settings::validate_setting_value(r.setting, r.value)) << r.value; }
        }
        EXPECT_FALSE(guardrailViolation(r));
    }
    EXPECT_GT(settings, 20);
    EXPECT_GT(advice, 10);
}

TEST(Catalogue, SourcesCiteTunedKernelNvidiaOrTheGuide) {
    for (const Rule& r : test::builtInCatalogue().rules()) {
        const bool cited = r.source.find("tuned") != std::string::npos || r.source.find("kernel") != std::string::npos ||
                           r.source.find("guide §") != std::string::npos || r.source.find("NVIDIA") != std::string::npos ||
                           r.source.find("NVML") != std::string::npos || r.source.find("NCCL") != std::string::npos ||
                           r.source.find("google/bbr") != std::string::npos || r.source.find("rdma-core") != std::string::npos;
        EXPECT_TRUE(cited) << r.id << ": " << r.source;
    }
}

TEST(Catalogue, AValidRuleLoads) {
    EXPECT_TRUE(problemsOf(validSetting()).empty());
    EXPECT_TRUE(problemsOf(validAdvice()).empty());
}

struct Broken {
    const char* what;
    Json rule;
    const char* expected;  // part of the problem message
};

TEST(Catalogue, IncompleteOrUnknownRulesAreRefusedWithTheirPath) {
    std::vector<Broken> broken;
    Json r = validSetting();
    r.erase("source");
    broken.push_back({"no source", r, "test.json: rules[0].source: missing"});
    r = validSetting();
    r["rationale"] = "";
    broken.push_back({"empty rationale", r, "rules[0].rationale: empty"});
    r = validSetting();
    r["setting"] = "sysctl:kernel.modules_disabled";
    broken.push_back({"setting not in the catalogue", r, "is not a known setting id"});
    r = validSetting();
    r["value"] = 300;
    broken.push_back({"value out of range", r, "300 is out of range 0..200"});
    r = validSetting();
    r["requires"] = "coffee";
    broken.push_back({"unknown requires", r, "rules[0].requires: expected one of nothing, new_login, service_restart, reboot"});
    r = validSetting();
    r["conditions"] = Json::array({{{"shape", "gaming"}}});
    broken.push_back({"unknown shape", r, "conditions[0].shape: \"gaming\" is not a value of this answer"});
    r = validSetting();
    r["conditions"] = Json::array({{{"facts", {"quantum"}}}});
    broken.push_back({"unknown capability", r, "unknown host capability \"quantum\""});
    r = validSetting();
    r["rationael"] = "typo";
    broken.push_back({"unknown field", r, "rules[0].rationael: not a rule field"});
    r = validAdvice();
    r["check"] = "crystal_ball";
    broken.push_back({"unknown check", r, "unknown check \"crystal_ball\""});
    r = validAdvice();
    r["check"] = "ram_below";
    broken.push_back({"check without its params", r, "rules[0].params.min_gib: missing"});
    for (const auto& b : broken) {
        const auto problems = problemsOf(b.rule);
        ASSERT_EQ(problems.size(), 1u) << b.what;
        EXPECT_NE(problems[0].find(b.expected), std::string::npos) << b.what << ": " << problems[0];
    }
}

TEST(Catalogue, DuplicateIdsAreRefused) {
    auto loaded = RuleCatalogue::fromDocuments({{"a.json", Json{{"rules", Json::array({validSetting(), validSetting()})}}}});
    ASSERT_TRUE(std::holds_alternative<std::vector<std::string>>(loaded));
    EXPECT_NE(std::get<std::vector<std::string>>(loaded)[0].find("duplicate rule id"), std::string::npos);
}

// Guardrails (knowledge/tuning.md "Never do for speed", guide §6).
TEST(Guardrails, RulesThatSwitchOffProtectionsAreRefused) {
    const std::vector<std::string> dangerous = {
        "Disable the firewall to cut latency.",
        "Stop firewalld while training.",
        "Turn off Secure Boot so the driver loads.",
        "Set SELinux to permissive.",
        "Run setenforce 0 before the job.",
        "Disable AppArmor for the container runtime.",
        "Skip encryption: disable LUKS on the scratch disk.",
        "Boot with intel_iommu=off for speed.",
        "Add iommu=off to the kernel command line.",
        "systemctl mask ufw",
    };
    for (const auto& text : dangerous) {
        Json r = validAdvice();
        r["recommendation"] = text;
        const auto problems = problemsOf(r);
        ASSERT_EQ(problems.size(), 1u) << text;
        EXPECT_NE(problems[0].find("guardrail"), std::string::npos) << problems[0];
    }
}

TEST(Guardrails, AcsAndBusyPollingOnlyOnDedicatedHosts) {
    Json acs = validAdvice();
    acs["id"] = "acs-p2p";
    acs["recommendation"] = "Turn ACS off on the PCIe switches.";
    acs["conditions"] = Json::array({{{"tenancy", "dedicated"}}});
    EXPECT_NE(problemsOf(acs).at(0).find("ACS advice must be limited"), std::string::npos);  // no bare_metal
    acs["conditions"] = Json::array({{{"tenancy", "dedicated"}, {"facts", {"bare_metal"}}}});
    EXPECT_TRUE(problemsOf(acs).empty());
    acs["conditions"] = Json::array({{{"tenancy", {"dedicated", "shared"}}, {"facts", {"bare_metal"}}}});
    EXPECT_FALSE(problemsOf(acs).empty());

    Json busy = validSetting();
    busy["setting"] = "sysctl:net.core.busy_poll";
    busy["value"] = 50;
    busy["conditions"] = Json::array({{{"shape", "inference_latency"}}});
    EXPECT_NE(problemsOf(busy).at(0).find("busy polling must be limited"), std::string::npos);
    busy["conditions"] = Json::array({{{"shape", "inference_latency"}, {"tenancy", "dedicated"}}, {{"shape", "inference_throughput"}}});
    EXPECT_FALSE(problemsOf(busy).empty());
    busy["conditions"] = Json::array({{{"shape", "inference_latency"}, {"tenancy", "dedicated"}}});
    EXPECT_TRUE(problemsOf(busy).empty());
}

// The catalogue cannot even express switching a protection off: no such setting id exists.
TEST(Guardrails, SettingCatalogueHoldsNoProtectionSwitch) {
    for (const auto& spec : settings::setting_catalog()) {
        const std::string id(spec.id);
        for (const char* word : {"firewall", "selinux", "apparmor", "secure", "iommu", "crypt", "acs", "modules_disabled",
                                 "kptr", "dmesg_restrict", "randomize_va_space", "yama"})
            EXPECT_EQ(id.find(word), std::string::npos) << id;
    }
}

}  // namespace
