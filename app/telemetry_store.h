#pragma once

#include <deque>
#include <map>
#include <mutex>
#include <optional>
#include <vector>

#include <QString>

#include <nlohmann/json.hpp>

#include "app/host_session.h"
#include "app/host_spec.h"

namespace fleetdeck {

// A compact point of history, kept for every sample (at least 15 minutes at 1 Hz).
struct SamplePoint {
    qint64 timeMs = 0;
    std::optional<double> cpuUtilPct;
    std::optional<double> memUsedBytes;
};

// Everything the views know about one host, copied out of the store.
struct HostRecord {
    HostSpec spec;
    HostState state = HostState::Idle;
    QString reason;
    Json identity;                 // from hello
    std::optional<Json> facts;     // from facts
    std::optional<Json> latest;    // the last snapshot
    qint64 lastSampleAtMs = 0;     // local receive time (steady enough for "updated N s ago")
    std::vector<SamplePoint> history;
};

// Per-host telemetry, written by sessions on the fleet thread and read by models on the GUI
// thread. Readers copy what they need under the lock; views repaint from models on a timer.
class TelemetryStore {
public:
    explicit TelemetryStore(std::size_t historyCapacity = 15 * 60);

    void addHost(const HostSpec& spec);
    void removeHost(const QString& name);
    void setState(const QString& name, HostState state, const QString& reason, const Json& identity = {});
    void setFacts(const QString& name, Json facts);
    void addSample(const QString& name, Json snapshot, qint64 receivedAtMs);

    std::vector<QString> hostNames() const;  // in the order added
    std::optional<HostRecord> host(const QString& name, bool withHistory = false) const;
    // Increases with every change: a view whose last seen generation is current skips its repaint.
    quint64 generation() const;

private:
    struct Entry {
        HostRecord record;
        std::deque<SamplePoint> ring;
    };
    mutable std::mutex mutex_;
    std::size_t capacity_;
    std::vector<QString> order_;
    std::map<QString, Entry> hosts_;
    quint64 generation_ = 0;
};

}  // namespace fleetdeck
