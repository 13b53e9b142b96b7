// The GUI's history parts on a real SQLite history store in a temporary folder: the host page's
// ranges beyond the live ring (with gaps), the Events view (timeline, list, filters, CSV, opening
// a host over an incident) and the Preferences dialog.
#include <gtest/gtest.h>

#include <QDateTime>
#include <QFont>
#include <QFile>
#include <QSettings>
#include <QUrl>
#include <QSignalSpy>
#include <QTest>

#include "app/fleet_model.h"
#include "app/history/history_store.h"
#include "app/history/incident_sentence.h"
#include "tests/history/english_era_db.h"
#include "tests/support/chinese_catalogues.h"
#include "app/telemetry_store.h"
#include "tests/support/health_samples.h"
#include "tests/support/qt_wait.h"
#include "tests/support/temp_dir.h"
#include "ui/dashboard/host_page.h"
#include "ui/events/events_view.h"
#include "ui/events/incident_timeline.h"
#include "ui/history/prometheus_settings.h"
#include "ui/history/recorded_history.h"
#include "ui/main_window.h"
#include "ui/preferences_dialog.h"

using namespace fleetdeck;
using fleetdeck::test::waitUntil;

namespace {

constexpr qint64 kMinute = 60'000;

HostSpec simulatedHost(const QString& name) {
    HostSpec spec;
    spec.name = name;
    spec.kind = HostSpec::Kind::Simulated;
    spec.simulateProfile = QStringLiteral("hgx-h100-8");
    return spec;
}

history::HistoryPoint gpuPoint(qint64 timeMs, float tempC) {
    history::HistoryPoint p;
    p.value.timeMs = timeMs;
    p.value.cpuUtilPct = 30;
    for (int g = 0; g < 2; ++g) p.value.gpus.push_back({tempC + static_cast<float>(g), 90.0f, 500.0f, 1700.0f});
    p.gpuThrottle.assign(2, 0);
    return p;
}

history::Incident incident(std::int64_t id, const QString& host, history::IncidentKind kind, history::IncidentSeverity severity,
                           qint64 startMs, std::optional<qint64> endMs, const QString& text) {
    history::Incident i;
    i.id = id;
    i.host = host;
    i.kind = kind;
    i.severity = severity;
    i.startMs = startMs;
    i.endMs = endMs;
    i.text = text;
    return i;
}

// The Events view reads off the GUI thread: what the last reload asked for is shown once it is no
// longer reading.
bool readDone(const EventsView& view) { return waitUntil([&] { return !view.reading(); }); }

class HistoryViews : public ::testing::Test {
protected:
    void SetUp() override {
        path_ = QString::fromStdString((dir_.path() / "history.sqlite").string());
        now_ = QDateTime::currentMSecsSinceEpoch();
        store_.addHost(simulatedHost(QStringLiteral("gpu-a1")));
        store_.addHost(simulatedHost(QStringLiteral("gpu-a2")));
    }
    // The host page keeps the chosen range in the settings; leave none for the next test.
    void TearDown() override { QSettings().remove(QStringLiteral("hostPage")); }

    // Writes every second of [fromMs, toMs) for host gpu-a1 at `tempC`.
    void writeRaw(history::HistoryStore& db, qint64 fromMs, qint64 toMs, float tempC) {
        for (qint64 t = fromMs; t < toMs; t += 1000) ASSERT_TRUE(db.addPoint(QStringLiteral("gpu-a1"), history::Tier::Raw, gpuPoint(t, tempC)));
    }

    fleetdeck::test::TempDir dir_;
    QString path_;
    qint64 now_ = 0;
    TelemetryStore store_;
};

}  // namespace

