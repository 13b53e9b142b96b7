#pragma once

#include <string>
#include <vector>

#include "app/tuning/plan_diff.h"
#include "app/tuning/planner.h"

namespace fleetdeck::tuning {

// A plan as an aligned table for a terminal: one row per setting (current -> proposed and status
// when a diff is given), each followed by its rationale, source and risk; then the findings. The
// rules' sentences are in `language` where the catalogue has them ("zh_TW"; "" is English, see
// catalogueLanguage()), the labels in the installed translation's; sources stay as written.
std::string formatPlanText(const TuningPlan& plan, const std::vector<DiffRow>& diff, std::string_view language = {});

// "now", "new login", "service restart", "reboot".
std::string_view requiresText(Requires r);
// The same, and "CRITICAL", "WARNING", "INFO", in the installed translation's language ("plan").
std::string requiresLabel(Requires r);
std::string severityLabel(Severity s);

}  // namespace fleetdeck::tuning
