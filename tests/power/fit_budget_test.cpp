// "Fit this rack's power budget": one share of every GPU's limit that keeps the rack within its
// feeds at full load — with A+B feeds within one feed alone —, each limit within its board's range
// and rounded down to 5 W; hosts whose draw is not known are left out and said so.
#include <gtest/gtest.h>

#include <memory>

#include "app/host_summary.h"
#include "app/power/fit_budget.h"

using namespace fleetdeck;
using namespace fleetdeck::power;

namespace {

PowerFeed threePhase(const char* name, double amps) { return makeFeed(QString::fromLatin1(name), 208, amps, 3); }

// An 8-GPU host drawing `wallW` at the BMC with each GPU at `gpuW` under a 700 W limit (200–700 W).
HostRecord gpuHost(const char* name, double wallW, double gpuW, const char* rack = "r1", std::optional<std::string> source = "dcmi") {
    protocol::Sample s;
    s.bmc.emplace();
    s.bmc->power_w = wallW;
    s.bmc->power_source = source;
    for (int i = 0; i < 8; ++i) {
        protocol::GpuSample g;
        g.index = i;
        g.power_w = gpuW;
        g.power_limit_w = 700;
        g.power_limit_min_w = 200;
        g.power_limit_max_w = 700;
        s.gpus.push_back(g);
    }
    HostRecord r;
    r.spec.name = QString::fromLatin1(name);
    r.spec.rack = QString::fromLatin1(rack);
    r.state = HostState::Connected;
    r.lastSampleAtMs = 1;
    r.summary = summarizeSample(std::make_shared<const protocol::Sample>(s));
    return r;
}

}  // namespace

TEST(FitBudget, AnAPlusBRackIsFitToOneFeedAlone) {
    // Two feeds of 208 V × 50 A × √3 × 80 % = 14,410 W; 95 % of it: 13,690 W for the whole rack.
    // Three hosts, each 1,800 W besides its GPUs and 8 × 700 W of limits: 22,200 W at full load.
    const std::vector<PowerFeed> feeds{threePhase("A", 50), threePhase("B", 50)};
    const std::vector<HostRecord> hosts{gpuHost("h1", 1800 + 8 * 400, 400), gpuHost("h2", 1800 + 8 * 300, 300),
                                        gpuHost("h3", 1800 + 8 * 500, 500), gpuHost("elsewhere", 9000, 500, "r2")};
    const RackFit fit = fitRackBudget(QStringLiteral("r1"), feeds, hosts);
    ASSERT_EQ(fit.hosts.size(), 3u);
    EXPECT_TRUE(fit.changes);
    EXPECT_TRUE(fit.possible);
    EXPECT_NEAR(fit.fullLoadW, 3 * (1800 + 5600), 1e-6);
    EXPECT_NEAR(fit.budgetW, 14410.6, 1.0);
    EXPECT_FALSE(fit.lostFeed.isEmpty()) << "the binding case is one feed lost";
    // (13,690 − 5,400) / 16,800 = 49.3 % of 700 W → 345.4 W → 345 W.
    EXPECT_NEAR(fit.share, (14410.6 * 0.95 - 5400) / 16800, 0.001);
    for (const HostFit& h : fit.hosts)
        for (const GpuLimit& g : h.gpus) {
            EXPECT_EQ(g.fromW, 700);
            EXPECT_EQ(g.toW, 345);
        }
    EXPECT_LE(fit.fittedW, 14410.6 * 0.95);
    EXPECT_NEAR(fit.hosts[0].worstSlowdownPct, 100.0 * (1 - 345.0 / 700.0), 1e-6);
    EXPECT_TRUE(fit.summary.english().contains("with feed")) << fit.summary.english().toStdString();
}

TEST(FitBudget, ARackThatFitsKeepsItsLimits) {
    const std::vector<PowerFeed> feeds{threePhase("A", 100), threePhase("B", 100)};  // 28.8 kW each
    const RackFit fit = fitRackBudget(QStringLiteral("r1"), feeds, {gpuHost("h1", 5000, 400), gpuHost("h2", 5000, 400)});
    EXPECT_FALSE(fit.changes);
    EXPECT_TRUE(fit.summary.english().contains("fits as it is")) << fit.summary.english().toStdString();
    for (const HostFit& h : fit.hosts)
        for (const GpuLimit& g : h.gpus) EXPECT_EQ(g.toW, g.fromW);
}

TEST(FitBudget, BelowTheBoardsMinimumItCannotFit) {
    const std::vector<PowerFeed> feeds{threePhase("A", 20), threePhase("B", 20)};  // 5.76 kW each
    const RackFit fit = fitRackBudget(QStringLiteral("r1"), feeds, {gpuHost("h1", 6000, 500), gpuHost("h2", 6000, 500)});
    EXPECT_FALSE(fit.possible);
    EXPECT_TRUE(fit.summary.english().contains("even at the GPUs' lowest limits"));
    for (const HostFit& h : fit.hosts)
        for (const GpuLimit& g : h.gpus) EXPECT_EQ(g.toW, 200) << "never below the board's minimum";
}

TEST(FitBudget, HostsWithoutAMeasuredDrawAreLeftOutAndSaidSo) {
    const std::vector<PowerFeed> feeds{threePhase("A", 50)};
    HostRecord offline = gpuHost("off", 5000, 400);
    offline.state = HostState::Offline;
    const RackFit fit = fitRackBudget(QStringLiteral("r1"), feeds,
                                      {gpuHost("h1", 5000, 400), gpuHost("est", 5000, 400, "r1", "estimated"), offline});
    ASSERT_EQ(fit.hosts.size(), 3u);
    EXPECT_TRUE(fit.hosts[0].counted());
    EXPECT_FALSE(fit.hosts[1].counted());
    EXPECT_TRUE(fit.hosts[1].note.english().contains("estimated"));
    EXPECT_FALSE(fit.hosts[2].counted());
    EXPECT_TRUE(fit.hosts[2].note.english().contains("no power reading"));
    EXPECT_NEAR(fit.fullLoadW, 1800 + 5600, 1e-6);
}

TEST(FitBudget, ARackWithoutFeedsHasNothingToFit) {
    const RackFit fit = fitRackBudget(QStringLiteral("r1"), {}, {gpuHost("h1", 5000, 400)});
    EXPECT_FALSE(fit.changes);
    EXPECT_TRUE(fit.summary.english().contains("has no feed")) << fit.summary.english().toStdString();
}
