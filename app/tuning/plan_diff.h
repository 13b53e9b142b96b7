#pragma once

#include <string>
#include <vector>

#include "agent/json/json.h"

#include "agent/protocol/facts.h"
#include "app/tuning/planner.h"

namespace fleetdeck::tuning {

// Where a current value came from.
enum class ValueOrigin { Agent, Facts, None };

// One row of a host's diff: what is there now and what the plan would write.
struct DiffRow {
    enum class Status { Change, Unchanged, Unsupported, Unknown };
    std::string id;
    Json current;   // null when unknown
    Json proposed;
    Status status = Status::Unknown;
    ValueOrigin origin = ValueOrigin::None;
    std::string note;  // the reason for Unsupported / Unknown, "already at least 4096" for Unchanged
    const PlannedSetting* setting = nullptr;  // into the plan the diff was made from
    std::string shownNote;  // `note` in the user's language; `note` stays English for JSON

    // The note as a person reads it: translated, or as written where there is no translation (a
    // reason the agent gave).
    const std::string& shown() const { return shownNote.empty() ? note : shownNote; }
};

// Current values keyed by setting id, the shape `tune.read` answers with (docs/rules.md):
// {"thp.enabled": {"value": "always", "origin": "agent"},
//  "cpu.governor": {"value": null, "reason": "no cpufreq in this VM guest", "code": "not_supported"}}.
// A bare value instead of an object counts as {"value": ...}.
//
// The values the agent's facts already tell (THP, the CPU governor), marked origin "facts": a
// fallback for agents without `tune.read` and for `--facts FILE`.
Json currentValuesFromFacts(const protocol::Facts& facts);
// `primary` wins over `fallback` for every id it has a non-null value for.
Json mergeCurrentValues(const Json& primary, const Json& fallback);

// Compares a plan with current values. `unknownReason` explains rows without a current value
// ("current values unavailable (agent too old)"); it is shown translated where the "plan" context
// of the catalogue has it (QT_TRANSLATE_NOOP("plan", …) where it is written).
std::vector<DiffRow> diffPlan(const TuningPlan& plan, const Json& currentValues, const std::string& unknownReason);

std::string_view to_string(DiffRow::Status s);
// The status as a person reads it, in the user's language ("change" → "變更").
std::string statusLabel(DiffRow::Status s);
std::string_view to_string(ValueOrigin o);
Json toJson(const DiffRow& row);
// "madvise", "4096 131072 16777216", "on"/"off", "—" for null: values as an operator reads them.
std::string displayValue(const Json& value);

}  // namespace fleetdeck::tuning
