#include "app/i18n/translations.h"

#include <cstring>

#include <QCoreApplication>
#include <QDir>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

namespace fleetdeck::i18n {
namespace {

const QString kEnglish = QStringLiteral("en");
const QString kTraditionalChinese = QStringLiteral("zh_TW");

// Traditional Chinese is written in Taiwan, Hong Kong and Macau; a name that says the script
// (zh_Hant, zh-Hant-HK) decides by it instead.
bool readsTraditionalChinese(const QLocale& locale) {
    if (locale.language() != QLocale::Chinese) return false;
    if (locale.script() == QLocale::TraditionalChineseScript) return true;
    if (locale.script() == QLocale::SimplifiedChineseScript) return false;
    const QLocale::Territory t = locale.territory();
    return t == QLocale::Taiwan || t == QLocale::HongKong || t == QLocale::Macao;
}

// English for an English locale keeps the user's own conventions (en_GB dates); English chosen over
// another language formats as en_US, so numbers never mix two languages' conventions.
QLocale localeFor(const QString& language) {
    if (language == kTraditionalChinese) return QLocale(QLocale::Chinese, QLocale::TraditionalChineseScript, QLocale::Taiwan);
    const QLocale system = QLocale::system();
    return system.language() == QLocale::English ? system : QLocale(QLocale::English, QLocale::UnitedStates);
}

// English needs no catalogue, only the plural of a count: the source "%n host(s)" says both forms,
// "1 host" and "3 hosts". Every other text falls through to the source.
class EnglishPlurals : public QTranslator {
public:
    using QTranslator::QTranslator;
    bool isEmpty() const override { return false; }
    QString translate(const char*, const char* source, const char*, int n) const override {
        if (n < 0 || source == nullptr || std::strstr(source, "(s)") == nullptr) return {};
        return QString::fromUtf8(source).replace(QLatin1String("(s)"), n == 1 ? QString() : QStringLiteral("s"));
    }
};

}  // namespace

QString normalizedLanguage(const QString& language) {
    QString name = language.trimmed();
    if (name.isEmpty()) return {};
    // "zh_TW.UTF-8", "zh-Hant": QLocale reads neither the codeset nor the dash form of every name.
    name = name.section(QLatin1Char('.'), 0, 0).section(QLatin1Char('@'), 0, 0).replace(QLatin1Char('-'), QLatin1Char('_'));
    return readsTraditionalChinese(QLocale(name)) ? kTraditionalChinese : kEnglish;
}

QString chooseLanguage(const QString& override, const QString& preferred) {
    if (const QString chosen = normalizedLanguage(override); !chosen.isEmpty()) return chosen;
    if (const QString chosen = normalizedLanguage(preferred); !chosen.isEmpty()) return chosen;
    // uiLanguages() puts $LANGUAGE ("zh_TW:en") first, then LC_ALL, LC_MESSAGES and LANG.
    const QStringList system = QLocale::system().uiLanguages();
    return normalizedLanguage(system.isEmpty() ? QLocale::system().name() : system.first());
}

QString languageArgument(const QStringList& arguments) {
    QString language;
    for (qsizetype i = 0; i < arguments.size(); ++i) {
        const QString& word = arguments[i];
        if ((word == QLatin1String("--lang") || word == QLatin1String("-lang")) && i + 1 < arguments.size()) language = arguments[++i];
        else if (word.startsWith(QLatin1String("--lang="))) language = word.mid(7);
    }
    return language;
}

bool installTranslations(QCoreApplication& app, const QString& language) {
    const QString chosen = normalizedLanguage(language).isEmpty() ? kEnglish : normalizedLanguage(language);
    QLocale::setDefault(localeFor(chosen));
    if (chosen == kEnglish) return QCoreApplication::installTranslator(new EnglishPlurals(&app));
    bool allLoaded = true;
    // One catalogue per area (i18n/fleetdeck_ui_zh_TW.ts, _core_, _cli_), built in under :/i18n/.
    const QStringList builtIn = QDir(QStringLiteral(":/i18n")).entryList({QStringLiteral("fleetdeck_*_%1.qm").arg(chosen)}, QDir::Files);
    for (const QString& file : builtIn) {
        auto* translator = new QTranslator(&app);
        if (!translator->load(QStringLiteral(":/i18n/") + file)) {
            delete translator;
            allLoaded = false;
            continue;
        }
        // installTranslator() answers false for a catalogue with nothing translated yet; it is
        // installed all the same, and that is no failure.
        QCoreApplication::installTranslator(translator);
    }
    // Qt's own texts (OK, Cancel, the file dialog): present when qt6-translations-l10n is installed.
    auto* qtTranslator = new QTranslator(&app);
    if (qtTranslator->load(QStringLiteral("qtbase_") + chosen, QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(qtTranslator);
    else
        delete qtTranslator;
    return allLoaded && !builtIn.isEmpty();
}

}  // namespace fleetdeck::i18n
