#pragma once

// What each GPU's time goes to, and what to do about it: one verdict per GPU and per host over a
// sliding window of samples (default 60 s), each with the figures that made it and one sentence
// of advice citing the field guide. Computed once, in the app core, from the typed samples
// (agent/protocol/sample.h: gpus[].processes, prof, violation_ns; the host's pressure, disks, NICs).
// The thresholds are one table (Thresholds below), documented in docs/efficiency.md, "Thresholds".
// Views, the history recorder, incidents and `fleetdeck-cli diagnose` all read these results.

#include <cstdint>
#include <optional>
#include <vector>

#include <QString>

#include "app/shown_text.h"

namespace fleetdeck::utilization {

// In the order a verdict is looked for (verdict_engine.cpp, "Rules"): a GPU nobody uses, one that
// is held but does nothing, one whose clocks are held down, one that waits on its inputs, on its
// peers, on its memory or on its PCIe link, one that works, and one FleetDeck cannot judge.
// Each has a stable name (JSON, the history store, docs/efficiency.md).
enum class Verdict {
    Idle,           // "idle": no process on the GPU
    HeldIdle,       // "held_idle": a process holds memory, SM active < 5 % for >= 10 min
    PowerCapped,    // "power_capped": clocks held down by the power limit > 10 % of the window
    ThermalCapped,  // "thermal_capped": clocks held down by temperature > 10 % of the window
    InputBound,     // "input_bound": SM active low while the host's CPUs, pressure or a data disk are high
    CommBound,      // "comm_bound": NVLink or the fastest NIC near its rate, SM active falling as it rises
    MemoryBound,    // "memory_bound": DRAM active > 80 % with tensor active low
    PcieBound,      // "pcie_bound": the PCIe link near its rate with SM active low
    Busy,           // "busy": SM or tensor active high
    Unknown,        // "unknown": too few samples, or no profiling counters (before Hopper) to judge by
};

// Every verdict, in the order above: what lists, legends and filters offer.
inline constexpr Verdict kVerdicts[] = {
    Verdict::Idle,      Verdict::HeldIdle,    Verdict::PowerCapped, Verdict::ThermalCapped, Verdict::InputBound,
    Verdict::CommBound, Verdict::MemoryBound, Verdict::PcieBound,   Verdict::Busy,          Verdict::Unknown,
};

QString toString(Verdict verdict);  // "idle", "held_idle", "power_capped", …
std::optional<Verdict> verdictFromString(const QString& name);
// The verdict as a person reads it, in the user's language ("utilization" context): "held idle".
QString shownVerdict(Verdict verdict);
// Held idle, capped or bound: GPU time paid for and not doing the work it could (exit 7 of
// `fleetdeck-cli diagnose`; what becomes an incident when it lasts).
bool isProblem(Verdict verdict);
// A small stable number for the history store's points (docs/history.md, "Schema"): the position
// in kVerdicts. verdictFromCode(code) is nullopt for a code this version does not know.
std::uint8_t verdictCode(Verdict verdict);
std::optional<Verdict> verdictFromCode(std::uint8_t code);

// The sentence texts' translation context.
struct UtilizationContext {
    static constexpr const char* name = "utilization";
};
using UtilizationText = BasicShownText<UtilizationContext>;

// The verdict's words in English and in the user's language, for sentences ("3 of 8 GPUs held idle").
UtilizationText verdictWords(Verdict verdict);

// One figure a verdict was made from: its stable name with the unit in it, its value over the
// window (a mean unless the name says otherwise), the unit as shown, and the threshold it was
// held against where there is one.
struct Evidence {
    QString name;   // "sm_active_pct", "cpu_pressure_some_pct", "power_violation_pct_of_window", "held_idle_s"
    double value = 0;
    QString unit;   // "%", "s", "B/s"
    std::optional<double> threshold;
};

// Who holds a GPU (from the newest sample's processes[]): what a held_idle verdict names.
struct GpuHolder {
    std::int64_t pid = 0;
    QString name;         // empty where the agent could not read it
    QString user;
    std::optional<std::int64_t> slurmJob;
    QString container;    // 12 hex digits
    QString k8sPodUid;
    QString systemdUnit;
    std::optional<std::int64_t> gpuMemBytes;

