#pragma once

// The templates incidents' sentences are written from (context "incident"), in one place: the
// writer (incident_sentence.cpp) fills them from the figures, and the reader of sentences recorded
// before the figures were kept (incident_readback.cpp) matches them, so both always agree. Never
// change a template that shipped without teaching the reader the old one: old databases hold it.

#include <QtGlobal>

namespace fleetdeck::history::templates {

// Throttle episodes: the base, then " for 4 min 10 s" once ended, ", peak 88 °C", ", SM clock −420 MHz".
inline constexpr const char* kThermalThrottle = QT_TRANSLATE_NOOP("incident", "GPU %1 throttled (thermal)");
inline constexpr const char* kPowerThrottle = QT_TRANSLATE_NOOP("incident", "GPU %1 throttled (power cap)");
inline constexpr const char* kHwSlowdown = QT_TRANSLATE_NOOP("incident", "GPU %1 throttled (HW slowdown)");
inline constexpr const char* kFor = QT_TRANSLATE_NOOP("incident", " for %1");
inline constexpr const char* kPeak = QT_TRANSLATE_NOOP("incident", ", peak %1");
inline constexpr const char* kClockDrop = QT_TRANSLATE_NOOP("incident", ", SM clock −%1 MHz");

inline constexpr const char* kPcieDowngrade =
    QT_TRANSLATE_NOOP("incident", "GPU %1's PCIe link runs at x%2 of x%3: reseat the GPU or check its riser");
inline constexpr const char* kGpuFan = QT_TRANSLATE_NOOP("incident", "GPU %1's fan runs at %2 % at %3: the fan is failing or held back");
inline constexpr const char* kHwmonFan = QT_TRANSLATE_NOOP("incident", "fan %1 stopped (0 rpm): check the fan and the chassis airflow");

// Utilization (docs/efficiency.md): who held an idle GPU; a GPU's bottleneck, by its verdict's words.
inline constexpr const char* kHeldIdle = QT_TRANSLATE_NOOP("incident", "GPU %1 held idle by %2");
inline constexpr const char* kBottleneck = QT_TRANSLATE_NOOP("incident", "GPU %1 %2");

inline constexpr const char* kPush = QT_TRANSLATE_NOOP("incident", "push %1 on %2: %3");
inline constexpr const char* kRollback = QT_TRANSLATE_NOOP("incident", "rollback %1 on %2: %3");

inline constexpr const char* kCommissioning = QT_TRANSLATE_NOOP("incident", "commissioning: %1 (report %2, SHA-256 %3…)");
inline constexpr const char* kCommissioningOfRack =
    QT_TRANSLATE_NOOP("incident", "commissioning of rack %1: %2 (report %3, SHA-256 %4…)");
inline constexpr const char* kPass = QT_TRANSLATE_NOOP("incident", "pass");
inline constexpr const char* kFail = QT_TRANSLATE_NOOP("incident", "FAIL");

// Short forms of other areas' sentences for a reader in a language they were not recorded in.
inline constexpr const char* kGpuFindingShort = QT_TRANSLATE_NOOP("incident", "GPU %1 health finding: %2");
inline constexpr const char* kHostFindingShort = QT_TRANSLATE_NOOP("incident", "GPU health finding: %1");
inline constexpr const char* kXidShort = QT_TRANSLATE_NOOP("incident", "%1 (%2)");
inline constexpr const char* kLinkSlowShort = QT_TRANSLATE_NOOP("incident", "%1 → %2: slow link, p50 %3 ms");
inline constexpr const char* kLinkSlowBare = QT_TRANSLATE_NOOP("incident", "%1 → %2: slow link");
inline constexpr const char* kLinkLossShort = QT_TRANSLATE_NOOP("incident", "%1 → %2: %3 % of probes lost");
inline constexpr const char* kLinkLossBare = QT_TRANSLATE_NOOP("incident", "%1 → %2: probes lost");
inline constexpr const char* kDriftShort = QT_TRANSLATE_NOOP("incident", "pushed %1, now %2");
inline constexpr const char* kNoValue = QT_TRANSLATE_NOOP("incident", "no value");

}  // namespace fleetdeck::history::templates
