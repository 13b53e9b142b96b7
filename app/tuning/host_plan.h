#pragma once

#include <optional>
#include <string>
#include <vector>

#include <QString>

#include "agent/json/json.h"

#include "app/tuning/plan_diff.h"
#include "app/tuning/planner.h"

namespace fleetdeck::tuning {

// One target host in the wizard: its plan, the facts it came from, and what is known of its
// current values. The push hook receives these.
struct HostPlan {
    QString host;
    std::optional<protocol::Facts> facts;  // none when the host has not sent its facts yet
    TuningPlan plan;
    nlohmann::json currentValues = nlohmann::json::object();  // agent values merged over facts
    std::string currentStatus;  // "" while reading, "agent", or why the agent gave none

    // The current values the facts tell (THP, the CPU governor); none without facts.
    nlohmann::json valuesFromFacts() const { return facts ? currentValuesFromFacts(*facts) : nlohmann::json::object(); }

    std::vector<DiffRow> diff() const {
        const std::string unknown = currentStatus.empty()      ? QT_TRANSLATE_NOOP("plan", "reading current values…")
                                    : currentStatus == "agent" ? QT_TRANSLATE_NOOP("plan", "the agent did not report it")
                                                               : currentStatus;
        return diffPlan(plan, currentValues, unknown);
    }
};

}  // namespace fleetdeck::tuning
