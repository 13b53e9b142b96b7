// The Events view reads the history store off the GUI thread: a reload returns at once, the
// reloads asked while a read runs become one read with the newest filters, an older answer is
// never shown after a newer one, a slow read says so, and the view and its reader go away cleanly
// while a read runs. RecordedIncidents on a real SQLite store: one connection, on its own thread.
#include <gtest/gtest.h>

#include <QDateTime>
#include <QDeadlineTimer>
#include <QMutex>
#include <QSqlDatabase>
#include <QThreadPool>
#include <QTimer>
#include <QtConcurrent/QtConcurrentRun>

#include <atomic>
#include <chrono>
#include <deque>
#include <future>
#include <latch>
#include <thread>

#include "app/history/history_store.h"
#include "app/telemetry_store.h"
#include "tests/support/qt_wait.h"
#include "tests/support/temp_dir.h"
#include "ui/events/events_view.h"
#include "ui/history/recorded_history.h"

using namespace fleetdeck;
using fleetdeck::test::waitUntil;

namespace {

constexpr qint64 kMinuteMs = 60'000;
const QString kReadingNotice = QStringLiteral("Reading incidents…");

HostSpec simulatedH100(const QString& name) {
    HostSpec spec;
    spec.name = name;
    spec.kind = HostSpec::Kind::Simulated;
    spec.simulateProfile = QStringLiteral("hgx-h100-8");
    return spec;
}

history::Incident throttleOn(const QString& host, std::int64_t id, qint64 startMs, std::optional<qint64> endMs) {
    history::Incident i;
    i.id = id;
    i.host = host;
    i.kind = history::IncidentKind::ThermalThrottle;
    i.severity = history::IncidentSeverity::Warning;
    i.startMs = startMs;
    i.endMs = endMs;
    i.text = QStringLiteral("GPU 0 throttled (thermal)");
    return i;
}

// Shut until the test opens it, once; a read waits on it.
class Gate {
public:
    void open() {
        if (!opened_.exchange(true)) latch_.count_down();
    }
    bool opened() const { return opened_; }
    void wait() { latch_.wait(); }

private:
    std::latch latch_{1};
    std::atomic<bool> opened_{false};
};

// An IncidentReader as slow as the test wants: read n (from 0) waits for gate n on a thread of
// its own (one, as RecordedIncidents has) and answers one incident with id n + 1 on the host asked
// (gpu-a1 for every host), or the problem when failing is set.
class GatedReader {
public:
    struct Asked {
        QString host;
        qint64 sinceMs = 0, untilMs = 0;
    };

    GatedReader() {
        pool_.setMaxThreadCount(1);
        for (int n = 0; n < 8; ++n) gates_.emplace_back();
    }
    ~GatedReader() {
        for (Gate& g : gates_) g.open();
        pool_.waitForDone();
    }

    EventsView::IncidentReader reader() {
        return [this](const QString& host, qint64 sinceMs, qint64 untilMs) {
            Gate& gate = gates_.at(asked_.size());
            const auto id = static_cast<std::int64_t>(asked_.size()) + 1;
            asked_.push_back({host, sinceMs, untilMs});
            const QString on = host.isEmpty() ? QStringLiteral("gpu-a1") : host;
            return QtConcurrent::run(&pool_, [&gate, id, on, untilMs, fail = failing.load()]() -> EventsView::Incidents {
                gate.wait();
                if (fail) return Problem{ProblemCode::IoFailed, QStringLiteral("the disk is on fire")};
                return std::vector<history::Incident>{throttleOn(on, id, untilMs - 5 * kMinuteMs, untilMs - kMinuteMs)};
            });
        };
    }
    void open(int read) { gates_.at(static_cast<std::size_t>(read)).open(); }
    bool opened(int read) const { return gates_.at(static_cast<std::size_t>(read)).opened(); }
    int asked() const { return static_cast<int>(asked_.size()); }
    const Asked& request(int read) const { return asked_.at(static_cast<std::size_t>(read)); }

