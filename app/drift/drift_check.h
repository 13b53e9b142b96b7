#pragma once

// Pushed against current: which settings of a host's desired state (desired_state.h) drifted, and
// the likeliest cause as far as the agent can tell (docs/drift.md).

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "agent/json/json.h"

#include "agent/protocol/drift_explain.h"
#include "agent/protocol/tune_result.h"
#include "app/drift/desired_state.h"
#include "app/drift_finding.h"

namespace fleetdeck::drift {

// FleetDeck's own persistent sysctl file (agent/settings/persistent_files.cpp).
inline constexpr std::string_view kFleetDeckSysctlFile = "/etc/sysctl.d/90-fleetdeck.conf";

// Compares each desired setting with tune.read's answer; `explain` is drift.explain's answer
// (nullptr when the host could not give one: the cause is then by_hand, or a reboot told by boot
// time). Findings in setting id order.
std::vector<DriftFinding> findDrift(const HostDesiredState& desired, const protocol::TuneReadResult& current,
                                    const protocol::DriftExplain* explain);

// Whether `current` still has the pushed value (normalized; "at least" counts as met).
bool stillAsPushed(const DesiredSetting& setting, const protocol::TuneReadValue& current);

// "2026-12-02T10:15:30.123Z" -> Unix ms; nothing when it is not that format.
std::optional<std::int64_t> utcMillis(const std::string& isoUtc);

}  // namespace fleetdeck::drift