    // "job 4242", "container 3f2a9c0d1e4b", "pod …", "unit …", or empty: what it belongs to.
    QString belongsTo() const;
};

struct GpuVerdict {
    int gpu = 0;  // the GPU's index
    QString uuid;
    Verdict verdict = Verdict::Unknown;
    std::vector<Evidence> evidence;
    std::vector<GpuHolder> holders;  // the processes on the GPU, most memory first
    // "gpm", "basic" or empty (no prof block): with "basic" the activity figures are missing and
    // the sentence says "profiling needs Hopper or later" instead of guessing a bound verdict.
    QString profSource;
    // The guide sections the advice cites ("§2.2"; empty where it cites none).
    QString guide;
    // One sentence of what to do: `text` in English (JSON, the history store), `shownText` in the
    // user's language (empty: the same).
    QString text, shownText;
    // Since when (wall clock ms) the GPU has had this verdict without a break, as far as the
    // engine saw: how long a held_idle or bound verdict has lasted.
    std::int64_t sinceMs = 0;

    const QString& shown() const { return shownText.isEmpty() ? text : shownText; }
    const Evidence* figure(const QString& name) const;
};

struct HostVerdict {
    QString host;
    // The host's problem verdict that most of its GPUs share (ties: the earlier in kVerdicts);
    // without a problem: busy when any GPU is, else idle when all are, else unknown. A host without
    // GPUs or samples: unknown.
    Verdict verdict = Verdict::Unknown;
    std::vector<GpuVerdict> gpus;  // by GPU index
    std::int64_t windowStartMs = 0, windowEndMs = 0;  // the samples the verdicts were made from
    int samples = 0;
    QString text, shownText;  // one sentence for the host ("3 of 8 GPUs held idle: …")

    const QString& shown() const { return shownText.isEmpty() ? text : shownText; }
    bool hasProblem() const;
};

// Every threshold the rules use, in one table; docs/efficiency.md, "Thresholds", lists each with
// why it is where it is. Percentages are 0–100.
struct Thresholds {
    std::int64_t windowMs = 60'000;        // the sliding window
    // How often a host fed every sample is judged again when nothing abrupt changed (its GPUs, their
    // holders, held or not): a minute's window moves little in a few seconds.
    std::int64_t judgeEveryMs = 5'000;
    int minSamples = 3;                    // fewer samples in the window: unknown
    // busy
    double busySmActivePct = 50;           // mean SM active at or above: busy
    double busyTensorActivePct = 30;       // or mean tensor active at or above
    // held_idle
    double heldIdleSmActivePct = 5;        // SM active (or, before Hopper, NVML util) below this …
    std::int64_t heldIdleMinMs = 10 * 60'000;  // … for at least this long, with a process holding memory
    // power_capped / thermal_capped: violation time grown by more than this share of the window
    double cappedPctOfWindow = 10;
    // input_bound: SM active below this while one of the host's input figures is at or above its own
    double inputSmActiveBelowPct = 50;
    double inputCpuUtilPct = 90;
    double inputCpuPressurePct = 40;       // PSI cpu "some" avg10
    double inputIoPressurePct = 30;        // PSI io "some" avg10
    double inputDiskUtilPct = 90;          // a disk's busy time
    // comm_bound: the busiest of NVLink / the fastest NIC near its rate at its peak, SM active below
    // the busy mark, and SM active moving against the link rate (Pearson correlation at or below)
    double commNearRatePct = 70;
    double commSmActiveBelowPct = 70;
    double commCorrelationAtMost = -0.5;
    // memory_bound
    double memoryDramActivePct = 80;
    double memoryTensorBelowPct = 30;
    // pcie_bound: PCIe traffic near the link's rate (generation × width) with SM active low
    double pcieNearRatePct = 70;
    double pcieSmActiveBelowPct = 50;
    // incidents: a held_idle or bound verdict lasting at least this long
    std::int64_t incidentMinMs = 5 * 60'000;
};

}  // namespace fleetdeck::utilization