TEST_F(HistoryViews, HostPageShowsTheLastHourFromTheStoreWithAGapWhereNothingWasRecorded) {
    {
        history::HistoryStore db(path_);
        ASSERT_TRUE(db.openForWriting()) << db.error().toStdString();
        ASSERT_TRUE(db.begin());
        writeRaw(db, now_ - 50 * kMinute, now_ - 30 * kMinute, 70);  // before the app was closed
        writeRaw(db, now_ - 20 * kMinute, now_ - 1 * kMinute, 75);   // after it started again
        ASSERT_TRUE(db.commit());
    }
    FleetModel fleet(store_);
    fleet.refresh();
    HostPage page(store_, fleet);
    page.resize(1200, 900);
    page.show();
    page.setStoredHistory(std::make_shared<RecordedHistory>(path_, history::Retention{}));
    page.showHost(QStringLiteral("gpu-a1"));
    page.setRange(HostPage::kRangesMs[1]);  // 1 hour
    ASSERT_TRUE(waitUntil([&] {
        page.refresh(QDateTime::currentMSecsSinceEpoch());
        return !page.loading() && page.sourceText().contains(QStringLiteral("every sample"));
    })) << page.sourceText().toStdString();
    EXPECT_EQ(page.history().gpuCount(), 2);
    // GPU 0's line: two pieces, the 10 minutes in between left empty.
    EXPECT_EQ(page.gpuTempChart().segmentCount(0), 2);
    EXPECT_GT(page.gpuTempChart().pointCount(0), 100);
    EXPECT_NEAR(page.gpuTempChart().shownToMs() - page.gpuTempChart().shownFromMs(), HostPage::kRangesMs[1], 5000);

    // An incident's time range: not live, the charts over exactly that window.
    const qint64 from = now_ - 45 * kMinute, to = now_ - 35 * kMinute;
    page.showTimeRange(QStringLiteral("gpu-a1"), from, to);
    EXPECT_FALSE(page.liveRange());
    ASSERT_TRUE(waitUntil([&] {
        page.refresh(QDateTime::currentMSecsSinceEpoch());
        return !page.loading() && page.gpuTempChart().shownFromMs() == from;
    }));
    EXPECT_EQ(page.gpuTempChart().shownToMs(), to);
    EXPECT_EQ(page.gpuTempChart().segmentCount(0), 1);
    // Back to the chosen range, live.
    page.resetZoom();
    EXPECT_TRUE(page.liveRange());
}

// The history store keeps no profiling counters: over a range that reaches past the live ring,
// the charts take the ring's own samples where it has them, so SM activity still draws the last
// minutes while GPU temperature also draws what was recorded before.
TEST_F(HistoryViews, WhereTheRingReachesItsSamplesWinOverTheStoredOnes) {
    {
        history::HistoryStore db(path_);
        ASSERT_TRUE(db.openForWriting()) << db.error().toStdString();
        ASSERT_TRUE(db.begin());
        writeRaw(db, now_ - 40 * kMinute, now_ - 20, 70);
        ASSERT_TRUE(db.commit());
    }
    for (int i = 0; i < 30; ++i) {
        const qint64 t = now_ - (30 - i) * 1000;
        protocol::Sample s = test::healthyH100Host(2, t);
        for (auto& g : s.gpus) {
            g.prof = protocol::GpuProfSample{};
            g.prof->source = "gpm";
            g.prof->sm_active_pct = 40;
        }
        store_.addSample(QStringLiteral("gpu-a1"), s, t);
    }
    FleetModel fleet(store_);
    fleet.refresh();
    HostPage page(store_, fleet);
    page.resize(1400, 900);
    page.show();
    page.setStoredHistory(std::make_shared<RecordedHistory>(path_, history::Retention{}));
    page.showHost(QStringLiteral("gpu-a1"));
    page.setRange(HostPage::kRangesMs[1]);  // 1 hour: beyond the ring
    ASSERT_TRUE(waitUntil([&] {
        page.refresh(QDateTime::currentMSecsSinceEpoch());
        return !page.loading() && !page.history().live();
    })) << page.sourceText().toStdString();
    // Every ring sample is a row with its SM activity (the chart draws them a pixel column each).
    int withSm = 0;
    for (int r = 0; r < page.history().rowCount(); ++r)
        withSm += page.history().valueAt(r, HostHistoryModel::gpuColumn(0, HostHistoryModel::GpuMetric::SmActive)) == 40.0 ? 1 : 0;
    EXPECT_EQ(withSm, 30);
    EXPECT_FALSE(page.charts().smActiveChart().showsPlaceholder());
    EXPECT_GE(page.charts().smActiveChart().pointCount(0), 1);
    EXPECT_GT(page.gpuTempChart().pointCount(0), 300);  // the recorded 40 minutes too
}

