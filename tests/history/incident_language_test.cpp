// Incidents read in the reader's language: the store keeps each incident's kind and figures and
// writes its sentence when it is read. A database of the version that stored sentences (schema 3,
// english_era_db.h) is migrated once on opening and reads in Chinese after switching; sentences no
// template writes are kept as recorded and marked; an incident recorded in English reads in
// Chinese; `fleetdeck-cli events` speaks the command line's language. Real SQLite files, the real
// catalogues and the real fleetdeck-cli.
#include <map>

#include <QDateTime>
#include <QSqlDatabase>
#include <QSqlQuery>

#include <gtest/gtest.h>

#include "agent/json/json.h"

#include "app/history/history_store.h"
#include "app/history/incident_sentence.h"
#include "app/history/incident_tracker.h"
#include "tests/history/english_era_db.h"
#include "tests/history/history_test_support.h"
#include "tests/support/chinese_catalogues.h"
#include "tests/support/subprocess.h"
#include "tests/support/temp_dir.h"

namespace fleetdeck::history {
namespace {

using test::hasIdeograph;

const std::string kCli = std::string(FLEETDECK_BIN_DIR) + "/fleetdeck-cli";

std::map<std::int64_t, Incident> byId(const std::vector<Incident>& incidents) {
    std::map<std::int64_t, Incident> out;
    for (const Incident& i : incidents) out[i.id] = i;
    return out;
}

class EnglishEraDatabase : public ::testing::Test {
protected:
    void SetUp() override {
        path_ = QString::fromStdString((dir_.path() / "history.sqlite").string());
        start_ = QDateTime::currentMSecsSinceEpoch() - 2 * 86'400'000LL;
        recorded_ = test::englishEraIncidents(start_);
        QString why;
        ASSERT_TRUE(test::writeEnglishEraDatabase(path_, recorded_, why)) << why.toStdString();
    }
    QString recordedText(std::int64_t id) const {
        for (const auto& r : recorded_)
            if (r.id == id) return r.text;
        return {};
    }
    std::map<std::int64_t, Incident> read() const {
        HistoryStore reader(path_);
        EXPECT_TRUE(reader.openReadOnly()) << reader.error().toStdString();
        return byId(reader.incidents({}));
    }

    test::TempDir dir_;
    QString path_;
    std::int64_t start_ = 0;
    std::vector<test::EnglishEraIncident> recorded_;
};

TEST_F(EnglishEraDatabase, IsMigratedOnceAndReadsTheSameInEnglish) {
    {
        HistoryStore store(path_);
        ASSERT_TRUE(store.openForWriting()) << store.error().toStdString();
        EXPECT_EQ(store.schemaVersion(), HistoryStore::kSchemaVersion);
    }
    const auto incidents = read();
    ASSERT_EQ(incidents.size(), recorded_.size());
    // Every sentence a template wrote is read back into figures and written again to the same words.
    for (const auto& r : recorded_) {
        const Incident& i = incidents.at(r.id);
        EXPECT_EQ(i.text, r.text) << r.id;
        EXPECT_EQ(i.shown(), r.text) << r.id;
        EXPECT_EQ(i.asRecorded(), r.id >= 15) << r.id;
    }
    const Incident& pcie = incidents.at(3);
    EXPECT_EQ(pcie.figures->value(QStringLiteral("width")).toInt(), 8);
    EXPECT_EQ(pcie.figures->value(QStringLiteral("width_max")).toInt(), 16);
    EXPECT_EQ(incidents.at(6).figures->value(QStringLiteral("state")).toString(), QStringLiteral("offline"));
    EXPECT_EQ(incidents.at(6).figures->value(QStringLiteral("reason")).toString(), QStringLiteral("connection refused"));
    EXPECT_EQ(incidents.at(7).figures->value(QStringLiteral("transaction")).toString(), QStringLiteral("txn-7f3a"));
    EXPECT_EQ(incidents.at(9).figures->value(QStringLiteral("sha256")).toString(), QString(64, QLatin1Char('a')));
    EXPECT_EQ(incidents.at(10).figures->value(QStringLiteral("pushed")).toString(), QStringLiteral("4096"));
    EXPECT_EQ(incidents.at(12).figures->value(QStringLiteral("loss_pct")).toDouble(), 20.0);

    // Opened again: nothing more to migrate, the figures as they were.
    const QJsonObject offlineFigures = *incidents.at(6).figures;
    {
        HistoryStore again(path_);
        ASSERT_TRUE(again.openForWriting()) << again.error().toStdString();
    }
    EXPECT_EQ(*read().at(6).figures, offlineFigures);
}

// The read-back runs in the migration's transaction: when one of its writes fails, the file stays
// at schema 3 as it was (no figures column) and the writer says why.
TEST_F(EnglishEraDatabase, AFailedReadBackLeavesTheFileAsItWas) {
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("trigger"));
        db.setDatabaseName(path_);
        ASSERT_TRUE(db.open());
        QSqlQuery q(db);
        ASSERT_TRUE(q.exec(QStringLiteral("CREATE TRIGGER refuse BEFORE UPDATE ON incidents BEGIN SELECT RAISE(ABORT, 'refused by a test'); END")));
        db.close();
    }
    QSqlDatabase::removeDatabase(QStringLiteral("trigger"));
    {
        HistoryStore store(path_);
        EXPECT_FALSE(store.openForWriting());
        EXPECT_TRUE(store.error().contains(QStringLiteral("to history schema 4"))) << store.error().toStdString();
        EXPECT_TRUE(store.error().contains(QStringLiteral("refused by a test"))) << store.error().toStdString();
    }
    QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("check"));
    db.setDatabaseName(path_);
    ASSERT_TRUE(db.open());
    {
        QSqlQuery q(db);
        ASSERT_TRUE(q.exec(QStringLiteral("PRAGMA user_version")) && q.next());
        EXPECT_EQ(q.value(0).toInt(), 3);
        EXPECT_FALSE(q.exec(QStringLiteral("SELECT figures FROM incidents")));
        ASSERT_TRUE(q.exec(QStringLiteral("SELECT count(*) FROM incidents")) && q.next());
        EXPECT_EQ(q.value(0).toInt(), static_cast<int>(recorded_.size()));
    }
    db.close();
    db = QSqlDatabase();
    QSqlDatabase::removeDatabase(QStringLiteral("check"));
}

