#include "app/latency/latency_store.h"

#include <algorithm>

namespace fleetdeck {

LatencyStore::LatencyStore(std::size_t historyRounds) : capacity_(std::max<std::size_t>(1, historyRounds)) {}

void LatencyStore::roundStarted(int asked, qint64 nowMs) {
    std::lock_guard lock(mutex_);
    status_.running = true;
    status_.asked = asked;
    status_.answered = 0;
    status_.startedAtMs = nowMs;
    ++generation_;
}

void LatencyStore::sourceAnswered() {
    std::lock_guard lock(mutex_);
    ++status_.answered;
    ++generation_;
}

void LatencyStore::roundFinished(LatencyMatrix matrix, qint64 nowMs) {
    std::lock_guard lock(mutex_);
    for (const MeshHost& a : matrix.hosts())
        for (const MeshHost& b : matrix.hosts()) {
            const auto s = matrix.link(a.name, b.name);
            if (!s) continue;
            auto& ring = history_[{a.name, b.name}];
            ring.push_back({nowMs, s->p50_ms, s->p95_ms, s->loss_pct});
            while (ring.size() > capacity_) ring.pop_front();
        }
    matrix_ = std::move(matrix);
    status_.running = false;
    status_.finishedAtMs = nowMs;
    ++status_.rounds;
    ++generation_;
}

void LatencyStore::setRoundTrip(const QString& host, std::optional<double> ms, const QString& error, qint64 nowMs) {
    std::lock_guard lock(mutex_);
    roundTrips_[host] = {ms, nowMs, error};
    ++generation_;
}

void LatencyStore::setIntervalS(int seconds) {
    std::lock_guard lock(mutex_);
    status_.intervalS = seconds;
    ++generation_;
}

LatencyMatrix LatencyStore::matrix() const {
    std::lock_guard lock(mutex_);
    return matrix_;
}

std::vector<LinkPoint> LatencyStore::history(const QString& from, const QString& to) const {
    std::lock_guard lock(mutex_);
    const auto it = history_.find({from, to});
    if (it == history_.end()) return {};
    return {it->second.begin(), it->second.end()};
}

std::map<QString, HostRoundTrip> LatencyStore::roundTrips() const {
    std::lock_guard lock(mutex_);
    return roundTrips_;
}

MeshRoundStatus LatencyStore::status() const {
    std::lock_guard lock(mutex_);
    return status_;
}

quint64 LatencyStore::generation() const {
    std::lock_guard lock(mutex_);
    return generation_;
}

}  // namespace fleetdeck
