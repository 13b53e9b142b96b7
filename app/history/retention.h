#pragma once

// How long the history store keeps each tier of telemetry (docs/history.md, "Tiers"). The
// Preferences dialog edits it through loadRetention()/saveRetention(); the recorder prunes each
// tier at its age.

#include <cstdint>

class QSettings;

namespace fleetdeck::history {

struct Retention {
    int rawMinutes = 60;       // every sample
    int tenSecondHours = 48;   // 10 s mean, min and max
    int minuteDays = 30;       // 1 min mean, min and max

    std::int64_t rawMs() const { return std::int64_t(rawMinutes) * 60'000; }
    std::int64_t tenSecondMs() const { return std::int64_t(tenSecondHours) * 3'600'000; }
    std::int64_t minuteMs() const { return std::int64_t(minuteDays) * 86'400'000; }
    bool operator==(const Retention&) const = default;
};

// Limits the dialog offers; loadRetention() clamps stored values into them.
constexpr int kMaxRawMinutes = 24 * 60;
constexpr int kMaxTenSecondHours = 30 * 24;
constexpr int kMaxMinuteDays = 3 * 365;

// Reads group "history" (keys raw_minutes, ten_second_hours, minute_days); a missing or invalid
// key keeps its default. `settings` defaults to QSettings() of the application.
Retention loadRetention(QSettings& settings);
Retention loadRetention();
void saveRetention(QSettings& settings, const Retention& retention);
void saveRetention(const Retention& retention);

}  // namespace fleetdeck::history
