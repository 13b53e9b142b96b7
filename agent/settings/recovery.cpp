// The journal side of the settings engine: rolling back a past transaction, recovery at start-up,
// journal.read and journal.append_witness.
#include <unistd.h>

#include "agent/protocol/journal.h"
#include "agent/settings/settings_engine.h"

namespace fleetdeck::agent::settings {
namespace {

std::vector<Step> steps_of(const Json& begin) {
    std::vector<Step> steps;
    for (const auto& s : begin.value("steps", Json::array()))
        if (auto step = step_from_json(s)) steps.push_back(std::move(*step));
    return steps;
}

bool may_write(const RootFs& fs) { return !fs.is_live() || ::geteuid() == 0; }

}  // namespace

SettingsService::Outcome SettingsEngine::rollback(const std::string& txn, const std::string& label) {
    const auto begin = journal_.begin_of(txn);
    if (!begin) return protocol::Error{ErrorCode::NotFound, "no transaction " + txn + " in this host's journal"};
    const auto end = journal_.end_of(txn);
    if (!end)
        return protocol::Error{ErrorCode::Busy, txn + " has not ended: it is still running, or the next agent start "
                                                      "rolls it back"};
    if (end->value("status", "") != "verified")
        return protocol::Error{ErrorCode::ValidationFailed,
                               txn + " ended " + end->value("status", "") + ": it left nothing to roll back"};
    for (const auto& r : journal_.records()) {
        if (r.value("type", "") != "begin" || r.value("rolls_back", "") != txn) continue;
        const auto later = journal_.end_of(r.value("txn", ""));
        if (later && later->value("status", "") == "verified")
            return protocol::Error{ErrorCode::ValidationFailed, txn + " was already rolled back by " + r.value("txn", "")};
    }
    if (auto denied = may_change()) return *denied;

    PreparedApply prepared;
    const auto original = steps_of(*begin);
    for (auto it = original.rbegin(); it != original.rend(); ++it) {
        Step back{it->kind, it->name, Json(), it->before};
        if (it->kind == Step::Kind::File) {
            const auto now = fs_.read(it->name);
            back.before = now ? Json(*now) : Json();
            if (back.before != back.target) prepared.steps.push_back(std::move(back));
            continue;
        }
        const SettingKind* kind = find_kind(it->name);
        if (!kind) continue;
        auto captured = kind->capture(ctx_, it->name);
        if (auto* p = std::get_if<Problem>(&captured)) return to_error(*p);
        back.before = std::get<Instances>(captured);
        PreparedChange c;
        c.id = it->name;
        c.wanted = display_value(it->before);
        c.before = back.before;
        c.target = back.target;
        c.change = back.before != back.target;
        if (back.before != it->target)
            prepared.notes.push_back(it->name + " changed since " + txn + ": it set " + display_value(it->target).dump() +
                                     ", it is now " + display_value(back.before).dump());
        if (c.change) {
            c.step = prepared.steps.size();
            prepared.steps.push_back(std::move(back));
        }
        prepared.changes.push_back(std::move(c));
    }
    const ApplyMode mode = begin->value("mode", "") == "persistent" ? ApplyMode::Persistent : ApplyMode::Runtime;
    Json record = {{"type", "begin"}, {"origin", "rollback"}, {"rolls_back", txn}, {"mode", begin->value("mode", "runtime")},
                   {"label", label}};
    auto outcome = run(new_transaction_id(), std::move(record), std::move(prepared), mode);
    if (auto* result = std::get_if<protocol::TuneResult>(&outcome)) result->rolls_back = txn;
    return to_outcome(std::move(outcome));
}

void SettingsEngine::recover() {
    if (!may_write(fs_)) return;
    const auto open = journal_.incomplete();
    if (open.empty()) return;
    auto lock = TransactionLock::acquire(fs_);
    if (std::holds_alternative<Problem>(lock)) return;  // another agent is inside that transaction right now
    const Transaction transaction(ctx_, journal_, FaultPlan{});
    for (const auto& begin : open) {
        const std::string txn = begin.value("txn", "");
        const auto steps = steps_of(begin);
        const auto started = static_cast<std::size_t>(journal_.last_started_step(txn));
        const RestoreReport report = transaction.restore(steps, started);
        Json end = {{"type", "end"}, {"txn", txn}, {"status", report.complete() ? "recovered" : "rollback_incomplete"},
                    {"message", "rolled back at agent start: the agent ended in the middle of this transaction"},
                    {"steps_restored", started}};
        if (!report.problems.empty()) end["rollback_problems"] = report.problems;
        (void)journal_.append(end);
        recovered_.push_back({txn, static_cast<std::int64_t>(started), static_cast<std::int64_t>(steps.size()),
                              report.complete(), report.problems, report.notes});
    }
}

SettingsService::Outcome SettingsEngine::journal(std::int64_t after_seq, std::int64_t limit) {
    if (fs_.exists(Journal::kPath) && !fs_.read(Journal::kPath, 1))
        return protocol::Error{ErrorCode::PermissionDenied,
                               std::string("cannot read ") + Journal::kPath + ": reading the journal needs root"};
    protocol::JournalPage page;
    std::int64_t last = 0;
    for (auto& r : journal_.records()) {
        last = std::max(last, r.value("seq", std::int64_t{0}));
        if (r.value("seq", std::int64_t{0}) > after_seq && static_cast<std::int64_t>(page.entries.size()) < limit)
            page.entries.push_back(std::move(r));
    }
    page.last_seq = last;
    page.path = Journal::kPath;
    return protocol::to_json(page);
}

SettingsService::Outcome SettingsEngine::append_witness(std::int64_t audit_seq, const std::string& audit_hash) {
    const bool hex = !audit_hash.empty() && audit_hash.size() <= 128 &&
                     audit_hash.find_first_not_of("0123456789abcdef") == std::string::npos;
    if (!hex) return protocol::Error{ErrorCode::InvalidParams, "params.hash: expected 1 to 128 lower-case hex digits"};
    auto lock = TransactionLock::acquire(fs_);
    if (auto* p = std::get_if<Problem>(&lock)) return to_error(*p);
    const auto seq = journal_.append({{"type", "witness"}, {"audit_seq", audit_seq}, {"audit_hash", audit_hash}});
    if (auto* p = std::get_if<Problem>(&seq)) return to_error(*p);
    return Json{{"seq", std::get<std::int64_t>(seq)}};
}

}  // namespace fleetdeck::agent::settings
