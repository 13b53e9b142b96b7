// The recorder on its worker thread: it writes what it is fed, closes what a previous run left
// open, and a file it cannot write stops recording with a sentence, never the caller.
#include <atomic>
#include <cstdlib>
#include <filesystem>

#include <QElapsedTimer>
#include <QSignalSpy>

#include <gtest/gtest.h>

#include "app/history/history_recorder.h"
#include "tests/history/history_test_support.h"
#include "tests/support/qt_wait.h"
#include "tests/support/temp_dir.h"

namespace fleetdeck::history {
namespace {

constexpr std::int64_t kStart = 1'800'000'000'000;

QString recorderDb(const test::TempDir& dir) { return QString::fromStdString((dir.path() / "history.sqlite").string()); }

HistoryRecorder::Options simulatedOptions(const QString& path, std::atomic<std::int64_t>& now) {
    HistoryRecorder::Options o;
    o.path = path;
    o.clock = [&now] { return now.load(); };
    o.flushIntervalMs = 50;
    o.retryIntervalMs = 200;
    return o;
}

protocol::Sample hotSample(std::int64_t t, bool thermal) {
    return test::historySample(t, {test::historyGpu(0, thermal ? 88 : 70, thermal ? 1400 : 1980,
                                                    thermal ? std::vector<std::string>{"hw_thermal"} : std::vector<std::string>{})});
}

TEST(HistoryRecorder, RecordsTiersAndIncidentsAndPrunesOnASimulatedClock) {
    test::TempDir dir;
    std::atomic<std::int64_t> now{kStart};
    HistoryRecorder recorder(simulatedOptions(recorderDb(dir), now));
    QSignalSpy opened(&recorder, &HistoryRecorder::incidentOpened);
    QSignalSpy closed(&recorder, &HistoryRecorder::incidentClosed);
    recorder.start();
    const QString host = QStringLiteral("gpu-a3");
    // 2 simulated hours at 1 Hz; a thermal episode from minute 10 to minute 12.
    for (int s = 0; s < 7200; ++s) {
        const std::int64_t t = kStart + s * 1000LL;
        now = t;
        recorder.addSample(host, hotSample(t, s >= 600 && s < 720), {}, t);
        if (s % 600 == 599) recorder.syncAndMaintain();
    }
    recorder.syncAndMaintain();
    ASSERT_TRUE(test::waitUntil([&] { return closed.count() == 1; }));
    EXPECT_EQ(opened.count(), 1);
    const auto incident = closed.at(0).at(0).value<Incident>();
    EXPECT_EQ(incident.kind, IncidentKind::ThermalThrottle);
    EXPECT_EQ(incident.severity, IncidentSeverity::Critical);
    EXPECT_EQ(incident.startMs, kStart + 600'000);
    EXPECT_EQ(incident.endMs, kStart + 720'000);
    EXPECT_TRUE(recorder.recording());

    HistoryStore reader(recorderDb(dir));
    ASSERT_TRUE(reader.openReadOnly()) << reader.error().toStdString();
    const std::int64_t end = kStart + 7199'000;
    // Raw points only for the last hour (retention), 10 s and 1 min for all of it.
    const auto raw = reader.series(host, kStart, end, Tier::Raw);
    ASSERT_FALSE(raw.points.empty());
    EXPECT_GE(raw.points.front().value.timeMs, end - 3'600'000 - 60'000);
    const auto minute = reader.series(host, kStart, end, Tier::Minute);
    EXPECT_GE(minute.points.size(), 119u);
    const auto tens = reader.series(host, kStart, end, Tier::TenSeconds);
    EXPECT_GE(tens.points.size(), 719u);
    // The minute of the episode shows its peak, the minute before it not.
    const auto at = [&](std::int64_t t) {
        for (const HistoryPoint& p : minute.points)
            if (p.value.timeMs == t) return p;
        return HistoryPoint{};
    };
    ASSERT_TRUE(at(kStart + 660'000).max.has_value());
    EXPECT_NEAR(*at(kStart + 660'000).max->gpus[0].tempC, 88, 0.05);
    EXPECT_EQ(at(kStart + 660'000).gpuThrottle[0], kThrottleThermal);
    EXPECT_NEAR(*at(kStart + 540'000).max->gpus[0].tempC, 70, 0.05);
    ASSERT_EQ(reader.incidents({}).size(), 1u);

    // A day later only the downsampled tiers remain.
    now = kStart + 26 * 3'600'000LL;
    recorder.syncAndMaintain();
    EXPECT_TRUE(reader.series(host, kStart, end, Tier::Raw).points.empty());
    EXPECT_GE(reader.series(host, kStart, end, Tier::TenSeconds).points.size(), 719u);
}

TEST(HistoryRecorder, ARestartClosesWhatWasLeftOpenAtTheLastTimeTheHostWasHeardOf) {
    test::TempDir dir;
    std::atomic<std::int64_t> now{kStart};
    const QString host = QStringLiteral("gpu-a3");
    {
        HistoryRecorder recorder(simulatedOptions(recorderDb(dir), now));
        recorder.start();
        for (int s = 0; s < 30; ++s) recorder.addSample(host, hotSample(kStart + s * 1000LL, s >= 10), {}, kStart + s * 1000LL);
        recorder.addState(QStringLiteral("gpu-b1"), HostState::Offline, QStringLiteral("no route to host"), kStart + 5000);
        recorder.sync();
    }  // closed while throttling and while gpu-b1 was offline
    {
        HistoryStore reader(recorderDb(dir));
        ASSERT_TRUE(reader.openReadOnly());
        const auto left = reader.incidents({});
        ASSERT_EQ(left.size(), 2u);
        EXPECT_TRUE(left[0].open() && left[1].open());
    }
    HistoryRecorder again(simulatedOptions(recorderDb(dir), now));
    again.start();
    again.sync();
    again.sync();  // the store opens on the worker's first turn
    HistoryStore reader(recorderDb(dir));
    ASSERT_TRUE(reader.openReadOnly());
    const auto incidents = reader.incidents({});
    ASSERT_EQ(incidents.size(), 2u);
    for (const Incident& i : incidents) {
        ASSERT_FALSE(i.open());
        const std::int64_t expected = i.kind == IncidentKind::ThermalThrottle ? kStart + 29'000  // its last sample
                                                                              : kStart + 5000;   // its last state
        EXPECT_EQ(*i.endMs, expected);
    }
    // New incidents get new ids.
    QSignalSpy opened(&again, &HistoryRecorder::incidentOpened);
    again.addState(QStringLiteral("gpu-b1"), HostState::Offline, QStringLiteral("refused"), kStart + 90'000);
    ASSERT_TRUE(test::waitUntil([&] { return opened.count() == 1; }));
    EXPECT_GT(opened.at(0).at(0).value<Incident>().id, std::max(incidents[0].id, incidents[1].id));
}

// Makes a file unwritable even for root (chattr +i), and writable again when done.
class UnwritableFile {
public:
    explicit UnwritableFile(const std::filesystem::path& file) : file_(file) {
        std::filesystem::permissions(file, std::filesystem::perms::owner_read | std::filesystem::perms::group_read |
                                               std::filesystem::perms::others_read);
        if (geteuid() == 0) immutable_ = std::system(("chattr +i '" + file.string() + "' 2>/dev/null").c_str()) == 0;
        else immutable_ = true;  // the permission bits are enough
    }
    ~UnwritableFile() {
        if (geteuid() == 0) [[maybe_unused]] const int rc = std::system(("chattr -i '" + file_.string() + "' 2>/dev/null").c_str());
        std::filesystem::permissions(file_, std::filesystem::perms::owner_all);
    }
    bool ok() const { return immutable_; }

private:
    std::filesystem::path file_;
    bool immutable_ = false;
};

TEST(HistoryRecorder, AReadOnlyFileStopsRecordingWithASentenceAndNeverBlocksTheCaller) {
    test::TempDir dir;
    std::atomic<std::int64_t> now{kStart};
    {
        HistoryRecorder first(simulatedOptions(recorderDb(dir), now));
        first.start();
        first.addSample(QStringLiteral("h"), hotSample(kStart, false), {}, kStart);
        first.sync();
    }
    UnwritableFile readOnly(dir.path() / "history.sqlite");
    ASSERT_TRUE(readOnly.ok()) << "cannot make the database read-only here: chattr +i needs root and a file system with "
                                  "the immutable attribute (e2fsprogs installs chattr)";
    HistoryRecorder recorder(simulatedOptions(recorderDb(dir), now));
    QSignalSpy problem(&recorder, &HistoryRecorder::recordingProblem);
    QSignalSpy opened(&recorder, &HistoryRecorder::incidentOpened);
    recorder.start();
    QElapsedTimer slowest;
    qint64 slowestMs = 0;
    for (int s = 1; s <= 3000; ++s) {
        slowest.start();
        recorder.addSample(QStringLiteral("h"), hotSample(kStart + s * 1000LL, s > 2000), {}, kStart + s * 1000LL);
        slowestMs = std::max(slowestMs, slowest.elapsed());
    }
    // A queue push: microseconds. A caller waiting on the failing disk would take seconds; the bound
    // leaves room for a loaded sanitizer run.
    EXPECT_LT(slowestMs, 500);
    ASSERT_TRUE(test::waitUntil([&] { return problem.count() >= 1; }));
    const QString sentence = problem.at(0).at(0).toString();
    EXPECT_TRUE(sentence.startsWith(QStringLiteral("History is not being recorded: cannot write to"))) << sentence.toStdString();
    EXPECT_TRUE(sentence.contains(QStringLiteral("readonly")) || sentence.contains(QStringLiteral("read-only")))
        << sentence.toStdString();
    EXPECT_FALSE(recorder.recording());
    // Incidents are still derived and signalled without the store.
    ASSERT_TRUE(test::waitUntil([&] { return opened.count() == 1; }));
    recorder.sync();
    EXPECT_EQ(problem.count(), 1);  // one sentence per outage, not one per batch
}

TEST(HistoryRecorder, AnUncreatableFolderIsAProblemAndAFullQueueDropsTheOldestSamples) {
    test::TempDir dir;
    const auto blocker = dir.write("not-a-folder", "x");
    std::atomic<std::int64_t> now{kStart};
    HistoryRecorder::Options o = simulatedOptions(QString::fromStdString((blocker / "history.sqlite").string()), now);
    o.queueCapacity = 100;
    o.flushIntervalMs = 60'000;  // nothing drains the queue while the test fills it
    HistoryRecorder recorder(o);
    QSignalSpy problem(&recorder, &HistoryRecorder::recordingProblem);
    recorder.start();
    ASSERT_TRUE(test::waitUntil([&] { return problem.count() == 1; }));
    EXPECT_TRUE(problem.at(0).at(0).toString().contains(QStringLiteral("cannot create the folder"))) << problem.at(0).at(0).toString().toStdString();
    for (int s = 0; s < 250; ++s) recorder.addSample(QStringLiteral("h"), hotSample(kStart + s * 1000LL, false), {}, kStart + s * 1000LL);
    EXPECT_EQ(recorder.droppedSamples(), 150u);
}

}  // namespace
}  // namespace fleetdeck::history
