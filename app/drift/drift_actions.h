#pragma once

// What the operator can do about drift, as the command line (`drift --reapply`, `drift --accept`)
// and the app's host page both do it: the pushes that re-apply drifted settings, the persistent
// push that keeps runtime-only settings over a reboot, and the audit entry of "accept current".

#include <map>
#include <string>
#include <vector>

#include "agent/json/json.h"

#include "app/audit/audit_entry.h"
#include "app/drift_finding.h"
#include "app/push/host_push.h"

namespace fleetdeck::drift {

// One push per original push and mode: the drifted settings of every host with their desired
// values, each push with a new id and `reapplies` = the original push id (docs/drift.md).
std::vector<PushOperation> reapplyOperations(const std::map<std::string, std::vector<DriftFinding>>& driftedByHost);

// "Make persistent": one persistent push of `findings` (the settings a reboot took from `host`)
// with their desired values, so the next reboot keeps them; a push of its own, not a re-apply.
PushOperation persistentOperation(const std::string& host, const std::vector<DriftFinding>& findings);

// "Accept current": the audit entry saying the operator adopted `current` as the desired value of
// `setting` on `host`, in place of the value `pushId` pushed. No transaction: nothing runs on the host.
audit::AuditEvent acceptEvent(const std::string& host, const std::string& setting, const nlohmann::json& pushed,
                              const std::string& pushId, const nlohmann::json& current);

}  // namespace fleetdeck::drift
