// A rack's power against its feeds and the air its hosts breathe (docs/power.md): loads split
// over a host's feeds, failover moving a shared host's whole draw, each finding at its threshold
// and not below it, and a host's readings taken from its sample's `bmc`.
#include <gtest/gtest.h>

#include <memory>

#include "app/host_summary.h"
#include "app/power/rack_power.h"

using namespace fleetdeck;
using namespace fleetdeck::power;

namespace {

PowerFeed rackFeed(const char* name, double volts, double amps, int phases = 3) { return makeFeed(QString::fromLatin1(name), volts, amps, phases); }

HostPower host(const char* name, int unit, std::optional<double> watts, QStringList feeds = {"A", "B"}) {
    HostPower h;
    h.host = QString::fromLatin1(name);
    h.rack = QStringLiteral("r1");
    h.unit = unit;
    h.heightU = 2;
    h.feeds = feeds;
    h.powerW = watts;
    h.peakW = watts;
    if (watts) h.source = QStringLiteral("dcmi");
    return h;
}

const PowerFinding* find(const RackPower& r, const char* kind) {
    for (const PowerFinding& f : r.findings)
        if (f.kind == QLatin1String(kind)) return &f;
    return nullptr;
}

const std::vector<PowerFeed> kAB = {rackFeed("A", 208, 30), rackFeed("B", 208, 30)};  // 8,646 W each

}  // namespace

TEST(RackPower, AHostOnTwoFeedsDrawsHalfFromEachAndAllFromOneWhenTheOtherFails) {
    auto other = host("other", 5, 9000);
    other.rack = QStringLiteral("r2");
    const RackPower r = evaluateRack(QStringLiteral("r1"), 42, kAB,
                                     {host("h1", 30, 4000), host("h2", 20, 3000), host("h3", 10, 1000, {"A"}), other});
    ASSERT_EQ(r.feeds.size(), 2u);
    EXPECT_DOUBLE_EQ(r.feeds[0].nowW, 2000 + 1500 + 1000);
    EXPECT_DOUBLE_EQ(r.feeds[1].nowW, 2000 + 1500);
    EXPECT_EQ(r.feeds[0].hosts, 3);
    EXPECT_EQ(r.hosts.size(), 3u) << "another rack's host is not this rack's";
    // A lost: h1 and h2 move wholly onto B, h3 goes dark with A; B lost: A carries all three.
    EXPECT_DOUBLE_EQ(*r.feeds[1].failoverNowW, 7000);
    EXPECT_EQ(r.feeds[1].failoverLost, QStringLiteral("A"));
    EXPECT_DOUBLE_EQ(*r.feeds[0].failoverNowW, 8000);
    EXPECT_DOUBLE_EQ(r.nowW, 8000);
}

TEST(RackPower, ARackThatFitsBothFeedsButNotOneIsAFailoverFindingOnce) {
    // 12 kW over two 8.6 kW feeds: 6 kW each, fine; 12 kW on one alone trips it.
    const RackPower r = evaluateRack(QStringLiteral("r1"), 42, kAB, {host("h1", 30, 6000), host("h2", 10, 6000)});
    EXPECT_EQ(find(r, "feed_over_budget"), nullptr);
    ASSERT_EQ(r.findings.size(), 1u) << "A lost and B lost read alike: said once";
    const PowerFinding& f = r.findings[0];
    EXPECT_EQ(f.kind, QStringLiteral("feed_loss_overload"));
    EXPECT_EQ(f.severity, FindingSeverity::Critical);
    EXPECT_TRUE(f.text.english().contains("12.00 kW")) << f.text.english().toStdString();
    EXPECT_TRUE(f.text.english().contains("8.65 kW")) << f.text.english().toStdString();
    ASSERT_NE(r.tightestFeed(), nullptr);
    EXPECT_LT(r.tightestFeed()->headroomW(), 0);
}

