#include "agent/settings/settings_engine.h"

#include <algorithm>

#include <unistd.h>

#include "agent/drift_sources.h"
#include "agent/gpu/nvml_library.h"
#include "agent/setting_catalog/setting_catalog.h"
#include "agent/settings/persistent_files.h"
#include "agent/settings/transaction_result.h"

namespace fleetdeck::agent::settings {
namespace catalog = ::fleetdeck::settings;

namespace {

bool meets(std::string_view id, const Json& current, const Json& wanted) {
    return catalog::meets_at_least(id, current, wanted).value_or(false);
}

// Every instance set to `wanted`, except those that already meet an at-least proposal.
Instances target_of(std::string_view id, const Instances& before, const Json& wanted, bool at_least) {
    Instances target = Json::object();
    for (const auto& [instance, current] : before.items())
        target[instance] = at_least && meets(id, current, wanted) ? current : wanted;
    return target;
}

}  // namespace

Json display_value(const Instances& instances) {
    if (!instances.is_object() || instances.empty()) return Json();
    const Json& first = instances.begin().value();
    for (const auto& [instance, v] : instances.items())
        if (v != first) return instances;
    return first;
}

bool PreparedApply::valid() const {
    return std::none_of(changes.begin(), changes.end(), [](const PreparedChange& c) { return c.problem.has_value(); });
}

std::string PreparedApply::problems_text() const {
    std::string text;
    for (const auto& c : changes)
        if (c.problem) text += (text.empty() ? "" : "; ") + c.problem->message;
    return text;
}

SettingsEngine::SettingsEngine(RootFs fs)
    : fs_(std::move(fs)),
      ctx_{fs_, [live = fs_.is_live()] { return gpu::NvmlLibrary::shared(live); }},
      journal_(fs_) {}

SettingsEngine::~SettingsEngine() = default;

PreparedApply SettingsEngine::prepare(const ApplyRequest& request) const {
    PreparedApply out;
    std::vector<PersistentLine> lines;
    for (const auto& change : request.changes) {
        PreparedChange c;
        c.id = change.id;
        c.wanted = change.value;
        const auto reject = [&](ErrorCode code, std::string message) { c.problem = Problem{code, std::move(message)}; };
        const SettingKind* kind = find_kind(change.id);
        const bool duplicate = std::any_of(out.changes.begin(), out.changes.end(),
                                           [&](const PreparedChange& p) { return p.id == change.id; });
        if (auto why = catalog::validate_setting_value(change.id, change.value)) reject(ErrorCode::ValidationFailed, *why);
        else if (duplicate) reject(ErrorCode::ValidationFailed, change.id + ": given twice");
        else if (!kind) reject(ErrorCode::NotSupported, change.id + ": this agent cannot change it");
        else if (request.mode == ApplyMode::Runtime && !kind->has_runtime_form())
            reject(ErrorCode::ValidationFailed, change.id + ": exists only in configuration files: apply it with mode persistent");
        if (!c.problem) {
            c.wanted = catalog::normalize_setting_value(change.id, change.value).value_or(change.value);
            auto captured = kind->capture(ctx_, change.id);
            if (auto* p = std::get_if<Problem>(&captured)) c.problem = *p;
            else c.before = std::get<Instances>(captured);
        }
        if (!c.problem) c.problem = kind->check(ctx_, change.id, c.wanted);
        if (!c.problem) {
            c.target = target_of(change.id, c.before, c.wanted, change.at_least);
            c.change = c.target != c.before;
            if (c.change && kind->has_runtime_form()) {
                c.step = out.steps.size();
                out.steps.push_back({Step::Kind::Setting, c.id, c.before, c.target});
            }
            if (request.mode == ApplyMode::Persistent) {
                const Json shown = display_value(c.target);
                auto more = kind->persistent_lines(c.id, shown.is_object() || shown.is_null() ? c.wanted : shown, c.before);
                lines.insert(lines.end(), more.begin(), more.end());
                if (!kind->has_runtime_form()) out.checks.push_back({c.id, c.target});
                if (auto note = kind->persistence_note(c.id)) out.notes.push_back(*note);
            }
        }
        out.changes.push_back(std::move(c));
    }
    if (out.valid())
        for (auto& f : plan_file_changes(fs_, lines))
            out.steps.push_back({Step::Kind::File, f.path, f.before ? Json(*f.before) : Json(), f.after ? Json(*f.after) : Json()});
    return out;
}

SettingsService::Outcome SettingsEngine::read(const std::vector<std::string>& ids) {
    std::vector<std::string> wanted = ids;
    if (wanted.empty())
        for (const auto& spec : catalog::setting_catalog()) wanted.emplace_back(spec.id);
    protocol::TuneReadResult out;
    for (const auto& id : wanted) {
        protocol::TuneReadValue& entry = out.values[id];
        const SettingKind* kind = catalog::find_setting(id) ? find_kind(id) : nullptr;
        if (!kind) {
            entry.code = "not_found";
            entry.reason = id + " is not a known setting id";
            continue;
        }
        auto captured = kind->capture(ctx_, id);
        if (auto* p = std::get_if<Problem>(&captured)) {
            entry.code = std::string(protocol::to_string(p->code));
            entry.reason = p->message;
            continue;
        }
        const auto& instances = std::get<Instances>(captured);
        const Json shown = display_value(instances);
        entry.value = shown.is_object() ? Json() : shown;
        entry.instances = instances;
        if (shown.is_object()) entry.reason = "differs between instances (see instances)";
        else if (shown.is_null()) entry.reason = "not set on this host (the system default applies)";
    }
    return protocol::to_json(out);
}

SettingsService::Outcome SettingsEngine::to_outcome(RunOutcome outcome) {
    if (auto* error = std::get_if<protocol::Error>(&outcome)) return std::move(*error);
    return protocol::to_json(std::get<protocol::TuneResult>(outcome));
}

SettingsService::Outcome SettingsEngine::plan(const ApplyRequest& request) {
    const PreparedApply prepared = prepare(request);
    protocol::TuneResult result = plan_result(prepared, request.mode);
    if (request.mode == ApplyMode::Persistent) result.tuned = tuned_status(fs_);
    return protocol::to_json(result);
}

std::optional<protocol::Error> SettingsEngine::may_change() const {
    if (fs_.is_live() && ::geteuid() != 0)
        return protocol::Error{ErrorCode::PermissionDenied,
                               "changing settings needs root: this agent runs as an ordinary user (FleetDeck starts a "
                               "second agent through sudo for a push)"};
    return std::nullopt;
}

SettingsService::Outcome SettingsEngine::apply(const ApplyRequest& request) {
    PreparedApply prepared = prepare(request);
    if (!prepared.valid())
        return protocol::Error{ErrorCode::ValidationFailed, "nothing was changed: " + prepared.problems_text()};
    if (auto denied = may_change()) return *denied;
    Json begin = {{"type", "begin"}, {"origin", "apply"}, {"mode", apply_mode_name(request.mode)}, {"label", request.label}};
    Json changes = Json::array();
    for (const auto& c : request.changes) changes.push_back({{"id", c.id}, {"value", c.value}, {"at_least", c.at_least}});
    begin["changes"] = std::move(changes);
    return to_outcome(run(new_transaction_id(), std::move(begin), std::move(prepared), request.mode));
}

SettingsEngine::RunOutcome SettingsEngine::run(const std::string& txn, Json begin, PreparedApply prepared, ApplyMode mode) {
    auto lock = TransactionLock::acquire(fs_);
    if (auto* p = std::get_if<Problem>(&lock)) return to_error(*p);
    if (prepared.steps.empty() && prepared.checks.empty()) {
        RunResult nothing;
        nothing.verified = true;
        return transaction_result("", prepared, nothing, mode, ctx_);
    }
    begin["txn"] = txn;
    // The boot the transaction ran in: after a reboot its runtime-only values are gone, and the
    // app's drift check tells that from a change by hand with this (docs/drift.md).
    if (const auto boot = read_boot(fs_).id) begin["boot_id"] = *boot;
    begin["steps"] = Json::array();
    for (const auto& s : prepared.steps) begin["steps"].push_back(to_json(s));
    const auto appended = journal_.append(begin);
    if (const auto* p = std::get_if<Problem>(&appended)) return to_error(*p);
    Transaction transaction(ctx_, journal_, FaultPlan::from_environment(fs_.is_live()), stdout_reader_gone);
    const RunResult run = transaction.run(txn, prepared.steps, prepared.checks);
    protocol::TuneResult result = transaction_result(txn, prepared, run, mode, ctx_);
    if (mode == ApplyMode::Persistent) result.tuned = tuned_status(fs_);
    return result;
}

}  // namespace fleetdeck::agent::settings