    std::atomic<bool> failing{false};

private:
    QThreadPool pool_;
    std::deque<Gate> gates_;
    std::vector<Asked> asked_;  // the GUI thread's
};

// What Qt SQL warns while it lives: a connection removed while still in use, or used from a thread
// other than the one that opened it.
class SqlWarnings {
public:
    SqlWarnings() {
        caught_.clear();
        previous_ = qInstallMessageHandler(&SqlWarnings::handle);
    }
    ~SqlWarnings() { qInstallMessageHandler(previous_); }
    QStringList caught() const {
        QMutexLocker lock(&mutex_);
        return caught_;
    }

private:
    static void handle(QtMsgType type, const QMessageLogContext& context, const QString& message) {
        if (message.contains(QLatin1String("QSqlDatabase"))) {
            QMutexLocker lock(&mutex_);
            caught_ << message;
        }
        previous_(type, context, message);
    }
    static inline QtMessageHandler previous_ = nullptr;
    static inline QMutex mutex_;
    static inline QStringList caught_;
};

class EventsReading : public ::testing::Test {
protected:
    void SetUp() override {
        path_ = QString::fromStdString((dir_.path() / "history.sqlite").string());
        now_ = QDateTime::currentMSecsSinceEpoch();
        store_.addHost(simulatedH100(QStringLiteral("gpu-a1")));
        store_.addHost(simulatedH100(QStringLiteral("gpu-a2")));
    }

    // Records a throttle episode on gpu-a1 that ended and one still open, and when the store last
    // heard of gpu-a1.
    void recordIncidents(qint64 lastSeenMs) {
        history::HistoryStore db(path_);
        ASSERT_TRUE(db.openForWriting()) << db.error().toStdString();
        ASSERT_TRUE(db.begin());
        ASSERT_TRUE(db.saveIncident(throttleOn(QStringLiteral("gpu-a1"), 1, now_ - 50 * kMinuteMs, now_ - 40 * kMinuteMs)));
        ASSERT_TRUE(db.saveIncident(throttleOn(QStringLiteral("gpu-a1"), 2, now_ - 20 * kMinuteMs, std::nullopt)));
        ASSERT_TRUE(db.setLastSeen(QStringLiteral("gpu-a1"), lastSeenMs));
        ASSERT_TRUE(db.commit());
    }

    fleetdeck::test::TempDir dir_;
    QString path_;
    qint64 now_ = 0;
    TelemetryStore store_;
};

}  // namespace

TEST_F(EventsReading, ReloadReturnsBeforeASlowReadEndsAndTheEventLoopKeepsTurning) {
    GatedReader slow;
    EventsView view(slow.reader(), store_);
    // Were reload() to wait for the read, this would open the gate after a while: the test then
    // fails instead of hanging.
    std::promise<void> returned;
    std::thread valve([&slow, back = returned.get_future()] {
        if (back.wait_for(std::chrono::seconds(10)) == std::future_status::timeout) slow.open(0);
    });
    view.reload();
    const bool openedBeforeReturn = slow.opened(0);
    returned.set_value();
    valve.join();
    EXPECT_FALSE(openedBeforeReturn) << "reload() waited for the read";
    EXPECT_EQ(slow.asked(), 1);
    EXPECT_TRUE(view.reading());

    // Timers fire while the read waits, and nothing is shown before its answer.
    int ticks = 0;
    QTimer ticker;
    QObject::connect(&ticker, &QTimer::timeout, [&ticks] { ++ticks; });
    ticker.start(1);
    ASSERT_TRUE(waitUntil([&] { return ticks >= 5; }));
    EXPECT_TRUE(view.reading());
    EXPECT_EQ(view.model().rowCount(), 0);

    slow.open(0);
    ASSERT_TRUE(waitUntil([&] { return !view.reading(); }));
    ASSERT_EQ(view.model().rowCount(), 1);
    EXPECT_EQ(view.model().incident(0)->id, 1);
}

