#pragma once

#include <QString>
#include <QStringList>

class QCoreApplication;

namespace fleetdeck::i18n {

// The language FleetDeck speaks: "zh_TW" (Traditional Chinese) or "en". The first of these that
// is set decides: `override` (--lang), `preferred` (the desktop app's Preferences, general/language),
// the system's locale (LANG, LC_ALL, LC_MESSAGES). zh_TW, zh_Hant, zh_HK and zh_MO read Traditional
// Chinese; any other language, Simplified Chinese included, gets English.
QString chooseLanguage(const QString& override, const QString& preferred = QString());

// The locale name `language` stands for, as chooseLanguage() spells it: "zh_TW" or "en"; empty for
// an empty name (meaning: no choice made).
QString normalizedLanguage(const QString& language);

// The value of the last "--lang LANG" or "--lang=LANG" in `arguments`; empty when none. The desktop
// app reads it before its command line is parsed, so that --help is already in that language.
QString languageArgument(const QStringList& arguments);

// Installs FleetDeck's translations into `app` for `language` (every :/i18n/fleetdeck_*_LANG.qm
// built into the binary), and Qt's own (qtbase_LANG.qm: the standard dialog buttons) from Qt's
// translations directory when that is installed; makes `language`'s locale the default, so numbers
// and dates follow it. English loads no catalogue, only its plurals ("%n host(s)" reads "1 host",
// "3 hosts"). False when a translation built in for `language` did not load (the text stays
// English). Meant to be called once, at start: translators installed before stay installed.
bool installTranslations(QCoreApplication& app, const QString& language);

}  // namespace fleetdeck::i18n
