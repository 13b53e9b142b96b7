#pragma once

// Derives incidents from what the fleet reports, as it arrives: pure logic on one thread, driven
// by the times it is given (tests use a simulated clock). docs/history.md, "Incidents", lists the
// rules; in short:
//  - throttle episodes per GPU and category (throttleBits(): thermal, power, hw_slowdown), with
//    duration, peak temperature and SM clock drop against the sample before the episode;
//  - a GPU health finding (gpu_findings.h) appearing and clearing: one incident per GPU and kind;
//  - a PCIe link trained below its maximum width (linkNarrowed(); generation drops at idle are
//    normal and ignored);
//  - a fan: a GPU fan at 0 % above 60 °C or under 50 % within 5 °C of the slowdown temperature
//    (80 °C when unknown), or a hwmon fan at 0 rpm that was seen spinning before;
//  - a host offline: Offline, AuthFailed, HostKeyUnknown, HostKeyChanged, Misbehaving open it,
//    Connected closes it; its GPU incidents close at its last sample;
//  - latency findings of a mesh round (a link listed opens, a link no longer listed closes);
//  - pushes and rollbacks from the audit log, one incident per host and transaction, born closed;
//  - commissioning reports from the audit log, one incident per host judged, born closed;
//  - utilization verdicts (docs/efficiency.md): held_idle while a GPU is held idle, bottleneck
//    while one is input, communication, memory or PCIe bound for longer than a threshold;
//  - drift (docs/drift.md): one incident per host and drifted setting, opened by the drift check
//    that finds it and closed by the first check that finds the setting as pushed again (or finds
//    no desired state: an accepted value, a rollback).
// A condition that comes and goes ends only after `graceMs` (5 s) without it, so a flapping
// throttle reason is one episode.

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <tuple>
#include <vector>

#include <QJsonObject>
#include <QString>

#include "agent/protocol/sample.h"
#include "app/audit/audit_entry.h"
#include "app/audit/audit_report.h"
#include "app/drift_finding.h"
#include "app/gpu_findings.h"
#include "app/history/incident.h"
#include "app/host_session.h"
#include "app/utilization/verdict.h"

namespace fleetdeck::history {

// A latency finding as the mesh reports it (app/latency/latency_matrix.h LatencyFinding, which the
// history library does not link): `kind` is "slow" or "loss".
struct LinkFinding {
    QString from, to;
    QString kind;
    QString text;       // in English
    QString shownText{};  // in the user's language; empty: the same
};

// A rack's power or air finding (app/power/rack_power.h PowerFinding, which the history library
// does not link): `kind` as docs/power.md names it, `host` the host it is about or "rack:NAME".
struct RackFinding {
    QString host;
    QString kind;
    QString feed;  // the feed it is about, if any
    IncidentSeverity severity = IncidentSeverity::Warning;
    QString text;         // in English
    QString shownText{};  // in the user's language; empty: the same
};

struct IncidentChange {
    enum class What { Opened, Updated, Closed };
    What what = What::Opened;
    Incident incident;
};

class IncidentTracker {
public:
    struct Options {
        std::int64_t graceMs = 5'000;         // a condition must be gone this long to end
        std::int64_t updateEveryMs = 10'000;  // an open incident reports its growing figures this often
    };

    // Ids are given from `firstId` on (the store's largest id + 1).
    explicit IncidentTracker(std::int64_t firstId = 1);
    IncidentTracker(std::int64_t firstId, Options options);

    std::vector<IncidentChange> onSample(const QString& host, const protocol::Sample& sample,
                                         const std::vector<GpuFinding>& findings, std::int64_t timeMs);
    // `reason` in English; `shownReason` in the user's language (empty: the same).
    std::vector<IncidentChange> onState(const QString& host, HostState state, const QString& reason, std::int64_t timeMs,
                                        const QString& shownReason = {});
    // Every finding of one mesh round.
    std::vector<IncidentChange> onLatencyFindings(const std::vector<LinkFinding>& findings, std::int64_t timeMs);
    // Every power and air finding of the fleet's racks as of `timeMs`: each opens (or keeps) its
    // incident, the power incidents not listed end after the grace time.
    std::vector<IncidentChange> onPowerFindings(const std::vector<RackFinding>& findings, std::int64_t timeMs);
    // The outcome of a drift check of `host`: each drifted setting opens (or keeps) its incident,
    // the others close. A check that failed changes nothing.
    std::vector<IncidentChange> onDrift(const QString& host, const HostDrift& drift, std::int64_t timeMs);
    // The host's verdicts after a sample (app/utilization/verdict_engine.h): a GPU held idle opens
    // (or keeps) its held_idle incident, one input, communication, memory or PCIe bound for at
    // least `minMs` its bottleneck incident, each from when the verdict began; the others end after
    // the grace time. Capped verdicts are left to the throttle episodes, which already cover them.
    std::vector<IncidentChange> onVerdict(const utilization::HostVerdict& verdict, std::int64_t timeMs, std::int64_t minMs);
    // New entries of the audit log, in order.
    std::vector<IncidentChange> onAuditEntries(const std::vector<audit::AuditEntry>& entries);

    std::vector<Incident> openIncidents() const;

private:
    void appendCommissioning(const audit::AuditEntry& entry, const audit::ReportRecord& report, std::vector<IncidentChange>& out);

    using Key = std::tuple<QString, IncidentKind, int, QString>;  // host, kind, gpu or -1, detail
    struct Condition {
        Key key;
        IncidentSeverity severity = IncidentSeverity::Warning;
        QJsonObject figures;  // Incident::figures
        std::optional<double> tempC, clockMhz;
        std::optional<double> clockBeforeMhz;
    };
    struct Episode {
        Incident incident;
        std::int64_t lastActiveMs = 0, lastReportMs = 0;
        std::optional<std::int64_t> goneSinceMs;
        std::optional<double> clockBeforeMhz, minClockMhz;
    };

    std::vector<Condition> sampleConditions(const QString& host, const protocol::Sample& sample,
                                            const std::vector<GpuFinding>& findings);
    // `sinceMs`: when the condition began, where that was before `timeMs` (a new incident starts there).
    void activate(const Condition& c, std::int64_t timeMs, std::vector<IncidentChange>& out,
                  std::optional<std::int64_t> sinceMs = std::nullopt);
    void close(std::map<Key, Episode>::iterator it, std::int64_t endMs, std::vector<IncidentChange>& out);
    // Closes `host`'s open episodes of the kinds `ownKind` accepts that are not in `active`, once they
    // have been gone for the grace time (closed at the time they went).
    void closeGone(const QString& host, bool (*ownKind)(IncidentKind), const std::set<Key>& active, std::int64_t timeMs,
                   std::vector<IncidentChange>& out);
    // `host`'s open episodes: [hostBegin, hostEnd).
    std::map<Key, Episode>::iterator hostBegin(const QString& host);
    std::map<Key, Episode>::iterator hostEnd(const QString& host);

    Options options_;
    std::int64_t nextId_;
    std::map<Key, Episode> open_;
    std::map<std::pair<QString, int>, double> previousClock_;  // host, GPU position → SM clock
    std::set<std::pair<QString, QString>> fansSeenSpinning_;   // host, hwmon fan
    std::map<QString, std::int64_t> lastSampleMs_;
    std::map<std::pair<QString, QString>, Incident> audit_;  // host, transaction → its incident
};

// "4 min 10 s", "2 h 5 min", "12 s".
QString formatDuration(std::int64_t ms);
// The same in English and in the user's language.
IncidentText durationIn(std::int64_t ms);

}  // namespace fleetdeck::history
