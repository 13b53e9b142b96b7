#pragma once

#include <QString>

#include "app/gpu_findings.h"
#include "app/host_session.h"
#include "app/host_summary.h"

namespace fleetdeck {

// How much attention a host needs, and why, in words. Views pair the level's colour with an icon
// and `word`, so the state reads without colour too.
struct HostHealth {
    enum class Level { Unknown, Ok, Warning, Critical };
    Level level = Level::Unknown;
    QString word;    // "thermal", "offline", "PCIe x8", "ok"
    QString reason;  // "GPU 3 at 88 °C, at its 87 °C slowdown threshold: clocks reduced"
};

// The worst of the connection state, the GPUs' health findings (gpu_findings.h) and the readings;
// a finding wins over a reading of the same level (a broken GPU before a hot one).
HostHealth assessHealth(HostState state, const QString& stateReason, const HostSummary& summary, bool hasSample,
                        const std::vector<GpuFinding>& findings = {});
QString levelName(HostHealth::Level level);

}  // namespace fleetdeck
