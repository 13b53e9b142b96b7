#pragma once

#include <functional>
#include <vector>

#include <QDateTime>
#include <QObject>
#include <QTimer>

#include "app/audit/audit_entry.h"

namespace fleetdeck {

// Hands the audit log's new entries (pushes, rollbacks) to the history recorder, which turns them
// into incidents. Polls the log file every few seconds, reading it only when it changed, and
// remembers the last sequence number handed over (QSettings "history/audit_seq"), so a restart
// neither repeats nor misses a push.
class AuditFollower : public QObject {
    Q_OBJECT
public:
    using Sink = std::function<void(const std::vector<audit::AuditEntry>&)>;

    AuditFollower(QString logPath, Sink sink, QObject* parent = nullptr);
    // Reads now; returns how many new entries went to the sink.
    int poll();
    std::int64_t lastSeq() const { return lastSeq_; }

private:
    QString path_;
    Sink sink_;
    QTimer timer_;
    std::int64_t lastSeq_ = 0;
    qint64 seenSize_ = -1;
    QDateTime seenModified_;
};

}  // namespace fleetdeck
