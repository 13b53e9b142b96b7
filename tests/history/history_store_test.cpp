// The history store on real SQLite files: downsampled points keep spikes, each tier is pruned at
// its age, the schema migrates and refuses newer files, and there is one writer.
#include <sys/stat.h>
#include <unistd.h>

#include <QFile>
#include <QFileInfo>

#include <QLocale>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QVariant>

#include <gtest/gtest.h>

#include "app/history/history_store.h"
#include "tests/support/temp_dir.h"

namespace fleetdeck::history {
namespace {

constexpr std::int64_t kT0 = 1'800'000'000'000;  // a fixed simulated wall clock (2027-01-15)

QString dbIn(const test::TempDir& dir) { return QString::fromStdString((dir.path() / "history.sqlite").string()); }

SamplePoint gpuTempPoint(std::int64_t timeMs, float tempC) {
    SamplePoint p;
    p.timeMs = timeMs;
    p.cpuUtilPct = 50;
    p.gpus.push_back({tempC, 90.0f, 500.0f, 1980.0f});
    return p;
}

HistoryPoint rawOnly(std::int64_t timeMs, float tempC) {
    HistoryPoint p;
    p.value = gpuTempPoint(timeMs, tempC);
    p.gpuThrottle = {0};
    return p;
}

// Runs SQL on the file directly, as an older FleetDeck would have left it.
void runSql(const QString& path, const std::vector<QString>& statements) {
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("test-raw"));
        db.setDatabaseName(path);
        ASSERT_TRUE(db.open());
        QSqlQuery q(db);
        for (const QString& s : statements) ASSERT_TRUE(q.exec(s)) << s.toStdString();
        db.close();
    }
    QSqlDatabase::removeDatabase(QStringLiteral("test-raw"));
}

