#pragma once

#include <optional>
#include <vector>

#include <QDateTime>
#include <QString>

#include "app/push/host_push.h"

namespace fleetdeck {

// One past push: enough to roll it back later (which transaction on which host).
struct PushRecord {
    QString pushId;
    QDateTime time;
    QString profile;
    bool persistent = false;
    std::vector<std::pair<QString, QString>> transactions;  // host, txn (verified hosts only)
};

// The pushes made from this desktop, newest last: push-history.jsonl in the app data folder.
// The audit log holds the full story; this is the index the rollback action reads.
class PushHistory {
public:
    explicit PushHistory(QString path = defaultPath());
    static QString defaultPath();

    // An error sentence, or nothing when the record was appended.
    std::optional<QString> append(const PushRecord& record) const;
    std::vector<PushRecord> load() const;
    std::optional<PushRecord> find(const QString& pushId) const;

private:
    QString path_;
};

PushRecord makePushRecord(const PushOperation& operation, const std::vector<HostPushResult>& results);
// The operation that rolls back `record` on every host that has a transaction in it.
PushOperation rollbackOperation(const PushRecord& record, const QString& newPushId);
QString newPushId();

}  // namespace fleetdeck
