#include "ui/history/audit_follower.h"

#include <QFileInfo>
#include <QSettings>

#include "app/audit/audit_reader.h"

namespace fleetdeck {

namespace {
const QString kSeqKey = QStringLiteral("history/audit_seq");
constexpr int kPollMs = 5000;
}  // namespace

AuditFollower::AuditFollower(QString logPath, Sink sink, QObject* parent)
    : QObject(parent), path_(std::move(logPath)), sink_(std::move(sink)) {
    lastSeq_ = QSettings().value(kSeqKey, 0).toLongLong();
    connect(&timer_, &QTimer::timeout, this, &AuditFollower::poll);
    timer_.start(kPollMs);
}

int AuditFollower::poll() {
    const QFileInfo info(path_);
    if (!info.exists()) return 0;
    if (info.size() == seenSize_ && info.lastModified() == seenModified_) return 0;
    seenSize_ = info.size();
    seenModified_ = info.lastModified();
    auto read = audit::readEntries(path_.toStdString());
    auto* contents = std::get_if<audit::AuditContents>(&read);
    if (!contents) return 0;  // the audit viewer and `audit verify` say what is wrong with the log
    std::vector<audit::AuditEntry> fresh;
    // A log started anew (its sequence restarted below what was handed over) is followed from its start.
    if (!contents->entries.empty() && contents->entries.back().seq < lastSeq_) lastSeq_ = 0;
    for (audit::AuditEntry& e : contents->entries)
        if (e.seq > lastSeq_) fresh.push_back(std::move(e));
    if (fresh.empty()) return 0;
    lastSeq_ = fresh.back().seq;
    QSettings().setValue(kSeqKey, static_cast<qlonglong>(lastSeq_));
    sink_(fresh);
    return static_cast<int>(fresh.size());
}

}  // namespace fleetdeck

#include "moc_audit_follower.cpp"
