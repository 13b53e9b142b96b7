#pragma once

#include <optional>
#include <string>
#include <vector>


#include "app/push/host_push.h"

namespace fleetdeck {

// One past push: enough to roll it back later (which transaction on which host).
struct PushRecord {
    std::string pushId;
    std::string timeUtc;  // ISO 8601, "2026-11-29T10:15:00Z"
    std::string profile;
    bool persistent = false;
    std::vector<std::pair<std::string, std::string>> transactions;  // host, txn (verified hosts only)
};

// The pushes made from this desktop, newest last: push-history.jsonl in the app data folder.
// The audit log holds the full story; this is the index the rollback action reads.
class PushHistory {
public:
    explicit PushHistory(std::string path = defaultPath());
    static std::string defaultPath();

    // An error sentence, or nothing when the record was appended.
    std::optional<std::string> append(const PushRecord& record) const;
    std::vector<PushRecord> load() const;
    std::optional<PushRecord> find(const std::string& pushId) const;

private:
    std::string path_;
};

PushRecord makePushRecord(const PushOperation& operation, const std::vector<HostPushResult>& results);
// The operation that rolls back `record` on every host that has a transaction in it.
PushOperation rollbackOperation(const PushRecord& record, const std::string& newPushId);
std::string newPushId();

}  // namespace fleetdeck
