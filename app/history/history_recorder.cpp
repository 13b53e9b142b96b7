#include "app/history/history_recorder.h"

#include <algorithm>
#include <map>
#include <utility>

#include <QDateTime>
#include <QElapsedTimer>
#include <QMetaObject>
#include <QThread>
#include <QTimer>

#include "app/host_summary.h"
#include "app/utilization/verdict_engine.h"

namespace fleetdeck::history {
namespace {

std::optional<float> narrow(const std::optional<double>& v) {
    return v ? std::optional<float>(static_cast<float>(*v)) : std::nullopt;
}

// The chart point of a sample: the same numbers TelemetryStore keeps in memory.
HistoryPoint rawPoint(const protocol::Sample& sample, std::int64_t timeMs) {
    const HostSummary s = summarizeHost(sample);  // the GPUs are read from the sample below
    HistoryPoint p;
    p.value.timeMs = timeMs;
    p.value.cpuUtilPct = s.cpuUtilPct;
    p.value.memUsedBytes = s.memUsedBytes;
    p.value.cpuTempC = narrow(s.hottestCpuTempC);
    p.value.nicRxBytesPerS = narrow(s.nicRxBytesPerS);
    p.value.nicTxBytesPerS = narrow(s.nicTxBytesPerS);
    // The BMC's input power (an estimate is no wall draw: not kept) and inlet air (docs/power.md).
    if (s.powerSource != QLatin1String("estimated")) p.value.powerW = narrow(s.powerW);
    p.value.inletC = narrow(s.inletC);
    for (const protocol::GpuSample& g : sample.gpus) {
        p.value.gpus.push_back({narrow(g.temp_c), narrow(g.util_pct), narrow(g.power_w),
                                g.sm_clock_mhz ? std::optional<float>(float(*g.sm_clock_mhz)) : std::nullopt});
        p.gpuThrottle.push_back(throttleBits(g));
    }
    return p;
}

}  // namespace

// Everything that touches the database or the tracker, on the recorder's thread.
class RecorderWorker : public QObject {
public:
    explicit RecorderWorker(HistoryRecorder& recorder) : recorder_(recorder), options_(recorder.options_) {}

    void start() {
        timer_ = new QTimer(this);
        connect(timer_, &QTimer::timeout, this, [this] { processBatch(false); });
        timer_->start(options_.flushIntervalMs);
        retryClock_.start();
        openStore();
    }

    void stop() {
        for (auto& [key, h] : holders_) pendingHolders_.push_back(h.span);
        holders_.clear();
        processBatch(false);
        // The open 10 s and 1 min intervals hold what was seen of them: write them as they are.
        if (store_ && store_->begin()) {
            bool ok = true;
            for (auto& [host, b] : buckets_) ok = ok && flushBucket(host, b, true);
            if (ok) ok = store_->commit();
            else store_->rollback();
        }
        delete timer_;
        timer_ = nullptr;
        store_.reset();
    }

    void processBatch(bool maintain) {
        std::deque<HistoryRecorder::Event> events = recorder_.takeQueued();
        if (!store_ && !problem_.isEmpty() && retryClock_.elapsed() >= options_.retryIntervalMs) openStore();
        std::vector<IncidentChange> changes;
        for (auto& event : events) std::visit([&](auto& e) { handle(e, changes); }, event);
        const bool writing = store_ && (problem_.isEmpty() || retryClock_.elapsed() >= options_.retryIntervalMs);
        if (writing) {
            bool ok = store_->begin();
            for (std::size_t i = 0; ok && i < pendingPoints_.size(); ++i)
                ok = store_->addPoint(pendingPoints_[i].host, pendingPoints_[i].tier, pendingPoints_[i].point);
            for (auto it = lastSeen_.begin(); ok && it != lastSeen_.end(); ++it) ok = store_->setLastSeen(it->first, it->second);
            for (std::size_t i = 0; ok && i < pendingHolders_.size(); ++i) ok = store_->saveHolderSpan(pendingHolders_[i]);
            for (std::size_t i = 0; ok && i < unsaved_.size(); ++i) ok = store_->saveIncident(unsaved_[i]);
            for (std::size_t i = 0; ok && i < changes.size(); ++i) ok = store_->saveIncident(changes[i].incident);
            const std::int64_t now = clock();
            if (ok && (maintain || now >= nextMaintenanceMs_)) {
                nextMaintenanceMs_ = now + options_.maintenanceEveryMs;
                ok = store_->prune(retention_, now) && store_->seal(now);
            }
            if (ok) ok = store_->commit();
            else store_->rollback();
            if (ok) {
                unsaved_.clear();
                resume();
            } else {
                // The incidents stay for the next try; points of the failed batch are lost.
                for (const IncidentChange& c : changes) unsaved_.push_back(c.incident);
                report(*store_);
            }
        } else {
            for (const IncidentChange& c : changes) unsaved_.push_back(c.incident);
        }
        pendingPoints_.clear();
        pendingHolders_.clear();
        lastSeen_.clear();
        if (unsaved_.size() > 10'000) unsaved_.erase(unsaved_.begin(), unsaved_.begin() + 5'000);
        for (const IncidentChange& c : changes) {
            switch (c.what) {
            case IncidentChange::What::Opened: emit recorder_.incidentOpened(c.incident); break;
            case IncidentChange::What::Updated: emit recorder_.incidentUpdated(c.incident); break;
            case IncidentChange::What::Closed: emit recorder_.incidentClosed(c.incident); break;
            }
        }
    }

private:
    struct Buckets {
        Downsampler tenSeconds, minute;
        std::int64_t tenStartMs = 0, minuteStartMs = 0;
    };
    struct PendingPoint {
        QString host;
        Tier tier;
        HistoryPoint point;
    };