TEST_F(EventsReading, ReloadsDuringASlowReadBecomeOneReadWithTheNewestFiltersAndTheOlderAnswerIsDropped) {
    GatedReader slow;
    EventsView view(slow.reader(), store_);
    // What the list showed, each time it changed: the incidents' ids.
    std::vector<std::vector<std::int64_t>> shown;
    QObject::connect(&view.model(), &QAbstractItemModel::modelReset, [&] {
        std::vector<std::int64_t> ids;
        for (int row = 0; row < view.model().rowCount(); ++row) ids.push_back(view.model().incident(row)->id);
        shown.push_back(ids);
    });

    view.reload();  // read 1: every host over the last 24 hours
    ASSERT_EQ(slow.asked(), 1);
    view.setHostFilter(QStringLiteral("gpu-a1"));
    view.setRangeMs(EventsView::kRangesMs[0]);
    view.setHostFilter(QStringLiteral("gpu-a2"));  // the newest: gpu-a2 over the last hour
    view.refresh(QDateTime::currentMSecsSinceEpoch() + 60'000);  // the periodic read waits for the one running too
    EXPECT_EQ(slow.asked(), 1);

    slow.open(0);
    ASSERT_TRUE(waitUntil([&] { return slow.asked() == 2; }));
    EXPECT_TRUE(shown.empty()) << "the answer to the first filters was shown after newer ones were asked for";
    EXPECT_EQ(slow.request(1).host, QStringLiteral("gpu-a2"));
    EXPECT_EQ(slow.request(1).untilMs - slow.request(1).sinceMs, EventsView::kRangesMs[0]);
    EXPECT_TRUE(view.reading());

    slow.open(1);
    ASSERT_TRUE(waitUntil([&] { return !view.reading(); }));
    EXPECT_EQ(slow.asked(), 2);
    ASSERT_EQ(shown.size(), 1u);
    EXPECT_EQ(shown[0], (std::vector<std::int64_t>{2}));
    EXPECT_EQ(view.model().incident(0)->host, QStringLiteral("gpu-a2"));
}

TEST_F(EventsReading, ASlowReadSaysSoUntilItsAnswerComes) {
    GatedReader slow;
    EventsView view(slow.reader(), store_);
    const QString notRecording = QStringLiteral("History is not being recorded: the disk is full.");
    view.setStatus(notRecording);
    view.reload();
    // Not at once: a read that answers within EventsView::kReadingNoticeMs says nothing.
    EXPECT_EQ(view.statusText(), notRecording);
    ASSERT_TRUE(waitUntil([&] { return view.statusText() == kReadingNotice; })) << view.statusText().toStdString();
    slow.open(0);
    ASSERT_TRUE(waitUntil([&] { return !view.reading(); }));
    EXPECT_EQ(view.statusText(), notRecording);
    EXPECT_EQ(view.model().rowCount(), 1);

    // A slow read that fails: its problem when it comes, in place of the notice.
    slow.failing = true;
    view.reload();
    ASSERT_TRUE(waitUntil([&] { return view.statusText() == kReadingNotice; })) << view.statusText().toStdString();
    slow.open(1);
    ASSERT_TRUE(waitUntil([&] { return !view.reading(); }));
    EXPECT_EQ(view.statusText(), QStringLiteral("The recorded events cannot be read: the disk is on fire"));
    EXPECT_EQ(view.model().rowCount(), 0);
}

TEST_F(EventsReading, DestroyingTheViewDuringASlowReadLeavesItsAnswerToNobody) {
    GatedReader slow;
    QFuture<EventsView::Incidents> read;
    auto view = std::make_unique<EventsView>([&read, reader = slow.reader()](const QString& host, qint64 since, qint64 until) {
        read = reader(host, since, until);
        return read;
    }, store_);
    view->reload();
    view.reset();
    slow.open(0);
    read.waitForFinished();
    // The answer's notice reaches no watcher of a view that is gone.
    QCoreApplication::processEvents();
    EXPECT_EQ(read.result()->size(), 1u);
}

// A Qt SQL connection belongs to the thread that opened it: the reader opens its own on its
// thread when the file first exists, keeps it for the next reads and the look back at the last
// run, and a read returns before the store answers.
TEST_F(EventsReading, ReadsAndTheLookBackShareOneConnectionOnTheReadersThread) {
    const int connectionsBefore = QSqlDatabase::connectionNames().size();
    RecordedIncidents incidents(path_);
    const auto nothingYet = incidents.read(QString(), now_ - 60 * kMinuteMs, now_).result();
    ASSERT_TRUE(nothingYet);
    EXPECT_TRUE(nothingYet->empty());
    EXPECT_EQ(QSqlDatabase::connectionNames().size(), connectionsBefore);

    recordIncidents(now_ - 5 * kMinuteMs);
    const auto where = [](const RecordedIncidents::Opened&) { return QThread::currentThread(); };
    QThread* const readerThread = incidents.ask(where).result();
    EXPECT_NE(readerThread, QThread::currentThread());

    // The reader busy: read() returns at once, its future finishes when the reader gets to it.
    Gate gate;
    incidents.ask([&gate](const RecordedIncidents::Opened&) {
        gate.wait();
        return 0;
    });
    QFuture<RecordedIncidents::Incidents> read = incidents.read(QString(), now_ - 60 * kMinuteMs, now_);
    EXPECT_FALSE(read.isFinished());
    gate.open();
    const RecordedIncidents::Incidents answer = read.result();
    ASSERT_TRUE(answer) << answer.problem().message.toStdString();
    EXPECT_EQ(answer->size(), 2u);

    // An incident the last run left open ends when the store last heard of its host.
    const std::vector<history::Incident> earlier = incidents.earlierRun(now_ - 60 * kMinuteMs);
    ASSERT_EQ(earlier.size(), 2u);
    for (const history::Incident& i : earlier)
        EXPECT_EQ(i.endMs, i.id == 2 ? now_ - 5 * kMinuteMs : now_ - 40 * kMinuteMs) << i.id;

    EXPECT_EQ(incidents.ask(where).result(), readerThread);
    EXPECT_EQ(QSqlDatabase::connectionNames().size(), connectionsBefore + 1);
}

// The Events view and the reader it holds destroyed while a read runs: the read queued behind it is
// dropped, the one that runs ends, and the connection is closed on the reader's thread, with no
// warning from Qt SQL.
TEST_F(EventsReading, DestroyingTheViewAndItsReaderDuringAReadClosesTheConnectionOnTheReadersThread) {
    recordIncidents(now_ - 5 * kMinuteMs);
    SqlWarnings warnings;
    const int connectionsBefore = QSqlDatabase::connectionNames().size();
    auto incidents = std::make_shared<RecordedIncidents>(path_);
    // A read that lasts as long as the test wants, holding the reader's connection.
    Gate gate;
    std::latch started(1);
    QFuture<std::size_t> slowRead = incidents->ask([&](const RecordedIncidents::Opened& opened) {
        const std::size_t count = opened.store ? opened.store->incidents({}).size() : 0;
        started.count_down();
        gate.wait();
        return count;
    });
    started.wait();
    EXPECT_EQ(QSqlDatabase::connectionNames().size(), connectionsBefore + 1);

    QFuture<RecordedIncidents::Incidents> viewRead;
    auto view = std::make_unique<EventsView>([incidents, &viewRead](const QString& host, qint64 since, qint64 until) {
        viewRead = incidents->read(host, since, until);
        return viewRead;
    }, store_);
    view->reload();  // waits behind the slow read
    ASSERT_TRUE(view->reading());
    incidents.reset();  // the view holds the last of it

    // Once the reader going away has dropped the view's read, the slow one may end. Should the
    // reader wait for the dropped read instead, the gate opens after a while: the test then fails
    // instead of hanging.
    std::thread release([&gate, viewRead] {
        const QDeadlineTimer deadline(10'000);
        while (!viewRead.isFinished() && !deadline.hasExpired()) std::this_thread::yield();
        gate.open();
    });
    view.reset();
    release.join();

    EXPECT_TRUE(viewRead.isCanceled());
    ASSERT_TRUE(slowRead.isFinished());
    EXPECT_EQ(slowRead.result(), 2u);
    EXPECT_EQ(QSqlDatabase::connectionNames().size(), connectionsBefore);
    EXPECT_TRUE(warnings.caught().isEmpty()) << warnings.caught().join(QLatin1Char('\n')).toStdString();
}
