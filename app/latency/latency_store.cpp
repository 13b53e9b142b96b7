#include "app/latency/latency_store.h"

#include <algorithm>
#include <cmath>
#include <limits>

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
    // The merge, the history entry and the model are built without the lock (this is the only
    // writer, so model_ and history_ do not change meanwhile; readers only read them).
    matrix.setRoundTimeMs(nowMs);
    matrix.carryOver(model_.matrix());
    const std::vector<MeshHost>& hosts = matrix.hosts();
    const std::size_t n = hosts.size();
    PastRound past;
    past.timeMs = nowMs;
    // The index of the round before when the hosts are the same (every round but after a change).
    bool sameHosts = !history_.empty() && history_.back().positions->size() == static_cast<qsizetype>(n);
    for (std::size_t i = 0; sameHosts && i < n; ++i) sameHosts = history_.back().positions->value(hosts[i].name, -1) == static_cast<int>(i);
    if (sameHosts) {
        past.positions = history_.back().positions;
    } else {
        auto positions = std::make_shared<QHash<QString, int>>();
        for (std::size_t i = 0; i < n; ++i) positions->insert(hosts[i].name, static_cast<int>(i));
        past.positions = std::move(positions);
    }
    constexpr double kMissing = std::numeric_limits<double>::quiet_NaN();
    past.links.resize(n * n);
    for (std::size_t a = 0; a < n; ++a)
        for (std::size_t b = 0; b < n; ++b) {
            const auto from = static_cast<int>(a), to = static_cast<int>(b);
            const LinkStats* s = matrix.linkAt(from, to);
            if (!s || matrix.fromEarlierRound(from, to)) continue;  // a point of this round only
            past.links[a * n + b] = {s->p50_ms.value_or(kMissing), s->p95_ms.value_or(kMissing), static_cast<float>(s->loss_pct), true};
        }
    LatencyMapModel model;
    model.update(std::move(matrix));

    std::lock_guard lock(mutex_);
    history_.push_back(std::move(past));
    const std::size_t roundBytes = std::max<std::size_t>(1, n * n * sizeof(PastLink));
    const std::size_t keep = std::clamp<std::size_t>(kHistoryBudgetBytes / roundBytes, 1, capacity_);
    while (history_.size() > keep) history_.pop_front();
    model_ = std::move(model);
    status_.running = false;
    status_.finishedAtMs = nowMs;
    ++status_.rounds;
    ++generation_;
    ++matrixGeneration_;
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
    return model_.matrix();
}

LatencyMapModel LatencyStore::mapModel() const {
    std::lock_guard lock(mutex_);
    return model_;
}

std::vector<LinkPoint> LatencyStore::history(const QString& from, const QString& to) const {
    std::lock_guard lock(mutex_);
    std::vector<LinkPoint> out;
    for (const PastRound& round : history_) {
        const int a = round.positions->value(from, -1), b = round.positions->value(to, -1);
        if (a < 0 || b < 0) continue;
        const PastLink& l = round.links[static_cast<std::size_t>(a) * static_cast<std::size_t>(round.positions->size()) + static_cast<std::size_t>(b)];
        if (!l.measured) continue;  // no data is not a point
        const auto known = [](double v) { return std::isnan(v) ? std::nullopt : std::optional<double>(v); };
        out.push_back({round.timeMs, known(l.p50Ms), known(l.p95Ms), static_cast<double>(l.lossPct)});
    }
    return out;
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

quint64 LatencyStore::matrixGeneration() const {
    std::lock_guard lock(mutex_);
    return matrixGeneration_;
}

}  // namespace fleetdeck
