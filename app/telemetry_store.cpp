#include "app/telemetry_store.h"

#include <algorithm>

namespace fleetdeck {
namespace {

std::optional<double> number_at(const Json& j, const char* a, const char* b) {
    const auto outer = j.find(a);
    if (outer == j.end() || !outer->is_object()) return std::nullopt;
    const auto inner = outer->find(b);
    if (inner == outer->end() || !inner->is_number()) return std::nullopt;
    return inner->get<double>();
}

}  // namespace

TelemetryStore::TelemetryStore(std::size_t historyCapacity) : capacity_(historyCapacity) {}

void TelemetryStore::addHost(const HostSpec& spec) {
    std::lock_guard lock(mutex_);
    if (hosts_.count(spec.name)) return;
    order_.push_back(spec.name);
    hosts_[spec.name].record.spec = spec;
    ++generation_;
}

void TelemetryStore::removeHost(const QString& name) {
    std::lock_guard lock(mutex_);
    hosts_.erase(name);
    order_.erase(std::remove(order_.begin(), order_.end(), name), order_.end());
    ++generation_;
}

void TelemetryStore::setState(const QString& name, HostState state, const QString& reason, const Json& identity) {
    std::lock_guard lock(mutex_);
    const auto it = hosts_.find(name);
    if (it == hosts_.end()) return;
    it->second.record.state = state;
    it->second.record.reason = reason;
    if (!identity.is_null()) it->second.record.identity = identity;
    ++generation_;
}

void TelemetryStore::setFacts(const QString& name, Json facts) {
    std::lock_guard lock(mutex_);
    const auto it = hosts_.find(name);
    if (it == hosts_.end()) return;
    it->second.record.facts = std::move(facts);
    ++generation_;
}

void TelemetryStore::addSample(const QString& name, Json snapshot, qint64 receivedAtMs) {
    if (!snapshot.is_object()) return;
    SamplePoint point;
    point.timeMs = snapshot.value("time_ms", Json()).is_number_integer() ? snapshot["time_ms"].get<qint64>() : receivedAtMs;
    point.cpuUtilPct = number_at(snapshot, "cpu", "util_pct");
    point.memUsedBytes = number_at(snapshot, "memory", "used_bytes");
    std::lock_guard lock(mutex_);
    const auto it = hosts_.find(name);
    if (it == hosts_.end()) return;
    Entry& e = it->second;
    e.record.latest = std::move(snapshot);
    e.record.lastSampleAtMs = receivedAtMs;
    e.ring.push_back(point);
    while (e.ring.size() > capacity_) e.ring.pop_front();
    ++generation_;
}

std::vector<QString> TelemetryStore::hostNames() const {
    std::lock_guard lock(mutex_);
    return order_;
}

std::optional<HostRecord> TelemetryStore::host(const QString& name, bool withHistory) const {
    std::lock_guard lock(mutex_);
    const auto it = hosts_.find(name);
    if (it == hosts_.end()) return std::nullopt;
    HostRecord r = it->second.record;
    if (withHistory) r.history.assign(it->second.ring.begin(), it->second.ring.end());
    return r;
}

quint64 TelemetryStore::generation() const {
    std::lock_guard lock(mutex_);
    return generation_;
}

}  // namespace fleetdeck