TEST_F(EnglishEraDatabase, ReadsInChineseAfterSwitching) {
    {
        HistoryStore store(path_);  // migrated by an English session
        ASSERT_TRUE(store.openForWriting()) << store.error().toStdString();
    }
    test::ChineseCatalogues chinese;
    ASSERT_TRUE(chinese.loaded());
    const auto incidents = read();
    // The incident of the issue: "GPU 2 throttled (power cap)" beside Chinese ones no more.
    EXPECT_EQ(incidents.at(1).shown(), QStringLiteral("GPU 2 降頻（功率上限），持續 4 分 10 秒，最高 66 °C，SM 時脈 −420 MHz"));
    EXPECT_EQ(incidents.at(1).text, recordedText(1));  // the English stays what --json reads
    EXPECT_EQ(incidents.at(2).shown(), QStringLiteral("GPU 3 降頻（過熱），最高 88 °C"));
    EXPECT_EQ(incidents.at(3).shown(), QStringLiteral("GPU 1 的 PCIe 連結以 x8 運作（應為 x16）：請重新插拔 GPU 或檢查轉接卡"));
    EXPECT_EQ(incidents.at(4).shown(), QStringLiteral("GPU 4 的風扇在 72 °C 時只轉 0 %：風扇故障或受阻"));
    EXPECT_EQ(incidents.at(5).shown(), QStringLiteral("風扇 nct6775.656/fan2 已停轉（0 rpm）：請檢查風扇與機箱氣流"));
    // The reason is what the session said, recorded in English; the state and the duration are ours.
    EXPECT_EQ(incidents.at(6).shown(), QStringLiteral("gpu-b1 離線: connection refused，持續 3 分鐘"));
    EXPECT_EQ(incidents.at(7).shown(), QStringLiteral("在 gpu-a3 上推送 txn-7f3a：applied 3 settings"));
    EXPECT_EQ(incidents.at(8).shown(), QStringLiteral("在 gpu-a3 上回復 txn-7f3a：rolled back 3 settings"));
    EXPECT_EQ(incidents.at(9).shown(), QStringLiteral("機架 b2 驗收：通過（報告 rack-b2.pdf，SHA-256 aaaaaaaaaaaa…）"));
    // Other areas' sentences recorded in English read in their short form from the figures.
    EXPECT_EQ(incidents.at(10).shown(), QStringLiteral("gpu-a3: net.core.somaxconn 推送 4096，現為 128 (by_hand)"));
    EXPECT_EQ(incidents.at(11).shown(), QStringLiteral("GPU 2 健康問題：ECC"));
    EXPECT_EQ(incidents.at(12).shown(), QStringLiteral("gpu-a1 → gpu-b1：20 % 的探測封包遺失"));
    // Recorded in Chinese: written again from the figures, the session's reason as it was shown.
    EXPECT_EQ(incidents.at(13).shown(), QStringLiteral("GPU 0 降頻（過熱），持續 4 分鐘，最高 87 °C，SM 時脈 −480 MHz"));
    EXPECT_EQ(incidents.at(14).shown(), QStringLiteral("gpu-a2 驗證失敗: 登入被拒，持續 1 分鐘"));
    for (std::int64_t id = 1; id <= 14; ++id) {
        EXPECT_FALSE(incidents.at(id).asRecorded()) << id;
        EXPECT_TRUE(hasIdeograph(incidents.at(id).shown())) << id << " " << incidents.at(id).shown().toStdString();
        for (const char* english : {"throttled", "peak", "runs at", "stopped", "push ", "commissioning", "health", "loss", "for "})
            EXPECT_FALSE(incidents.at(id).shown().contains(QLatin1String(english))) << id << " " << incidents.at(id).shown().toStdString();
    }
}

