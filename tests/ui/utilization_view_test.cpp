// The Utilization view fed usage spans as the verdict engine makes them: a lane per GPU coloured
// by its verdict with no data where nothing was recorded, the GPU-hours of each day by state, the
// top wasters with their holder, the group and rack choice, and the sentence saying where the
// figures come from. Offscreen; FLEETDECK_SCREENSHOT_DIR, when set, receives utilization-fed.png.
#include <gtest/gtest.h>

#include <QDateTime>
#include <QDir>
#include <QImage>

#include "app/dashboard/live_usage.h"
#include "app/i18n/translations.h"
#include "app/telemetry_store.h"
#include "tests/support/health_samples.h"
#include "ui/utilization/utilization_view.h"

using namespace fleetdeck;
using utilization::UsageSpan;
using utilization::UsageState;
using utilization::Verdict;

namespace {

constexpr qint64 kMin = 60'000;

// 2026-12-03 10:00 UTC: a day of its own.
const qint64 kT0 = QDateTime(QDate(2026, 12, 3), QTime(10, 0), Qt::UTC).toMSecsSinceEpoch();

UsageSpan span(const char* host, int gpu, qint64 fromMin, qint64 toMin, Verdict verdict, UsageState state) {
    UsageSpan s;
    s.host = QString::fromLatin1(host);
    s.gpu = gpu;
    s.startMs = kT0 + fromMin * kMin;
    s.endMs = kT0 + toMin * kMin;
    s.verdict = verdict;
    s.state = state;
    return s;
}

std::vector<UsageSpan> fedSpans() {
    UsageSpan held = span("gpu-a1", 0, 30, 60, Verdict::HeldIdle, UsageState::HeldIdle);
    held.user = QStringLiteral("alice");
    held.process = QStringLiteral("python3");
    held.job = QStringLiteral("job 4242");
    return {span("gpu-a1", 0, 0, 30, Verdict::Busy, UsageState::Busy), held,
            span("gpu-a1", 1, 0, 60, Verdict::InputBound, UsageState::Busy),
            span("gpu-b1", 0, 0, 20, Verdict::Idle, UsageState::Idle),
            span("gpu-b1", 0, 40, 60, Verdict::Unknown, UsageState::Offline)};
}

std::map<QString, utilization::HostPlace> places() {
    return {{QStringLiteral("gpu-a1"), {QStringLiteral("training"), QStringLiteral("rack-a"), std::nullopt}},
            {QStringLiteral("gpu-b1"), {QStringLiteral("inference"), QStringLiteral("rack-b"), std::nullopt}}};
}

class UtilizationViewTest : public ::testing::Test {
protected:
    static void SetUpTestSuite() { ASSERT_TRUE(i18n::installTranslations(*QCoreApplication::instance(), QStringLiteral("en"))); }
    void SetUp() override {
        view_.resize(1400, 900);
        view_.setUsage(fedSpans(), places(), {QStringLiteral("gpu-a1"), QStringLiteral("gpu-b1")},
                       QStringLiteral("Recorded while FleetDeck ran, since 2026-12-03 10:00"), kT0, kT0 + 60 * kMin);
        view_.show();
        for (int i = 0; i < 3; ++i) QCoreApplication::processEvents();  // the scroll area takes its width
    }
    TelemetryStore store_;
    UtilizationView view_{store_};
};

TEST_F(UtilizationViewTest, ALanePerGpuColouredByItsVerdictAndNoDataWhereNothingWasRecorded) {
    const VerdictLanes& lanes = view_.lanes();
    ASSERT_EQ(lanes.lanes().size(), 3u);
    EXPECT_EQ(lanes.lanes()[0].host, "gpu-a1");
    EXPECT_EQ(lanes.lanes()[0].gpu, 0);
    EXPECT_EQ(lanes.lanes()[1].gpu, 1);
    EXPECT_EQ(lanes.lanes()[2].host, "gpu-b1");
    EXPECT_EQ(lanes.spanAt(0, kT0 + 10 * kMin)->verdict, Verdict::Busy);
    EXPECT_EQ(lanes.spanAt(0, kT0 + 45 * kMin)->verdict, Verdict::HeldIdle);
    EXPECT_EQ(lanes.spanAt(0, kT0 + 45 * kMin)->user, "alice");
    EXPECT_EQ(lanes.spanAt(2, kT0 + 30 * kMin), nullptr);  // not recorded: no data, not idle
    EXPECT_EQ(lanes.spanAt(2, kT0 + 50 * kMin)->state, UsageState::Offline);

    const QImage image = const_cast<VerdictLanes&>(view_.lanes()).grab().toImage();
    const auto colourAt = [&](int lane, qint64 minute) {
        // A pixel above the centre line, clear of the verdict's word.
        const QPoint p = lanes.pointOf(lane, kT0 + minute * kMin) - QPoint(0, 5);
        return image.pixelColor(p);
    };
    EXPECT_EQ(colourAt(0, 10), verdictColor(Verdict::Busy));
    EXPECT_EQ(colourAt(0, 45), verdictColor(Verdict::HeldIdle));
    EXPECT_EQ(colourAt(1, 8), verdictColor(Verdict::InputBound));
    EXPECT_EQ(colourAt(2, 10), verdictColor(Verdict::Idle));
    EXPECT_EQ(colourAt(2, 50), offlineColor());
    const QColor gap = colourAt(2, 30);
    EXPECT_NE(gap, verdictColor(Verdict::Idle));
    EXPECT_NE(gap, offlineColor());
    if (const QString dir = qEnvironmentVariable("FLEETDECK_SCREENSHOT_DIR"); !dir.isEmpty()) {
        EXPECT_TRUE(view_.grab().save(QDir(dir).filePath("utilization-fed.png")));
    }
}

TEST_F(UtilizationViewTest, GpuHoursOfTheDayByStateAndTheTopWasterWithItsHolder) {
    ASSERT_EQ(view_.dayRows().size(), 1u);
    const utilization::GpuHoursRow& day = view_.dayRows().front();
    EXPECT_EQ(day.day, QDate(2026, 12, 3));
    EXPECT_DOUBLE_EQ(day.busyH, 1.5);  // 30 min busy + 60 min input bound
    EXPECT_DOUBLE_EQ(day.heldIdleH, 0.5);
    EXPECT_NEAR(day.idleH, 20.0 / 60, 1e-9);
    EXPECT_NEAR(day.offlineH, 20.0 / 60, 1e-9);
    const QTableWidget& wasters = view_.wasters();
    ASSERT_EQ(wasters.rowCount(), 1);
    const auto cell = [&](int column) { return wasters.item(0, column)->text(); };
    EXPECT_EQ(cell(0), "gpu-a1");
    EXPECT_EQ(cell(1), "GPU 0");
    EXPECT_EQ(cell(2), "python3");
    EXPECT_EQ(cell(3), "alice");
    EXPECT_EQ(cell(4), "job 4242");
    EXPECT_EQ(cell(5), "30 min");
    EXPECT_EQ(cell(6), "–");  // no price per GPU-hour in the inventory
    EXPECT_TRUE(view_.wastersNote().contains("no price per GPU-hour")) << view_.wastersNote().toStdString();
    EXPECT_TRUE(view_.headerText().contains("1 held idle")) << view_.headerText().toStdString();
}

TEST_F(UtilizationViewTest, TheCostOfHeldIdleTimeWhereTheInventoryPricesAGpuHour) {
    auto priced = places();
    priced[QStringLiteral("gpu-a1")].pricePerGpuHour = 4.0;
    view_.setGroupPrices({}, QStringLiteral("USD"));
    view_.setUsage(fedSpans(), priced, {QStringLiteral("gpu-a1"), QStringLiteral("gpu-b1")}, QStringLiteral("Recorded"), kT0, kT0 + 60 * kMin);
    ASSERT_EQ(view_.wasters().rowCount(), 1);
    EXPECT_EQ(view_.wasters().item(0, 6)->text(), "2.00 USD");  // 30 min held idle at 4 USD a GPU-hour
    EXPECT_FALSE(view_.wastersNote().contains("no price")) << view_.wastersNote().toStdString();
}

TEST_F(UtilizationViewTest, AGroupOrARackNarrowsEveryPart) {
    QComboBox& scope = view_.scopeChoice();
    QStringList offered;
    for (int i = 0; i < scope.count(); ++i) offered << scope.itemText(i);
    EXPECT_EQ(offered, (QStringList{"Fleet", "Group inference", "Group training", "Rack rack-a", "Rack rack-b"}));
    scope.setCurrentIndex(scope.findText("Rack rack-b"));
    emit scope.activated(scope.currentIndex());
    ASSERT_EQ(view_.lanes().lanes().size(), 1u);
    EXPECT_EQ(view_.lanes().lanes()[0].host, "gpu-b1");
    ASSERT_EQ(view_.dayRows().size(), 1u);
    EXPECT_DOUBLE_EQ(view_.dayRows().front().busyH, 0.0);
    EXPECT_EQ(view_.wasters().rowCount(), 0);
    EXPECT_TRUE(view_.wastersNote().startsWith("No GPU was held idle"));
}

TEST_F(UtilizationViewTest, SaysWhereTheFiguresComeFromAndWhenNothingIsJudgedYet) {
    EXPECT_TRUE(view_.sourceText().startsWith("Recorded while FleetDeck ran, since")) << view_.sourceText().toStdString();
    view_.setUsage({}, places(), {QStringLiteral("gpu-a1")}, QStringLiteral("Recorded while FleetDeck ran, since now."), kT0, kT0 + kMin);
    EXPECT_TRUE(view_.lanes().lanes().empty());
    EXPECT_TRUE(view_.sourceText().contains("No GPU has been judged yet")) << view_.sourceText().toStdString();
}

// The app's own feed: samples of a host whose GPU holds memory with its SMs idle, through the
// store into LiveUsage and the core's verdict engine, come out as spans of that GPU.
TEST(LiveUsageFeed, TheStoresSamplesBecomeSpansPerGpu) {
    TelemetryStore store;
    HostSpec spec;
    spec.name = QStringLiteral("gpu-h100");
    store.addHost(spec);
    store.setState(spec.name, HostState::Connected, QStringLiteral("agent 0.1.0"));
    LiveUsage live(store, kT0);
    for (int i = 0; i < 10; ++i) {
        protocol::Sample s = test::healthyH100Host(2, kT0 + i * 1000);
        for (auto& g : s.gpus) {
            g.prof = protocol::GpuProfSample{};
            g.prof->source = "gpm";
            g.prof->sm_active_pct = 92;
            g.prof->tensor_active_pct = 60;
            g.prof->dram_active_pct = 40;
            protocol::GpuProcess p;
            p.pid = 11327;
            p.kind = "compute";
            p.name = "python3";
            p.user = "alice";
            p.gpu_mem_bytes = 2566LL * 1024 * 1024;
            g.processes = std::vector<protocol::GpuProcess>{p};
        }
        store.addSample(spec.name, s, kT0 + i * 1000);
        live.update(kT0 + i * 1000);
    }
    std::map<int, qint64> busyMs;
    for (const UsageSpan& s : live.spans()) {
        EXPECT_EQ(s.host, spec.name);
        if (s.verdict == Verdict::Busy) busyMs[s.gpu] += s.endMs - s.startMs;
    }
    ASSERT_EQ(busyMs.size(), 2u) << live.spans().size() << " spans";
    // The first samples are too few to judge; from the third on the GPUs are busy.
    EXPECT_GE(busyMs[0], 6000);
    EXPECT_EQ(busyMs[0], busyMs[1]);
    EXPECT_EQ(live.verdict(spec.name).gpus.front().verdict, Verdict::Busy);
}

}  // namespace