TEST_F(HistoryViews, AHostWithNothingRecordedSaysSoAndDrawsNoLine) {
    FleetModel fleet(store_);
    fleet.refresh();
    HostPage page(store_, fleet);
    page.setStoredHistory(std::make_shared<RecordedHistory>(path_, history::Retention{}));
    page.showHost(QStringLiteral("gpu-a2"));
    page.setRange(HostPage::kRangesMs[4]);  // 7 days, no file yet
    ASSERT_TRUE(waitUntil([&] {
        page.refresh(QDateTime::currentMSecsSinceEpoch());
        return !page.loading() && page.sourceText().contains(QStringLiteral("Nothing recorded yet"));
    })) << page.sourceText().toStdString();
    EXPECT_EQ(page.gpuTempChart().pointCount(0), 0);
}

TEST_F(HistoryViews, EventsViewListsFiltersExportsAndOpensTheHostOverAnIncident) {
    using history::IncidentKind;
    using history::IncidentSeverity;
    {
        history::HistoryStore db(path_);
        ASSERT_TRUE(db.openForWriting()) << db.error().toStdString();
        ASSERT_TRUE(db.begin());
        ASSERT_TRUE(db.saveIncident(incident(1, QStringLiteral("gpu-a1"), IncidentKind::ThermalThrottle, IncidentSeverity::Critical,
                                             now_ - 90 * kMinute, now_ - 80 * kMinute,
                                             QStringLiteral("GPU 3 throttled (thermal) for 10 min, peak 88 °C, \"hot\", <b>x</b>"))));
        ASSERT_TRUE(db.saveIncident(incident(2, QStringLiteral("gpu-a2"), IncidentKind::HostOffline, IncidentSeverity::Warning,
                                             now_ - 30 * kMinute, std::nullopt, QStringLiteral("cannot connect"))));
        ASSERT_TRUE(db.saveIncident(incident(3, QStringLiteral("gpu-a1"), IncidentKind::Push, IncidentSeverity::Info,
                                             now_ - 3 * 24 * 60 * kMinute, now_ - 3 * 24 * 60 * kMinute + 5000, QStringLiteral("pushed 4 settings"))));
        ASSERT_TRUE(db.commit());
    }
    auto incidents = std::make_shared<RecordedIncidents>(path_);
    EventsView view([incidents](const QString& host, qint64 since, qint64 until) { return incidents->read(host, since, until); }, store_);
    view.resize(1200, 800);
    view.show();
    view.reload();
    ASSERT_TRUE(readDone(view));
    // The last 24 hours: two incidents, newest first, one lane per host.
    ASSERT_EQ(view.model().rowCount(), 2);
    EXPECT_EQ(view.model().incident(0)->id, 2);
    EXPECT_TRUE(view.model().index(0, IncidentTableModel::Duration).data().toString().startsWith(QStringLiteral("open for")));
    EXPECT_EQ(view.model().index(1, IncidentTableModel::Duration).data().toString(), QStringLiteral("10 min 0 s"));
    EXPECT_EQ(view.timeline().lanes(), (QStringList{QStringLiteral("gpu-a1"), QStringLiteral("gpu-a2")}));
    EXPECT_TRUE(view.headerText().contains(QStringLiteral("2 incidents"))) << view.headerText().toStdString();

    view.setRangeMs(EventsView::kRangesMs[3]);  // 7 days: the push too
    ASSERT_TRUE(readDone(view));
    EXPECT_EQ(view.model().rowCount(), 3);
    view.setMinimumSeverity(IncidentSeverity::Critical);
    ASSERT_TRUE(readDone(view));
    ASSERT_EQ(view.model().rowCount(), 1);
    EXPECT_EQ(view.model().incident(0)->kind, IncidentKind::ThermalThrottle);
    view.setMinimumSeverity(IncidentSeverity::Info);
    view.setHostFilter(QStringLiteral("gpu-a2"));
    ASSERT_TRUE(readDone(view));
    ASSERT_EQ(view.model().rowCount(), 1);
    view.setHostFilter(QString());
    view.setKindFilter(IncidentKind::Push);
    ASSERT_TRUE(readDone(view));
    ASSERT_EQ(view.model().rowCount(), 1);
    view.setKindFilter(std::nullopt);
    ASSERT_TRUE(readDone(view));

    // CSV: RFC 4180 quoting of the sentence with its comma and quotes.
    const QString csvPath = QString::fromStdString((dir_.path() / "events.csv").string());
    ASSERT_TRUE(view.exportCsv(csvPath));
    QFile csv(csvPath);
    ASSERT_TRUE(csv.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(csv.readAll());
    EXPECT_TRUE(text.startsWith(QStringLiteral("start,end,duration_s,host,gpu,kind,severity,text\r\n")));
    EXPECT_TRUE(text.contains(QStringLiteral(",600,gpu-a1,,thermal_throttle,critical,\"GPU 3 throttled (thermal) for 10 min, peak 88 °C, \"\"hot\"\", <b>x</b>\"")))
        << text.toStdString();
    EXPECT_EQ(text.count(QStringLiteral("\r\n")), 4);
    EXPECT_FALSE(view.exportCsv(QStringLiteral("/nonexistent-folder/x.csv")));

    // A click on the throttle episode's bar: that host, from a little before to a little after it.
    view.setRangeMs(EventsView::kRangesMs[2]);
    ASSERT_TRUE(readDone(view));
    QSignalSpy opened(&view, &EventsView::openHostAt);
    const history::Incident* throttle = nullptr;
    for (const auto& i : view.timeline().incidents())
        if (i.id == 1) throttle = &i;
    ASSERT_NE(throttle, nullptr);
    const QRect bar = view.timeline().barRect(*throttle);
    ASSERT_FALSE(bar.isEmpty());
    QTest::mouseClick(const_cast<IncidentTimeline*>(&view.timeline()), Qt::LeftButton, {}, bar.center());
    ASSERT_EQ(opened.count(), 1);
    EXPECT_EQ(opened[0][0].toString(), QStringLiteral("gpu-a1"));
    EXPECT_LT(opened[0][1].toLongLong(), now_ - 90 * kMinute);
    EXPECT_GT(opened[0][2].toLongLong(), now_ - 80 * kMinute);
}

// A store written while FleetDeck kept sentences, recorded in English (and a little in Chinese),
// read by the Events view after switching to Chinese: the list and its CSV export in one language,
// the sentences no template writes marked as recorded. Then in English again: no Chinese left.
TEST_F(HistoryViews, EventsViewReadsAnEnglishEraStoreInTheReadersLanguage) {
    const auto recorded = test::englishEraIncidents(now_ - 2 * 60 * kMinute);
    QString why;
    ASSERT_TRUE(test::writeEnglishEraDatabase(path_, recorded, why)) << why.toStdString();
    {
        history::HistoryStore db(path_);  // migrated once, by an English session
        ASSERT_TRUE(db.openForWriting()) << db.error().toStdString();
    }
    auto incidents = std::make_shared<RecordedIncidents>(path_);
    const auto csvLines = [](const EventsView& view) {
        QStringList lines = view.model().toCsv().split(QStringLiteral("\r\n"), Qt::SkipEmptyParts);
        lines.removeFirst();  // the header: stable names
        return lines;
    };
    {
        test::ChineseCatalogues chinese;
        ASSERT_TRUE(chinese.loaded());
        EventsView view([incidents](const QString& host, qint64 since, qint64 until) { return incidents->read(host, since, until); }, store_);
        view.setRangeMs(EventsView::kRangesMs[2]);
        view.reload();
        ASSERT_TRUE(readDone(view));
        ASSERT_EQ(view.model().rowCount(), static_cast<int>(recorded.size()));
        int marked = 0;
        for (int row = 0; row < view.model().rowCount(); ++row) {
            const history::Incident* i = view.model().incident(row);
            const QModelIndex text = view.model().index(row, IncidentTableModel::Text);
            const QString shown = text.data().toString();
            if (i->asRecorded()) {
                ++marked;
                EXPECT_TRUE(shown.endsWith(QStringLiteral("（依原文記錄）"))) << shown.toStdString();
                EXPECT_TRUE(text.data(Qt::ToolTipRole).toString().contains(history::asRecordedNote()));
                EXPECT_TRUE(text.data(Qt::FontRole).value<QFont>().italic());
                continue;
            }
            EXPECT_TRUE(test::hasIdeograph(shown)) << i->id << " " << shown.toStdString();
            EXPECT_FALSE(text.data(Qt::FontRole).isValid()) << i->id;
            if (i->id == 1) {
                EXPECT_EQ(shown, QStringLiteral("GPU 2 降頻（功率上限），持續 4 分 10 秒，最高 66 °C，SM 時脈 −420 MHz"));
            }
        }
        EXPECT_EQ(marked, 2);
        const QStringList lines = csvLines(view);
        ASSERT_EQ(lines.size(), static_cast<int>(recorded.size()));
        for (const QString& line : lines) {
            const QString sentence = line.section(QLatin1Char(','), 7);  // after kind and severity, by their stable names
            if (sentence.contains(QStringLiteral("ran hot"))) continue;  // kept as recorded, in English
            for (const char* english : {"throttled", "peak", "runs at", "stopped", "push ", "rollback ", "commissioning", "health", "loss", " for "})
                EXPECT_FALSE(sentence.contains(QLatin1String(english))) << line.toStdString();
            EXPECT_TRUE(test::hasIdeograph(sentence)) << line.toStdString();
        }
    }
    EventsView english([incidents](const QString& host, qint64 since, qint64 until) { return incidents->read(host, since, until); }, store_);
    english.setRangeMs(EventsView::kRangesMs[2]);
    english.reload();
    ASSERT_TRUE(readDone(english));
    const QStringList lines = csvLines(english);
    ASSERT_EQ(lines.size(), static_cast<int>(recorded.size()));
    for (const QString& line : lines) EXPECT_FALSE(test::hasIdeograph(line)) << line.toStdString();
    EXPECT_TRUE(lines.join(QLatin1Char('\n')).contains(QStringLiteral("GPU 2 throttled (power cap) for 4 min 10 s, peak 66 °C, SM clock −420 MHz")));
}

// What a host said, in an incident's text (the reason it went offline), starts like a formula:
// the events CSV neutralises it, and the figures FleetDeck writes stay numbers.
TEST_F(HistoryViews, EventsCsvNeutralisesTextThatStartsLikeAFormula) {
    using history::IncidentKind;
    using history::IncidentSeverity;
    {
        history::HistoryStore db(path_);
        ASSERT_TRUE(db.openForWriting()) << db.error().toStdString();
        ASSERT_TRUE(db.begin());
        ASSERT_TRUE(db.saveIncident(incident(1, QStringLiteral("gpu-a1"), IncidentKind::HostOffline, IncidentSeverity::Warning,
                                             now_ - 20 * kMinute, now_ - 10 * kMinute, QStringLiteral("=HYPERLINK(\"http://evil.example/\",\"x\")"))));
        ASSERT_TRUE(db.saveIncident(incident(2, QStringLiteral("gpu-a2"), IncidentKind::HostOffline, IncidentSeverity::Warning,
                                             now_ - 9 * kMinute, now_ - 8 * kMinute, QStringLiteral("\t=1+2"))));
        ASSERT_TRUE(db.saveIncident(incident(3, QStringLiteral("gpu-a2"), IncidentKind::HostOffline, IncidentSeverity::Warning,
                                             now_ - 7 * kMinute, now_ - 6 * kMinute, QStringLiteral("＝7+8"))));
        ASSERT_TRUE(db.commit());
    }
    auto incidents = std::make_shared<RecordedIncidents>(path_);
    EventsView view([incidents](const QString& host, qint64 since, qint64 until) { return incidents->read(host, since, until); }, store_);
    view.reload();
    ASSERT_TRUE(readDone(view));
    ASSERT_EQ(view.model().rowCount(), 3);
    const QString csvPath = QString::fromStdString((dir_.path() / "events.csv").string());
    ASSERT_TRUE(view.exportCsv(csvPath));
    QFile csv(csvPath);
    ASSERT_TRUE(csv.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(csv.readAll());
    EXPECT_TRUE(text.contains(QStringLiteral(",600,gpu-a1,,host_offline,warning,\"'=HYPERLINK(\"\"http://evil.example/\"\",\"\"x\"\")\"\r\n")))
        << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral(",60,gpu-a2,,host_offline,warning,'\t=1+2\r\n"))) << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral(",60,gpu-a2,,host_offline,warning,'＝7+8\r\n"))) << text.toStdString();
}

