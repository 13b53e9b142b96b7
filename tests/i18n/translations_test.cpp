// The translation catalogues (docs/translations.md): every text the sources mark for translation
// is translated in i18n/*.ts, none is left there that the sources no longer have, a translation
// keeps its source's placeholders, and the catalogues built into the binary load.
#include <gtest/gtest.h>

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QLocale>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QXmlStreamReader>

#include "app/i18n/translations.h"
#include "tests/support/temp_dir.h"

using namespace fleetdeck;

namespace {

const QString kSourceDir = QStringLiteral(FLEETDECK_SOURCE_DIR);

struct CatalogueEntry {
    QString context;
    QString source;
    QString type;                // "", "unfinished", "vanished", "obsolete"
    QStringList translations;    // one, or one per plural form
};

std::vector<CatalogueEntry> readCatalogue(const QString& path) {
    QFile file(path);
    EXPECT_TRUE(file.open(QIODevice::ReadOnly)) << path.toStdString();
    std::vector<CatalogueEntry> entries;
    QXmlStreamReader xml(&file);
    QString context;
    CatalogueEntry entry;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement()) continue;
        const auto name = xml.name();
        if (name == QLatin1String("context")) context.clear();
        else if (name == QLatin1String("name") && context.isEmpty()) context = xml.readElementText();
        else if (name == QLatin1String("message")) entry = CatalogueEntry{context, {}, {}, {}};
        else if (name == QLatin1String("source")) entry.source = xml.readElementText();
        else if (name == QLatin1String("translation")) {
            entry.type = xml.attributes().value(QLatin1String("type")).toString();
            // A plural message holds one <numerusform> per form; readElementText would fail on them.
            QString text;
            while (!xml.atEnd()) {
                xml.readNext();
                if (xml.isStartElement() && xml.name() == QLatin1String("numerusform")) entry.translations << xml.readElementText();
                else if (xml.isCharacters()) text += xml.text();
                else if (xml.isEndElement() && xml.name() == QLatin1String("translation")) break;
            }
            if (entry.translations.isEmpty()) entry.translations << text;
            entries.push_back(entry);
        }
    }
    EXPECT_FALSE(xml.hasError()) << path.toStdString() << ": " << xml.errorString().toStdString();
    return entries;
}

// %1…%99 and %n, with the localized forms (%L1, %Ln) counted as the plain ones.
QSet<QString> placeholders(const QString& text) {
    static const QRegularExpression marker(QStringLiteral("%L?(\\d{1,2}|n)"));
    QSet<QString> found;
    for (auto it = marker.globalMatch(text); it.hasNext();) found.insert(QLatin1Char('%') + it.next().captured(1));
    return found;
}