    std::int64_t clock() const { return options_.clock ? options_.clock() : QDateTime::currentMSecsSinceEpoch(); }

    void openStore() {
        retryClock_.restart();
        auto store = std::make_unique<HistoryStore>(options_.path);
        if (!store->openForWriting()) {
            report(*store);
            return;
        }
        store->setRetention(retention_);
        if (options_.clock) store->setClock(options_.clock);
        store->closeOpenIncidents();
        if (!tracker_) tracker_ = std::make_unique<IncidentTracker>(store->maxIncidentId() + 1, options_.tracker);
        store_ = std::move(store);
        resume();
    }

    void report(const HistoryStore& store) {
        retryClock_.restart();
        recorder_.recording_ = false;
        if (!problem_.isEmpty()) return;
        problem_ = store.error();
        const HistoryText sentence = std::move(
            HistoryText(QT_TRANSLATE_NOOP("history", "History is not being recorded: %1. FleetDeck goes on without it and tries again "
                                                     "every %2 s (free disk space or make the file writable)."))
                .arg(store.error(), store.shownError())
                .arg(options_.retryIntervalMs / 1000));
        emit recorder_.recordingProblem(sentence.english(), sentence.shown());
    }

    void resume() {
        recorder_.recording_ = true;
        if (problem_.isEmpty()) return;
        problem_.clear();
        emit recorder_.recordingResumed();
    }

    IncidentTracker& tracker() {
        if (!tracker_) tracker_ = std::make_unique<IncidentTracker>(1, options_.tracker);
        return *tracker_;
    }

    // Writes a bucket whose interval is over (or every open one, with `all`).
    bool flushBucket(const QString& host, Buckets& b, bool all) {
        bool ok = true;
        if (all && !b.tenSeconds.empty()) ok = store_->addPoint(host, Tier::TenSeconds, b.tenSeconds.result(b.tenStartMs));
        if (all && !b.minute.empty()) ok = ok && store_->addPoint(host, Tier::Minute, b.minute.result(b.minuteStartMs));
        b.tenSeconds.clear();
        b.minute.clear();
        return ok;
    }

    // Judges the sample (the engine keeps each host's window) and notes who holds each GPU.
    void judge(HistoryRecorder::SampleEvent& e, HistoryPoint& p, std::vector<IncidentChange>& changes) {
        engine_.add(e.host, e.timeMs, *e.sample);
        const utilization::HostVerdict& verdict = engine_.judged(e.host);
        for (const protocol::GpuSample& g : e.sample->gpus) {
            GpuUsagePoint u;
            u.held = g.processes && !g.processes->empty();
            if (g.prof) u.smActivePct = narrow(g.prof->sm_active_pct);
            const auto v = std::find_if(verdict.gpus.begin(), verdict.gpus.end(), [&](const utilization::GpuVerdict& x) { return x.gpu == g.index; });
            if (v != verdict.gpus.end()) {
                u.verdict = v->verdict;
                noteHolder(e.host, g.index, v->holders, e.timeMs);
            }
            p.gpuUsage.push_back(u);
        }
        append(changes, tracker().onVerdict(verdict, e.timeMs, options_.utilization.incidentMinMs));
    }

