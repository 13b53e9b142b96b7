#pragma once

// A drift finding: a setting of a host that no longer has the value FleetDeck pushed, and the
// likeliest cause (docs/drift.md). The drift library (app/drift/) computes them; the telemetry store
// keeps each host's latest ones, so the type lives in the core, next to the store.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "agent/json/json.h"

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
    // The same sentence in the user's language (the "drift" translation context), for a person to
    // read; `sentence` stays English for JSON, the history store and the audit trail.
    std::string shownSentence;

    // What a person reads: the translated sentence, or the English one where there is none.
    const std::string& shown() const { return shownSentence.empty() ? sentence : shownSentence; }

    bool operator==(const DriftFinding&) const = default;
};

}  // namespace fleetdeck::drift

namespace fleetdeck {

// What the last drift check of a host found (app/drift/drift_monitor.h), as the store keeps it.
struct HostDrift {
    enum class Status {
        NotChecked,      // not checked yet (or the host never connected)
        NoDesiredState,  // the audit log records no push to this host: nothing to compare
        Checked,         // compared: `findings` holds what drifted (empty: nothing)
        Failed,          // the check could not be made: `problem` says why
    };
    Status status = Status::NotChecked;
    std::vector<drift::DriftFinding> findings;  // in setting id order
    int desiredSettings = 0;                    // how many settings were compared
    std::string problem;                        // Failed: why, in words
    std::int64_t checkedAtMs = 0;               // local wall clock

    bool operator==(const HostDrift&) const = default;
};

}  // namespace fleetdeck
