#pragma once

// Asking one host what it has now, for a drift check: tune.read of the pushed settings,
// drift.explain of their sysctl keys, and the host's journal (to confirm the pushes and learn the
// boot each ran in) where it can be read. Shared by `fleetdeck-cli drift` and the app's periodic
// check (drift_monitor.h); runs on the session's thread and never blocks it.

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "agent/json/json.h"

#include "agent/protocol/drift_explain.h"
#include "agent/protocol/tune_result.h"
#include "app/audit/audit_entry.h"
#include "app/drift/desired_state.h"
#include "app/drift_finding.h"
#include "app/host_session.h"
#include "app/problem.h"

namespace fleetdeck::drift {

// What one host says now.
struct DriftHostNow {
    protocol::TuneReadResult values;
    std::optional<protocol::DriftExplain> explain;
    std::optional<std::vector<nlohmann::json>> journal;
    std::vector<std::string> notes;  // why explain or journal is missing
};

// Asks `session` for everything the comparison needs about `state`'s settings, into *now; `done`
// gets done() when tune.read answered (explain and journal are best effort: a note each when
// missing), or tune.read's problem. `now` must live until `done` runs.
void askDriftHost(HostSession& session, const HostDesiredState& state, std::shared_ptr<DriftHostNow> now,
                  std::function<void(const Outcome&)> done);

// The audit log's hash of each entry, by sequence number: what confirmWithJournal() compares the
// journal's witnesses with.
std::map<std::int64_t, std::string> auditHashes(const std::vector<audit::AuditEntry>& entries);

// `pushed` confirmed with the host's journal (when it was read), and compared with what it has now.
struct DriftComparison {
    HostDesiredState confirmed;
    std::vector<DriftFinding> findings;
};
DriftComparison compareWithHost(const HostDesiredState& pushed, const DriftHostNow& now,
                                const std::map<std::int64_t, std::string>& hashes);

}  // namespace fleetdeck::drift