TEST(HistoryStore, AMinutePointKeepsTheSpikeAndTheMean) {
    Downsampler minute;
    for (int s = 0; s < 60; ++s)
        minute.add(gpuTempPoint(kT0 + s * 1000, s == 42 ? 87.0f : 70.0f), {std::uint8_t(s == 42 ? kThrottleThermal : 0)});
    const HistoryPoint p = minute.result(kT0);
    ASSERT_TRUE(p.max && p.min);
    EXPECT_FLOAT_EQ(*p.max->gpus[0].tempC, 87.0f);
    EXPECT_FLOAT_EQ(*p.min->gpus[0].tempC, 70.0f);
    EXPECT_NEAR(*p.value.gpus[0].tempC, 70.0 + 17.0 / 60, 0.01);
    EXPECT_EQ(p.gpuThrottle, std::vector<std::uint8_t>{kThrottleThermal});

    // Stored, packed into a compressed chunk and read back: the spike and the mean survive.
    test::TempDir dir;
    HistoryStore store(dbIn(dir));
    ASSERT_TRUE(store.openForWriting()) << store.error().toStdString();
    ASSERT_TRUE(store.begin());
    ASSERT_TRUE(store.addPoint(QStringLiteral("gpu-a3"), Tier::Minute, p));
    ASSERT_TRUE(store.seal(kT0 + 2 * 3'600'000));
    ASSERT_TRUE(store.commit());
    EXPECT_EQ(store.tierSizes()[Tier::Minute].rows, 1);
    const HistorySeries series = store.series(QStringLiteral("gpu-a3"), kT0 - 1, kT0 + 60'000, Tier::Minute);
    ASSERT_EQ(series.points.size(), 1u);
    const HistoryPoint& back = series.points[0];
    EXPECT_EQ(back.value.timeMs, kT0);
    EXPECT_NEAR(*back.max->gpus[0].tempC, 87.0, 0.05);
    EXPECT_NEAR(*back.value.gpus[0].tempC, 70.28, 0.05);
    EXPECT_NEAR(*back.value.gpus[0].smClockMhz, 1980, 0.5);
    EXPECT_EQ(back.gpuThrottle[0], kThrottleThermal);
    EXPECT_FALSE(back.value.memUsedBytes.has_value());  // missing stays missing, never 0
}

TEST(HistoryStore, TheBmcsPowerAndInletAreKeptAndTheMinutesPeakIsThe24hPeak) {
    // A point ends with the BMC's power and inlet when it has them; the lengths tell that ending
    // from the GPUs' usage, with or without GPUs, raw or with a range.
    for (int gpus : {0, 2}) {
        for (bool usage : {false, true}) {
            for (bool withRange : {false, true}) {
                HistoryPoint p;
                p.value.timeMs = kT0;
                p.value.cpuUtilPct = 40;
                p.value.powerW = 9123.0f;
                p.value.inletC = 23.4f;
                for (int g = 0; g < gpus; ++g) {
                    p.value.gpus.push_back({60.0f, 90.0f, 500.0f, 1980.0f});
                    p.gpuThrottle.push_back(0);
                    if (usage) p.gpuUsage.push_back({utilization::Verdict::Busy, false, 50.0f});
                }
                if (withRange) {
                    p.min = p.value;
                    p.max = p.value;
                    p.max->powerW = 10020.0f;
                }
                const auto back = decodePoint(encodePoint(p, withRange), kT0, withRange);
                ASSERT_TRUE(back.has_value()) << gpus << usage << withRange;
                EXPECT_FLOAT_EQ(*back->value.powerW, 9123.0f);
                EXPECT_NEAR(*back->value.inletC, 23.4, 0.05);
                EXPECT_EQ(back->gpuUsage.size(), usage ? std::size_t(gpus) : 0u);
                if (withRange) {
                    EXPECT_FLOAT_EQ(*back->max->powerW, 10020.0f);
                }
                QByteArray cut = encodePoint(p, withRange);
                cut.chop(1);
                EXPECT_FALSE(decodePoint(cut, kT0, withRange).has_value()) << "a cut ending is damage";
            }
        }
    }
    // Without a BMC nothing is added: the point is as long as before.
    HistoryPoint plain = rawOnly(kT0, 70.0f);
    const qsizetype before = encodePoint(plain, false).size();
    plain.value.powerW.reset();
    EXPECT_EQ(encodePoint(plain, false).size(), before);

    // A minute's spike survives downsampling and storage: the 24 h peak reads it.
    Downsampler minute;
    for (int s = 0; s < 60; ++s) {
        SamplePoint point = gpuTempPoint(kT0 + s * 1000, 70.0f);
        point.powerW = s == 30 ? 11800.0f : 9000.0f;
        point.inletC = 22.0f;
        minute.add(point, {0});
    }
    test::TempDir dir;
    HistoryStore store(dbIn(dir));
    ASSERT_TRUE(store.openForWriting()) << store.error().toStdString();
    ASSERT_TRUE(store.begin());
    ASSERT_TRUE(store.addPoint(QStringLiteral("gpu-a1"), Tier::Minute, minute.result(kT0)));
    ASSERT_TRUE(store.commit());
    const auto peak = peakPowerW(store, QStringLiteral("gpu-a1"), kT0 - 3'600'000, kT0 + 60'000);
    ASSERT_TRUE(peak.has_value());
    EXPECT_FLOAT_EQ(static_cast<float>(*peak), 11800.0f);
    EXPECT_FALSE(peakPowerW(store, QStringLiteral("gpu-a2"), kT0 - 3'600'000, kT0 + 60'000).has_value());
}

TEST(HistoryStore, EachTierIsPrunedAtItsAge) {
    test::TempDir dir;
    HistoryStore store(dbIn(dir));
    ASSERT_TRUE(store.openForWriting());
    Downsampler d;
    d.add(gpuTempPoint(kT0, 70), {0});
    const QString host = QStringLiteral("gpu-01");
    ASSERT_TRUE(store.begin());
    ASSERT_TRUE(store.addPoint(host, Tier::Raw, rawOnly(kT0, 70)));
    ASSERT_TRUE(store.addPoint(host, Tier::TenSeconds, d.result(kT0)));
    ASSERT_TRUE(store.addPoint(host, Tier::Minute, d.result(kT0)));
    ASSERT_TRUE(store.commit());
    const auto count = [&](Tier t) { return store.series(host, kT0 - 1, kT0 + 1, t).points.size(); };
    const Retention r;  // 60 min, 48 h, 30 days
    ASSERT_TRUE(store.prune(r, kT0 + 59 * 60'000));
    EXPECT_EQ(count(Tier::Raw), 1u);
    ASSERT_TRUE(store.prune(r, kT0 + 61 * 60'000));
    EXPECT_EQ(count(Tier::Raw), 0u);
    EXPECT_EQ(count(Tier::TenSeconds), 1u);
    ASSERT_TRUE(store.seal(kT0 + 61 * 60'000));  // the 10 s point now lives in a chunk
    ASSERT_TRUE(store.prune(r, kT0 + 47 * 3'600'000));
    EXPECT_EQ(count(Tier::TenSeconds), 1u);
    ASSERT_TRUE(store.prune(r, kT0 + 49 * 3'600'000));
    EXPECT_EQ(count(Tier::TenSeconds), 0u);
    EXPECT_EQ(count(Tier::Minute), 1u);
    ASSERT_TRUE(store.prune(r, kT0 + 31LL * 86'400'000));
    EXPECT_EQ(count(Tier::Minute), 0u);
}

TEST(HistoryStore, ChoosesTheFinestTierThatCoversTheRange) {
    test::TempDir dir;
    HistoryStore store(dbIn(dir));
    ASSERT_TRUE(store.openForWriting());
    std::int64_t now = kT0;
    store.setClock([&] { return now; });
    const QString host = QStringLiteral("h");
    EXPECT_EQ(store.series(host, now - 15 * 60'000, now).tier, Tier::Raw);
    EXPECT_EQ(store.series(host, now - 3'600'000, now).tier, Tier::Raw);
    EXPECT_EQ(store.series(host, now - 6 * 3'600'000, now).tier, Tier::TenSeconds);
    EXPECT_EQ(store.series(host, now - 7 * 86'400'000LL, now).tier, Tier::Minute);
    EXPECT_EQ(store.series(host, now - 7 * 86'400'000LL, now).stepMs, 60'000);
    // A short range from yesterday is no longer in the raw tier.
    EXPECT_EQ(store.series(host, now - 86'400'000, now - 86'400'000 + 600'000).tier, Tier::TenSeconds);
}

TEST(HistoryStore, MigratesAnOlderSchemaAndKeepsItsIncidents) {
    test::TempDir dir;
    const QString path = dbIn(dir);
    // Version 1, as the first FleetDeck with history wrote it.
    runSql(path, {
        QStringLiteral("CREATE TABLE hosts(id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, last_seen_ms INTEGER)"),
        QStringLiteral("CREATE TABLE points(host INTEGER NOT NULL, tier INTEGER NOT NULL, time_ms INTEGER NOT NULL, "
                       "data BLOB NOT NULL, PRIMARY KEY(host, tier, time_ms)) WITHOUT ROWID"),
        QStringLiteral("CREATE TABLE incidents(id INTEGER PRIMARY KEY, host TEXT NOT NULL, gpu INTEGER, kind TEXT NOT NULL, "
                       "severity INTEGER NOT NULL, start_ms INTEGER NOT NULL, end_ms INTEGER, text TEXT NOT NULL)"),
        QStringLiteral("CREATE INDEX incidents_start ON incidents(start_ms)"),
        QStringLiteral("INSERT INTO incidents VALUES (7, 'gpu-a3', 3, 'thermal_throttle', 2, 1000, 61000, 'GPU 3 throttled (thermal)')"),
        QStringLiteral("PRAGMA user_version = 1"),
    });
    HistoryStore store(path);
    ASSERT_TRUE(store.openForWriting()) << store.error().toStdString();
    EXPECT_EQ(store.schemaVersion(), HistoryStore::kSchemaVersion);
    const auto incidents = store.incidents({});
    ASSERT_EQ(incidents.size(), 1u);
    EXPECT_EQ(incidents[0].id, 7);
    EXPECT_EQ(incidents[0].kind, IncidentKind::ThermalThrottle);
    EXPECT_EQ(incidents[0].severity, IncidentSeverity::Critical);
    EXPECT_EQ(incidents[0].endMs, 61000);
    EXPECT_EQ(incidents[0].detail, QString());
    EXPECT_FALSE(incidents[0].peakTempC.has_value());
    // What version 2 added works: chunks of the downsampled tiers.
    Downsampler d;
    d.add(gpuTempPoint(kT0, 75), {0});
    ASSERT_TRUE(store.begin());
    ASSERT_TRUE(store.addPoint(QStringLiteral("gpu-a3"), Tier::TenSeconds, d.result(kT0)));
    ASSERT_TRUE(store.seal(kT0 + 3'600'000));
    ASSERT_TRUE(store.commit());
    EXPECT_EQ(store.series(QStringLiteral("gpu-a3"), kT0, kT0, Tier::TenSeconds).points.size(), 1u);
}

TEST(HistoryStore, RefusesASchemaNewerThanItKnows) {
    test::TempDir dir;
    const QString path = dbIn(dir);
    runSql(path, {QStringLiteral("CREATE TABLE future(x)"), QStringLiteral("PRAGMA user_version = 99")});
    HistoryStore writer(path);
    EXPECT_FALSE(writer.openForWriting());
    EXPECT_TRUE(writer.error().contains(QStringLiteral("newer FleetDeck"))) << writer.error().toStdString();
    EXPECT_TRUE(writer.error().contains(QStringLiteral("schema 99"))) << writer.error().toStdString();
    EXPECT_TRUE(writer.error().contains(QStringLiteral("update FleetDeck"))) << writer.error().toStdString();
    HistoryStore reader(path);
    EXPECT_FALSE(reader.openReadOnly());
    EXPECT_TRUE(reader.error().contains(QStringLiteral("newer FleetDeck")));
}

TEST(HistoryStore, ASecondWriterIsRefusedWhileAReaderReads) {
    test::TempDir dir;
    const QString path = dbIn(dir);
    HistoryStore writer(path);
    ASSERT_TRUE(writer.openForWriting());
    const QString host = QStringLiteral("gpu-01");
    ASSERT_TRUE(writer.begin());
    ASSERT_TRUE(writer.addPoint(host, Tier::Raw, rawOnly(kT0, 70)));
    ASSERT_TRUE(writer.commit());

    HistoryStore second(path);
    EXPECT_FALSE(second.openForWriting());
    EXPECT_EQ(second.error(), QStringLiteral("another FleetDeck (PID %1) is recording into %2; this window shows history read-only")
                                  .arg(getpid())
                                  .arg(path));

    HistoryStore reader(path);
    ASSERT_TRUE(reader.openReadOnly()) << reader.error().toStdString();
    EXPECT_FALSE(reader.writable());
    EXPECT_EQ(reader.series(host, kT0 - 1, kT0 + 5000, Tier::Raw).points.size(), 1u);
    // The writer goes on writing; the reader sees it.
    ASSERT_TRUE(writer.begin());
    ASSERT_TRUE(writer.addPoint(host, Tier::Raw, rawOnly(kT0 + 1000, 71)));
    ASSERT_TRUE(writer.commit());
    EXPECT_EQ(reader.series(host, kT0 - 1, kT0 + 5000, Tier::Raw).points.size(), 2u);
    EXPECT_FALSE(reader.begin() && reader.addPoint(host, Tier::Raw, rawOnly(kT0 + 2000, 72)) && reader.commit());
}

// An incident without figures (kept as recorded: what schema 4's migration could not read back)
// keeps its English text and the sentence as it was shown, which goes back only to a reader in the
// same language: one in another language reads the English.
TEST(HistoryStore, AnIncidentsShownSentenceGoesOnlyToAReaderInItsLanguage) {
    test::TempDir dir;
    const QLocale before;
    QLocale::setDefault(QLocale(QStringLiteral("zh_TW")));
    {
        HistoryStore store(dbIn(dir));
        ASSERT_TRUE(store.openForWriting());
        Incident i;
        i.id = 1;
        i.host = QStringLiteral("gpu-a3");
        i.kind = IncidentKind::ThermalThrottle;
        i.startMs = 1000;
        i.endMs = 2000;
        i.text = QStringLiteral("GPU 3 throttled (thermal), peak 88 °C");
        i.shownText = QStringLiteral("GPU 3 過熱降頻，最高 88 °C");
        i.shownLocale = QLocale().name();
        ASSERT_TRUE(store.begin());
        ASSERT_TRUE(store.saveIncident(i));
        ASSERT_TRUE(store.commit());
        const auto read = store.incidents({});
        ASSERT_EQ(read.size(), 1u);
        EXPECT_EQ(read[0].text, i.text);
        EXPECT_EQ(read[0].shown(), i.shownText);
    }
    QLocale::setDefault(QLocale(QStringLiteral("en_US")));
    HistoryStore reader(dbIn(dir));
    ASSERT_TRUE(reader.openReadOnly());
    const auto read = reader.incidents({});
    QLocale::setDefault(before);
    ASSERT_EQ(read.size(), 1u);
    EXPECT_EQ(read[0].shown(), QStringLiteral("GPU 3 throttled (thermal), peak 88 °C"));
}

TEST(HistoryStore, IncidentQueriesFilterByTimeHostKindAndSeverity) {
    test::TempDir dir;
    HistoryStore store(dbIn(dir));
    ASSERT_TRUE(store.openForWriting());
    const auto make = [](std::int64_t id, const char* host, IncidentKind kind, IncidentSeverity sev, std::int64_t start,
                         std::optional<std::int64_t> end) {
        Incident i;
        i.id = id;
        i.host = QString::fromLatin1(host);
        i.kind = kind;
        i.severity = sev;
        i.startMs = start;
        i.endMs = end;
        i.text = QStringLiteral("t");
        return i;
    };
    ASSERT_TRUE(store.begin());
    ASSERT_TRUE(store.saveIncident(make(1, "a", IncidentKind::ThermalThrottle, IncidentSeverity::Critical, 1000, 2000)));
    ASSERT_TRUE(store.saveIncident(make(2, "b", IncidentKind::HostOffline, IncidentSeverity::Warning, 5000, std::nullopt)));
    ASSERT_TRUE(store.saveIncident(make(3, "a", IncidentKind::Push, IncidentSeverity::Info, 8000, 8000)));
    ASSERT_TRUE(store.commit());
    const auto ids = [&](IncidentQuery q) {
        std::vector<std::int64_t> out;
        for (const Incident& i : store.incidents(q)) out.push_back(i.id);
        return out;
    };
    const auto where = [](auto set) {
        IncidentQuery q;
        set(q);
        return q;
    };
    using Ids = std::vector<std::int64_t>;
    EXPECT_EQ(ids({}), (Ids{1, 2, 3}));
    EXPECT_EQ(ids(where([](IncidentQuery& q) { q.sinceMs = 3000; })), (Ids{2, 3}));  // 2 is still open
    EXPECT_EQ(ids(where([](IncidentQuery& q) { q.sinceMs = 0; q.untilMs = 4000; })), (Ids{1}));
    EXPECT_EQ(ids(where([](IncidentQuery& q) { q.host = QStringLiteral("a"); })), (Ids{1, 3}));
    EXPECT_EQ(ids(where([](IncidentQuery& q) { q.kind = IncidentKind::HostOffline; })), (Ids{2}));
    EXPECT_EQ(ids(where([](IncidentQuery& q) { q.minSeverity = IncidentSeverity::Warning; })), (Ids{1, 2}));
    EXPECT_EQ(ids(where([](IncidentQuery& q) { q.limit = 2; })), (Ids{2, 3}));  // the newest two, oldest first
}

// The history holds every host with its telemetry: the database and the files beside it are 0600
// and its new folder 0700 under the usual umask 022, and files an older FleetDeck left 0644 are
// narrowed when the store opens them again.
TEST(HistoryStore, ItsFilesAreTheUsersAloneWhateverTheUmask) {
    test::TempDir dir;
    const mode_t before = ::umask(022);
    const QString path = QString::fromStdString((dir.path() / "share" / "fleetdeck" / "history.sqlite").string());
    const auto mode = [](const QString& p) {
        struct stat st {};
        EXPECT_EQ(::stat(QFile::encodeName(p).constData(), &st), 0) << p.toStdString();
        return st.st_mode & 07777;
    };
    {
        HistoryStore store(path);
        ASSERT_TRUE(store.openForWriting()) << store.error().toStdString();
        ASSERT_TRUE(store.begin());
        ASSERT_TRUE(store.addPoint(QStringLiteral("gpu-01"), Tier::Raw, rawOnly(kT0, 70)));
        ASSERT_TRUE(store.commit());
        for (const char* suffix : {"", "-wal", "-shm", ".lock"}) EXPECT_EQ(mode(path + QLatin1String(suffix)), 0600u) << suffix;
        EXPECT_EQ(mode(QFileInfo(path).absolutePath()), 0700u);
        EXPECT_EQ(mode(QFileInfo(QFileInfo(path).absolutePath()).absolutePath()), 0700u);
    }
    // As an older FleetDeck left them, which another user could copy: the database 0644, and a
    // write-ahead log a crash left behind (created here under the umask, so 0644 too).
    ASSERT_EQ(::chmod(QFile::encodeName(path).constData(), 0644), 0);
    {
        QFile wal(path + QStringLiteral("-wal"));
        ASSERT_TRUE(wal.open(QIODevice::WriteOnly));
    }
    ASSERT_EQ(mode(path + QStringLiteral("-wal")), 0644u);
    HistoryStore reopened(path);
    ASSERT_TRUE(reopened.openForWriting()) << reopened.error().toStdString();
    for (const char* suffix : {"", "-wal", "-shm", ".lock"}) EXPECT_EQ(mode(path + QLatin1String(suffix)), 0600u) << suffix;
    EXPECT_EQ(reopened.series(QStringLiteral("gpu-01"), kT0 - 1000, kT0 + 1000).points.size(), 1u) << "the history is kept";
    ::umask(before);
}

}  // namespace
}  // namespace fleetdeck::history
