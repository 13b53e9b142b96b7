#include "app/audit/audit_reader.h"

#include <cerrno>
#include <cstring>
#include <fstream>

#include <QDateTime>
#include <QTimeZone>

namespace fleetdeck::audit {
namespace {

bool contains(const std::optional<std::string>& haystack, const std::string& needle) {
    return haystack && haystack->find(needle) != std::string::npos;
}

}  // namespace

std::variant<AuditContents, AuditError> readEntries(const std::string& path) {
    AuditContents contents;
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        if (errno == ENOENT) return contents;
        return AuditError{AuditErrorCode::LogUnreadable, "cannot open the audit log " + path + ": " + std::strerror(errno)};
    }
    std::string line;
    std::int64_t number = 0;
    while (std::getline(in, line)) {
        if (in.eof()) {  // no newline after it: an interrupted write
            contents.incompleteTailBytes = static_cast<std::int64_t>(line.size());
            break;
        }
        ++number;
        const Json object = Json::parse(line, nullptr, false);
        auto entry = object.is_discarded() ? std::nullopt : entryFromJson(object, nullptr);
        if (entry) contents.entries.push_back(std::move(*entry));
        else contents.unreadableLines.push_back(number);
    }
    return contents;
}

bool AuditFilter::matches(const AuditEntry& entry) const {
    const AuditEvent& e = entry.event;
    if (host && !(e.host && (e.host->name == *host || e.host->address == *host))) return false;
    if (setting && !contains(e.setting, *setting)) return false;
    if (result && toString(e.result) != *result) return false;
    if (op && !(e.op && (e.op->account.find(*op) != std::string::npos || contains(e.op->displayName, *op))))
        return false;
    // The log's times share one fixed-width format, so text order is time order.
    if (sinceUtc && entry.timeUtc < *sinceUtc) return false;
    if (untilUtc && entry.timeUtc > *untilUtc) return false;
    return true;
}

std::optional<std::string> normaliseTime(const std::string& iso8601, bool endOfDay) {
    const QString text = QString::fromStdString(iso8601).trimmed();
    QDateTime time;
    const QDate date = QDate::fromString(text, Qt::ISODate);
    if (date.isValid() && text.size() == 10) {
        time = endOfDay ? date.endOfDay(QTimeZone::utc()) : date.startOfDay(QTimeZone::utc());
    } else {
        time = QDateTime::fromString(text, Qt::ISODateWithMs);
        if (!time.isValid()) return std::nullopt;
        // Without an offset, a time is read as UTC: the log and its readers agree on one clock.
        if (time.timeSpec() == Qt::LocalTime) time.setTimeZone(QTimeZone::utc());
    }
    return time.toUTC().toString(QStringLiteral("yyyy-MM-ddTHH:mm:ss.zzzZ")).toStdString();
}

}  // namespace fleetdeck::audit
