#pragma once

#include <string>

#include "agent/protocol/tune_result.h"
#include "agent/settings/settings_engine.h"

namespace fleetdeck::agent::settings {

// tune.plan's result: per setting current, proposed, whether it would change and why it cannot;
// the files a persistent apply would write.
protocol::TuneResult plan_result(const PreparedApply& prepared, ApplyMode mode);
// tune.apply's and tune.rollback's result (docs/protocol.md): the transaction id (null when
// nothing needed changing), status, each setting's before/after and result, each file, the failed
// step and what the rollback did.
protocol::TuneResult transaction_result(const std::string& txn, const PreparedApply& prepared, const RunResult& run,
                                        ApplyMode mode, const SettingContext& ctx);

}  // namespace fleetdeck::agent::settings