TEST(RackPower, AFeedOverItsBudgetNowIsCriticalAndOnlyAtThePeakAWarning) {
    auto h1 = host("h1", 30, 9000, {"A"});
    const RackPower now = evaluateRack(QStringLiteral("r1"), 42, kAB, {h1});
    ASSERT_NE(find(now, "feed_over_budget"), nullptr);
    EXPECT_EQ(find(now, "feed_over_budget")->severity, FindingSeverity::Critical);
    EXPECT_EQ(find(now, "feed_over_budget")->feed, QStringLiteral("A"));
    EXPECT_EQ(find(now, "feed_loss_overload"), nullptr) << "no host shares A with B";

    h1.powerW = 8000;
    h1.peakW = 9000;
    const RackPower peak = evaluateRack(QStringLiteral("r1"), 42, kAB, {h1});
    EXPECT_EQ(find(peak, "feed_over_budget"), nullptr);
    ASSERT_NE(find(peak, "feed_peak_over_budget"), nullptr);
    EXPECT_EQ(find(peak, "feed_peak_over_budget")->severity, FindingSeverity::Warning);

    h1.peakW = 8600;
    EXPECT_TRUE(evaluateRack(QStringLiteral("r1"), 42, kAB, {h1}).findings.empty()) << "8.6 kW fits 8,646 W";
}

TEST(RackPower, HostsWithoutAReadingAreCountedNotTakenAsZero) {
    const RackPower r = evaluateRack(QStringLiteral("r1"), 42, kAB, {host("h1", 30, 4000), host("h2", 20, std::nullopt)});
    EXPECT_EQ(r.measured, 1);
    EXPECT_EQ(r.unmeasured, 1);
    EXPECT_DOUBLE_EQ(r.nowW, 4000);
}

TEST(RackPower, InletAboveTwentySevenIsAWarningAboveThirtyTwoCritical) {
    auto warm = host("warm", 30, 1000);
    warm.inletC = 27.5;
    auto hot = host("hot", 20, 1000);
    hot.inletC = 33;
    auto fine = host("fine", 10, 1000);
    fine.inletC = 27;
    const RackPower r = evaluateRack(QStringLiteral("r1"), 42, kAB, {warm, hot, fine});
    int warnings = 0, critical = 0;
    for (const PowerFinding& f : r.findings) {
        ASSERT_EQ(f.kind, QStringLiteral("inlet_hot"));
        (f.severity == FindingSeverity::Critical ? critical : warnings) += 1;
        EXPECT_NE(f.host, QStringLiteral("fine"));
    }
    EXPECT_EQ(warnings, 1);
    EXPECT_EQ(critical, 1);
    EXPECT_EQ(r.findings[0].host, QStringLiteral("hot")) << "critical first";
}

TEST(RackPower, RecirculationIsTheTopThirdMoreThanFiveDegreesAboveTheBottomThird) {
    auto top = host("top", 36, 1000);  // middle U36.5 of 42: top third
    auto middle = host("middle", 20, 1000);
    auto bottom = host("bottom", 4, 1000);
    top.inletC = 26;
    middle.inletC = 30;  // the middle third does not count
    bottom.inletC = 20.5;
    RackPower r = evaluateRack(QStringLiteral("r1"), 42, {}, {top, middle, bottom});
    ASSERT_NE(find(r, "recirculation"), nullptr);
    EXPECT_DOUBLE_EQ(*r.inletTopC, 26);
    EXPECT_DOUBLE_EQ(*r.inletBottomC, 20.5);
    EXPECT_TRUE(find(r, "recirculation")->text.english().contains("5.5 °C"));
    bottom.inletC = 21;
    r = evaluateRack(QStringLiteral("r1"), 42, {}, {top, middle, bottom});
    EXPECT_EQ(find(r, "recirculation"), nullptr) << "5 °C is not more than 5";
    top.unit = 0;  // not placed: nowhere in the rack
    bottom.inletC = 10;
    EXPECT_EQ(find(evaluateRack(QStringLiteral("r1"), 42, {}, {top, middle, bottom}), "recirculation"), nullptr);
}

