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

namespace fleetdeck::drift {

// Why a setting no longer has the pushed value. A closed list, written by name.
enum class DriftCause {
    RebootRuntimeOnly,  // pushed runtime-only, and the host booted since
    Tuned,              // the active tuned profile sets this key
    SysctlFile,         // a sysctl.d file that sorts after FleetDeck's sets another value
    ByHand,             // none of these: changed by hand (sysctl -w, echo > /sys/…)
};
std::string_view toString(DriftCause cause);  // "reboot_runtime_only", "tuned", "sysctl_file", "by_hand"

struct DriftFinding {
    std::string id;
    nlohmann::json pushed;
    nlohmann::json current;  // null when the host has no value now
    DriftCause cause = DriftCause::ByHand;
    std::optional<std::string> file;  // SysctlFile: the file that wins
    std::string pushId;
    std::string txn;
    bool persistent = false;
    bool atLeast = false;
    std::string sentence;  // "pushed 10, now 60: changed by hand (no reboot, tuned or sysctl.d file explains it)"
};

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
