#pragma once

#include <QString>
#include <vector>

#include "app/temperature_band.h"
#include "ui/theme.h"

class QSettings;

namespace fleetdeck {

// Preferences → General: how the desktop app looks and refreshes. Kept in QSettings under
// "general/"; applied at start and whenever the dialog is accepted.
struct DesktopPreferences {
    static constexpr int kRefreshChoicesMs[] = {250, 500, 1000, 2000};
    int refreshMs = 250;       // how often the views repaint from the models
    TargetBand targetBand;     // the temperature band every view colours as "target"
    QString language;          // a locale name ("en", "zh_TW"); empty: the system's
    Theme theme = Theme::System;

    static DesktopPreferences load(QSettings& settings);
    void save(QSettings& settings) const;
    bool operator==(const DesktopPreferences&) const = default;
};

// Settings written before FleetDeck named its organization went to "Unknown Organization"; the
// first start with the name copies them over, so no one loses their choices. Call after
// QCoreApplication::setOrganizationName().
void adoptSettingsFromBeforeOrganization();

// The languages the app offers besides the system's, as (locale name, name in that language).
// English is built in; a translation adds its entry here when it ships.
struct LanguageChoice {
    QString locale;
    QString name;
};
const std::vector<LanguageChoice>& languageChoices();

}  // namespace fleetdeck
