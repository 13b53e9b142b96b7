#include "app/history/retention.h"

#include <algorithm>

#include <QSettings>

namespace fleetdeck::history {
namespace {

int readInt(QSettings& s, const char* key, int fallback, int max) {
    bool ok = false;
    const int v = s.value(QLatin1String(key)).toInt(&ok);
    return ok && v >= 1 ? std::min(v, max) : fallback;
}

}  // namespace

Retention loadRetention(QSettings& settings) {
    Retention r;
    settings.beginGroup(QStringLiteral("history"));
    r.rawMinutes = readInt(settings, "raw_minutes", r.rawMinutes, kMaxRawMinutes);
    r.tenSecondHours = readInt(settings, "ten_second_hours", r.tenSecondHours, kMaxTenSecondHours);
    r.minuteDays = readInt(settings, "minute_days", r.minuteDays, kMaxMinuteDays);
    settings.endGroup();
    return r;
}

Retention loadRetention() {
    QSettings settings;
    return loadRetention(settings);
}

void saveRetention(QSettings& settings, const Retention& r) {
    settings.beginGroup(QStringLiteral("history"));
    settings.setValue(QStringLiteral("raw_minutes"), r.rawMinutes);
    settings.setValue(QStringLiteral("ten_second_hours"), r.tenSecondHours);
    settings.setValue(QStringLiteral("minute_days"), r.minuteDays);
    settings.endGroup();
}

void saveRetention(const Retention& r) {
    QSettings settings;
    saveRetention(settings, r);
}

}  // namespace fleetdeck::history