TEST_F(EnglishEraDatabase, SentencesNoTemplateWritesAreKeptAsRecordedAndMarked) {
    {
        HistoryStore store(path_);
        ASSERT_TRUE(store.openForWriting()) << store.error().toStdString();
    }
    const auto english = read();
    EXPECT_TRUE(english.at(15).asRecorded());
    EXPECT_EQ(english.at(15).shown(), QStringLiteral("GPU 0 ran hot and slowed down"));
    EXPECT_EQ(english.at(16).shown(), QStringLiteral("GPU health: something went wrong"));
    EXPECT_EQ(english.at(15).severity, IncidentSeverity::Warning);
    EXPECT_EQ(english.at(15).gpu, 0);

    test::ChineseCatalogues chinese;
    ASSERT_TRUE(chinese.loaded());
    const auto incidents = read();
    // As recorded: the English one stays English, the one recorded in Chinese reads in Chinese.
    EXPECT_TRUE(incidents.at(15).asRecorded());
    EXPECT_EQ(incidents.at(15).shown(), QStringLiteral("GPU 0 ran hot and slowed down"));
    EXPECT_TRUE(incidents.at(16).asRecorded());
    EXPECT_EQ(incidents.at(16).shown(), QStringLiteral("GPU 健康狀況：出了問題"));
    EXPECT_EQ(incidents.at(16).text, QStringLiteral("GPU health: something went wrong"));
    // The mark says so in the reader's language.
    EXPECT_EQ(markedAsRecorded(QStringLiteral("GPU 0 ran hot and slowed down")), QStringLiteral("GPU 0 ran hot and slowed down（依原文記錄）"));
    EXPECT_TRUE(hasIdeograph(asRecordedNote())) << asRecordedNote().toStdString();
}