TEST_F(HistoryViews, EventsViewSaysWhenTheStoreCannotBeRead) {
    QFile junk(path_);
    ASSERT_TRUE(junk.open(QIODevice::WriteOnly));
    junk.write("this is not a database");
    junk.close();
    auto incidents = std::make_shared<RecordedIncidents>(path_);
    EventsView view([incidents](const QString& host, qint64 since, qint64 until) { return incidents->read(host, since, until); }, store_);
    view.reload();
    ASSERT_TRUE(readDone(view));
    EXPECT_EQ(view.model().rowCount(), 0);
    EXPECT_TRUE(view.statusText().startsWith(QStringLiteral("The recorded events cannot be read"))) << view.statusText().toStdString();
}

TEST(Preferences, TheDialogGivesBackWhatItWasGivenAndWhatTheUserChanged) {
    history::Retention retention{90, 24, 10};
    alerts::AlertRules rules;
    rules.minSeverity = history::IncidentSeverity::Warning;
    rules.kinds = {history::IncidentKind::ThermalThrottle, history::IncidentKind::HostOffline};
    rules.mutedHosts = {QStringLiteral("gpu-b2")};
    rules.minThrottleSeconds = 120;
    PreferencesDialog dialog(retention, rules, {QStringLiteral("gpu-b1"), QStringLiteral("gpu-b2")}, QStringLiteral("Recording into /x"),
                             QStringLiteral("desktop notifications are off"));
    EXPECT_EQ(dialog.retention(), retention);
    EXPECT_EQ(dialog.rules(), rules);
    // Every kind ticked is stored as "every kind".
    alerts::AlertRules all;
    PreferencesDialog defaults(history::Retention{}, all, {}, {}, {});
    EXPECT_TRUE(defaults.rules().kinds.empty());
    EXPECT_TRUE(defaults.rules().enabled);
}

