#include "agent/settings/transaction.h"

#include <algorithm>
#include <chrono>
#include <thread>
#include <csignal>
#include <cstdlib>

namespace fleetdeck::agent::settings {
namespace {

std::variant<Instances, Problem> capture(const SettingContext& ctx, const std::string& id) {
    const SettingKind* kind = find_kind(id);
    if (!kind) return Problem{ErrorCode::Internal, id + ": no setting kind handles it"};
    return kind->capture(ctx, id);
}

std::optional<Problem> write_file(const RootFs& fs, const std::string& path, const Json& contents) {
    const auto error = contents.is_null() ? fs.remove(path) : fs.write_atomic(path, contents.get<std::string>());
    if (error) {
        const ErrorCode code = error->permission() ? ErrorCode::PermissionDenied : ErrorCode::ApplyFailed;
        return Problem{code, path + ": " + error->message};
    }
    const auto back = fs.read(path);
    const bool same = contents.is_null() ? !back.has_value() : back && *back == contents.get<std::string>();
    if (!same) return Problem{ErrorCode::ApplyFailed, path + ": the file read back differs from what was written"};
    return std::nullopt;
}

std::optional<std::int64_t> fault_step(const char* text, std::string_view prefix) {
    const std::string_view t = text;
    if (!t.starts_with(prefix)) return std::nullopt;
    return parse_int(t.substr(prefix.size()));
}

}  // namespace

Json to_json(const Step& step) {
    return {{"kind", step.kind == Step::Kind::Setting ? "setting" : "file"},
            {step.kind == Step::Kind::Setting ? "id" : "path", step.name},
            {"before", step.before},
            {"target", step.target}};
}

std::optional<Step> step_from_json(const Json& json) {
    if (!json.is_object()) return std::nullopt;
    Step s;
    s.kind = json.value("kind", "") == "file" ? Step::Kind::File : Step::Kind::Setting;
    const char* key = s.kind == Step::Kind::File ? "path" : "id";
    if (!json.contains(key) || !json[key].is_string()) return std::nullopt;
    s.name = json[key].get<std::string>();
    s.before = json.value("before", Json());
    s.target = json.value("target", Json());
    return s;
}

FaultPlan FaultPlan::from_environment(bool live_system) {
    FaultPlan plan;
    const char* text = std::getenv("FLEETDECK_FAULT_INJECT");
    if (live_system || !text) return plan;  // never on a live system
    plan.fail_at = fault_step(text, "fail_at:");
    plan.kill_at = fault_step(text, "kill_at:");
    plan.stall_at = fault_step(text, "stall_at:");
    return plan;
}

// Writes the instances of `id` that differ from `target` and reads them back. Instances the kind
// leaves as they are (a loaded module) are skipped and named in `notes`.
std::optional<Problem> Transaction::reach(const std::string& id, const Instances& target, const Instances& now,
                                          std::vector<std::string>& notes) const {
    const SettingKind* kind = find_kind(id);
    if (!kind) return Problem{ErrorCode::Internal, id + ": no setting kind handles it"};
    if (!kind->has_runtime_form()) return std::nullopt;  // its file step does the work
    std::vector<std::string> skipped;
    for (const auto& [instance, wanted] : target.items()) {
        const Json current = now.value(instance, Json());
        if (current == wanted || wanted.is_null()) continue;
        if (auto why = kind->left_as_is(id, wanted, current)) {
            notes.push_back(id + ": " + *why);
            skipped.push_back(instance);
            continue;
        }
        if (auto problem = kind->write(ctx_, id, instance, wanted)) return problem;
    }
    auto back = kind->capture(ctx_, id);
    if (auto* p = std::get_if<Problem>(&back)) return Problem{ErrorCode::ApplyFailed, "read back failed: " + p->message};
    const auto& read = std::get<Instances>(back);
    for (const auto& [instance, wanted] : target.items()) {
        if (wanted.is_null() || std::find(skipped.begin(), skipped.end(), instance) != skipped.end()) continue;
        const Json got = read.value(instance, Json());
        if (got != wanted)
            return Problem{ErrorCode::ApplyFailed, id + ": wrote " + wanted.dump() + " to " + instance + ", read back " +
                                                       got.dump() + " (the kernel kept another value)"};
    }
    return std::nullopt;
}

std::optional<Problem> Transaction::apply(const Step& step, Json& after, std::vector<std::string>& notes) const {
    if (step.kind == Step::Kind::File) {
        auto problem = write_file(ctx_.fs, step.name, step.target);
        if (!problem) after = step.target;
        return problem;
    }
    auto problem = reach(step.name, step.target, step.before, notes);
    if (!problem) {
        auto back = capture(ctx_, step.name);
        if (auto* i = std::get_if<Instances>(&back)) after = *i;
    }
    return problem;
}

std::optional<Problem> Transaction::restore_one(const Step& step, std::vector<std::string>& notes) const {
    if (step.kind == Step::Kind::File) return write_file(ctx_.fs, step.name, step.before);
    auto now = capture(ctx_, step.name);
    if (auto* p = std::get_if<Problem>(&now)) return *p;
    return reach(step.name, step.before, std::get<Instances>(now), notes);
}

RestoreReport Transaction::restore(const std::vector<Step>& steps, std::size_t count) const {
    RestoreReport report;
    for (std::size_t i = std::min(count, steps.size()); i-- > 0;) {
        if (auto problem = restore_one(steps[i], report.notes))
            report.problems.push_back("step " + std::to_string(i + 1) + ": " + problem->message);
    }
    return report;
}

// The operator's link, checked before each step (and, for a stall fault, waited on).
std::optional<Problem> Transaction::before_step(std::int64_t number) const {
    if (!operator_gone_) return std::nullopt;
    if (faults_.stall_at == number)
        for (int i = 0; i < FaultPlan::kStallS * 10 && !operator_gone_(); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(100));
    if (!operator_gone_()) return std::nullopt;
    return Problem{ErrorCode::ApplyFailed, "the operator's connection was lost before step " + std::to_string(number) +
                                               ": rolled back, so the host is left as the operator last saw it"};
}

RunResult Transaction::run(const std::string& txn, const std::vector<Step>& steps, const std::vector<FileOnlyCheck>& checks) {
    RunResult result;
    result.after.assign(steps.size(), Json());
    std::size_t begun = 0;
    for (std::size_t i = 0; i < steps.size() && !result.failure; ++i) {
        const auto number = static_cast<std::int64_t>(i + 1);
        if (faults_.kill_at == number) std::raise(SIGKILL);
        if ((result.failure = before_step(number))) {
            result.failed_step = number;
            break;
        }
        const auto record = journal_.append({{"type", "step"}, {"txn", txn}, {"step", number}});
        if (const auto* p = std::get_if<Problem>(&record)) {
            result.failure = *p;
            result.failed_step = number;
            break;
        }
        begun = i + 1;
        result.failure = apply(steps[i], result.after[i], result.notes);
        if (!result.failure && faults_.fail_at == number)
            result.failure = Problem{ErrorCode::ApplyFailed, steps[i].name + ": failure injected at step " +
                                                                 std::to_string(number) + " (FLEETDECK_FAULT_INJECT)"};
        if (result.failure) result.failed_step = number;
    }
    for (const auto& check : checks) {
        if (result.failure) break;
        auto back = capture(ctx_, check.id);
        const Json got = std::holds_alternative<Instances>(back) ? std::get<Instances>(back) : Json();
        if (got != check.target)
            result.failure = Problem{ErrorCode::ApplyFailed, check.id + ": the files were written but read back " +
                                                                 got.dump() + " instead of " + check.target.dump()};
    }
    result.verified = !result.failure;
    if (!result.verified) result.rollback = restore(steps, begun);
    Json end = {{"type", "end"}, {"txn", txn}};
    end["status"] = result.verified ? "verified" : result.rollback.complete() ? "rolled_back" : "rollback_incomplete";
    if (result.failed_step) end["failed_step"] = *result.failed_step;
    if (result.failure) end["message"] = result.failure->message;
    if (!result.rollback.problems.empty()) end["rollback_problems"] = result.rollback.problems;
    (void)journal_.append(std::move(end));
    return result;
}

}  // namespace fleetdeck::agent::settings
