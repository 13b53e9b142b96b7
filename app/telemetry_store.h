#pragma once

#include <algorithm>
#include <atomic>
#include <deque>
#include <map>
#include <mutex>
#include <memory>
#include <optional>
#include <vector>

#include <QString>

#include "agent/json/json.h"

#include "agent/protocol/facts.h"
#include "agent/protocol/hello.h"
#include "agent/protocol/sample.h"
#include "app/drift_finding.h"
#include "app/host_health.h"
#include "app/host_session.h"
#include "app/host_spec.h"
#include "app/host_summary.h"
#include "app/packed_float.h"
#include "app/store_observer.h"

namespace fleetdeck {

// One GPU at one moment of history.
struct GpuPoint {
    PackedFloat tempC, utilPct, powerW, smClockMhz;
    // Profiling counters (`gpus[].prof`, Hopper and later): the live ring has them; the history
    // store and Prometheus reads leave them empty (initialised here, so a reader that builds a
    // point from its first four readings need not name these).
    PackedFloat smActivePct = std::nullopt, tensorActivePct = std::nullopt, dramActivePct = std::nullopt;
};

// A compact point of history, kept for every sample (15 minutes at 1 Hz): what the host page
// charts, and nothing else. Its readings are PackedFloat (four bytes, not eight): 15 minutes of a
// thousand eight-GPU servers' points are about 280 MiB.
struct SamplePoint {
    qint64 timeMs = 0;
    std::optional<double> cpuUtilPct;
    std::optional<double> memUsedBytes;
    PackedFloat cpuTempC;  // hottest CPU sensor
    PackedFloat nicRxBytesPerS, nicTxBytesPerS;
    // The BMC's input power and inlet air (docs/power.md); an estimate is not kept as power.
    PackedFloat powerW, inletC;
    std::vector<GpuPoint> gpus;  // by position in the snapshot's gpus[]
};

// Everything the views know about one host, copied out of the store.
struct HostRecord {
    HostSpec spec;
    HostState state = HostState::Idle;
    QString reason;       // why, in English (the history store keeps it)
    QString shownReason;  // the same in the user's language, for views
    protocol::HostIdentity identity;        // from hello
    std::optional<protocol::Facts> facts;   // from facts, decoded when the host connects
    std::shared_ptr<const protocol::Sample> latest;  // the last sample, never changed once here (left empty by summaries())
    HostSummary summary;                    // headline numbers of the last sample
    std::vector<GpuFinding> findings;       // the GPUs' health findings in the last sample, worst first
    HostHealth health;                      // of the state and the last sample, assessed when either changes
    HostDrift drift;                        // the last drift check: settings no longer as pushed (app/drift/)
    qint64 lastSampleAtMs = 0;              // local receive time (steady enough for "updated N s ago")
    std::vector<SamplePoint> history;
};

// Per-host telemetry, written by sessions on the fleet thread and read by models on the GUI
// thread. Readers copy what they need under the lock; views repaint from models on a timer.
class TelemetryStore {
public:
    explicit TelemetryStore(std::size_t historyCapacity = 15 * 60);

    void addHost(const HostSpec& spec);
    void removeHost(const QString& name);
    // A new spec for a host already here (a rack, tag or mesh address edit): state and samples stay.
    void updateSpec(const HostSpec& spec);
    // `reason` in English; `shownReason` in the user's language (empty: the same as `reason`).
    void setState(const QString& name, HostState state, const QString& reason,
                  std::optional<protocol::HostIdentity> identity = std::nullopt, const QString& shownReason = {});
    void setFacts(const QString& name, protocol::Facts facts);
    void addSample(const QString& name, protocol::Sample sample, qint64 receivedAtMs);
    // The outcome of a drift check of the host (app/drift/drift_monitor.h), replacing the last one.
    void setDrift(const QString& name, HostDrift drift);
    // Tells `observer` (or nobody, with nullptr) of every sample and state change from now on,
    // outside the lock. Set it before hosts report, clear it before the observer is destroyed.
    void setObserver(StoreObserver* observer) { observer_.store(observer); }

    std::vector<QString> hostNames() const;  // in the order added
    std::optional<HostRecord> host(const QString& name, bool withHistory = false) const;
    // Every host without its raw snapshot, facts or history (with its summary, findings, health
    // and drift): what a fleet-wide view needs.
    std::vector<HostRecord> summaries() const;
    // What changed since a reader last looked: `since` is the `generation` of its last call (0 the
    // first time). When hosts came or went (or their specs changed) since then, `all` is set and
    // `records` is every host as summaries() gives them; otherwise `records` holds only the hosts
    // whose record changed. A view of a thousand hosts then copies a few hundred per refresh, not
    // all of them.
    struct SummaryChanges {
        quint64 generation = 0;
        bool all = false;
        std::vector<HostRecord> records;
    };
    SummaryChanges summariesChangedSince(quint64 since) const;
    // The last `points` GPU temperatures of a host, every `stride`-th sample, oldest first, one
    // list per GPU (for sparklines). Missing readings stay missing.
    std::vector<std::vector<std::optional<float>>> gpuTempTrail(const QString& name, int points, int stride) const;
    // Increases with every change: a view whose last seen generation is current skips its repaint.
    quint64 generation() const;
    // How many hosts it knows, how many are connected, and how many samples it has taken in since
    // it was made (the desktop's perf log, app/perf_log.h).
    struct Counts {
        std::size_t hosts = 0, connected = 0;
        quint64 samples = 0;
    };
    Counts counts() const;
    // The generation of the host's last change (0 for a host not here): a view of one host
    // re-reads it only when this moves.
    quint64 hostGeneration(const QString& name) const;
    // A host's state and last sample without copying its record (facts, summary): for a reader
    // fed every sample of every host. nullopt for a host not here.
    struct Latest {
        quint64 generation = 0;  // as hostGeneration
        HostState state = HostState::Idle;
        std::shared_ptr<const protocol::Sample> sample;
        qint64 sampleAtMs = 0;  // HostRecord::lastSampleAtMs
    };
    std::optional<Latest> latest(const QString& name) const;

private:
    struct Entry {
        HostRecord record;
        std::deque<SamplePoint> ring;
        GpuCounterBaseline counters;  // the growing counters' first readings, for the findings
        quint64 changedAt = 0;        // the generation of the record's last change
    };
    static HostRecord summaryOf(const HostRecord& src);
    // A host's generation: its record's last change, or the list's when that was later. Under the lock.
    quint64 generationOf(const Entry& e) const { return std::max(e.changedAt, listChangedAt_); }
    mutable std::mutex mutex_;
    std::size_t capacity_;
    std::vector<QString> order_;
    std::map<QString, Entry> hosts_;
    quint64 generation_ = 0;
    quint64 samples_ = 0;
    quint64 listChangedAt_ = 0;  // the generation at which hosts last came, went or changed specs
    std::atomic<StoreObserver*> observer_{nullptr};
};

}  // namespace fleetdeck
