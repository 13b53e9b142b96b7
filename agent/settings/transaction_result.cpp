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

protocol::TuneSettingReply setting_row(const PreparedChange& c, const RunResult& run, const SettingContext& ctx) {
    protocol::TuneSettingReply row;
    row.id = c.id;
    row.before = display_value(c.before);
    row.wanted = c.wanted;
    row.target = display_value(c.target);
    std::string result = "unchanged";
    if (c.change) result = c.step ? step_outcome(run, *c.step) : run.verified ? "verified" : "rolled_back";
    row.result = result;
    if (result == "failed" && run.failure) row.message = run.failure->message;
    row.after = result == "unchanged" || result == "not_reached" ? display_value(c.before) : read_back(ctx, c.id);
    return row;
}

}  // namespace

protocol::TuneResult plan_result(const PreparedApply& prepared, ApplyMode mode) {
    protocol::TuneResult out;
    out.mode = apply_mode_name(mode);
    out.valid = prepared.valid();
    for (const auto& c : prepared.changes) {
        protocol::TuneSettingReply row;
        row.id = c.id;
        row.current = display_value(c.before);
        row.proposed = c.wanted;
        row.target = display_value(c.target);
        row.change = c.change;
        if (c.problem) {
            row.current = Json();
            row.target = Json();
            row.error = protocol::TuneSettingError{std::string(protocol::to_string(c.problem->code)), c.problem->message};
        }
        out.settings.push_back(std::move(row));
    }
    for (const auto& s : prepared.steps)
        if (s.kind == Step::Kind::File) out.files.push_back({s.name, !s.before.is_null(), s.target, {}, {}, {}});
    out.steps = static_cast<std::int64_t>(prepared.steps.size());
    out.notes = prepared.notes;
    return out;
}

protocol::TuneResult transaction_result(const std::string& txn, const PreparedApply& prepared, const RunResult& run,
                                        ApplyMode mode, const SettingContext& ctx) {
    protocol::TuneResult out;
    if (!txn.empty()) out.txn = txn;
    out.status = run.verified ? "verified" : run.rollback.complete() ? "rolled_back" : "rollback_incomplete";
    out.mode = apply_mode_name(mode);
    out.changed = !txn.empty();
    for (const auto& c : prepared.changes) out.settings.push_back(setting_row(c, run, ctx));
    for (std::size_t i = 0; i < prepared.steps.size(); ++i) {
        const Step& s = prepared.steps[i];
        if (s.kind != Step::Kind::File) continue;
        protocol::TuneFile file{s.name, !s.before.is_null(), {}, s.target.is_null(), step_outcome(run, i), {}};
        if (file.result == "failed" && run.failure) file.message = run.failure->message;
        out.files.push_back(std::move(file));
    }
    out.notes = prepared.notes;
    out.notes.insert(out.notes.end(), run.notes.begin(), run.notes.end());
    if (!run.verified) {
        protocol::TuneFailure failed;
        failed.step = run.failed_step;
        if (run.failed_step) failed.name = prepared.steps[static_cast<std::size_t>(*run.failed_step - 1)].name;
        if (run.failure) {
            failed.code = std::string(protocol::to_string(run.failure->code));
            failed.message = run.failure->message;
        }
        out.failed = std::move(failed);
        out.rollback = protocol::TuneRollback{run.rollback.complete(), run.rollback.problems, run.rollback.notes};
    }
    return out;
}

}  // namespace fleetdeck::agent::settings