TEST_F(EnglishEraDatabase, AnIncidentLeftOpenIsClosedWithItsSentenceWrittenAgain) {
    {
        HistoryStore store(path_);
        ASSERT_TRUE(store.openForWriting()) << store.error().toStdString();
        const std::vector<Incident> closed = store.closeOpenIncidents();
        ASSERT_EQ(closed.size(), 1u);
        EXPECT_EQ(closed[0].id, 2);
        ASSERT_TRUE(closed[0].endMs.has_value());
        EXPECT_EQ(*closed[0].endMs, start_ + 1'000);  // no host row: at its start
        EXPECT_EQ(closed[0].text, QStringLiteral("GPU 3 throttled (thermal) for 0 s, peak 88 °C"));
    }
    const auto incidents = read();
    EXPECT_EQ(incidents.at(2).text, QStringLiteral("GPU 3 throttled (thermal) for 0 s, peak 88 °C"));
}

// An incident recorded while the app runs in English reads in Chinese once the reader reads Chinese.
TEST(IncidentLanguage, AnIncidentRecordedInEnglishReadsInChinese) {
    test::TempDir dir;
    const QString path = QString::fromStdString((dir.path() / "history.sqlite").string());
    constexpr std::int64_t kT0 = 1'800'000'000'000;
    IncidentTracker tracker;
    std::vector<IncidentChange> changes;
    for (int s = 0; s < 100; ++s) {
        const bool capped = s >= 5 && s < 80;
        const auto more = tracker.onSample(QStringLiteral("gpu-a3"),
                                           test::historySample(kT0 + s * 1000LL, {test::historyGpu(2, capped ? 66 : 60, capped ? 1560 : 1980,
                                                                                                   capped ? std::vector<std::string>{"sw_power_cap"}
                                                                                                          : std::vector<std::string>{})}),
                                           {}, kT0 + s * 1000LL);
        changes.insert(changes.end(), more.begin(), more.end());
    }
    ASSERT_FALSE(changes.empty());
    const Incident episode = changes.back().incident;
    ASSERT_FALSE(episode.open());
    EXPECT_EQ(episode.text, QStringLiteral("GPU 2 throttled (power cap) for 1 min 15 s, peak 66 °C, SM clock −420 MHz"));
    EXPECT_EQ(episode.shown(), episode.text);
    {
        HistoryStore store(path);
        ASSERT_TRUE(store.openForWriting()) << store.error().toStdString();
        ASSERT_TRUE(store.begin());
        ASSERT_TRUE(store.saveIncident(episode));
        ASSERT_TRUE(store.commit());
    }
    test::ChineseCatalogues chinese;
    ASSERT_TRUE(chinese.loaded());
    HistoryStore reader(path);
    ASSERT_TRUE(reader.openReadOnly()) << reader.error().toStdString();
    const auto read = reader.incidents({});
    ASSERT_EQ(read.size(), 1u);
    EXPECT_FALSE(read[0].asRecorded());
    EXPECT_EQ(read[0].shown(), QStringLiteral("GPU 2 降頻（功率上限），持續 1 分 15 秒，最高 66 °C，SM 時脈 −420 MHz"));
    EXPECT_EQ(read[0].text, episode.text);
}

// fleetdeck-cli events in the command line's language, on the migrated English-era file.
TEST_F(EnglishEraDatabase, TheCommandLineReadsItInItsLanguage) {
    {
        HistoryStore store(path_);
        ASSERT_TRUE(store.openForWriting()) << store.error().toStdString();
    }
    const std::string db = path_.toStdString();
    const auto chinese = test::run_process(kCli, {"--lang", "zh_TW", "events", "--since", "7d", "--db", db}, {});
    ASSERT_EQ(chinese.status, 0) << chinese.err;
    const QString zh = QString::fromStdString(chinese.out);
    EXPECT_TRUE(zh.contains(QStringLiteral("GPU 2 降頻（功率上限），持續 4 分 10 秒，最高 66 °C，SM 時脈 −420 MHz"))) << chinese.out;
    EXPECT_FALSE(zh.contains(QStringLiteral("throttled (power cap)"))) << chinese.out;
    // The row kept as recorded is marked in the reader's language.
    EXPECT_TRUE(zh.contains(QStringLiteral("GPU 0 ran hot and slowed down（依原文記錄）"))) << chinese.out;

    const auto english = test::run_process(kCli, {"--lang", "en", "events", "--since", "7d", "--db", db}, {});
    ASSERT_EQ(english.status, 0) << english.err;
    EXPECT_TRUE(QString::fromStdString(english.out).contains(recordedText(1))) << english.out;
    EXPECT_TRUE(QString::fromStdString(english.out).contains(QStringLiteral("GPU 0 ran hot and slowed down (as recorded)"))) << english.out;

    // --json is the same English in both languages.
    const auto jsonZh = test::run_process(kCli, {"--lang", "zh_TW", "events", "--since", "7d", "--db", db, "--json"}, {});
    const auto jsonEn = test::run_process(kCli, {"--lang", "en", "events", "--since", "7d", "--db", db, "--json"}, {});
    ASSERT_EQ(jsonZh.status, 0) << jsonZh.err;
    EXPECT_EQ(jsonZh.out, jsonEn.out);
    const auto list = nlohmann::json::parse(jsonEn.out);
    ASSERT_EQ(list.size(), recorded_.size());
    for (const auto& e : list) EXPECT_FALSE(hasIdeograph(QString::fromStdString(e["text"].get<std::string>()))) << e.dump();
}

}  // namespace
}  // namespace fleetdeck::history
