// Each GPU's usage in the history: points keep the verdict, whether a process held the GPU and
// its SM active; a schema 4 store is migrated and its points stay readable; the recorder, fed a
// simulated held-idle host and a busy one, records verdicts, holders and held_idle incidents that
// add up to the GPU-hours they were.

#include <atomic>

#include <QDateTime>
#include <QFile>
#include <QSignalSpy>
#include <QSqlDatabase>
#include <QSqlQuery>

#include <gtest/gtest.h>

#include "app/history/gpu_usage.h"
#include "app/history/history_recorder.h"
#include "tests/history/history_test_support.h"
#include "agent/json/json.h"
#include "tests/support/qt_wait.h"
#include "tests/support/subprocess.h"
#include "tests/support/temp_dir.h"

namespace fleetdeck::history {
namespace {

using utilization::Verdict;

constexpr std::int64_t kUsageT0 = 1'800'000'000'000;

QString usageDb(const test::TempDir& dir) { return QString::fromStdString((dir.path() / "history.sqlite").string()); }

HistoryPoint twoGpuUsagePoint(std::int64_t t) {
    HistoryPoint p;
    p.value.timeMs = t;
    p.value.cpuUtilPct = 40;
    p.value.gpus = {GpuPoint{70.f, 95.f, 600.f, 1980.f}, GpuPoint{60.f, 0.f, 90.f, 345.f}};
    p.gpuThrottle = {0, 0};
    return p;
}

TEST(GpuUsagePoints, KeepVerdictHeldAndSmActive) {
    HistoryPoint p = twoGpuUsagePoint(kUsageT0);
    p.gpuUsage = {{Verdict::InputBound, true, 23.5f}, {std::nullopt, false, std::nullopt}};
    for (bool withRange : {false, true}) {
        const auto back = decodePoint(encodePoint(p, withRange), kUsageT0, withRange);
        ASSERT_TRUE(back.has_value());
        ASSERT_EQ(back->gpuUsage.size(), 2u);
        EXPECT_EQ(back->gpuUsage[0].verdict, Verdict::InputBound);
        EXPECT_TRUE(back->gpuUsage[0].held);
        EXPECT_NEAR(*back->gpuUsage[0].smActivePct, 23.5, 0.01);
        EXPECT_FALSE(back->gpuUsage[1].verdict.has_value());
        EXPECT_FALSE(back->gpuUsage[1].held);
        EXPECT_FALSE(back->gpuUsage[1].smActivePct.has_value());
        EXPECT_FLOAT_EQ(*back->value.gpus[0].utilPct, 95);
    }
    // A point without usage (what schema 4 wrote) reads as before, with none.
    const auto old = decodePoint(encodePoint(twoGpuUsagePoint(kUsageT0), false), kUsageT0, false);
    ASSERT_TRUE(old.has_value());
    EXPECT_TRUE(old->gpuUsage.empty());
    EXPECT_EQ(old->value.gpus.size(), 2u);
    // Truncated usage is damage, not a shorter point.
    QByteArray cut = encodePoint(p, false);
    cut.chop(1);
    EXPECT_FALSE(decodePoint(cut, kUsageT0, false).has_value());
}

TEST(GpuUsagePoints, ADownsampledPointHasTheVerdictMostOfItsIntervalHad) {
    Downsampler d;
    const HistoryPoint p = twoGpuUsagePoint(kUsageT0);
    for (int i = 0; i < 10; ++i)
        d.add(p.value, p.gpuThrottle, {{i < 7 ? Verdict::Busy : Verdict::CommBound, i == 3, 60.f + float(i)}, {Verdict::Idle, false, 0.f}});
    const HistoryPoint out = d.result(kUsageT0);
    ASSERT_EQ(out.gpuUsage.size(), 2u);
    EXPECT_EQ(out.gpuUsage[0].verdict, Verdict::Busy);
    EXPECT_TRUE(out.gpuUsage[0].held);  // held at some moment of the interval
    EXPECT_NEAR(*out.gpuUsage[0].smActivePct, 64.5, 0.01);
    EXPECT_EQ(out.gpuUsage[1].verdict, Verdict::Idle);
    // Without usage fed, none comes out (a point of an older recorder).
    Downsampler plain;
    plain.add(p.value, p.gpuThrottle);
    EXPECT_TRUE(plain.result(kUsageT0).gpuUsage.empty());
}

TEST(GpuUsageStore, ASchema4StoreIsMigratedAndItsPointsStayReadable) {
    test::TempDir dir;
    const QString path = usageDb(dir);
    {
        HistoryStore store(path);
        ASSERT_TRUE(store.openForWriting()) << store.error().toStdString();
        ASSERT_TRUE(store.begin());
        ASSERT_TRUE(store.addPoint(QStringLiteral("gpu-a3"), Tier::Raw, twoGpuUsagePoint(kUsageT0)));  // no usage: schema 4's layout
        ASSERT_TRUE(store.commit());
    }
    {
        // Back to what schema 4 had: no holders table.
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("downgrade"));
        db.setDatabaseName(path);
        ASSERT_TRUE(db.open());
        QSqlQuery q(db);
        ASSERT_TRUE(q.exec(QStringLiteral("DROP TABLE gpu_holders")));
        ASSERT_TRUE(q.exec(QStringLiteral("PRAGMA user_version = 4")));
        db.close();
    }
    QSqlDatabase::removeDatabase(QStringLiteral("downgrade"));
    HistoryStore store(path);
    ASSERT_TRUE(store.openForWriting()) << store.error().toStdString();
    EXPECT_EQ(store.schemaVersion(), 5);
    const auto series = store.series(QStringLiteral("gpu-a3"), kUsageT0 - 1000, kUsageT0 + 1000, Tier::Raw);
    ASSERT_EQ(series.points.size(), 1u);
    EXPECT_TRUE(series.points[0].gpuUsage.empty());
    const UsageRead read = usageSpans(store, kUsageT0 - 1000, kUsageT0 + 1000);
    EXPECT_TRUE(read.spans.empty());
    EXPECT_EQ(read.unjudgedPoints, 2);  // two GPUs, not judged
    ASSERT_TRUE(store.begin());
    ASSERT_TRUE(store.saveHolderSpan({QStringLiteral("gpu-a3"), 1, kUsageT0, kUsageT0 + 5000, 4242, QStringLiteral("python3"),
                                      QStringLiteral("alice"), QStringLiteral("job 7")}));
    // A process the agent could not name, of no job or container: its text is unknown, not refused.
    EXPECT_TRUE(store.saveHolderSpan({QStringLiteral("gpu-a3"), 2, kUsageT0, kUsageT0 + 5000, 77, QString(), QString(), QString()}))
        << store.error().toStdString();
    ASSERT_TRUE(store.commit());
    const auto spans = store.holderSpans(QStringLiteral("gpu-a3"), kUsageT0, kUsageT0 + 10'000);
    ASSERT_EQ(spans.size(), 2u);
    EXPECT_EQ(spans[0].user, QStringLiteral("alice"));
    EXPECT_EQ(spans[0].belongsTo, QStringLiteral("job 7"));
    EXPECT_EQ(spans[1].pid, 77);
    EXPECT_TRUE(spans[1].user.isEmpty());
}

TEST(GpuUsageRecorder, RecordsVerdictsHoldersAndHeldIdleIncidentsThatAddUpToGpuHours) {
    test::TempDir dir;
    std::atomic<std::int64_t> now{kUsageT0};
    HistoryRecorder::Options o;
    o.path = usageDb(dir);
    o.clock = [&now] { return now.load(); };
    o.flushIntervalMs = 50;
    HistoryRecorder recorder(o);
    QSignalSpy opened(&recorder, &HistoryRecorder::incidentOpened);
    recorder.start();
    test::SimulatedHost held("hgx-h100-8+held-idle:3"), busy("hgx-h100-8+busy:1");
    const QString heldName = QStringLiteral("gpu-held"), busyName = QStringLiteral("gpu-busy");
    constexpr int kSeconds = 15 * 60;
    for (int s = 0; s < kSeconds; ++s) {
        const std::int64_t t = kUsageT0 + s * 1000LL;
        now = t;
        recorder.addSample(heldName, held.at(s), {}, t);
        recorder.addSample(busyName, busy.at(s), {}, t);
        if (s % 300 == 299) recorder.sync();
    }
    recorder.syncAndMaintain();

    // Every GPU of the held host opened a held_idle incident once 10 minutes had passed, from the start.
    ASSERT_TRUE(test::waitUntil([&] { return opened.count() >= 8; }));
    int heldIncidents = 0;
    for (const QList<QVariant>& args : opened) {
        const auto i = args.at(0).value<Incident>();
        if (i.kind != IncidentKind::HeldIdle) continue;
        ++heldIncidents;
        EXPECT_EQ(i.host, heldName);
        EXPECT_EQ(i.startMs, kUsageT0);
        EXPECT_TRUE(i.text.startsWith(QStringLiteral("GPU %1 held idle by ").arg(*i.gpu))) << i.text.toStdString();
        EXPECT_TRUE(i.text.contains(QStringLiteral("user "))) << i.text.toStdString();
    }
    EXPECT_EQ(heldIncidents, 8);

    HistoryStore reader(usageDb(dir));
    ASSERT_TRUE(reader.openReadOnly()) << reader.error().toStdString();
    const std::int64_t end = kUsageT0 + kSeconds * 1000LL;
    const auto raw = reader.series(busyName, kUsageT0, end, Tier::Raw);
    ASSERT_FALSE(raw.points.empty());
    ASSERT_EQ(raw.points.back().gpuUsage.size(), 8u);
    EXPECT_EQ(raw.points.back().gpuUsage[0].verdict, Verdict::Busy);
    EXPECT_TRUE(raw.points.back().gpuUsage[0].held);
    EXPECT_GT(*raw.points.back().gpuUsage[0].smActivePct, 50);
    const auto minute = reader.series(heldName, kUsageT0, end, Tier::Minute);
    ASSERT_FALSE(minute.points.empty());
    EXPECT_EQ(minute.points.back().gpuUsage.at(0).verdict, Verdict::HeldIdle);

    const auto holders = reader.holderSpans(heldName, kUsageT0, end);
    ASSERT_EQ(holders.size(), 8u);  // one holder per GPU, the whole time
    EXPECT_FALSE(holders[0].user.isEmpty());
    EXPECT_GE(holders[0].endMs, end - 61'000);

    const UsageRead read = usageSpans(reader, kUsageT0, end);
    utilization::GpuHoursLedger ledger;
    ledger.setPlaces({{heldName, {QStringLiteral("train"), QStringLiteral("r1"), 3.0}}, {busyName, {QStringLiteral("train"), QStringLiteral("r1"), 3.0}}});
    for (const utilization::UsageSpan& s : read.spans) ledger.add(s);
    const auto byHost = ledger.totals(utilization::GroupBy::Host);
    ASSERT_EQ(byHost.size(), 2u);
    const double gpuHours = 8.0 * kSeconds / 3600.0;  // 2 GPU-hours each
    EXPECT_EQ(byHost[0].key, busyName);
    EXPECT_NEAR(byHost[0].busyH, gpuHours, 0.02);
    EXPECT_NEAR(byHost[0].heldIdleH + byHost[0].idleH, 0, 0.001);
    EXPECT_EQ(byHost[1].key, heldName);
    EXPECT_NEAR(byHost[1].heldIdleH, gpuHours, 0.02);
    EXPECT_NEAR(*byHost[1].wastedCost, byHost[1].heldIdleH * 3.0, 1e-9);
    // By user: the held host's holder carries its held-idle hours.
    const auto wasters = ledger.topWasters(3);
    ASSERT_FALSE(wasters.empty());
    EXPECT_EQ(wasters[0].host, heldName);
    EXPECT_EQ(wasters[0].user, holders[0].user);
    EXPECT_NEAR(wasters[0].heldIdleH, kSeconds / 3600.0, 0.01);
}

}  // namespace
}  // namespace fleetdeck::history

namespace fleetdeck::history {
namespace {

// `fleetdeck-cli utilization` on a store recorded a few minutes ago: the hours, the cost from the
// inventory's prices, the days covered, and CSV cells a spreadsheet would evaluate neutralised.
TEST(UtilizationCli, ReadsTheRecordedGpuHoursWithTheirCost) {
    test::TempDir dir;
    const QString path = usageDb(dir);
    const std::int64_t start = QDateTime::currentMSecsSinceEpoch() - 16 * 60'000;
    {
        std::atomic<std::int64_t> now{start};
        HistoryRecorder::Options o;
        o.path = path;
        o.clock = [&now] { return now.load(); };
        o.flushIntervalMs = 50;
        HistoryRecorder recorder(o);
        recorder.start();
        test::SimulatedHost held("hgx-h100-8+held-idle:3");
        for (int s = 0; s < 12 * 60; ++s) {
            now = start + s * 1000LL;
            recorder.addSample(QStringLiteral("=held"), held.at(s), {}, now);
        }
        recorder.syncAndMaintain();
    }
    const std::string inventory = (dir.path() / "inventory.json").string();
    {
        QFile f(QString::fromStdString(inventory));
        ASSERT_TRUE(f.open(QIODevice::WriteOnly));
        f.write(R"({"version": 1, "currency": "USD", "group_gpu_hour_prices": {"train": 2.5},
                    "hosts": [{"name": "=held", "address": "10.0.0.1", "group": "train"}]})");
    }
    const std::string cli = std::string(FLEETDECK_BIN_DIR) + "/fleetdeck-cli";
    const test::ProcessRun json = test::run_process(cli, {"utilization", "--db", path.toStdString(), "--inventory", inventory, "--since", "1h", "--json"});
    ASSERT_EQ(json.status, 0) << json.err;
    const nlohmann::json doc = nlohmann::json::parse(json.out);
    EXPECT_EQ(doc.at("coverage"), "recorded while FleetDeck ran");
    EXPECT_EQ(doc.at("currency"), "USD");
    ASSERT_EQ(doc.at("totals").size(), 1u);
    const nlohmann::json& total = doc.at("totals").at(0);
    EXPECT_EQ(total.at("key"), "=held");
    const double gpuHours = 8 * 12 / 60.0;  // 8 GPUs for 12 minutes
    EXPECT_NEAR(total.at("held_idle_h").get<double>(), gpuHours, 0.03);
    EXPECT_NEAR(total.at("cost").get<double>(), total.at("total_h").get<double>() * 2.5, 0.01);
    EXPECT_NEAR(total.at("wasted_cost").get<double>(), total.at("held_idle_h").get<double>() * 2.5, 0.02);
    EXPECT_FALSE(doc.at("covered_days").empty());
    ASSERT_FALSE(doc.at("top_wasters").empty());
    EXPECT_FALSE(doc.at("top_wasters").at(0).at("user").get<std::string>().empty());

    const test::ProcessRun csv = test::run_process(cli, {"utilization", "--db", path.toStdString(), "--inventory", inventory, "--since", "1h", "--csv"});
    ASSERT_EQ(csv.status, 0) << csv.err;
    EXPECT_EQ(csv.out.rfind("day,host,busy_h,held_idle_h,idle_h,offline_h,cost,wasted_cost\r\n", 0), 0u) << csv.out;
    EXPECT_NE(csv.out.find(",'=held,"), std::string::npos) << csv.out;  // never a formula

    const test::ProcessRun text = test::run_process(cli, {"utilization", "--db", path.toStdString(), "--inventory", inventory, "--by", "user"});
    ASSERT_EQ(text.status, 0) << text.err;
    EXPECT_NE(text.out.find("recorded while FleetDeck ran"), std::string::npos) << text.out;
    EXPECT_NE(text.out.find("Top wasters"), std::string::npos) << text.out;
    EXPECT_EQ(test::run_process(cli, {"utilization", "--db", path.toStdString(), "--by", "planet"}).status, 2);
    EXPECT_EQ(test::run_process(cli, {"utilization", "--db", path.toStdString(), "--json", "--csv"}).status, 2);
}

}  // namespace
}  // namespace fleetdeck::history
