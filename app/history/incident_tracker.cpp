#include "app/history/incident_tracker.h"

#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <limits>

#include <QDateTime>
#include <QJsonObject>
#include <QJsonValue>
#include <QLocale>

#include "app/audit/audit_report.h"
#include "app/history/history_point.h"
#include "app/history/incident_sentence.h"
#include "app/host_summary.h"

namespace fleetdeck::history {
namespace {

constexpr std::size_t kAuditRemembered = 256;  // transactions whose incident later entries may extend

bool opensOffline(HostState s) {
    return s == HostState::Offline || s == HostState::AuthFailed || s == HostState::HostKeyUnknown ||
           s == HostState::HostKeyChanged || s == HostState::Misbehaving;
}

bool fromSamples(IncidentKind k) {
    return k == IncidentKind::ThermalThrottle || k == IncidentKind::PowerThrottle || k == IncidentKind::HwSlowdown ||
           k == IncidentKind::GpuHealth || k == IncidentKind::PcieDowngrade || k == IncidentKind::Fan;
}

bool fromVerdicts(IncidentKind k) { return k == IncidentKind::HeldIdle || k == IncidentKind::Bottleneck; }

bool hasReason(const protocol::GpuSample& g, const char* reason) {
    return g.throttle && std::find(g.throttle->begin(), g.throttle->end(), reason) != g.throttle->end();
}

IncidentSeverity fromFinding(FindingSeverity s) {
    return s == FindingSeverity::Critical ? IncidentSeverity::Critical : IncidentSeverity::Warning;
}

QJsonObject figures(std::initializer_list<std::pair<const char*, QJsonValue>> values) {
    QJsonObject out;
    for (const auto& [name, value] : values) out.insert(QLatin1String(name), value);
    return out;
}

QJsonValue jsonValue(const nlohmann::json& v) {
    if (v.is_null()) return QJsonValue::Null;
    if (v.is_boolean()) return v.get<bool>();
    if (v.is_number()) return v.get<double>();
    if (v.is_string()) return QString::fromStdString(v.get<std::string>());
    return QString::fromStdString(v.dump());
}

}  // namespace

IncidentText durationIn(std::int64_t ms) {
    const std::int64_t s = std::max<std::int64_t>(0, ms / 1000);
    if (s < 60) return std::move(IncidentText(QT_TRANSLATE_NOOP("incident", "%1 s")).arg(s));
    if (s < 3600)
        return s % 60 ? std::move(IncidentText(QT_TRANSLATE_NOOP("incident", "%1 min %2 s")).arg(s / 60).arg(s % 60))
                      : std::move(IncidentText(QT_TRANSLATE_NOOP("incident", "%1 min")).arg(s / 60));
    const std::int64_t m = s / 60;
    return m % 60 ? std::move(IncidentText(QT_TRANSLATE_NOOP("incident", "%1 h %2 min")).arg(m / 60).arg(m % 60))
                  : std::move(IncidentText(QT_TRANSLATE_NOOP("incident", "%1 h")).arg(m / 60));
}

QString formatDuration(std::int64_t ms) { return durationIn(ms).english(); }

IncidentTracker::IncidentTracker(std::int64_t firstId) : IncidentTracker(firstId, Options{}) {}
IncidentTracker::IncidentTracker(std::int64_t firstId, Options options) : options_(options), nextId_(firstId) {}

std::vector<IncidentTracker::Condition> IncidentTracker::sampleConditions(const QString& host, const protocol::Sample& sample,
                                                                         const std::vector<GpuFinding>& findings) {
    std::vector<Condition> out;
    for (std::size_t pos = 0; pos < sample.gpus.size(); ++pos) {
        const protocol::GpuSample& g = sample.gpus[pos];
        const int gpu = g.index;
        const std::uint8_t bits = throttleBits(g);
        const auto clockBefore = [&]() -> std::optional<double> {
            const auto it = previousClock_.find({host, gpu});
            return it == previousClock_.end() ? std::nullopt : std::optional<double>(it->second);
        }();
        const std::optional<double> clock = g.sm_clock_mhz ? std::optional<double>(double(*g.sm_clock_mhz)) : std::nullopt;
        if (bits & kThrottleThermal) {
            const bool hot = hasReason(g, "hw_thermal") || (g.temp_c && g.temp_slowdown_c && *g.temp_c >= *g.temp_slowdown_c);
            out.push_back({{host, IncidentKind::ThermalThrottle, gpu, QStringLiteral("thermal")},
                           hot ? IncidentSeverity::Critical : IncidentSeverity::Warning, QJsonObject(), g.temp_c, clock, clockBefore});
        }
        if (bits & kThrottlePower)
            out.push_back({{host, IncidentKind::PowerThrottle, gpu, QStringLiteral("power")},
                           hasReason(g, "hw_power_brake") ? IncidentSeverity::Warning : IncidentSeverity::Info, QJsonObject(), g.temp_c,
                           clock, clockBefore});
        if (bits & kThrottleHwSlowdown)
            out.push_back({{host, IncidentKind::HwSlowdown, gpu, QStringLiteral("hw_slowdown")}, IncidentSeverity::Warning, QJsonObject(),
                           g.temp_c, clock, clockBefore});
        if (linkNarrowed(g))
            out.push_back({{host, IncidentKind::PcieDowngrade, gpu, QStringLiteral("width")}, IncidentSeverity::Warning,
                           figures({{"width", double(g.pcie_width.value_or(0))}, {"width_max", double(g.pcie_width_max.value_or(0))}}), {}, {}, {}});
        if (g.fan_pct && g.temp_c) {
            const double slowdown = g.temp_slowdown_c.value_or(85);
            if ((*g.fan_pct <= 0 && *g.temp_c >= 60) || (*g.fan_pct < 50 && *g.temp_c >= slowdown - 5))
                out.push_back({{host, IncidentKind::Fan, gpu, QStringLiteral("gpu_fan")}, IncidentSeverity::Warning,
                               figures({{"fan_pct", std::round(*g.fan_pct)}, {"temp_c", std::round(*g.temp_c)}}), g.temp_c, {}, {}});
        }
        if (clock) previousClock_[{host, gpu}] = *clock;
    }
    for (const protocol::SensorSample& s : sample.sensors) {
        if (s.kind != "fan" || !s.value) continue;
        const QString fan = QString::fromStdString(s.chip + "/" + (s.label ? *s.label : s.input));
        if (*s.value > 0) {
            fansSeenSpinning_.insert({host, fan});
        } else if (fansSeenSpinning_.count({host, fan})) {
            out.push_back({{host, IncidentKind::Fan, -1, fan}, IncidentSeverity::Warning, figures({{"fan", fan}}), {}, {}, {}});
        }
    }
    for (const GpuFinding& f : findings) {
        QString detail = toString(f.kind);
        if (f.code) detail += QStringLiteral(":%1").arg(*f.code);
        QJsonObject kept = figures({{"finding", toString(f.kind)}});
        if (f.code) kept.insert(QStringLiteral("code"), double(*f.code));
        putPhrase(kept, QStringLiteral("sentence"), f.text, f.shown(), QLocale().name());
        out.push_back({{host, IncidentKind::GpuHealth, f.gpu, detail}, fromFinding(f.severity), kept, {}, {}, {}});
    }
    return out;
}

void IncidentTracker::activate(const Condition& c, std::int64_t timeMs, std::vector<IncidentChange>& out, std::optional<std::int64_t> sinceMs) {
    auto it = open_.find(c.key);
    if (it == open_.end()) {
        Episode e;
        Incident& i = e.incident;
        i.id = nextId_++;
        i.host = std::get<0>(c.key);
        i.kind = std::get<1>(c.key);
        if (std::get<2>(c.key) >= 0) i.gpu = std::get<2>(c.key);
        i.detail = std::get<3>(c.key);
        i.severity = c.severity;
        i.startMs = sinceMs ? std::min(*sinceMs, timeMs) : timeMs;
        i.peakTempC = c.tempC;
        e.clockBeforeMhz = c.clockBeforeMhz;
        e.minClockMhz = c.clockMhz;
        i.figures = c.figures;
        e.lastActiveMs = e.lastReportMs = timeMs;
        if (e.clockBeforeMhz && e.minClockMhz) i.clockDropMhz = std::max(0.0, *e.clockBeforeMhz - *e.minClockMhz);
        const bool throttle = i.kind == IncidentKind::ThermalThrottle || i.kind == IncidentKind::PowerThrottle ||
                              i.kind == IncidentKind::HwSlowdown;
        if (!throttle) i.peakTempC.reset();
        writeSentence(i);
        out.push_back({IncidentChange::What::Opened, i});
        open_.emplace(c.key, std::move(e));
        return;
    }
    Episode& e = it->second;
    Incident& i = e.incident;
    e.lastActiveMs = timeMs;
    e.goneSinceMs.reset();
    const bool escalated = c.severity > i.severity;
    if (escalated) i.severity = c.severity;
    if (i.peakTempC && c.tempC) i.peakTempC = std::max(*i.peakTempC, *c.tempC);
    if (c.clockMhz) e.minClockMhz = e.minClockMhz ? std::min(*e.minClockMhz, *c.clockMhz) : *c.clockMhz;
    if (e.clockBeforeMhz && e.minClockMhz) i.clockDropMhz = std::max(0.0, *e.clockBeforeMhz - *e.minClockMhz);
    i.figures = c.figures;  // the latest readings: a fan's speed, a link's width
    writeSentence(i);
    if (escalated || timeMs - e.lastReportMs >= options_.updateEveryMs) {
        e.lastReportMs = timeMs;
        out.push_back({IncidentChange::What::Updated, i});
    }
}

void IncidentTracker::close(std::map<Key, Episode>::iterator it, std::int64_t endMs, std::vector<IncidentChange>& out) {
    Episode& e = it->second;
    e.incident.endMs = std::max(e.incident.startMs, endMs);
    writeSentence(e.incident);
    out.push_back({IncidentChange::What::Closed, e.incident});
    open_.erase(it);
}

// The open episodes of one host are neighbours in open_ (its key begins with the host): each
// sample walks its own host's, not every host's (at a thousand hosts with a few incidents each,
// walking them all twice a sample was most of the history thread's CPU; docs/BENCHMARKS.md).
std::map<IncidentTracker::Key, IncidentTracker::Episode>::iterator IncidentTracker::hostBegin(const QString& host) {
    return open_.lower_bound(Key{host, IncidentKind{}, std::numeric_limits<int>::min(), QString()});
}

std::map<IncidentTracker::Key, IncidentTracker::Episode>::iterator IncidentTracker::hostEnd(const QString& host) {
    auto it = hostBegin(host);
    while (it != open_.end() && std::get<0>(it->first) == host) ++it;
    return it;
}

void IncidentTracker::closeGone(const QString& host, bool (*ownKind)(IncidentKind), const std::set<Key>& active,
                                std::int64_t timeMs, std::vector<IncidentChange>& out) {
    const auto end = hostEnd(host);
    for (auto it = hostBegin(host); it != end;) {
        const IncidentKind kind = std::get<1>(it->first);
        if (!ownKind(kind) || active.count(it->first)) {
            ++it;
            continue;
        }
        Episode& e = it->second;
        if (!e.goneSinceMs) e.goneSinceMs = timeMs;
        if (timeMs - *e.goneSinceMs >= options_.graceMs) {
            const auto next = std::next(it);
            close(it, *e.goneSinceMs, out);
            it = next;
        } else {
            ++it;
        }
    }
}

std::vector<IncidentChange> IncidentTracker::onSample(const QString& host, const protocol::Sample& sample,
                                                      const std::vector<GpuFinding>& findings, std::int64_t timeMs) {
    std::vector<IncidentChange> out;
    const std::vector<Condition> active = sampleConditions(host, sample, findings);
    std::set<Key> activeKeys;
    for (const Condition& c : active) {
        activeKeys.insert(c.key);
        activate(c, timeMs, out);
    }
    closeGone(host, fromSamples, activeKeys, timeMs, out);
    lastSampleMs_[host] = timeMs;
    return out;
}

std::vector<IncidentChange> IncidentTracker::onState(const QString& host, HostState state, const QString& reason,
                                                     std::int64_t timeMs, const QString& shownReason) {
    std::vector<IncidentChange> out;
    const Key key{host, IncidentKind::HostOffline, -1, QString()};
    if (state == HostState::Connected) {
        if (auto it = open_.find(key); it != open_.end()) close(it, timeMs, out);
        return out;
    }
    if (!opensOffline(state) || open_.count(key)) return out;
    // What the samples said ends with the last one heard: nothing is known about the time after.
    const auto last = lastSampleMs_.find(host);
    const auto end = hostEnd(host);
    for (auto it = hostBegin(host); it != end;) {
        const auto next = std::next(it);
        if (fromSamples(std::get<1>(it->first)) || fromVerdicts(std::get<1>(it->first)))
            close(it, last != lastSampleMs_.end() ? last->second : timeMs, out);
        it = next;
    }
    const bool unreachable = state == HostState::Offline || state == HostState::Misbehaving;
    // The state by its stable name (its word is the reader's); the reason as the session said it.
    QJsonObject kept = figures({{"state", toString(state)}});
    putPhrase(kept, QStringLiteral("reason"), reason, shownReason, QLocale().name());
    Condition c{key, unreachable ? IncidentSeverity::Critical : IncidentSeverity::Warning, kept, {}, {}, {}};
    activate(c, timeMs, out);
    return out;
}

std::vector<IncidentChange> IncidentTracker::onLatencyFindings(const std::vector<LinkFinding>& findings, std::int64_t timeMs) {
    std::vector<IncidentChange> out;
    std::set<Key> listed;
    for (const LinkFinding& f : findings) {
        if (f.kind != QLatin1String("slow") && f.kind != QLatin1String("loss")) continue;
        const Key key{f.from, IncidentKind::Latency, -1, f.to + QLatin1Char(':') + f.kind};
        listed.insert(key);
        QJsonObject kept = figures({{"peer", f.to}, {"link", f.kind}});
        putLinkFigures(kept, f.text);
        putPhrase(kept, QStringLiteral("sentence"), f.text, f.shownText, QLocale().name());
        activate({key, f.kind == QLatin1String("loss") ? IncidentSeverity::Warning : IncidentSeverity::Info, kept, {}, {}, {}},
                 timeMs, out);
    }
    for (auto it = open_.begin(); it != open_.end();) {
        const auto next = std::next(it);
        if (std::get<1>(it->first) == IncidentKind::Latency && !listed.count(it->first)) close(it, timeMs, out);
        it = next;
    }
    return out;
}

std::vector<IncidentChange> IncidentTracker::onPowerFindings(const std::vector<RackFinding>& findings, std::int64_t timeMs) {
    std::vector<IncidentChange> out;
    std::set<Key> listed;
    for (const RackFinding& f : findings) {
        const Key key{f.host, IncidentKind::Power, -1, f.feed.isEmpty() ? f.kind : f.kind + QLatin1Char(':') + f.feed};
        listed.insert(key);
        QJsonObject kept = figures({{"finding", f.kind}});
        if (!f.feed.isEmpty()) kept.insert(QStringLiteral("feed"), f.feed);
        putPhrase(kept, QStringLiteral("sentence"), f.text, f.shownText, QLocale().name());
        activate({key, f.severity, kept, {}, {}, {}}, timeMs, out);
    }
    for (auto it = open_.begin(); it != open_.end();) {
        const auto next = std::next(it);
        if (std::get<1>(it->first) == IncidentKind::Power && !listed.count(it->first)) {
            Episode& e = it->second;
            if (!e.goneSinceMs) e.goneSinceMs = timeMs;
            if (timeMs - *e.goneSinceMs >= options_.graceMs) close(it, *e.goneSinceMs, out);
        }
        it = next;
    }
    return out;
}

std::vector<IncidentChange> IncidentTracker::onVerdict(const utilization::HostVerdict& verdict, std::int64_t timeMs, std::int64_t minMs) {
    using utilization::Verdict;
    std::vector<IncidentChange> out;
    const QString& host = verdict.host;
    std::set<Key> activeKeys;
    for (const utilization::GpuVerdict& g : verdict.gpus) {
        const Verdict v = g.verdict;
        const bool bound = v == Verdict::InputBound || v == Verdict::CommBound || v == Verdict::MemoryBound || v == Verdict::PcieBound;
        if (v != Verdict::HeldIdle && !(bound && timeMs - g.sinceMs >= minMs)) continue;
        QJsonObject kept = figures({{"verdict", utilization::toString(v)}});
        for (const utilization::Evidence& e : g.evidence) kept.insert(e.name, std::round(e.value * 100) / 100);
        if (!g.guide.isEmpty()) kept.insert(QStringLiteral("guide"), g.guide);
        if (v == Verdict::HeldIdle && !g.holders.empty()) {
            const utilization::GpuHolder& h = g.holders.front();
            QString holder = h.name.isEmpty() ? QStringLiteral("pid %1").arg(h.pid) : QStringLiteral("%1 (pid %2)").arg(h.name).arg(h.pid);
            if (!h.user.isEmpty()) holder += QStringLiteral(", user %1").arg(h.user);
            if (!h.belongsTo().isEmpty()) holder += QStringLiteral(", ") + h.belongsTo();
            kept.insert(QStringLiteral("holder"), holder);
            kept.insert(QStringLiteral("user"), h.user);
            kept.insert(QStringLiteral("belongs_to"), h.belongsTo());
            kept.insert(QStringLiteral("process"), h.name);
        }
        putPhrase(kept, QStringLiteral("sentence"), g.text, g.shown(), QLocale().name());
        const Key key = v == Verdict::HeldIdle ? Key{host, IncidentKind::HeldIdle, g.gpu, QString()}
                                               : Key{host, IncidentKind::Bottleneck, g.gpu, utilization::toString(v)};
        activeKeys.insert(key);
        activate({key, v == Verdict::HeldIdle ? IncidentSeverity::Warning : IncidentSeverity::Info, kept, {}, {}, {}}, timeMs, out, g.sinceMs);
    }
    closeGone(host, fromVerdicts, activeKeys, timeMs, out);
    return out;
}

std::vector<IncidentChange> IncidentTracker::onDrift(const QString& host, const HostDrift& drift, std::int64_t timeMs) {
    std::vector<IncidentChange> out;
    if (drift.status != HostDrift::Status::Checked && drift.status != HostDrift::Status::NoDesiredState) return out;
    std::set<Key> drifted;
    for (const drift::DriftFinding& f : drift.findings) {
        const Key key{host, IncidentKind::Drift, -1, QString::fromStdString(f.id)};
        drifted.insert(key);
        QJsonObject kept = figures({{"setting", QString::fromStdString(f.id)},
                                    {"cause", QString::fromLatin1(drift::toString(f.cause).data())},
                                    {"pushed", jsonValue(f.pushed)},
                                    {"current", jsonValue(f.current)}});
        putPhrase(kept, QStringLiteral("sentence"), QString::fromStdString(f.sentence), QString::fromStdString(f.shown()),
                  QLocale().name());
        activate({key, IncidentSeverity::Warning, kept, {}, {}, {}}, timeMs, out);
    }
    // A setting found as pushed again ends its incident at once: checks are minutes apart.
    for (auto it = open_.begin(); it != open_.end();) {
        const auto next = std::next(it);
        if (std::get<0>(it->first) == host && std::get<1>(it->first) == IncidentKind::Drift && !drifted.count(it->first))
            close(it, timeMs, out);
        it = next;
    }
    return out;
}

std::vector<IncidentChange> IncidentTracker::onAuditEntries(const std::vector<audit::AuditEntry>& entries) {
    std::vector<IncidentChange> out;
    for (const audit::AuditEntry& entry : entries) {
        const audit::AuditEvent& ev = entry.event;
        if (const auto report = audit::reportRecordOf(entry)) {
            appendCommissioning(entry, *report, out);
            continue;
        }
        // A plan changes nothing; an accepted drift (docs/drift.md) records a decision, not a push.
        if (!ev.host || ev.action == audit::AuditAction::Plan || ev.action == audit::AuditAction::Repair ||
            ev.action == audit::AuditAction::Accept)
            continue;
        const QDateTime when = QDateTime::fromString(QString::fromStdString(entry.timeUtc), Qt::ISODateWithMs);
        if (!when.isValid()) continue;
        const std::int64_t t = when.toMSecsSinceEpoch();
        const QString host = QString::fromStdString(ev.host->name);
        const QString txn = ev.transaction ? QString::fromStdString(*ev.transaction) : QStringLiteral("seq-%1").arg(entry.seq);
        const bool failed = ev.action == audit::AuditAction::Failure || ev.result == audit::AuditOutcome::Failed ||
                            ev.result == audit::AuditOutcome::RolledBack;
        const auto key = std::make_pair(host, txn);
        auto it = audit_.find(key);
        const bool fresh = it == audit_.end();
        if (fresh) {
            if (audit_.size() >= kAuditRemembered) audit_.erase(audit_.begin());
            Incident i;
            i.id = nextId_++;
            i.host = host;
            i.kind = ev.action == audit::AuditAction::Rollback ? IncidentKind::Rollback : IncidentKind::Push;
            i.detail = txn;
            i.severity = i.kind == IncidentKind::Rollback ? IncidentSeverity::Warning : IncidentSeverity::Info;
            i.startMs = t;
            it = audit_.emplace(key, i).first;
        }
        Incident& i = it->second;
        if (ev.action == audit::AuditAction::Rollback) i.kind = IncidentKind::Rollback;
        if (failed || i.kind == IncidentKind::Rollback) i.severity = IncidentSeverity::Warning;
        i.endMs = std::max(i.startMs, t);
        // The message is the audit log's own words, the same in every language.
        i.figures = figures({{"transaction", txn}, {"message", QString::fromStdString(ev.message)}});
        writeSentence(i);
        out.push_back({fresh ? IncidentChange::What::Opened : IncidentChange::What::Updated, i});
    }
    return out;
}

// A commissioning report: one incident per host it judged, at the time it was recorded (a moment,
// not a span): info for a host that passed, a warning for one that failed. Its detail is the
// report's SHA-256, so the same entry read twice is the same incident.
void IncidentTracker::appendCommissioning(const audit::AuditEntry& entry, const audit::ReportRecord& report,
                                          std::vector<IncidentChange>& out) {
    const QDateTime when = QDateTime::fromString(QString::fromStdString(entry.timeUtc), Qt::ISODateWithMs);
    if (!when.isValid()) return;
    for (const auto& [name, passed] : report.hostResults) {
        const auto key = std::make_pair(QString::fromStdString(name), QString::fromStdString(report.sha256));
        if (audit_.count(key)) continue;
        if (audit_.size() >= kAuditRemembered) audit_.erase(audit_.begin());
        Incident i;
        i.id = nextId_++;
        i.host = key.first;
        i.kind = IncidentKind::Commissioning;
        i.detail = key.second;
        i.severity = passed ? IncidentSeverity::Info : IncidentSeverity::Warning;
        i.startMs = when.toMSecsSinceEpoch();
        i.endMs = i.startMs;
        i.figures = figures({{"rack", QString::fromStdString(report.rack)},
                             {"passed", passed},
                             {"file", QString::fromStdString(report.file)},
                             {"sha256", key.second}});
        writeSentence(i);
        audit_.emplace(key, i);
        out.push_back({IncidentChange::What::Opened, i});
    }
}

std::vector<Incident> IncidentTracker::openIncidents() const {
    std::vector<Incident> out;
    for (const auto& [key, e] : open_) out.push_back(e.incident);
    return out;
}

}  // namespace fleetdeck::history
