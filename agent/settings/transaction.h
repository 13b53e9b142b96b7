#pragma once

#include <optional>
#include <string>
#include <vector>

#include "agent/settings/journal.h"
#include "agent/settings/operator_link.h"
#include "agent/settings/setting_kind.h"

namespace fleetdeck::agent::settings {

// One change inside a transaction: a setting's instances, or one persistent file.
struct Step {
    enum class Kind { Setting, File };
    Kind kind = Kind::Setting;
    std::string name;  // the setting id, or the file's path
    Json before;       // Setting: the Instances found; File: the contents, null when it did not exist
    Json target;       // Setting: the Instances to reach; File: the new contents, null to remove it
};
Json to_json(const Step& step);
std::optional<Step> step_from_json(const Json& json);

// Settings that live only in files (login limits): read back once the files are written.
struct FileOnlyCheck {
    std::string id;
    Instances target;
};

// Test-only faults, from FLEETDECK_FAULT_INJECT ("fail_at:K", "kill_at:K" or "stall_at:K", steps
// numbered from 1). Honoured only on a --root tree, never on the live system.
struct FaultPlan {
    std::optional<std::int64_t> fail_at;   // step K is written, then reported as failed
    std::optional<std::int64_t> kill_at;   // the agent SIGKILLs itself before step K starts
    std::optional<std::int64_t> stall_at;  // before step K, wait (at most kStallS) until the operator is gone
    static constexpr int kStallS = 120;
    static FaultPlan from_environment(bool live_system);
};

// What restoring steps did: problems (rollback incomplete) and instances knowingly left as is.
struct RestoreReport {
    std::vector<std::string> problems;
    std::vector<std::string> notes;
    bool complete() const { return problems.empty(); }
};

struct RunResult {
    bool verified = false;
    std::optional<std::int64_t> failed_step;  // 1-based
    std::optional<Problem> failure;
    RestoreReport rollback;
    std::vector<Json> after;  // per step: what was read back after writing; null when not reached
    std::vector<std::string> notes;  // instances knowingly left as they were
};

// Runs steps in order after the begin record is in the journal: a step record, the write, a read
// back compared with the target; on the first failure every step begun is restored, newest first,
// and each restore is read back too. Ends with the end record.
class Transaction {
public:
    Transaction(const SettingContext& ctx, const Journal& journal, FaultPlan faults, OperatorGone operator_gone = {})
        : ctx_(ctx), journal_(journal), faults_(faults), operator_gone_(std::move(operator_gone)) {}

    RunResult run(const std::string& txn, const std::vector<Step>& steps, const std::vector<FileOnlyCheck>& checks);
    // Restores the first `count` steps, newest first.
    RestoreReport restore(const std::vector<Step>& steps, std::size_t count) const;

private:
    std::optional<Problem> apply(const Step& step, Json& after, std::vector<std::string>& notes) const;
    std::optional<Problem> restore_one(const Step& step, std::vector<std::string>& notes) const;
    std::optional<Problem> reach(const std::string& id, const Instances& target, const Instances& now,
                                 std::vector<std::string>& notes) const;

    const SettingContext& ctx_;
    const Journal& journal_;
    std::optional<Problem> before_step(std::int64_t number) const;

    FaultPlan faults_;
    OperatorGone operator_gone_;
};

}  // namespace fleetdeck::agent::settings
