#pragma once

#include <QFuture>
#include <QPromise>
#include <QString>
#include <QThread>

#include <condition_variable>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <type_traits>
#include <vector>

#include "app/dashboard/stored_history.h"
#include "app/history/history_store.h"

namespace fleetdeck {

// The host page's ranges beyond the live ring, read from the history store the app records into
// (app/history/). Each load opens its own read-only connection on the worker thread it runs on
// (a Qt SQL connection belongs to one thread), beside the recorder's writing one.
class RecordedHistory : public StoredHistory {
public:
    RecordedHistory(QString path, history::Retention retention);

    Result<Points> load(const QString& host, qint64 fromMs, qint64 toMs) const override;

private:
    QString path_;
    history::Retention retention_;
};

// The host page's stored ranges: what FleetDeck recorded itself, and where that does not reach back
// to the start of the range (it was not running then), a Prometheus that scraped the agents
// (docs/metrics.md). The chart's source line says which one it shows, and why not the other.
class CombinedHistory : public StoredHistory {
public:
    CombinedHistory(std::shared_ptr<const StoredHistory> recorded, std::shared_ptr<const StoredHistory> prometheus);

    Result<Points> load(const QString& host, qint64 fromMs, qint64 toMs) const override;

private:
    std::shared_ptr<const StoredHistory> recorded_, prometheus_;
};

// The Events view's incidents and the notifier's look back at the last run, read from the history
// store on a thread of this reader's own, so that a big store never holds up the GUI. A Qt SQL
// connection belongs to the thread that opened it: this one is opened read-only on the reader's
// thread when the file first exists (the recorder creates it with its first write), kept for the
// next reads, and closed there when the reader goes. Jobs run one at a time, in the order asked.
class RecordedIncidents {
public:
    explicit RecordedIncidents(QString path);
    // Drops the jobs not started yet (their futures end cancelled), waits for the one that runs and
    // closes the connection on the reader's thread.
    ~RecordedIncidents();
    RecordedIncidents(const RecordedIncidents&) = delete;
    RecordedIncidents& operator=(const RecordedIncidents&) = delete;

    using Incidents = Result<std::vector<history::Incident>>;
    // The incidents that overlap [sinceMs, untilMs], of one host or (empty) all. Returns at once;
    // the future finishes on the reader's thread.
    QFuture<Incidents> read(const QString& host, qint64 sinceMs, qint64 untilMs);
    // Incidents of an earlier run that overlap [sinceMs, now], each with an end: one a run left
    // open ends when the store last heard of its host. Read on the reader's thread while the
    // caller waits (the notifier asks once, before the window shows).
    std::vector<history::Incident> earlierRun(qint64 sinceMs);

    // What a job finds: the store open, or none, with the problem that keeps it closed (no problem:
    // nothing is recorded yet).
    struct Opened {
        const history::HistoryStore* store = nullptr;
        std::optional<Problem> problem;
    };
    // Runs `job(opened)` on the reader's thread once the jobs asked before it are done, and gives
    // its result through the future: read() and earlierRun() are two such jobs; another question for
    // the same connection is a third.
    template <class Job>
    QFuture<std::invoke_result_t<Job, const Opened&>> ask(Job job) {
        using T = std::invoke_result_t<Job, const Opened&>;
        // Shared, because a queued job is a std::function, which copies; the promise itself does not.
        auto promise = std::make_shared<QPromise<T>>();
        // Started here, while the job may still wait in the queue: QFuture::result() does not wait
        // for a promise not started yet (Qt 6.4), it reads a result that is not there.
        promise->start();
        QFuture<T> future = promise->future();
        post([promise, job = std::move(job)](const Opened& opened) {
            promise->addResult(job(opened));
            promise->finish();
        });
        return future;
    }

private:
    void post(std::function<void(const Opened&)> job);
    void serve();   // the reader thread's loop
    Opened open();  // on the reader's thread

    QString path_;
    std::unique_ptr<history::HistoryStore> store_;  // the reader thread's alone
    std::mutex mutex_;
    std::condition_variable wake_;
    std::deque<std::function<void(const Opened&)>> jobs_;  // under mutex_
    bool stopping_ = false;                                // under mutex_
    std::unique_ptr<QThread> thread_;
};

}  // namespace fleetdeck