TEST(RackPower, AHotGpuWithCoolInletAndALargeRiseWithIdleFansPointIntoTheServer) {
    auto h = host("h1", 20, 6000);
    h.inletC = 21;
    h.exhaustC = 43;
    h.fanPct = 35;
    h.gpuHot = true;
    h.hottestGpuC = 88;
    h.hottestGpu = QStringLiteral("GPU 3");
    RackPower r = evaluateRack(QStringLiteral("r1"), 42, {}, {h});
    ASSERT_NE(find(r, "gpu_hot_inlet_cool"), nullptr);
    EXPECT_TRUE(find(r, "gpu_hot_inlet_cool")->text.english().contains("GPU 3 is at 88 °C while its inlet air is 21 °C"));
    ASSERT_NE(find(r, "exhaust_rise"), nullptr);
    EXPECT_TRUE(find(r, "exhaust_rise")->text.english().contains("rises 22 °C")) << find(r, "exhaust_rise")->text.english().toStdString();
    h.fanPct = 80;  // the fans are already working hard: nothing left to raise
    h.inletC = 29;  // and the room is to blame for the GPU
    r = evaluateRack(QStringLiteral("r1"), 42, {}, {h});
    EXPECT_EQ(find(r, "exhaust_rise"), nullptr);
    EXPECT_EQ(find(r, "gpu_hot_inlet_cool"), nullptr);
    EXPECT_NE(find(r, "inlet_hot"), nullptr);
}

TEST(RackPower, AHostsReadingsComeFromItsSamplesBmc) {
    protocol::Sample s;
    protocol::BmcSample& b = s.bmc.emplace();
    b.power_w = 5200;
    b.power_max_w = 6100;
    b.power_source = "dcmi";
    b.inlet_c = 22;
    b.exhaust_c = 37;
    b.fans = {{"Fan1", 9000.0, 40.0, "ok"}, {"Fan2", 9400.0, 44.0, "ok"}, {"Fan3", 8800.0, 38.0, "ok"}};
    protocol::GpuSample g;
    g.index = 5;
    g.temp_c = 84;
    s.gpus = {g};
    HostRecord rec;
    rec.spec.name = QStringLiteral("gpu-01");
    rec.spec.rack = QStringLiteral("r7");
    rec.spec.rackUnit = 10;
    rec.spec.rackHeightU = 6;
    rec.spec.powerFeeds = {QStringLiteral("B")};
    rec.state = HostState::Connected;
    rec.lastSampleAtMs = 1;
    rec.summary = summarizeSample(std::make_shared<const protocol::Sample>(s));
    const HostPower h = hostPower(rec, kAB);
    EXPECT_EQ(h.feeds, QStringList{QStringLiteral("B")});
    EXPECT_EQ(*h.powerW, 5200);
    EXPECT_EQ(*h.peakW, 6100);
    EXPECT_EQ(h.peakFrom, QStringLiteral("bmc_period"));
    EXPECT_EQ(h.source, QStringLiteral("dcmi"));
    EXPECT_EQ(*h.fanPct, 40);
    EXPECT_EQ(*h.fanRpm, 9000);
    EXPECT_EQ(h.hottestGpu, QStringLiteral("GPU 5"));
    EXPECT_TRUE(h.gpuHot) << "84 °C is above the 60–80 °C target band";
    EXPECT_EQ(*hostPower(rec, kAB, 7000.0).peakW, 7000) << "the history's 24 h peak wins";

    rec.state = HostState::Offline;
    EXPECT_FALSE(hostPower(rec, kAB).powerW) << "an offline host's last reading is no reading";
    rec.state = HostState::Connected;
    rec.spec.powerFeeds.clear();
    EXPECT_EQ(hostPower(rec, kAB).feeds, (QStringList{"A", "B"})) << "no list: every feed of the rack";
}
