#pragma once

#include <deque>
#include <map>
#include <mutex>
#include <optional>
#include <utility>
#include <vector>

#include <QString>

#include "app/latency/latency_matrix.h"

namespace fleetdeck {

// One link in one round, for its history chart.
struct LinkPoint {
    qint64 timeMs = 0;
    std::optional<double> p50Ms, p95Ms;
    double lossPct = 0;
};

// The app → host round trip of a cheap request (`ping`) through the host's transport (SSH or a
// local pipe), measured in each mesh round.
struct HostRoundTrip {
    std::optional<double> lastMs;
    qint64 atMs = 0;
    QString error;  // why there is no measurement, when lastMs is empty
};

// Where the mesh rounds stand.
struct MeshRoundStatus {
    bool running = false;
    int asked = 0, answered = 0;  // sources in the running (or last) round
    qint64 startedAtMs = 0;
    std::optional<qint64> finishedAtMs;  // of the last finished round
    int rounds = 0;                      // finished since start
    int intervalS = 60;
};

// The latency mesh's results, written by LatencyMesh on the fleet thread and read by the latency
// view on the GUI thread. Readers copy under the lock; the generation says when to copy again.
class LatencyStore {
public:
    explicit LatencyStore(std::size_t historyRounds = 120);

    void roundStarted(int asked, qint64 nowMs);
    void sourceAnswered();
    void roundFinished(LatencyMatrix matrix, qint64 nowMs);
    void setRoundTrip(const QString& host, std::optional<double> ms, const QString& error, qint64 nowMs);
    void setIntervalS(int seconds);

    LatencyMatrix matrix() const;
    std::vector<LinkPoint> history(const QString& from, const QString& to) const;  // oldest first
    std::map<QString, HostRoundTrip> roundTrips() const;
    MeshRoundStatus status() const;
    quint64 generation() const;

private:
    mutable std::mutex mutex_;
    std::size_t capacity_;
    LatencyMatrix matrix_;
    std::map<std::pair<QString, QString>, std::deque<LinkPoint>> history_;
    std::map<QString, HostRoundTrip> roundTrips_;
    MeshRoundStatus status_;
    quint64 generation_ = 0;
};

}  // namespace fleetdeck
