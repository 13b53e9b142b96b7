#include "ui/desktop_preferences.h"

#include <algorithm>

#include <QCoreApplication>
#include <QSettings>

namespace fleetdeck {
namespace {

const QString kRefreshKey = QStringLiteral("general/refresh_ms");
const QString kBandLowKey = QStringLiteral("general/target_band_low_c");
const QString kBandHighKey = QStringLiteral("general/target_band_high_c");
const QString kLanguageKey = QStringLiteral("general/language");
const QString kThemeKey = QStringLiteral("general/theme");

// Bounds a user could mean: a band under 30 °C or over 110 °C is a typo, not a policy.
constexpr double kBandMinC = 30, kBandMaxC = 110;

}  // namespace

DesktopPreferences DesktopPreferences::load(QSettings& settings) {
    DesktopPreferences p;
    const int refresh = settings.value(kRefreshKey, p.refreshMs).toInt();
    if (std::find(std::begin(kRefreshChoicesMs), std::end(kRefreshChoicesMs), refresh) != std::end(kRefreshChoicesMs))
        p.refreshMs = refresh;
    const double low = settings.value(kBandLowKey, p.targetBand.lowC).toDouble();
    const double high = settings.value(kBandHighKey, p.targetBand.highC).toDouble();
    if (low >= kBandMinC && high <= kBandMaxC && low < high) p.targetBand = {low, high};
    p.language = settings.value(kLanguageKey).toString();
    p.theme = themeFromKey(settings.value(kThemeKey).toString());
    return p;
}

void DesktopPreferences::save(QSettings& settings) const {
    settings.setValue(kRefreshKey, refreshMs);
    settings.setValue(kBandLowKey, targetBand.lowC);
    settings.setValue(kBandHighKey, targetBand.highC);
    settings.setValue(kLanguageKey, language);
    settings.setValue(kThemeKey, themeKey(theme));
}

void adoptSettingsFromBeforeOrganization() {
    QSettings now;
    if (!now.allKeys().isEmpty()) return;
    QSettings before(QStringLiteral("Unknown Organization"), QCoreApplication::applicationName());
    for (const QString& key : before.allKeys()) now.setValue(key, before.value(key));
}

const std::vector<LanguageChoice>& languageChoices() {
    static const std::vector<LanguageChoice> kChoices = {
        {QStringLiteral("en"), QStringLiteral("English")},
        {QStringLiteral("zh_TW"), QStringLiteral("繁體中文 (Traditional Chinese)")},
    };
    return kChoices;
}

}  // namespace fleetdeck
