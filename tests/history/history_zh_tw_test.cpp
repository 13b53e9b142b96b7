// The history store's own sentences in Traditional Chinese: error() and the recorder's first
// sentence stay the English that logs and `--json` keep; shownError() and the second sentence are
// what a person reads.
#include <unistd.h>

#include <QSignalSpy>

#include <gtest/gtest.h>

#include "app/history/history_recorder.h"
#include "app/history/history_store.h"
#include "tests/support/chinese_catalogues.h"
#include "tests/support/qt_wait.h"
#include "tests/support/temp_dir.h"

namespace fleetdeck::history {
namespace {

using test::hasIdeograph;

// A store whose folder is a file: it cannot be opened for writing.
QString storeUnderAFile(const test::TempDir& dir) {
    const auto blocker = dir.write("not-a-folder", "x");
    return QString::fromStdString((blocker / "history.sqlite").string());
}

TEST(HistoryInChinese, AStoreThatCannotBeOpenedKeepsTheEnglishErrorAndShowsChinese) {
    test::TempDir dir;
    const QString path = storeUnderAFile(dir);
    const QString english = QStringLiteral("cannot create the folder of %1: check that it can be written, or free the path").arg(path);
    {
        test::ChineseCatalogues chinese;
        ASSERT_TRUE(chinese.loaded());
        HistoryStore store(path);
        EXPECT_FALSE(store.openForWriting());
        EXPECT_EQ(store.error(), english);
        EXPECT_TRUE(hasIdeograph(store.shownError())) << store.shownError().toStdString();
        EXPECT_TRUE(store.shownError().contains(path)) << store.shownError().toStdString();
        EXPECT_FALSE(store.shownError().contains(QStringLiteral("cannot create"))) << store.shownError().toStdString();
        EXPECT_FALSE(store.shownError().contains(QStringLiteral("free the path"))) << store.shownError().toStdString();
    }
    HistoryStore store(path);
    EXPECT_FALSE(store.openForWriting());
    EXPECT_EQ(store.error(), english);
    EXPECT_EQ(store.shownError(), english);
}

TEST(HistoryInChinese, ASecondWriterIsToldInChineseWithThePid) {
    test::TempDir dir;
    const QString path = QString::fromStdString((dir.path() / "history.sqlite").string());
    HistoryStore writer(path);
    ASSERT_TRUE(writer.openForWriting()) << writer.error().toStdString();
    test::ChineseCatalogues chinese;
    ASSERT_TRUE(chinese.loaded());
    HistoryStore second(path);
    EXPECT_FALSE(second.openForWriting());
    EXPECT_EQ(second.error(), QStringLiteral("another FleetDeck (PID %1) is recording into %2; this window shows history read-only")
                                  .arg(getpid())
                                  .arg(path));
    EXPECT_TRUE(hasIdeograph(second.shownError())) << second.shownError().toStdString();
    EXPECT_TRUE(second.shownError().contains(QString::number(getpid()))) << second.shownError().toStdString();
    EXPECT_FALSE(second.shownError().contains(QStringLiteral("read-only"))) << second.shownError().toStdString();
}

TEST(HistoryInChinese, TheRecordersProblemComesInBothLanguages) {
    test::TempDir dir;
    test::ChineseCatalogues chinese;
    ASSERT_TRUE(chinese.loaded());
    HistoryRecorder::Options options;
    options.path = storeUnderAFile(dir);
    options.flushIntervalMs = 50;
    options.retryIntervalMs = 60'000;
    HistoryRecorder recorder(options);
    QSignalSpy problem(&recorder, &HistoryRecorder::recordingProblem);
    recorder.start();
    ASSERT_TRUE(test::waitUntil([&] { return problem.count() == 1; }));
    const QString english = problem.at(0).at(0).toString(), shown = problem.at(0).at(1).toString();
    EXPECT_TRUE(english.startsWith(QStringLiteral("History is not being recorded: cannot create the folder of "))) << english.toStdString();
    EXPECT_TRUE(english.contains(QStringLiteral("tries again every 60 s"))) << english.toStdString();
    EXPECT_FALSE(hasIdeograph(english)) << english.toStdString();
    EXPECT_TRUE(hasIdeograph(shown)) << shown.toStdString();
    EXPECT_TRUE(shown.contains(QStringLiteral("60"))) << shown.toStdString();
    EXPECT_FALSE(shown.contains(QStringLiteral("History is not being recorded"))) << shown.toStdString();
}

}  // namespace
}  // namespace fleetdeck::history
