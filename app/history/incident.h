#pragma once

// An incident: something that happened to one host (or one of its GPUs) with a start, an end or
// still open, a kind, a severity and its figures, from which its sentence is written in the
// reader's language (incident_sentence.h). Derived from the samples, the hosts' states and the
// audit log as they arrive (incident_tracker.h), kept by the history store (history_store.h),
// shown in the Events view and `fleetdeck-cli events`, and notified (app/alerts/).

#include <cstdint>
#include <optional>

#include <QJsonObject>
#include <QString>

#include "app/shown_text.h"

namespace fleetdeck::history {

enum class IncidentSeverity { Info, Warning, Critical };

// What an incident is about. Each has a stable name (JSON, the database, docs/history.md).
enum class IncidentKind {
    ThermalThrottle,  // "thermal_throttle": sw_thermal / hw_thermal clock reasons
    PowerThrottle,    // "power_throttle": sw_power_cap / hw_power_brake
    HwSlowdown,       // "hw_slowdown": hw_slowdown without a thermal reason
    GpuHealth,        // "gpu_health": a GPU health finding (gpu_findings.h) appearing and clearing
    PcieDowngrade,    // "pcie_downgrade": a GPU's link below its maximum width or generation
    Fan,              // "fan": a fan failed or degraded
    HostOffline,      // "host_offline": the host could not be reached, until it is again
    Latency,          // "latency": a slow or lossy link found by a mesh round
    Push,             // "push": a push of settings (from the audit log)
    Rollback,         // "rollback": a rollback (from the audit log)
    Commissioning,    // "commissioning": the host's verdict in a commissioning report (from the audit log)
    Drift,            // "drift": a pushed setting no longer as pushed (docs/drift.md), until a check finds it so again
    HeldIdle,         // "held_idle": a process held a GPU that did nothing (docs/efficiency.md), until it works or goes
    Bottleneck,       // "bottleneck": a GPU input, communication, memory or PCIe bound for a while (detail: the verdict)
    Power,            // "power": a rack's power or air finding (docs/power.md; host: the host, or "rack:NAME"; detail: the finding's kind and feed)
};

// Every kind, in the order above: what lists and filters offer.
inline constexpr IncidentKind kIncidentKinds[] = {
    IncidentKind::ThermalThrottle, IncidentKind::PowerThrottle, IncidentKind::HwSlowdown, IncidentKind::GpuHealth,
    IncidentKind::PcieDowngrade,   IncidentKind::Fan,           IncidentKind::HostOffline, IncidentKind::Latency,
    IncidentKind::Push,            IncidentKind::Rollback,      IncidentKind::Commissioning, IncidentKind::Drift,
    IncidentKind::HeldIdle,        IncidentKind::Bottleneck,    IncidentKind::Power,
};

// An incident's sentence in English and in the user's language (context "incident").
struct IncidentContext {
    static constexpr const char* name = "incident";
};
using IncidentText = BasicShownText<IncidentContext>;

struct Incident {
    std::int64_t id = 0;                 // the store's row id; 0 before it is stored
    QString host;                        // the inventory name
    std::optional<int> gpu;              // the GPU's index when the incident is about one GPU
    IncidentKind kind = IncidentKind::ThermalThrottle;
    QString detail;                      // what within the kind: a finding kind ("ecc_uncorrected"),
                                         // a throttle reason, a peer host; part of the identity
    IncidentSeverity severity = IncidentSeverity::Warning;
    std::int64_t startMs = 0;            // wall clock, milliseconds since the epoch
    std::optional<std::int64_t> endMs;   // nullopt while still open
    std::optional<double> peakTempC;     // throttle episodes: the hottest reading during it
    std::optional<double> clockDropMhz;  // throttle episodes: the SM clock lost against before it began
    // What the sentence is made of besides the fields above, by name ("width", "fan_pct", "state",
    // "transaction", …; docs/history.md, "Figures and the reader's language"): the sentence is
    // written from the kind and these when it is read (incident_sentence.h), in the reader's
    // language. nullopt: an incident recorded before FleetDeck kept figures whose sentence could
    // not be read back into them; its text and shownText are as recorded.
    std::optional<QJsonObject> figures;
    // The sentence, written from the figures by writeSentence() (or as recorded): `text` in
    // English (what `--json` and logs read), `shownText` in the reader's language (empty: the same).
    QString text;
    QString shownText;
    QString shownLocale;                 // recorded rows only: the language shownText was recorded in

    // Whether the sentence is as it was recorded, not written from figures: the views mark it.
    bool asRecorded() const { return !figures.has_value(); }
    bool open() const { return !endMs.has_value(); }
    // What a person reads: the sentence in the user's language where there is one, else the English.
    const QString& shown() const { return shownText.isEmpty() ? text : shownText; }
    std::int64_t durationMs(std::int64_t nowMs) const { return endMs.value_or(nowMs) - startMs; }
};

QString toString(IncidentKind kind);          // "thermal_throttle", …
QString toString(IncidentSeverity severity);  // "info", "warning", "critical"
std::optional<IncidentKind> incidentKindFromString(const QString& name);
std::optional<IncidentSeverity> incidentSeverityFromString(const QString& name);
// How long, in words: "45 s", "4 min 10 s", "2 h 3 min", "3 d 4 h".
QString durationText(std::int64_t ms);

}  // namespace fleetdeck::history
