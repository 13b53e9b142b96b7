#pragma once

#include <deque>
#include <memory>
#include <map>
#include <mutex>
#include <optional>
#include <utility>
#include <vector>

#include <QHash>
#include <QString>

#include "app/latency/latency_map_model.h"
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
// A finished round is merged with the one before (links this round did not probe keep their
// value and age, LatencyMatrix::carryOver), recorded in the history and turned into the map's
// model by the writer, outside the lock: the GUI thread only takes a shared copy of the model.
class LatencyStore {
public:
    explicit LatencyStore(std::size_t historyRounds = 120);

    void roundStarted(int asked, qint64 nowMs);
    void sourceAnswered();
    // Called by one writer (the mesh's thread) at a time.
    void roundFinished(LatencyMatrix matrix, qint64 nowMs);
    void setRoundTrip(const QString& host, std::optional<double> ms, const QString& error, qint64 nowMs);
    void setIntervalS(int seconds);

    LatencyMatrix matrix() const;  // a copy: a thousand hosts are a million links
    LatencyMapModel mapModel() const;  // shares the model built when the round finished
    std::vector<LinkPoint> history(const QString& from, const QString& to) const;  // oldest first
    std::map<QString, HostRoundTrip> roundTrips() const;
    MeshRoundStatus status() const;
    quint64 generation() const;
    // Increases only when a round finishes (a new matrix): the map is rebuilt then, while the
    // round's progress and the app's round trips change generation() a thousand times a round.
    quint64 matrixGeneration() const;

private:
    mutable std::mutex mutex_;
    std::size_t capacity_;
    // Past rounds, dense like the matrix: a thousand hosts are a million links, which as a map
    // of a deque each took over half a GiB after one round. Rounds sharing their hosts share one
    // name → position index. As many rounds are kept as fit kHistoryBudgetBytes: all 120 up to
    // about 260 hosts, 8 (8 minutes at the default interval) at 1,000.
    struct PastLink {
        double p50Ms = 0, p95Ms = 0;  // NaN: not reported
        float lossPct = 0;
        bool measured = false;
    };
    struct PastRound {
        qint64 timeMs = 0;
        std::shared_ptr<const QHash<QString, int>> positions;
        std::vector<PastLink> links;  // row-major, positions->size()²
    };
    static constexpr std::size_t kHistoryBudgetBytes = std::size_t{192} << 20;

    LatencyMapModel model_;  // of the last round, with its matrix
    std::deque<PastRound> history_;
    std::map<QString, HostRoundTrip> roundTrips_;
    MeshRoundStatus status_;
    quint64 generation_ = 0;
    quint64 matrixGeneration_ = 0;
};

}  // namespace fleetdeck
