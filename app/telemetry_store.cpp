#include "app/telemetry_store.h"

#include <algorithm>

#include <QDateTime>

namespace fleetdeck {
namespace {

std::optional<float> compact(const std::optional<double>& v) {
    return v ? std::optional<float>(static_cast<float>(*v)) : std::nullopt;
}

SamplePoint historyPoint(const HostSummary& s, qint64 timeMs) {
    SamplePoint p;
    p.timeMs = timeMs;
    p.cpuUtilPct = s.cpuUtilPct;
    p.memUsedBytes = s.memUsedBytes;
    p.cpuTempC = compact(s.hottestCpuTempC);
    p.nicRxBytesPerS = compact(s.nicRxBytesPerS);
    p.nicTxBytesPerS = compact(s.nicTxBytesPerS);
    if (s.powerSource != QLatin1String("estimated")) p.powerW = compact(s.powerW);
    p.inletC = compact(s.inletC);
    p.gpus.reserve(s.gpus.size());
    for (const GpuSample& g : s.gpus) {
        GpuPoint& gp = p.gpus.emplace_back();
        gp.tempC = compact(g.temp_c);
        gp.utilPct = compact(g.util_pct);
        gp.powerW = compact(g.power_w);
        gp.smClockMhz = g.sm_clock_mhz ? std::optional<float>(static_cast<float>(*g.sm_clock_mhz)) : std::nullopt;
        if (g.prof) {
            gp.smActivePct = compact(g.prof->sm_active_pct);
            gp.tensorActivePct = compact(g.prof->tensor_active_pct);
            gp.dramActivePct = compact(g.prof->dram_active_pct);
        }
    }
    return p;
}

}  // namespace

TelemetryStore::TelemetryStore(std::size_t historyCapacity) : capacity_(historyCapacity) {}

void TelemetryStore::addHost(const HostSpec& spec) {
    std::lock_guard lock(mutex_);
    if (hosts_.count(spec.name)) return;
    order_.push_back(spec.name);
    hosts_[spec.name].record.spec = spec;
    listChangedAt_ = ++generation_;
}

void TelemetryStore::updateSpec(const HostSpec& spec) {
    std::lock_guard lock(mutex_);
    const auto it = hosts_.find(spec.name);
    if (it == hosts_.end()) return;
    it->second.record.spec = spec;
    listChangedAt_ = ++generation_;
}

void TelemetryStore::removeHost(const QString& name) {
    std::lock_guard lock(mutex_);
    hosts_.erase(name);
    order_.erase(std::remove(order_.begin(), order_.end(), name), order_.end());
    listChangedAt_ = ++generation_;
}

void TelemetryStore::setState(const QString& name, HostState state, const QString& reason,
                              std::optional<protocol::HostIdentity> identity, const QString& shownReason) {
    {
        std::lock_guard lock(mutex_);
        const auto it = hosts_.find(name);
        if (it == hosts_.end()) return;
        HostRecord& r = it->second.record;
        r.state = state;
        r.reason = reason;
        r.shownReason = shownReason.isEmpty() ? reason : shownReason;
        if (identity) r.identity = std::move(*identity);
        r.health = assessHealth(r.state, r.shownReason, r.summary, r.lastSampleAtMs != 0, r.findings);
        it->second.changedAt = ++generation_;
    }
    if (StoreObserver* observer = observer_.load())
        observer->onState(name, state, reason, shownReason.isEmpty() ? reason : shownReason, QDateTime::currentMSecsSinceEpoch());
}

void TelemetryStore::setFacts(const QString& name, protocol::Facts facts) {
    std::lock_guard lock(mutex_);
    const auto it = hosts_.find(name);
    if (it == hosts_.end()) return;
    it->second.record.facts = std::move(facts);
    it->second.changedAt = ++generation_;
}

void TelemetryStore::setDrift(const QString& name, HostDrift drift) {
    StoreObserver* observer = observer_.load();
    {
        std::lock_guard lock(mutex_);
        const auto it = hosts_.find(name);
        if (it == hosts_.end()) return;
        it->second.record.drift = drift;
        it->second.changedAt = ++generation_;
    }
    if (observer) observer->onDrift(name, drift, drift.checkedAtMs);
}

void TelemetryStore::addSample(const QString& name, protocol::Sample sample, qint64 receivedAtMs) {
    // The summary and history point are computed here, on the writer's thread, outside the lock.
    // The sample is shared with the summary's GPUs and with the observer, which is told after the
    // lock is released.
    const qint64 timeMs = sample.time_ms.value_or(receivedAtMs);
    auto latest = std::make_shared<const protocol::Sample>(std::move(sample));
    HostSummary summary = summarizeSample(latest);
    SamplePoint point = historyPoint(summary, timeMs);
    StoreObserver* observer = observer_.load();
    std::vector<GpuFinding> findings;
    {
        std::lock_guard lock(mutex_);
        const auto it = hosts_.find(name);
        if (it == hosts_.end()) return;
        Entry& e = it->second;
        ++samples_;
        e.record.findings = gpuFindings(*latest, e.counters);
        if (observer) findings = e.record.findings;
        e.record.latest = latest;
        e.record.summary = std::move(summary);
        e.record.health = assessHealth(e.record.state, e.record.shownReason, e.record.summary, true, e.record.findings);
        e.record.lastSampleAtMs = receivedAtMs;
        e.ring.push_back(std::move(point));
        while (e.ring.size() > capacity_) e.ring.pop_front();
        e.changedAt = ++generation_;
    }
    if (observer) observer->onSample(name, std::move(latest), findings, timeMs);
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

HostRecord TelemetryStore::summaryOf(const HostRecord& src) {
    HostRecord r;
    r.spec = src.spec;
    r.state = src.state;
    r.reason = src.reason;
    r.shownReason = src.shownReason;
    r.summary = src.summary;
    r.findings = src.findings;
    r.health = src.health;
    r.drift = src.drift;
    r.lastSampleAtMs = src.lastSampleAtMs;
    return r;
}

std::vector<HostRecord> TelemetryStore::summaries() const {
    std::lock_guard lock(mutex_);
    std::vector<HostRecord> out;
    out.reserve(order_.size());
    for (const QString& name : order_) out.push_back(summaryOf(hosts_.at(name).record));
    return out;
}

TelemetryStore::SummaryChanges TelemetryStore::summariesChangedSince(quint64 since) const {
    std::lock_guard lock(mutex_);
    SummaryChanges out;
    out.generation = generation_;
    out.all = since == 0 || listChangedAt_ > since || since > generation_;
    for (const QString& name : order_) {
        const Entry& e = hosts_.at(name);
        if (out.all || e.changedAt > since) out.records.push_back(summaryOf(e.record));
    }
    return out;
}

std::vector<std::vector<std::optional<float>>> TelemetryStore::gpuTempTrail(const QString& name, int points,
                                                                             int stride) const {
    std::lock_guard lock(mutex_);
    const auto it = hosts_.find(name);
    if (it == hosts_.end() || it->second.ring.empty() || points <= 0 || stride <= 0) return {};
    const auto& ring = it->second.ring;
    std::vector<std::vector<std::optional<float>>> trails(ring.back().gpus.size());
    const long last = static_cast<long>(ring.size()) - 1;
    const long first = std::max(0L, last - static_cast<long>(points - 1) * stride);
    for (long i = last - ((last - first) / stride) * stride; i <= last; i += stride) {
        const auto& gpus = ring[static_cast<std::size_t>(i)].gpus;
        for (std::size_t g = 0; g < trails.size(); ++g) trails[g].push_back(g < gpus.size() ? gpus[g].tempC : std::nullopt);
    }
    return trails;
}

quint64 TelemetryStore::hostGeneration(const QString& name) const {
    std::lock_guard lock(mutex_);
    const auto it = hosts_.find(name);
    return it == hosts_.end() ? 0 : generationOf(it->second);
}

std::optional<TelemetryStore::Latest> TelemetryStore::latest(const QString& name) const {
    std::lock_guard lock(mutex_);
    const auto it = hosts_.find(name);
    if (it == hosts_.end()) return std::nullopt;
    const HostRecord& r = it->second.record;
    return Latest{generationOf(it->second), r.state, r.latest, r.lastSampleAtMs};
}

TelemetryStore::Counts TelemetryStore::counts() const {
    std::lock_guard lock(mutex_);
    Counts c;
    c.hosts = hosts_.size();
    c.samples = samples_;
    for (const auto& [name, e] : hosts_)
        if (e.record.state == HostState::Connected) ++c.connected;
    return c;
}

quint64 TelemetryStore::generation() const {
    std::lock_guard lock(mutex_);
    return generation_;
}

}  // namespace fleetdeck
