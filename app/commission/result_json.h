#pragma once

// A commissioning run's result as JSON (docs/commission.md, "The report"): the report's .json file
// and what the wizard keeps to resume a run. Everything a CommissionResult holds travels, the
// hosts' facts and sample in the protocol's own form, so reading it back gives the same result.

#include "agent/json/json.h"

#include "app/commission/commission_result.h"
#include "app/problem.h"

namespace fleetdeck::commission {

// One finding: {"severity", "kind", "text", "fact"?, "gpu"?, "expected"?, "actual"?}, the members
// that do not apply left out. The same form in the result and in `fleetdeck-cli commission --json`.
nlohmann::json toJson(const AcceptanceFinding& finding);

// {"format": "fleetdeck-commission", "version": 1, "pass": …, "rack": …, "spec": {…}, "hosts": […], …}
nlohmann::json toJson(const CommissionResult& result);

// The inverse of toJson(); the findings' sentences in the user's language are judged again from
// what the file recorded (latency findings stay English: the file keeps no matrix). A document that is not one, or a field of the wrong type, is a
// BadInput problem naming the field ("commission.hosts[2].burn_in.gpus[0].points[5].t_s:
// expected number").
Result<CommissionResult> commissionResultFromJson(const nlohmann::json& json);

}  // namespace fleetdeck::commission
