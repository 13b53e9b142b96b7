// Per-host diffs: current -> proposed, unchanged rows, unsupported settings with their reason,
// and current values taken from facts when the agent cannot read them.
#include <gtest/gtest.h>

#include "app/tuning/current_values_reader.h"
#include "app/tuning/plan_diff.h"
#include "app/tuning/plan_text.h"
#include "tests/tuning/tuning_fixtures.h"

using namespace fleetdeck;
using namespace fleetdeck::tuning;
using Json = nlohmann::json;

namespace {

const DiffRow& row(const std::vector<DiffRow>& rows, const std::string& id) {
    const auto it = std::find_if(rows.begin(), rows.end(), [&](const DiffRow& r) { return r.id == id; });
    if (it == rows.end()) throw std::runtime_error("no row " + id);
    return *it;
}

TEST(PlanDiff, AgentValuesGiveChangesAndUnchangedRows) {
    const TuningPlan plan = makePlan(test::builtInCatalogue(), test::answers("inference_throughput"), test::facts("l40s_inference_node"));
    const Json current = {
        {"sysctl:vm.swappiness", {{"value", "60"}}},                   // a string as sysctl prints it
        {"sysctl:vm.dirty_ratio", 40},                                   // a bare value
        {"thp.enabled", {{"value", "[always] madvise never"}}},        // bracketed, as in sysfs
        {"sysctl:net.core.somaxconn", {{"value", 65535}}},               // above an "only raise" proposal
        {"sysctl:net.ipv4.tcp_rmem", {{"value", "4096\t131072  16777216"}}},
        {"gpu.persistence", {{"value", nullptr}, {"reason", "NVML: insufficient permissions"}}},
    };
    const auto rows = diffPlan(plan, current, kAgentTooOld);
    ASSERT_EQ(rows.size(), plan.settings.size());
    EXPECT_EQ(row(rows, "sysctl:vm.swappiness").status, DiffRow::Status::Change);
    EXPECT_EQ(row(rows, "sysctl:vm.swappiness").current, Json(60));
    EXPECT_EQ(row(rows, "sysctl:vm.swappiness").origin, ValueOrigin::Agent);
    EXPECT_EQ(row(rows, "sysctl:vm.dirty_ratio").status, DiffRow::Status::Unchanged);
    EXPECT_EQ(row(rows, "thp.enabled").current, Json("always"));
    EXPECT_EQ(row(rows, "thp.enabled").status, DiffRow::Status::Change);
    EXPECT_EQ(row(rows, "sysctl:net.core.somaxconn").status, DiffRow::Status::Unchanged);
    EXPECT_EQ(row(rows, "sysctl:net.core.somaxconn").note, "already at least 4096");
    EXPECT_EQ(row(rows, "sysctl:net.ipv4.tcp_rmem").status, DiffRow::Status::Unchanged);
    EXPECT_EQ(row(rows, "gpu.persistence").status, DiffRow::Status::Unknown);
    EXPECT_EQ(row(rows, "gpu.persistence").note, "NVML: insufficient permissions");
    EXPECT_EQ(row(rows, "cpu.governor").status, DiffRow::Status::Unknown);
    EXPECT_EQ(row(rows, "cpu.governor").note, kAgentTooOld);
}

TEST(PlanDiff, UnsupportedSettingsShowTheReason) {
    const protocol::Facts facts = test::facts("vm_guest");
    const TuningPlan plan = makePlan(test::builtInCatalogue(), test::answers("training_single_node"), facts);
    const Json current = {{"block.scheduler", {{"value", nullptr}, {"code", "not_supported"}, {"reason", "EBS volume: scheduler fixed"}}}};
    const auto rows = diffPlan(plan, mergeCurrentValues(current, currentValuesFromFacts(facts)), kAgentTooOld);
    EXPECT_EQ(row(rows, "cpu.governor").status, DiffRow::Status::Unsupported);
    EXPECT_EQ(row(rows, "cpu.governor").note, "no cpufreq in this VM guest: the hypervisor owns CPU frequency");
    EXPECT_EQ(row(rows, "block.scheduler").status, DiffRow::Status::Unsupported);
    EXPECT_EQ(row(rows, "block.scheduler").note, "EBS volume: scheduler fixed");
}

TEST(PlanDiff, FactsFillInThpAndGovernorMarkedAsFromFacts) {
    const protocol::Facts facts = test::facts("h100_training_node");
    const Json fromFacts = currentValuesFromFacts(facts);
    EXPECT_EQ(fromFacts["thp.enabled"], (Json{{"value", "always"}, {"origin", "facts"}}));
    EXPECT_EQ(fromFacts["cpu.governor"], (Json{{"value", "powersave"}, {"origin", "facts"}}));
    const TuningPlan plan = makePlan(test::builtInCatalogue(), test::answers("training_single_node"), facts);
    const auto rows = diffPlan(plan, fromFacts, kAgentTooOld);
    EXPECT_EQ(row(rows, "thp.enabled").status, DiffRow::Status::Change);
    EXPECT_EQ(row(rows, "thp.enabled").origin, ValueOrigin::Facts);
    EXPECT_EQ(row(rows, "thp.defrag").status, DiffRow::Status::Unchanged);
    EXPECT_EQ(row(rows, "cpu.governor").current, Json("powersave"));
    EXPECT_EQ(row(rows, "sysctl:vm.swappiness").status, DiffRow::Status::Unknown);

    // The agent's reading wins over facts.
    const auto merged = mergeCurrentValues({{"thp.enabled", {{"value", "madvise"}, {"origin", "agent"}}}}, fromFacts);
    const auto rows2 = diffPlan(plan, merged, kAgentTooOld);
    EXPECT_EQ(row(rows2, "thp.enabled").status, DiffRow::Status::Unchanged);
    EXPECT_EQ(row(rows2, "thp.enabled").origin, ValueOrigin::Agent);
}

TEST(PlanDiff, TuneReadRepliesBecomeCurrentValues) {
    const Json ok = {{"values", {{"sysctl:vm.swappiness", {{"value", 60}}}, {"thp.enabled", "madvise"}}}};
    const CurrentValues v = currentValuesFrom(protocol::tune_read_from_json(ok));
    EXPECT_TRUE(v.unavailable.empty());
    EXPECT_EQ(v.values["sysctl:vm.swappiness"], (Json{{"value", 60}, {"origin", "agent"}}));
    EXPECT_EQ(v.values["thp.enabled"], (Json{{"value", "madvise"}, {"origin", "agent"}}));

    const Problem old = problemFrom(protocol::Error{protocol::ErrorCode::MethodNotFound, "unknown method tune.read"});
    EXPECT_EQ(currentValuesFrom(old).unavailable, kAgentTooOld);
    const Problem denied = problemFrom(protocol::Error{protocol::ErrorCode::PermissionDenied, "needs root"});
    EXPECT_EQ(currentValuesFrom(denied).unavailable, "current values unavailable: needs root");
    EXPECT_EQ(protocol::to_json(tuneReadParams({"thp.enabled"})), (Json{{"settings", {"thp.enabled"}}}));
}

TEST(PlanText, AlignedTableWithRationaleSourcesAndFindings) {
    const protocol::Facts facts = test::facts("bad_host");
    const TuningPlan plan = makePlan(test::builtInCatalogue(), test::answers("training_distributed_ethernet"), facts);
    const std::string text = formatPlanText(plan, diffPlan(plan, currentValuesFromFacts(facts), "facts only"));
    EXPECT_NE(text.find("== colo-rtx-12: training, distributed over 8 nodes (ethernet)"), std::string::npos) << text;
    EXPECT_NE(text.find("WARNING   GPU 2 at x8 of x16: reseat or check the riser (0000:86:00.0)."), std::string::npos) << text;
    EXPECT_NE(text.find("source: guide §2.2"), std::string::npos);
    // The header and every setting row start their columns at the same offsets.
    std::istringstream lines(text);
    std::string line;
    std::size_t proposedAt = std::string::npos;
    int rows = 0;
    while (std::getline(lines, line)) {
        if (line.starts_with("SETTING")) proposedAt = line.find("PROPOSED");
        if (line.starts_with("thp.enabled ")) {
            EXPECT_EQ(line.find("madvise", line.find("(facts)")), proposedAt) << line;
            ++rows;
        }
        if (line.starts_with("sysctl:vm.swappiness ")) {
            EXPECT_EQ(line.find("10 "), proposedAt) << line;
            ++rows;
        }
    }
    EXPECT_EQ(rows, 2);
}

}  // namespace