TEST_F(HistoryViews, MainWindowOpensTheHostPageOverATimeRange) {
    MainWindow window(store_);
    window.addView(new EventsView({}, store_));
    window.show();
    EXPECT_TRUE(window.showView(QStringLiteral("events")));
    window.showHostAt(QStringLiteral("gpu-a2"), now_ - 20 * kMinute, now_ - 10 * kMinute);
    EXPECT_EQ(window.hostPage().hostName(), QStringLiteral("gpu-a2"));
    EXPECT_FALSE(window.hostPage().liveRange());
    window.setRecordingWarning(QStringLiteral("History is not being recorded: the disk is full."));
    EXPECT_EQ(window.recordingWarning(), QStringLiteral("History is not being recorded: the disk is full."));
}

TEST_F(HistoryViews, RangesFleetDeckDidNotRecordComeFromPrometheusOrSayWhyNot) {
    {
        history::HistoryStore db(path_);
        ASSERT_TRUE(db.openForWriting()) << db.error().toStdString();
        ASSERT_TRUE(db.begin());
        writeRaw(db, now_ - 20 * kMinute, now_ - 1 * kMinute, 75);
        ASSERT_TRUE(db.commit());
    }
    auto recorded = std::make_shared<RecordedHistory>(path_, history::Retention{});
    // Nothing listens on port 1: the Prometheus read fails, and the chart says so beside FleetDeck's own points.
    PrometheusConnection unreachable;
    unreachable.url = QUrl(QStringLiteral("http://127.0.0.1:1"));
    unreachable.timeout = std::chrono::milliseconds(2000);
    CombinedHistory combined(recorded, std::make_shared<PrometheusHistory>(unreachable));
    const auto hour = combined.load(QStringLiteral("gpu-a1"), now_ - 60 * kMinute, now_);
    ASSERT_TRUE(hour) << hour.problem().message.toStdString();
    EXPECT_FALSE(hour->mean.empty());
    EXPECT_TRUE(hour->source.startsWith(QStringLiteral("Recorded by FleetDeck"))) << hour->source.toStdString();
    EXPECT_TRUE(hour->source.contains(QStringLiteral("(Prometheus: "))) << hour->source.toStdString();
    // A range FleetDeck's record covers is not asked of Prometheus at all.
    const auto recent = combined.load(QStringLiteral("gpu-a1"), now_ - 15 * kMinute, now_);
    ASSERT_TRUE(recent);
    EXPECT_FALSE(recent->source.contains(QStringLiteral("Prometheus")));
}

