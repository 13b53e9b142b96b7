// Table-driven: each workload shape of knowledge/tuning.md on a fixture host gives exactly these
// settings and findings, each with its source.
#include <gtest/gtest.h>

#include <map>

#include "app/tuning/planner.h"
#include "tests/tuning/tuning_fixtures.h"

using namespace fleetdeck;
using namespace fleetdeck::tuning;
using Json = nlohmann::json;

namespace {

struct Case {
    const char* name;
    const char* answers;
    const char* facts;
    std::map<std::string, Json> settings;            // id -> value, for every supported setting
    std::map<std::string, std::string> unsupported;  // id -> start of the reason
    std::vector<std::pair<std::string, std::string>> findings;  // rule id, finding text (prefix)
};

// gtest prints the case by name in test listings.
void PrintTo(const Case& c, std::ostream* os) { *os << c.name; }

const Json kTcpRmem = "4096 131072 16777216";
const Json kTcpWmem = "4096 16384 16777216";

std::vector<Case> cases() {
    return {
        {"TrainingDistributedOnH100",
         "training_distributed",
         "h100_training_node",
         {{"cpu.governor", "performance"}, {"cpu.epp", "performance"}, {"gpu.persistence", true},
          {"limits.nofile", 1048576}, {"limits.memlock", "unlimited"}, {"thp.enabled", "madvise"}, {"thp.defrag", "madvise"},
          {"sysctl:vm.swappiness", 10}, {"sysctl:vm.dirty_ratio", 40}, {"sysctl:vm.dirty_background_ratio", 10},
          {"sysctl:vm.zone_reclaim_mode", 0}, {"sysctl:net.ipv4.tcp_rmem", kTcpRmem}, {"sysctl:net.ipv4.tcp_wmem", kTcpWmem},
          {"sysctl:net.core.rmem_max", 16777216}, {"sysctl:net.core.wmem_max", 16777216},
          {"sysctl:net.ipv4.tcp_slow_start_after_idle", 0}, {"block.read_ahead_kb", 4096}, {"block.scheduler", "none"}},
         {},
         {{"numa-pinning", "2 NUMA nodes."}, {"pcie-acs-p2p", "PCIe ACS may route"}}},
        {"TrainingDistributedOverEthernetGetsBbr",
         "training_distributed_ethernet",
         "h100_training_node",
         {{"cpu.governor", "performance"}, {"cpu.epp", "performance"}, {"gpu.persistence", true},
          {"limits.nofile", 1048576}, {"thp.enabled", "madvise"}, {"thp.defrag", "madvise"},
          {"sysctl:vm.swappiness", 10}, {"sysctl:vm.dirty_ratio", 40}, {"sysctl:vm.dirty_background_ratio", 10},
          {"sysctl:vm.zone_reclaim_mode", 0}, {"sysctl:net.ipv4.tcp_rmem", kTcpRmem}, {"sysctl:net.ipv4.tcp_wmem", kTcpWmem},
          {"sysctl:net.core.rmem_max", 16777216}, {"sysctl:net.core.wmem_max", 16777216},
          {"sysctl:net.ipv4.tcp_slow_start_after_idle", 0}, {"sysctl:net.core.default_qdisc", "fq"},
          {"sysctl:net.ipv4.tcp_congestion_control", "bbr"}, {"module:tcp_bbr", true}, {"block.read_ahead_kb", 4096},
          {"block.scheduler", "none"}},
         {},
         {{"numa-pinning", "2 NUMA nodes."}}},
        {"TrainingSingleNodeOnH100",
         "training_single_node",
         "h100_training_node",
         {{"cpu.governor", "performance"}, {"cpu.epp", "performance"}, {"gpu.persistence", true},
          {"limits.nofile", 1048576}, {"thp.enabled", "madvise"}, {"thp.defrag", "madvise"}, {"sysctl:vm.swappiness", 10},
          {"sysctl:vm.dirty_ratio", 40}, {"sysctl:vm.dirty_background_ratio", 10}, {"sysctl:vm.zone_reclaim_mode", 0},
          {"block.read_ahead_kb", 4096}, {"block.scheduler", "none"}},
         {},
         {{"numa-pinning", "2 NUMA nodes."}}},
        {"InferenceLatencyOnL40s",
         "inference_latency",
         "l40s_inference_node",
         {{"cpu.governor", "performance"}, {"cpu.epp", "performance"}, {"gpu.persistence", true},
          {"limits.nofile", 1048576}, {"thp.enabled", "never"}, {"thp.defrag", "madvise"}, {"sysctl:vm.swappiness", 10},
          {"sysctl:vm.dirty_ratio", 10}, {"sysctl:vm.dirty_background_ratio", 3}, {"sysctl:vm.zone_reclaim_mode", 0},
          {"sysctl:net.core.somaxconn", 4096}, {"sysctl:net.core.busy_read", 50}, {"sysctl:net.core.busy_poll", 50},
          {"sysctl:net.ipv4.tcp_fastopen", 3}, {"block.scheduler", "none"}},
         {},
         {{"cpu-cstate-latency", "Deep CPU idle states"}, {"tuned-active", "tuned profile \"throughput-performance\""}}},
        {"InferenceThroughputOnL40sWithPowerCap",
         "inference_throughput",
         "l40s_inference_node",
         {{"cpu.governor", "performance"}, {"cpu.epp", "performance"}, {"gpu.persistence", true},
          {"gpu.power_limit_w", 300}, {"limits.nofile", 1048576}, {"thp.enabled", "madvise"}, {"thp.defrag", "madvise"},
          {"sysctl:vm.swappiness", 10}, {"sysctl:vm.dirty_ratio", 40}, {"sysctl:vm.dirty_background_ratio", 10},
          {"sysctl:vm.zone_reclaim_mode", 0}, {"sysctl:net.core.somaxconn", 4096}, {"sysctl:net.ipv4.tcp_rmem", kTcpRmem},
          {"sysctl:net.ipv4.tcp_wmem", kTcpWmem}, {"sysctl:net.ipv4.tcp_slow_start_after_idle", 0},
          {"sysctl:net.core.default_qdisc", "fq"}, {"sysctl:net.ipv4.tcp_congestion_control", "bbr"},
          {"module:tcp_bbr", true}, {"block.read_ahead_kb", 4096}, {"block.scheduler", "none"}},
         {},
         {{"tuned-active", "tuned profile \"throughput-performance\""}}},
        {"TrainingSingleNodeInVmGuest",
         "training_single_node",
         "vm_guest",
         {{"gpu.persistence", true}, {"limits.nofile", 1048576}, {"thp.enabled", "madvise"}, {"thp.defrag", "madvise"},
          {"sysctl:vm.swappiness", 10}, {"sysctl:vm.dirty_ratio", 40}, {"sysctl:vm.dirty_background_ratio", 10},
          {"sysctl:vm.zone_reclaim_mode", 0}, {"block.read_ahead_kb", 4096}, {"block.scheduler", "none"}},
         {{"cpu.governor", "no cpufreq in this VM guest"}, {"cpu.epp", "no cpufreq in this VM guest"}},
         {{"vm-guest", "This host is a VM guest."},
          {"gpu-pcie-width", "GPU 0 at x8 of x16"},
          {"nvidia-driver-old", "NVIDIA driver 470.223.02 is older than the R535 branch."},
          {"cpu-no-avx512-amx", "The CPU has neither AVX-512 nor AMX (best vector unit: AVX2)."}}},
    };
}

class PlannerShapes : public ::testing::TestWithParam<Case> {};

TEST_P(PlannerShapes, ExactSettingsAndFindingsWithSources) {
    const Case& c = GetParam();
    const TuningPlan plan = makePlan(test::builtInCatalogue(), test::answers(c.answers), test::facts(c.facts));

    std::map<std::string, Json> supported;
    std::map<std::string, std::string> unsupported;
    for (const PlannedSetting& s : plan.settings) {
        EXPECT_FALSE(s.source.empty()) << s.id;
        EXPECT_FALSE(s.rationale.empty()) << s.id;
        if (s.unsupported) unsupported[s.id] = *s.unsupported;
        else supported[s.id] = s.value;
    }
    EXPECT_EQ(supported, c.settings);
    ASSERT_EQ(unsupported.size(), c.unsupported.size());
    for (const auto& [id, reason] : c.unsupported) EXPECT_TRUE(unsupported[id].starts_with(reason)) << id << ": " << unsupported[id];

    ASSERT_EQ(plan.advice.size(), c.findings.size()) << toJson(plan)["advice"].dump(2);
    for (const auto& [rule, text] : c.findings) {
        const auto it = std::find_if(plan.advice.begin(), plan.advice.end(), [&rule = rule](const Finding& f) { return f.rule == rule; });
        ASSERT_NE(it, plan.advice.end()) << rule;
        EXPECT_TRUE(it->finding.starts_with(text)) << it->finding;
        EXPECT_FALSE(it->source.empty()) << rule;
        EXPECT_FALSE(it->recommendation.empty()) << rule;
    }
}

INSTANTIATE_TEST_SUITE_P(Tuning, PlannerShapes, ::testing::ValuesIn(cases()),
                         [](const auto& info) { return std::string(info.param.name); });

// The Done-when host: 64 GB RAM, a 1 Gb/s NIC and one GPU at x8 of x16 -> exactly those findings.
TEST(Planner, BadHostGivesTheThreeHardwareFindings) {
    const TuningPlan plan =
        makePlan(test::builtInCatalogue(), test::answers("training_distributed_ethernet"), test::facts("bad_host"));
    std::map<std::string, const Finding*> byRule;
    for (const Finding& f : plan.advice) byRule[f.rule] = &f;
    ASSERT_EQ(byRule.size(), 3u) << toJson(plan)["advice"].dump(2);

    ASSERT_TRUE(byRule.count("ram-under-128gb"));
    EXPECT_EQ(byRule["ram-under-128gb"]->finding, "61.3 GiB of RAM, under the 128 GB the guide asks for large models.");
    EXPECT_EQ(byRule["ram-under-128gb"]->source, "guide §2.2");
    EXPECT_EQ(byRule["ram-under-128gb"]->severity, Severity::Warning);

    ASSERT_TRUE(byRule.count("nic-under-10g"));
    EXPECT_EQ(byRule["nic-under-10g"]->finding, "No NIC reaches 10 Gb/s: the fastest, eno1, runs at 1 Gb/s.");
    EXPECT_EQ(byRule["nic-under-10g"]->source, "guide §4; guide §6");

    ASSERT_TRUE(byRule.count("gpu-pcie-width"));
    EXPECT_EQ(byRule["gpu-pcie-width"]->finding + ": " + byRule["gpu-pcie-width"]->recommendation,
              "GPU 2 at x8 of x16: reseat or check the riser (0000:86:00.0).");
    EXPECT_TRUE(byRule["gpu-pcie-width"]->source.starts_with("guide §2.1"));
}

// Guide §2.1 asks for GPUs in PCIe 4.0 or newer slots: a GPU whose link tops out at gen 3 (a
// Gen3 platform) is flagged, whatever its current generation; one that reaches gen 4 is not.
TEST(Planner, GpuLinkBelowPcieGen4IsFlagged) {
    protocol::Facts facts = test::facts("l40s_inference_node");
    ASSERT_FALSE(facts.gpus.empty());
    const auto flagged = [&facts] {
        std::vector<std::string> texts;
        for (const Finding& f : makePlan(test::builtInCatalogue(), test::answers("inference_latency"), facts).advice)
            if (f.rule == "gpu-pcie-gen-below-4") texts.push_back(f.finding + " | " + f.source);
        return texts;
    };
    EXPECT_TRUE(flagged().empty()) << "a gen 4 link";
    facts.gpus[0].pcie_gen = 3;
    facts.gpus[0].pcie_gen_max = 3;
    ASSERT_EQ(flagged().size(), 1u);
    EXPECT_EQ(flagged()[0], "GPU 0 can link at PCIe gen 3 at most, below the gen 4 the guide asks for. | guide §2.1 (GPUs in PCIe 4.0+ slots)");
    facts.gpus[0].pcie_gen_max.reset();
    EXPECT_TRUE(flagged().empty()) << "an unknown maximum";
}

TEST(Planner, SettingsCarryTheCatalogueValuesAndSources) {
    const RuleCatalogue& catalogue = test::builtInCatalogue();
    const TuningPlan plan = makePlan(catalogue, test::answers("inference_latency"), test::facts("l40s_inference_node"));
    for (const PlannedSetting& s : plan.settings) {
        const Rule* rule = catalogue.find(s.rule);
        ASSERT_NE(rule, nullptr) << s.rule;
        EXPECT_EQ(s.id, rule->setting);
        if (rule->valueFrom.is_null()) { EXPECT_EQ(s.value, rule->value) << s.id; }
        EXPECT_EQ(s.source, rule->source);
        EXPECT_EQ(s.rationale, rule->rationale);
    }
    EXPECT_EQ(plan.setting("thp.enabled")->source, "tuned network-latency: [vm] transparent_hugepages=never");
    EXPECT_EQ(plan.setting("sysctl:net.core.busy_read")->source, "tuned network-latency: net.core.busy_read=50");
}

TEST(Planner, BusyPollingNeverOnSharedHosts) {
    TuningAnswers a = test::answers("inference_latency");
    a.tenancy = Tenancy::Shared;
    const TuningPlan plan = makePlan(test::builtInCatalogue(), a, test::facts("l40s_inference_node"));
    EXPECT_EQ(plan.setting("sysctl:net.core.busy_read"), nullptr);
    EXPECT_EQ(plan.setting("sysctl:net.core.busy_poll"), nullptr);
    for (const Finding& f : plan.advice) EXPECT_NE(f.rule, "cpu-cstate-latency");
}

TEST(Planner, NoNvidiaGpuMakesGpuSettingsUnsupported) {
    protocol::Facts facts = test::facts("l40s_inference_node");
    facts.gpus.clear();
    const TuningPlan plan = makePlan(test::builtInCatalogue(), test::answers("inference_throughput"), facts);
    ASSERT_NE(plan.setting("gpu.persistence"), nullptr);
    EXPECT_EQ(plan.setting("gpu.persistence")->unsupported, "no NVIDIA GPU on this host");
    EXPECT_EQ(plan.setting("gpu.power_limit_w")->unsupported, "no NVIDIA GPU on this host");
}

TEST(Planner, WithoutFactsKeepsSettingsAndFindsNothing) {
    const TuningPlan plan = makePlan(test::builtInCatalogue(), test::answers("training_single_node"), std::nullopt, "new-host");
    EXPECT_EQ(plan.host, "new-host");
    EXPECT_TRUE(plan.advice.empty());
    for (const auto& s : plan.settings) EXPECT_FALSE(s.unsupported) << s.id;
    EXPECT_NE(plan.setting("cpu.governor"), nullptr);
}

// However the answers combine, no setting id is proposed by two rules (the first would silently win).
TEST(Planner, NoTwoRulesProposeTheSameSettingForAnyAnswers) {
    const RuleCatalogue& catalogue = test::builtInCatalogue();
    int combinations = 0;
    for (const char* workload : {"training", "inference"})
        for (bool distributed : {false, true})
            for (const char* interconnect : {"ethernet", "infiniband", "roce"})
                for (const char* tenancy : {"dedicated", "shared"})
                    for (const Json& latency : {Json(), Json(20)})
                        for (const Json& power : {Json(), Json(6000)}) {
                            if (std::string(workload) == "training" && !latency.is_null()) continue;
                            const Json doc = {{"workload", workload}, {"distributed", distributed},
                                              {"nodes", distributed ? 4 : 1}, {"interconnect", interconnect},
                                              {"model_memory", "sharded"}, {"data_location", "nas"},
                                              {"latency_target_ms", latency}, {"tenancy", tenancy}, {"power_cap_w", power}};
                            const auto parsed = parseAnswers(doc);
                            ASSERT_TRUE(std::holds_alternative<TuningAnswers>(parsed)) << doc.dump();
                            const Json view = conditionView(std::get<TuningAnswers>(parsed));
                            std::map<std::string, std::string> proposer;
                            for (const Rule& r : catalogue.rules()) {
                                if (r.isAdvice()) continue;
                                const bool applies = std::any_of(r.conditions.begin(), r.conditions.end(), [&](const RuleCondition& c) {
                                    for (const auto& [k, vs] : c.answers)
                                        if (std::find(vs.begin(), vs.end(), view.at(k)) == vs.end()) return false;
                                    return true;
                                });
                                if (!applies) continue;
                                EXPECT_TRUE(proposer.emplace(r.setting, r.id).second)
                                    << r.setting << " by " << proposer[r.setting] << " and " << r.id << " for " << doc.dump();
                            }
                            ++combinations;
                        }
    EXPECT_GT(combinations, 50);
}

}  // namespace
