#include "ui/history/recorded_history.h"

#include <QCoreApplication>
#include <QDateTime>

namespace fleetdeck {

namespace {

QString sourceSentence(history::Tier tier) {
    switch (tier) {
    case history::Tier::Raw: return QCoreApplication::translate("RecordedHistory", "Recorded by FleetDeck: every sample");
    case history::Tier::TenSeconds:
        return QCoreApplication::translate("RecordedHistory", "Recorded by FleetDeck: 10-second points (temperatures show each interval's hottest reading, clocks its lowest)");
    case history::Tier::Minute:
        return QCoreApplication::translate("RecordedHistory", "Recorded by FleetDeck: 1-minute points (temperatures show each minute's hottest reading, clocks its lowest)");
    }
    return {};
}

}  // namespace

RecordedHistory::RecordedHistory(QString path, history::Retention retention) : path_(std::move(path)), retention_(retention) {}

Result<StoredHistory::Points> RecordedHistory::load(const QString& host, qint64 fromMs, qint64 toMs) const {
    history::HistoryStore store(path_);
    store.setRetention(retention_);
    if (!store.openReadOnly()) {
        if (!store.exists()) return Points{{}, {}, {}, 1000, QCoreApplication::translate("RecordedHistory", "Nothing recorded yet: history starts with the first sample")};
        return Problem{ProblemCode::IoFailed, store.error(), store.shownError()};
    }
    const history::HistorySeries series = store.series(host, fromMs, toMs);
    Points points;
    points.stepMs = series.stepMs;
    points.source = sourceSentence(series.tier);
    const bool ranged = series.tier != history::Tier::Raw;
    points.mean.reserve(series.points.size());
    for (const history::HistoryPoint& p : series.points) {
        points.mean.push_back(p.value);
        if (ranged) {
            points.minima.push_back(p.min.value_or(p.value));
            points.maxima.push_back(p.max.value_or(p.value));
        }
    }
    return points;
}

CombinedHistory::CombinedHistory(std::shared_ptr<const StoredHistory> recorded, std::shared_ptr<const StoredHistory> prometheus)
    : recorded_(std::move(recorded)), prometheus_(std::move(prometheus)) {}

Result<StoredHistory::Points> CombinedHistory::load(const QString& host, qint64 fromMs, qint64 toMs) const {
    Result<Points> own = recorded_->load(host, fromMs, toMs);
    if (!prometheus_) return own;
    // FleetDeck's own record, when it reaches back to the range's start (within two of its steps).
    if (own && !own->mean.empty() && own->mean.front().timeMs <= fromMs + 2 * own->stepMs + 1000) return own;
    Result<Points> scraped = prometheus_->load(host, fromMs, toMs);
    // Prometheus when it reaches further back than FleetDeck's own record.
    const bool ownEmpty = !own || own->mean.empty();
    if (scraped && !scraped->mean.empty() && (ownEmpty || scraped->mean.front().timeMs < own->mean.front().timeMs)) return scraped;
    if (scraped && !ownEmpty) {
        own->source += QCoreApplication::translate("RecordedHistory", " (Prometheus reaches no further back for this host)");
        return own;
    }
    if (!own)
        return scraped ? own
                       : Problem{scraped.problem().code, own.problem().message + QStringLiteral("; ") + scraped.problem().message,
                                 own.problem().shownMessage() + QStringLiteral("; ") + scraped.problem().shownMessage()};
    own->source += scraped ? QCoreApplication::translate("RecordedHistory", " (Prometheus has nothing for this host)") : QCoreApplication::translate("RecordedHistory", " (Prometheus: %1)").arg(scraped.problem().shownMessage());
    return own;
}

RecordedIncidents::RecordedIncidents(QString path) : path_(std::move(path)) {
    thread_.reset(QThread::create([this] { serve(); }));
    thread_->setObjectName(QStringLiteral("incidents"));
    thread_->start();
}

RecordedIncidents::~RecordedIncidents() {
    std::deque<std::function<void(const Opened&)>> notStarted;
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
        notStarted.swap(jobs_);
    }
    wake_.notify_one();
    notStarted.clear();  // their promises go unfulfilled: the futures end cancelled
    thread_->wait();
}

void RecordedIncidents::post(std::function<void(const Opened&)> job) {
    {
        std::lock_guard lock(mutex_);
        jobs_.push_back(std::move(job));
    }
    wake_.notify_one();
}

void RecordedIncidents::serve() {
    for (;;) {
        std::function<void(const Opened&)> job;
        {
            std::unique_lock lock(mutex_);
            wake_.wait(lock, [this] { return stopping_ || !jobs_.empty(); });
            if (stopping_) break;
            job = std::move(jobs_.front());
            jobs_.pop_front();
        }
        job(open());
    }
    store_.reset();  // closed and removed on the thread that opened it
}

RecordedIncidents::Opened RecordedIncidents::open() {
    if (store_ && store_->isOpen()) return {store_.get(), std::nullopt};
    store_.reset();
    auto store = std::make_unique<history::HistoryStore>(path_);
    if (!store->openReadOnly()) {
        if (!store->exists()) return {};  // nothing recorded yet
        return {nullptr, Problem{ProblemCode::IoFailed, store->error(), store->shownError()}};
    }
    store_ = std::move(store);
    return {store_.get(), std::nullopt};
}

QFuture<RecordedIncidents::Incidents> RecordedIncidents::read(const QString& host, qint64 sinceMs, qint64 untilMs) {
    return ask([host, sinceMs, untilMs](const Opened& opened) -> Incidents {
        if (opened.problem) return *opened.problem;
        if (!opened.store) return std::vector<history::Incident>{};
        history::IncidentQuery query;
        query.sinceMs = sinceMs;
        query.untilMs = untilMs;
        query.host = host;
        return opened.store->incidents(query);
    });
}

std::vector<history::Incident> RecordedIncidents::earlierRun(qint64 sinceMs) {
    QFuture<std::vector<history::Incident>> read = ask([sinceMs](const Opened& opened) {
        if (!opened.store) return std::vector<history::Incident>{};
        history::IncidentQuery query;
        query.sinceMs = sinceMs;
        query.untilMs = QDateTime::currentMSecsSinceEpoch();
        std::vector<history::Incident> incidents = opened.store->incidents(query);
        for (history::Incident& i : incidents)
            if (!i.endMs) i.endMs = std::max(i.startMs, opened.store->lastSeenMs(i.host).value_or(i.startMs));
        return incidents;
    });
    read.waitForFinished();
    return read.resultCount() > 0 ? read.result() : std::vector<history::Incident>{};
}

}  // namespace fleetdeck