    // A holder span per GPU: extended while the same process holds it, written when it changes
    // and once a minute while it lasts.
    void noteHolder(const QString& host, int gpu, const std::vector<utilization::GpuHolder>& holders, std::int64_t timeMs) {
        const auto key = std::make_pair(host, gpu);
        auto it = holders_.find(key);
        const utilization::GpuHolder* top = holders.empty() ? nullptr : &holders.front();
        if (it != holders_.end() && (!top || top->pid != it->second.span.pid)) {
            pendingHolders_.push_back(it->second.span);
            holders_.erase(it);
            it = holders_.end();
        }
        if (!top) return;
        if (it == holders_.end()) {
            HolderSpan span{host, gpu, timeMs, timeMs, top->pid, top->name, top->user, top->belongsTo()};
            it = holders_.emplace(key, OpenHolder{span, timeMs}).first;
            pendingHolders_.push_back(span);
        }
        it->second.span.endMs = timeMs;
        if (timeMs - it->second.writtenMs >= 60'000) {
            it->second.writtenMs = timeMs;
            pendingHolders_.push_back(it->second.span);
        }
    }

    void endHolders(const QString& host) {
        for (auto it = holders_.begin(); it != holders_.end();) {
            if (it->first.first != host) {
                ++it;
                continue;
            }
            pendingHolders_.push_back(it->second.span);
            it = holders_.erase(it);
        }
    }

    void handle(HistoryRecorder::SampleEvent& e, std::vector<IncidentChange>& changes) {
        HistoryPoint p = rawPoint(*e.sample, e.timeMs);
        judge(e, p, changes);
        Buckets& b = buckets_[e.host];
        const auto roll = [&](Downsampler& d, std::int64_t& start, Tier tier) {
            const std::int64_t step = tierStepMs(tier);
            const std::int64_t bucket = e.timeMs / step * step;
            if (!d.empty() && bucket != start) {
                pendingPoints_.push_back({e.host, tier, d.result(start)});
                d.clear();
            }
            start = bucket;
            d.add(p.value, p.gpuThrottle, p.gpuUsage);
        };
        roll(b.tenSeconds, b.tenStartMs, Tier::TenSeconds);
        roll(b.minute, b.minuteStartMs, Tier::Minute);
        auto& seen = lastSeen_[e.host];
        seen = std::max<std::int64_t>(seen, e.timeMs);
        append(changes, tracker().onSample(e.host, *e.sample, e.findings, e.timeMs));
        pendingPoints_.push_back({e.host, Tier::Raw, std::move(p)});
    }
    void handle(HistoryRecorder::StateEvent& e, std::vector<IncidentChange>& changes) {
        if (e.state != HostState::Connected && e.state != HostState::Connecting && e.state != HostState::Stale) {
            engine_.forget(e.host);
            endHolders(e.host);
        }
        auto& seen = lastSeen_[e.host];
        seen = std::max<std::int64_t>(seen, e.timeMs);
        append(changes, tracker().onState(e.host, e.state, e.reason, e.timeMs, e.shownReason));
    }
    void handle(HistoryRecorder::PowerEvent& e, std::vector<IncidentChange>& changes) {
        append(changes, tracker().onPowerFindings(e.findings, e.timeMs));
    }

    void handle(HistoryRecorder::LatencyEvent& e, std::vector<IncidentChange>& changes) {
        append(changes, tracker().onLatencyFindings(e.findings, e.timeMs));
    }
    void handle(HistoryRecorder::AuditEvent& e, std::vector<IncidentChange>& changes) {
        append(changes, tracker().onAuditEntries(e.entries));
    }
    void handle(HistoryRecorder::DriftEvent& e, std::vector<IncidentChange>& changes) {
        append(changes, tracker().onDrift(e.host, e.drift, e.timeMs));
    }
    void handle(HistoryRecorder::RetentionEvent& e, std::vector<IncidentChange>&) {
        retention_ = e.retention;
        if (store_) store_->setRetention(retention_);
    }
    static void append(std::vector<IncidentChange>& to, std::vector<IncidentChange> from) {
        for (IncidentChange& c : from) to.push_back(std::move(c));
    }

