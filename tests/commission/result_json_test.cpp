// A commissioning result to JSON and back: everything the report and the wizard's resume read.
#include <gtest/gtest.h>

#include "app/commission/result_json.h"
#include "tests/commission/sim_result.h"

namespace fleetdeck::commission {
namespace {

TEST(CommissionResultJson, RoundTripsEveryField) {
    const CommissionResult before = test::simulatedCommission(120, 10);
    const nlohmann::json written = toJson(before);
    const auto read = commissionResultFromJson(nlohmann::json::parse(written.dump()));
    ASSERT_TRUE(read.ok()) << read.problem().message.toStdString();
    const CommissionResult& after = *read;

    EXPECT_EQ(toJson(after), written);
    EXPECT_EQ(written["pass"], false);
    EXPECT_EQ(after.rack, before.rack);
    EXPECT_EQ(after.spec, before.spec);
    EXPECT_FALSE(after.spec.expect.empty());
    EXPECT_EQ(after.specSource, before.specSource);
    EXPECT_EQ(after.operatorName, QStringLiteral("dana.ops"));
    EXPECT_EQ(after.startedMs, before.startedMs);
    EXPECT_EQ(after.finishedMs, before.finishedMs);
    EXPECT_EQ(after.fleetdeckVersion, before.fleetdeckVersion);
    EXPECT_TRUE(after.meshRound);
    EXPECT_FALSE(after.cancelled);
    ASSERT_TRUE(after.burnIn);
    EXPECT_EQ(after.burnIn->durationS, 120);
    EXPECT_EQ(after.burnIn->intervalMs, 10000);
    EXPECT_EQ(after.burnIn->loadCommand, QStringLiteral("gpu_burn 120"));

    ASSERT_EQ(after.hosts.size(), before.hosts.size());
    for (std::size_t i = 0; i < before.hosts.size(); ++i) {
        const HostResult& a = after.hosts[i];
        const HostResult& b = before.hosts[i];
        SCOPED_TRACE(b.spec.name.toStdString());
        EXPECT_EQ(a.spec, b.spec);
        EXPECT_EQ(a.reached, b.reached);
        EXPECT_EQ(a.failedState, b.failedState);
        EXPECT_EQ(a.error, b.error);
        EXPECT_EQ(a.pass, b.pass);
        ASSERT_EQ(a.findings.size(), b.findings.size());
        for (std::size_t f = 0; f < b.findings.size(); ++f) {
            EXPECT_EQ(a.findings[f].severity, b.findings[f].severity);
            EXPECT_EQ(a.findings[f].kind, b.findings[f].kind);
            EXPECT_EQ(a.findings[f].fact, b.findings[f].fact);
            EXPECT_EQ(a.findings[f].text, b.findings[f].text);
            EXPECT_EQ(a.findings[f].gpu, b.findings[f].gpu);
            EXPECT_EQ(a.findings[f].expected, b.findings[f].expected);
            EXPECT_EQ(a.findings[f].actual, b.findings[f].actual);
        }
        ASSERT_EQ(a.observed.has_value(), b.observed.has_value());
        if (b.observed) {
            EXPECT_EQ(protocol::to_json(a.observed->facts), protocol::to_json(b.observed->facts));
            ASSERT_TRUE(a.observed->sample);
            EXPECT_EQ(protocol::to_json(*a.observed->sample), protocol::to_json(*b.observed->sample));
            // What the report's inventory reads.
            EXPECT_EQ(a.observed->facts.dmi.bios_version, b.observed->facts.dmi.bios_version);
            ASSERT_EQ(a.observed->facts.gpus.size(), b.observed->facts.gpus.size());
            EXPECT_EQ(a.observed->facts.gpus[0].uuid, b.observed->facts.gpus[0].uuid);
            EXPECT_EQ(a.observed->facts.nics.at(0).mac, b.observed->facts.nics.at(0).mac);
        }
        ASSERT_EQ(a.burnIn.has_value(), b.burnIn.has_value());
        if (!b.burnIn) continue;
        EXPECT_EQ(a.burnIn->recordedS, b.burnIn->recordedS);
        ASSERT_TRUE(a.burnIn->load);
        EXPECT_EQ(a.burnIn->load->exitStatus, b.burnIn->load->exitStatus);
        EXPECT_EQ(a.burnIn->load->lastLines, b.burnIn->load->lastLines);
        ASSERT_EQ(a.burnIn->gpus.size(), b.burnIn->gpus.size());
        for (std::size_t g = 0; g < b.burnIn->gpus.size(); ++g) {
            const GpuBurnIn& ga = a.burnIn->gpus[g];
            const GpuBurnIn& gb = b.burnIn->gpus[g];
            EXPECT_EQ(ga.index, gb.index);
            EXPECT_EQ(ga.model, gb.model);
            EXPECT_EQ(ga.slowdown_c, gb.slowdown_c);
            EXPECT_EQ(ga.sm_clock_max_mhz, gb.sm_clock_max_mhz);
            ASSERT_EQ(ga.points.size(), gb.points.size());
            for (std::size_t p = 0; p < gb.points.size(); ++p) {
                EXPECT_EQ(ga.points[p].t_s, gb.points[p].t_s);
                EXPECT_EQ(ga.points[p].temp_c, gb.points[p].temp_c);
                EXPECT_EQ(ga.points[p].fan_pct, gb.points[p].fan_pct);
                EXPECT_EQ(ga.points[p].sm_clock_mhz, gb.points[p].sm_clock_mhz);
                EXPECT_EQ(ga.points[p].throttle, gb.points[p].throttle);
            }
        }
    }
    // A reading missing once stays missing, not zero.
    EXPECT_FALSE(after.hosts[0].burnIn->gpus[0].points[30].fan_pct.has_value());
    EXPECT_EQ(after.hosts[5].failedState, HostState::Offline);
}

TEST(CommissionResultJson, ABrokenFieldIsNamedWithItsPath) {
    nlohmann::json doc = toJson(test::simulatedCommission(20, 10));
    doc["hosts"][1]["burn_in"]["gpus"][0]["points"][1]["t_s"] = "soon";
    const auto read = commissionResultFromJson(doc);
    ASSERT_FALSE(read.ok());
    EXPECT_EQ(read.problem().code, ProblemCode::BadInput);
    EXPECT_EQ(read.problem().message, QStringLiteral("commission.hosts[1].burn_in.gpus[0].points[1].t_s: expected number"));

    doc = toJson(test::simulatedCommission(20, 10));
    doc["hosts"][0]["observed"]["facts"]["gpus"][0]["pcie_width"] = "x16";
    const auto facts = commissionResultFromJson(doc);
    ASSERT_FALSE(facts.ok());
    EXPECT_EQ(facts.problem().message, QStringLiteral("commission.hosts[0].observed.facts.gpus[0].pcie_width: expected integer"));
}

TEST(CommissionResultJson, SomethingElseIsNotTakenForAResult) {
    const auto read = commissionResultFromJson(nlohmann::json{{"gpu", {{"count", 8}}}});
    ASSERT_FALSE(read.ok());
    EXPECT_TRUE(read.problem().message.startsWith(QStringLiteral("not a commissioning result")));
}

}  // namespace
}  // namespace fleetdeck::commission
