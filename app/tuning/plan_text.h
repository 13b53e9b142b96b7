#pragma once

#include <string>
#include <vector>

#include "app/tuning/plan_diff.h"
#include "app/tuning/planner.h"

namespace fleetdeck::tuning {

// A plan as an aligned table for a terminal: one row per setting (current -> proposed and status
// when a diff is given), each followed by its rationale, source and risk; then the findings.
std::string formatPlanText(const TuningPlan& plan, const std::vector<DiffRow>& diff);

// "now", "new login", "service restart", "reboot".
std::string_view requiresText(Requires r);

}  // namespace fleetdeck::tuning