    HistoryRecorder& recorder_;
    const HistoryRecorder::Options& options_;
    Retention retention_ = options_.retention;  // as the Preferences set it since
    QTimer* timer_ = nullptr;
    std::unique_ptr<HistoryStore> store_;
    std::unique_ptr<IncidentTracker> tracker_;
    std::map<QString, Buckets> buckets_;
    std::vector<PendingPoint> pendingPoints_;
    struct OpenHolder {
        HolderSpan span;
        std::int64_t writtenMs = 0;
    };
    utilization::VerdictEngine engine_{options_.utilization};
    std::map<std::pair<QString, int>, OpenHolder> holders_;
    std::vector<HolderSpan> pendingHolders_;
    std::map<QString, std::int64_t> lastSeen_;
    std::vector<Incident> unsaved_;  // incidents not yet written (a failed batch, a missing store)
    std::int64_t nextMaintenanceMs_ = 0;
    QString problem_;  // empty while recording works
    QElapsedTimer retryClock_;
};

void registerHistoryMetaTypes() {
    qRegisterMetaType<fleetdeck::history::Incident>();
    qRegisterMetaType<fleetdeck::history::Incident>("fleetdeck::history::Incident");
}

HistoryRecorder::HistoryRecorder(Options options, QObject* parent) : QObject(parent), options_(std::move(options)) {
    registerHistoryMetaTypes();
}

HistoryRecorder::~HistoryRecorder() {
    if (!thread_) return;
    QMetaObject::invokeMethod(worker_, [this] {
        worker_->stop();
        delete worker_;
    }, Qt::BlockingQueuedConnection);
    thread_->quit();
    thread_->wait();
    delete thread_;
}

void HistoryRecorder::start() {
    if (thread_) return;
    thread_ = new QThread;
    thread_->setObjectName(QStringLiteral("history"));
    worker_ = new RecorderWorker(*this);
    worker_->moveToThread(thread_);
    thread_->start(QThread::LowPriority);
    QMetaObject::invokeMethod(worker_, [this] { worker_->start(); }, Qt::QueuedConnection);
}

void HistoryRecorder::push(Event event) {
    std::lock_guard lock(mutex_);
    if (queue_.size() >= options_.queueCapacity) {
        const auto oldestSample = std::find_if(queue_.begin(), queue_.end(),
                                               [](const Event& e) { return std::holds_alternative<SampleEvent>(e); });
        if (oldestSample != queue_.end()) {
            queue_.erase(oldestSample);
            ++dropped_;
        } else if (std::holds_alternative<SampleEvent>(event)) {
            ++dropped_;
            return;
        }
    }
    queue_.push_back(std::move(event));
}

std::deque<HistoryRecorder::Event> HistoryRecorder::takeQueued() {
    std::lock_guard lock(mutex_);
    return std::exchange(queue_, {});
}

void HistoryRecorder::addSample(const QString& host, const protocol::Sample& sample, const std::vector<GpuFinding>& findings,
                                qint64 timeMs) {
    push(SampleEvent{host, std::make_shared<const protocol::Sample>(sample), findings, timeMs});
}

void HistoryRecorder::addState(const QString& host, HostState state, const QString& reason, qint64 timeMs, const QString& shownReason) {
    push(StateEvent{host, state, reason, timeMs, shownReason});
}

void HistoryRecorder::addPowerFindings(const std::vector<RackFinding>& findings, qint64 timeMs) { push(PowerEvent{findings, timeMs}); }

void HistoryRecorder::addLatencyFindings(const std::vector<LinkFinding>& findings, qint64 timeMs) {
    push(LatencyEvent{findings, timeMs});
}

void HistoryRecorder::addAuditEntries(const std::vector<audit::AuditEntry>& entries) { push(AuditEvent{entries}); }
void HistoryRecorder::setRetention(const Retention& retention) { push(RetentionEvent{retention}); }

void HistoryRecorder::onSample(const QString& host, std::shared_ptr<const protocol::Sample> sample,
                               const std::vector<GpuFinding>& findings, qint64 timeMs) {
    push(SampleEvent{host, std::move(sample), findings, timeMs});
}

void HistoryRecorder::onState(const QString& host, HostState state, const QString& reason, const QString& shownReason, qint64 timeMs) {
    addState(host, state, reason, timeMs, shownReason);
}

void HistoryRecorder::onDrift(const QString& host, const HostDrift& drift, qint64 timeMs) {
    push(DriftEvent{host, drift, timeMs});
}

void HistoryRecorder::sync() {
    if (thread_) QMetaObject::invokeMethod(worker_, [this] { worker_->processBatch(false); }, Qt::BlockingQueuedConnection);
}

void HistoryRecorder::syncAndMaintain() {
    if (thread_) QMetaObject::invokeMethod(worker_, [this] { worker_->processBatch(true); }, Qt::BlockingQueuedConnection);
}

}  // namespace fleetdeck::history

#include "moc_history_recorder.cpp"
