#include "agent/settings/transaction_result.h"

#include "agent/protocol/errors.h"

namespace fleetdeck::agent::settings {
namespace {

// What became of step `index` (0-based) in a run.
const char* step_outcome(const RunResult& run, std::size_t index) {
    if (run.verified) return "verified";
    const auto number = static_cast<std::int64_t>(index + 1);
    if (!run.failed_step || number < *run.failed_step) return "rolled_back";
    return number == *run.failed_step ? "failed" : "not_reached";
}

Json read_back(const SettingContext& ctx, const std::string& id) {
    const SettingKind* kind = find_kind(id);
    if (!kind) return Json();
    auto captured = kind->capture(ctx, id);
    return std::holds_alternative<Instances>(captured) ? display_value(std::get<Instances>(captured)) : Json();
}

Json setting_row(const PreparedChange& c, const RunResult& run, const SettingContext& ctx) {
    Json row = {{"id", c.id}, {"before", display_value(c.before)}, {"wanted", c.wanted}, {"target", display_value(c.target)}};
    std::string result = "unchanged";
    if (c.change) result = c.step ? step_outcome(run, *c.step) : run.verified ? "verified" : "rolled_back";
    row["result"] = result;
    if (result == "failed" && run.failure) row["message"] = run.failure->message;
    row["after"] = result == "unchanged" ? display_value(c.before) : result == "not_reached" ? display_value(c.before)
                                                                                             : read_back(ctx, c.id);
    return row;
}

}  // namespace

Json plan_result(const PreparedApply& prepared, ApplyMode mode) {
    Json settings = Json::array();
    for (const auto& c : prepared.changes) {
        Json row = {{"id", c.id}, {"current", display_value(c.before)}, {"proposed", c.wanted},
                    {"target", display_value(c.target)}, {"change", c.change}};
        if (c.problem) {
            row["current"] = nullptr;
            row["target"] = nullptr;
            row["error"] = {{"code", protocol::to_string(c.problem->code)}, {"message", c.problem->message}};
        }
        settings.push_back(std::move(row));
    }
    Json files = Json::array();
    for (const auto& s : prepared.steps)
        if (s.kind == Step::Kind::File)
            files.push_back({{"path", s.name}, {"existed_before", !s.before.is_null()}, {"contents", s.target}});
    return {{"mode", apply_mode_name(mode)}, {"valid", prepared.valid()}, {"settings", std::move(settings)},
            {"files", std::move(files)}, {"steps", prepared.steps.size()}, {"notes", prepared.notes}};
}

Json transaction_result(const std::string& txn, const PreparedApply& prepared, const RunResult& run, ApplyMode mode,
                        const SettingContext& ctx) {
    Json settings = Json::array();
    for (const auto& c : prepared.changes) settings.push_back(setting_row(c, run, ctx));
    Json files = Json::array();
    for (std::size_t i = 0; i < prepared.steps.size(); ++i) {
        const Step& s = prepared.steps[i];
        if (s.kind != Step::Kind::File) continue;
        Json row = {{"path", s.name}, {"existed_before", !s.before.is_null()}, {"removed", s.target.is_null()},
                    {"result", step_outcome(run, i)}};
        if (row["result"] == "failed" && run.failure) row["message"] = run.failure->message;
        files.push_back(std::move(row));
    }
    std::string status = run.verified ? "verified" : run.rollback.complete() ? "rolled_back" : "rollback_incomplete";
    Json result = {{"txn", txn.empty() ? Json() : Json(txn)}, {"status", status}, {"mode", apply_mode_name(mode)},
                   {"changed", !txn.empty()}, {"settings", std::move(settings)}, {"files", std::move(files)},
                   {"notes", prepared.notes}, {"failed", nullptr}, {"rollback", nullptr}};
    for (const auto& note : run.notes) result["notes"].push_back(note);
    if (!run.verified) {
        Json failed = {{"step", run.failed_step ? Json(*run.failed_step) : Json()}};
        if (run.failed_step) failed["name"] = prepared.steps[static_cast<std::size_t>(*run.failed_step - 1)].name;
        if (run.failure) {
            failed["code"] = protocol::to_string(run.failure->code);
            failed["message"] = run.failure->message;
        }
        result["failed"] = std::move(failed);
        result["rollback"] = {{"complete", run.rollback.complete()}, {"problems", run.rollback.problems},
                              {"notes", run.rollback.notes}};
    }
    return result;
}

}  // namespace fleetdeck::agent::settings