TEST(Preferences, APrometheusAddressThatIsNotOneKeepsTheDialogOpenAndLosesNothing) {
    PreferencesDialog dialog(history::Retention{}, alerts::AlertRules{}, {}, {}, {});
    PrometheusSettings prometheus;
    prometheus.url = QStringLiteral("ftp://nowhere");
    prometheus.auth = PrometheusSettings::Auth::Basic;
    prometheus.username = QStringLiteral("ops");
    prometheus.secret = QStringLiteral("s3cret");
    dialog.setPrometheus(prometheus, QStringLiteral("no desktop keyring"));
    dialog.show();
    dialog.accept();
    EXPECT_TRUE(dialog.isVisible());
    EXPECT_EQ(dialog.result(), QDialog::Rejected);
    EXPECT_EQ(dialog.prometheus(), prometheus);
    EXPECT_FALSE(prometheusUrlProblem(QStringLiteral("ftp://nowhere")).isEmpty());
    EXPECT_TRUE(prometheusUrlProblem(QStringLiteral("https://prom.example:9090/prefix")).isEmpty());
    EXPECT_FALSE(prometheusUrlProblem(QStringLiteral("http://ops:pw@prom.example")).isEmpty());

    // Saved: address, login kind and user, never the password.
    fleetdeck::test::TempDir dir;
    QSettings settings(QString::fromStdString((dir.path() / "s.ini").string()), QSettings::IniFormat);
    prometheus.url = QStringLiteral("https://prom.example:9090");
    prometheus.save(settings);
    settings.sync();
    QFile ini(settings.fileName());
    ASSERT_TRUE(ini.open(QIODevice::ReadOnly));
    EXPECT_FALSE(QString::fromUtf8(ini.readAll()).contains(QStringLiteral("s3cret")));
    PrometheusSettings back = PrometheusSettings::load(settings);
    EXPECT_TRUE(back.secret.isEmpty());
    back.secret = prometheus.secret;
    EXPECT_EQ(back, prometheus);
}
