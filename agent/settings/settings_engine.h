#pragma once

#include <memory>
#include <string>
#include <vector>

#include "agent/protocol/hello.h"
#include "agent/protocol/tune_result.h"
#include "agent/root_fs.h"
#include "agent/settings/journal.h"
#include "agent/settings/settings_service.h"
#include "agent/settings/setting_kind.h"
#include "agent/settings/transaction.h"

namespace fleetdeck::agent::settings {

// A change request checked against the catalogue and this host, turned into steps.
struct PreparedChange {
    std::string id;
    Json wanted;               // normalized
    Instances before = Json::object();
    Instances target = Json::object();
    bool change = false;
    std::optional<Problem> problem;  // why it was rejected
    std::optional<std::size_t> step;  // index into PreparedApply::steps
};

struct PreparedApply {
    std::vector<PreparedChange> changes;
    std::vector<Step> steps;  // settings in request order, then files
    std::vector<FileOnlyCheck> checks;
    std::vector<std::string> notes;
    bool valid() const;
    std::string problems_text() const;  // "id: why; id: why"
};

// The settings engine of a real host (or a recorded --root tree): the setting kinds, the journal,
// transactions, and start-up recovery. Single-threaded, like the server that calls it.
class SettingsEngine : public SettingsService {
public:
    explicit SettingsEngine(RootFs fs);
    ~SettingsEngine() override;

    Outcome read(const std::vector<std::string>& ids) override;
    Outcome plan(const ApplyRequest& request) override;
    Outcome apply(const ApplyRequest& request) override;
    Outcome rollback(const std::string& txn, const std::string& label) override;
    Outcome journal(std::int64_t after_seq, std::int64_t limit) override;
    Outcome append_witness(std::int64_t audit_seq, const std::string& audit_hash) override;
    std::vector<protocol::RecoveredTransaction> recovered() const override { return recovered_; }

    // Rolls back every transaction the journal shows begun but never ended (the agent died in
    // the middle), unless another agent holds the transaction lock. Runs at --stdio start-up when
    // the agent may write (root, or a --root tree).
    void recover();

    PreparedApply prepare(const ApplyRequest& request) const;

private:
    // A transaction's result, or why it did not run; tune.rollback adds what it rolls back.
    using RunOutcome = std::variant<protocol::TuneResult, protocol::Error>;
    RunOutcome run(const std::string& txn, Json begin, PreparedApply prepared, ApplyMode mode);
    static Outcome to_outcome(RunOutcome outcome);
    std::optional<protocol::Error> may_change() const;

    RootFs fs_;
    SettingContext ctx_;
    Journal journal_;
    std::vector<protocol::RecoveredTransaction> recovered_;
};

// One value for people when every instance agrees, the object when they differ, null when none.
Json display_value(const Instances& instances);

}  // namespace fleetdeck::agent::settings
