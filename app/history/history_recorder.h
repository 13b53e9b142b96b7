#pragma once

// Records the fleet into the history store off the caller's thread: samples become raw points and
// 10 s / 1 min means, minima and maxima; samples, states, latency findings and audit entries become
// incidents (incident_tracker.h); each GPU's verdict (app/utilization/) and who holds it are kept
// too, for GPU-hours (gpu_usage.h). The app hands it to TelemetryStore::setObserver(), so every sample
// and state the store takes in reaches it; the GUI also feeds it latency findings and audit entries.
//
// Nothing here blocks the caller: add*() copy into a bounded queue (when it is full the oldest
// samples are dropped and counted) and a worker thread writes a batch per flush interval (1 s), in
// one transaction, and prunes and packs the tiers. When a write fails (disk full, read-only file,
// another FleetDeck holds the store) recording stops with recordingProblem(sentence), incidents are
// still derived and signalled, and a write is tried again every retry interval; recordingResumed()
// says it works again.
//
// On start, incidents a previous run left open are closed at the last time the store heard of
// their host (HistoryStore::closeOpenIncidents()); nothing is known of the time the app was closed.

#include <atomic>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <variant>
#include <vector>

#include <QObject>
#include <QString>

#include "app/audit/audit_entry.h"
#include "app/history/history_store.h"
#include "app/history/incident.h"
#include "app/history/incident_tracker.h"
#include "app/history/retention.h"
#include "app/store_observer.h"

class QThread;

namespace fleetdeck::history {

class RecorderWorker;

// How a HistoryRecorder records (HistoryRecorder::Options).
struct RecorderOptions {
    QString path = HistoryStore::defaultPath();
    Retention retention;
    // "Now" for pruning and packing the tiers; default the wall clock. Tests and benchmarks
    // pass a simulated clock.
    std::function<std::int64_t()> clock;
    int flushIntervalMs = 1000;            // wall time between batches
    int retryIntervalMs = 10'000;          // after a failed write, how long until the next try
    std::size_t queueCapacity = 20'000;    // events; 100 s of 200 hosts at 1 Hz
    std::int64_t maintenanceEveryMs = 60'000;  // clock time between prune-and-pack passes
    IncidentTracker::Options tracker;
    // The verdict engine's thresholds (docs/efficiency.md): each sample is judged as it is
    // recorded, its GPUs' verdicts go into the points and the lasting ones become incidents.
    utilization::Thresholds utilization;
};

class HistoryRecorder : public QObject, public StoreObserver {
    Q_OBJECT
public:
    using Options = RecorderOptions;

    explicit HistoryRecorder(Options options = Options(), QObject* parent = nullptr);
    // Writes what is queued and the open 10 s / 1 min intervals, then stops the worker.
    ~HistoryRecorder() override;

    // Starts the worker and opens the store there (a failure is reported by recordingProblem()).
    void start();

    // Thread-safe; never block.
    void addSample(const QString& host, const protocol::Sample& sample, const std::vector<GpuFinding>& findings,
                   qint64 timeMs);
    // `reason` in English, `shownReason` in the user's language (empty: the same).
    void addState(const QString& host, HostState state, const QString& reason, qint64 timeMs, const QString& shownReason = {});
    void addLatencyFindings(const std::vector<LinkFinding>& findings, qint64 timeMs);  // every finding of one round
    void addPowerFindings(const std::vector<RackFinding>& findings, qint64 timeMs);    // every rack's, as of timeMs
    void addAuditEntries(const std::vector<audit::AuditEntry>& entries);              // new entries, in order
    // From the next prune on, each tier is kept this long (the Preferences changed it).
    void setRetention(const Retention& retention);

    // StoreObserver: the TelemetryStore's samples and states.
    void onSample(const QString& host, std::shared_ptr<const protocol::Sample> sample,
                  const std::vector<GpuFinding>& findings, qint64 timeMs) override;
    void onState(const QString& host, HostState state, const QString& reason, const QString& shownReason, qint64 timeMs) override;
    void onDrift(const QString& host, const HostDrift& drift, qint64 timeMs) override;

    // Blocks until everything queued so far is processed and written: for tests, benchmarks and
    // shutdown, never per sample on the GUI thread.
    void sync();
    // The same and a prune-and-pack pass at the clock's now.
    void syncAndMaintain();

    std::uint64_t droppedSamples() const { return dropped_.load(); }
    bool recording() const { return recording_.load(); }  // false from a problem until resumed
    QString path() const { return options_.path; }

signals:
    void incidentOpened(const fleetdeck::history::Incident& incident);
    void incidentUpdated(const fleetdeck::history::Incident& incident);
    void incidentClosed(const fleetdeck::history::Incident& incident);
    // "History is not being recorded: … ." Once per outage, in English (for logs) and in the
    // user's language (for the window).
    void recordingProblem(const QString& sentence, const QString& shownSentence);
    void recordingResumed();

private:
    friend class RecorderWorker;
    struct SampleEvent {
        QString host;
        std::shared_ptr<const protocol::Sample> sample;
        std::vector<GpuFinding> findings;
        qint64 timeMs;
    };
    struct StateEvent {
        QString host;
        HostState state;
        QString reason;
        qint64 timeMs;
        QString shownReason;
    };
    struct LatencyEvent {
        std::vector<LinkFinding> findings;
        qint64 timeMs;
    };
    struct PowerEvent {
        std::vector<RackFinding> findings;
        qint64 timeMs;
    };
    struct AuditEvent {
        std::vector<audit::AuditEntry> entries;
    };
    struct RetentionEvent {
        Retention retention;
    };
    struct DriftEvent {
        QString host;
        HostDrift drift;
        qint64 timeMs;
    };
    using Event = std::variant<SampleEvent, StateEvent, LatencyEvent, PowerEvent, AuditEvent, RetentionEvent, DriftEvent>;

    void push(Event event);
    std::deque<Event> takeQueued();

    Options options_;
    std::mutex mutex_;
    std::deque<Event> queue_;
    std::atomic<std::uint64_t> dropped_{0};
    std::atomic<bool> recording_{false};
    QThread* thread_ = nullptr;
    RecorderWorker* worker_ = nullptr;  // lives on thread_
};

void registerHistoryMetaTypes();

}  // namespace fleetdeck::history

Q_DECLARE_METATYPE(fleetdeck::history::Incident)