// Runs lupdate the way the update-translations target does, into a copy of the committed
// catalogues, and returns the copy of `catalogue`.
QString refreshedCopy(const QString& catalogue, const QString& dir) {
    for (const QString& ts : QDir(kSourceDir + QStringLiteral("/i18n")).entryList({QStringLiteral("*.ts")}))
        EXPECT_TRUE(QFile::copy(kSourceDir + QStringLiteral("/i18n/") + ts, dir + QLatin1Char('/') + ts));
    QProcess cmake;
    cmake.setProcessChannelMode(QProcess::MergedChannels);
    cmake.start(QStringLiteral(FLEETDECK_CMAKE),
                {QStringLiteral("-DLUPDATE=" FLEETDECK_LUPDATE), QStringLiteral("-DSOURCE_DIR=") + kSourceDir,
                 QStringLiteral("-DTS_DIR=") + dir, QStringLiteral("-P"), kSourceDir + QStringLiteral("/cmake/UpdateTranslations.cmake")});
    EXPECT_TRUE(cmake.waitForFinished(120'000));
    EXPECT_EQ(cmake.exitCode(), 0) << cmake.readAll().toStdString();
    return dir + QLatin1Char('/') + catalogue;
}

// What is wrong with the catalogue, one line per entry, after lupdate brought it up to date.
QStringList catalogueProblems(const QString& catalogue) {
    fleetdeck::test::TempDir dir;
    QStringList problems;
    for (const CatalogueEntry& e : readCatalogue(refreshedCopy(catalogue, QString::fromStdString(dir.path().string())))) {
        const QString where = QStringLiteral("%1: \"%2\"").arg(e.context, e.source);
        if (e.type == QLatin1String("unfinished")) problems << where + QStringLiteral(" is not translated");
        else if (e.type == QLatin1String("vanished") || e.type == QLatin1String("obsolete"))
            problems << where + QStringLiteral(" is no longer in the sources (remove it from the catalogue)");
        else
            for (const QString& t : e.translations)
                if (placeholders(t) != placeholders(e.source))
                    problems << where + QStringLiteral(" has placeholders other than its source's in \"%1\"").arg(t);
    }
    return problems;
}

void expectComplete(const QString& catalogue) {
    const QStringList problems = catalogueProblems(catalogue);
    EXPECT_TRUE(problems.isEmpty()) << problems.size() << " problem(s) in i18n/" << catalogue.toStdString()
                                    << " (docs/translations.md says how to fix them):\n  "
                                    << problems.mid(0, 60).join(QStringLiteral("\n  ")).toStdString()
                                    << (problems.size() > 60 ? "\n  …" : "");
}

bool hasChinese(const QString& text) {
    return std::any_of(text.begin(), text.end(), [](QChar c) { return c.unicode() >= 0x4E00 && c.unicode() <= 0x9FFF; });
}

}  // namespace

TEST(TranslationCatalogues, DesktopAppCompleteAndCurrent) { expectComplete(QStringLiteral("fleetdeck_ui_zh_TW.ts")); }
TEST(TranslationCatalogues, AppCoreCompleteAndCurrent) { expectComplete(QStringLiteral("fleetdeck_core_zh_TW.ts")); }
TEST(TranslationCatalogues, CommandLineCompleteAndCurrent) { expectComplete(QStringLiteral("fleetdeck_cli_zh_TW.ts")); }

// The check itself finds what it is for: a catalogue with a stale, an untranslated and a
// misplaced-placeholder entry names all three.
TEST(TranslationCatalogues, CheckNamesEachKindOfProblem) {
    fleetdeck::test::TempDir dir;
    const QString path = QString::fromStdString((dir.path() / "sample.ts").string());
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.write(R"(<?xml version="1.0" encoding="utf-8"?><!DOCTYPE TS><TS version="2.1" language="zh_TW">
<context><name>Sample</name>
<message><source>Gone %1</source><translation type="vanished">不見 %1</translation></message>
<message><source>New</source><translation type="unfinished"></translation></message>
<message><source>%1 of %2</source><translation>%1 / %1</translation></message>
<message numerus="yes"><source>%n host(s)</source><translation><numerusform>%n 台主機</numerusform></translation></message>
</context></TS>)");
    file.close();
    const std::vector<CatalogueEntry> entries = readCatalogue(path);
    ASSERT_EQ(entries.size(), 4u);
    EXPECT_EQ(entries[0].type, QStringLiteral("vanished"));
    EXPECT_EQ(entries[1].type, QStringLiteral("unfinished"));
    EXPECT_NE(placeholders(entries[2].translations.first()), placeholders(entries[2].source));
    EXPECT_EQ(entries[3].translations, QStringList{QStringLiteral("%n 台主機")});
    EXPECT_EQ(placeholders(entries[3].translations.first()), placeholders(entries[3].source));
}

TEST(Translations, LanguageNamesMapToTraditionalChineseOrEnglish) {
    for (const char* name : {"zh_TW", "zh_TW.UTF-8", "zh-TW", "zh_Hant", "zh-Hant-HK", "zh_HK", "zh_MO"})
        EXPECT_EQ(i18n::chooseLanguage(QString::fromLatin1(name)), QStringLiteral("zh_TW")) << name;
    for (const char* name : {"en", "en_GB.UTF-8", "C", "zh_CN", "zh_Hans", "zh_SG", "fr_FR", "de"})
        EXPECT_EQ(i18n::chooseLanguage(QString::fromLatin1(name)), QStringLiteral("en")) << name;
    // --lang wins over Preferences, which wins over the system.
    EXPECT_EQ(i18n::chooseLanguage(QStringLiteral("en"), QStringLiteral("zh_TW")), QStringLiteral("en"));
    EXPECT_EQ(i18n::chooseLanguage(QString(), QStringLiteral("zh_TW")), QStringLiteral("zh_TW"));
    EXPECT_EQ(i18n::normalizedLanguage(QString()), QString());
}

namespace {

struct CliRun {
    int exitCode = -1;
    QString out, err;
};

// fleetdeck-cli with `args` and the locale variables `locale` (LANG, LC_ALL) — the others cleared.
CliRun runCli(const QStringList& args, const QString& locale) {
    QProcess cli;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const char* var : {"LANGUAGE", "LC_MESSAGES", "LC_ALL", "LANG"}) env.remove(QString::fromLatin1(var));
    env.insert(QStringLiteral("LANG"), locale);
    env.insert(QStringLiteral("LC_ALL"), locale);
    cli.setProcessEnvironment(env);
    cli.start(QStringLiteral(FLEETDECK_BIN_DIR "/fleetdeck-cli"), args);
    EXPECT_TRUE(cli.waitForFinished(30'000));
    return {cli.exitCode(), QString::fromUtf8(cli.readAllStandardOutput()), QString::fromUtf8(cli.readAllStandardError())};
}

// The --lang row of a help text.
QString langRow(const QString& help) {
    for (const QString& line : help.split(QLatin1Char('\n')))
        if (line.trimmed().startsWith(QLatin1String("--lang"))) return line;
    return {};
}

}  // namespace

// --lang before or after the command, or a zh_TW locale, gives the help in Chinese; a C locale
// and --lang en give English; --lang without its value is a usage error.
TEST(Translations, CommandLineLanguageFromOptionOrLocale) {
    const CliRun before = runCli({QStringLiteral("--lang"), QStringLiteral("zh_TW"), QStringLiteral("facts"), QStringLiteral("--help")},
                                 QStringLiteral("C.UTF-8"));
    EXPECT_EQ(before.exitCode, 0) << before.err.toStdString();
    EXPECT_TRUE(hasChinese(langRow(before.out))) << before.out.toStdString();
    const CliRun after = runCli({QStringLiteral("facts"), QStringLiteral("--help"), QStringLiteral("--lang=zh_TW")}, QStringLiteral("C.UTF-8"));
    EXPECT_EQ(after.exitCode, 0) << after.err.toStdString();
    EXPECT_TRUE(hasChinese(langRow(after.out))) << after.out.toStdString();
    const CliRun locale = runCli({QStringLiteral("help")}, QStringLiteral("zh_TW.UTF-8"));
    EXPECT_EQ(locale.exitCode, 0);
    EXPECT_TRUE(hasChinese(langRow(locale.out))) << locale.out.toStdString();
    const CliRun overridden = runCli({QStringLiteral("help"), QStringLiteral("--lang"), QStringLiteral("en")}, QStringLiteral("zh_TW.UTF-8"));
    EXPECT_FALSE(langRow(overridden.out).isEmpty());
    EXPECT_FALSE(hasChinese(langRow(overridden.out))) << overridden.out.toStdString();
    const CliRun english = runCli({QStringLiteral("help")}, QStringLiteral("C.UTF-8"));
    EXPECT_FALSE(langRow(english.out).isEmpty());
    EXPECT_FALSE(hasChinese(english.out)) << english.out.toStdString();
    const CliRun missing = runCli({QStringLiteral("facts"), QStringLiteral("local"), QStringLiteral("--lang")}, QStringLiteral("C.UTF-8"));
    EXPECT_EQ(missing.exitCode, 2);
    EXPECT_TRUE(missing.err.contains(QLatin1String("--lang needs a value"))) << missing.err.toStdString();
}

// The last test to touch the application: it installs the zh_TW catalogues for good.
TEST(Translations, BuiltInCatalogueLoadsAndTranslates) {
    QCoreApplication& app = *QCoreApplication::instance();
    ASSERT_EQ(QCoreApplication::translate("fleetdeck::MainWindow", "&File"), QStringLiteral("&File"));
    ASSERT_TRUE(i18n::installTranslations(app, QStringLiteral("zh_TW")));
    const QString file = QCoreApplication::translate("fleetdeck::MainWindow", "&File");
    EXPECT_TRUE(hasChinese(file)) << file.toStdString();
    EXPECT_TRUE(hasChinese(QCoreApplication::translate("fleetdeck::FleetModel", "Host"))) << "the overview's first header";
    // Numbers follow the language chosen.
    EXPECT_EQ(QLocale().name(), QStringLiteral("zh_TW"));
    EXPECT_EQ(QLocale().toString(1234567), QStringLiteral("1,234,567"));
    // English loads no catalogue, formats as English and says its plurals.
    EXPECT_TRUE(i18n::installTranslations(app, QStringLiteral("en")));
    EXPECT_EQ(QLocale().language(), QLocale::English);
    EXPECT_EQ(QCoreApplication::translate("Sample", "%n host(s) selected", nullptr, 1), QStringLiteral("1 host selected"));
    EXPECT_EQ(QCoreApplication::translate("Sample", "%n host(s) selected", nullptr, 3), QStringLiteral("3 hosts selected"));
    EXPECT_EQ(QCoreApplication::translate("Sample", "No plural (s) here"), QStringLiteral("No plural (s) here"));
}
