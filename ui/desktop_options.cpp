// The desktop app's command line: its options, their checks, and the manual page built from them.
#include "ui/desktop_options.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QSettings>

#include <cstdio>

#include "app/demo_fleet.h"
#include "app/i18n/translations.h"
#include "app/inventory/inventory.h"
#include "app/man_page.h"
#include "ui/desktop_preferences.h"
#include "ui/main_window.h"

namespace fleetdeck {

namespace {

ExitStatus usageError(const QString& why) {
    fprintf(stderr, "fleetdeck: %s\n", qPrintable(why));
    return {2};
}

// The hosts the window will show once they connect: what --view host:NAME may name at start.
QStringList startingHostNames(int demoCount) {
    QStringList names;
    if (demoCount > 0) {
        for (const HostSpec& h : generatedDemoFleet(demoCount)) names << h.name;
        return names;
    }
    const auto inventory = Inventory::load(Inventory::defaultPath());
    const std::vector<HostSpec> listed = inventory ? inventory->hosts() : std::vector<HostSpec>{};
    for (const HostSpec& h : listed) names << h.name;
    for (const HostSpec& h : startupHosts(listed))
        if (!names.contains(h.name)) names << h.name;
    return names;
}

// fleetdeck(1): the options as --help shows them, with what a reader of the manual needs besides.
QString manPage(const QList<QCommandLineOption>& options) {
    ManPage page(QStringLiteral("fleetdeck"), QStringLiteral("live telemetry, tuning and audit for GPU servers"));
    page.section(QStringLiteral("Synopsis"));
    page.synopsis(QStringLiteral("[--view VIEW] [--theme system|light|dark] [--lang LANG] [--screenshot FILE [--after SECONDS]] [--demo-hosts N]"));
    page.section(QStringLiteral("Description"));
    page.paragraph(QStringLiteral(
        "fleetdeck opens a window with every server of the fleet: its state, CPU, memory, sensors and GPUs, updated every "
        "second. Servers are reached over SSH; a small agent, fleetdeck-agent(1), is copied into the user's cache "
        "directory on each server and started on demand. Nothing listens on a network port.\n\n"
        "With no configuration it shows \"This machine\"."));
    page.section(QStringLiteral("Options"));
    addOptionEntries(page, options);
    page.entry(QStringLiteral("-h, --help"), {}, QStringLiteral("Show the options and exit."));
    page.entry(QStringLiteral("-v, --version"), {}, QStringLiteral("Print the version and exit."));
    page.section(QStringLiteral("Environment"));
    page.entry(QStringLiteral("LANG, LC_ALL, LANGUAGE"), {}, QStringLiteral("zh_TW (also zh_HK, zh_Hant) shows the window in Traditional Chinese, unless --lang or Preferences say otherwise."));
    page.entry(QStringLiteral("FLEETDECK_AGENT"), {}, QStringLiteral("Use this agent binary for \"This machine\"."));
    page.section(QStringLiteral("Examples"));
    page.example(QStringLiteral("A picture of the rack view with 64 simulated hosts:"),
                 QStringLiteral("fleetdeck --demo-hosts 64 --view racks --screenshot racks.png"));
    page.section(QStringLiteral("See also"));
    page.paragraph(QStringLiteral("fleetdeck-cli(1), fleetdeck-agent(1) (in the fleetdeck-agent package); the documentation in "
                                  "/usr/share/doc/fleetdeck, also in the app: Help → FleetDeck documentation (F1)"));
    return page.text();
}

// The language before anything is said, --help included: --lang, else Preferences, else the
// locale. The manual page (--help-man) is English whatever they say.
void installLanguage(QApplication& app) {
    if (QApplication::arguments().contains(QStringLiteral("--help-man"))) return;
    QSettings preferences;
    i18n::installTranslations(app, i18n::chooseLanguage(i18n::languageArgument(QApplication::arguments()),
                                                        DesktopPreferences::load(preferences).language));
}

// Each option once: --help and the manual page list them from here.
struct Options {
    QCommandLineOption screenshot{QStringLiteral("screenshot"), QCoreApplication::translate("FleetDeckCommandLine", "Render the window to FILE (PNG) and exit."), QStringLiteral("FILE")};
    QCommandLineOption after{QStringLiteral("after"), QCoreApplication::translate("FleetDeckCommandLine", "With --screenshot: wait SECONDS first (default 3)."), QStringLiteral("SECONDS"),
                             QStringLiteral("3")};
    QCommandLineOption view{QStringLiteral("view"), viewHelp(), QStringLiteral("VIEW"), QStringLiteral("overview")};
    QCommandLineOption demoHosts{QStringLiteral("demo-hosts"), QCoreApplication::translate("FleetDeckCommandLine", "Start with N simulated hosts instead of this machine and the inventory."),
                                 QStringLiteral("N")};
    QCommandLineOption theme{QStringLiteral("theme"), QCoreApplication::translate("FleetDeckCommandLine", "Look: system, light or dark (default: as in Preferences)."), QStringLiteral("THEME")};
    QCommandLineOption dark{QStringLiteral("dark"), QCoreApplication::translate("FleetDeckCommandLine", "The dark theme (same as --theme dark).")};
    QCommandLineOption lang{QStringLiteral("lang"),
                            QCoreApplication::translate("FleetDeckCommandLine", "The language: zh_TW (Traditional Chinese) or en (default: as in "
                               "Preferences, else the locale's)."),
                            QStringLiteral("LANG")};

    QList<QCommandLineOption> shown() const { return {screenshot, after, view, demoHosts, theme, dark, lang}; }

    static QString viewHelp() {
        QStringList views = MainWindow::viewChoices();
        const QString lastView = views.takeLast();
        return QCoreApplication::translate("FleetDeckCommandLine", "The view to open: %1 or %2.").arg(views.join(QStringLiteral(", ")), lastView);
    }
};

// The values the parser read, checked in the order a user meets them.
std::variant<DesktopOptions, ExitStatus> checked(const QCommandLineParser& parser, const Options& o) {
    DesktopOptions chosen;
    if (parser.isSet(o.demoHosts)) {
        bool ok = false;
        chosen.demoHosts = parser.value(o.demoHosts).toInt(&ok);
        if (!ok || chosen.demoHosts < 1 || chosen.demoHosts > 2000) return usageError(QCoreApplication::translate("FleetDeckCommandLine", "--demo-hosts needs a number from 1 to 2000"));
    }
    const QStringList themes = {themeKey(Theme::System), themeKey(Theme::Light), themeKey(Theme::Dark)};
    if (parser.isSet(o.theme)) {
        if (!themes.contains(parser.value(o.theme)))
            return usageError(QCoreApplication::translate("FleetDeckCommandLine", "--theme takes %1, not '%2'").arg(themes.join(QStringLiteral(", ")), parser.value(o.theme)));
        chosen.theme = themeFromKey(parser.value(o.theme));
    }
    if (parser.isSet(o.dark)) chosen.theme = Theme::Dark;
    // An unknown view or host stops here, before any window opens: exit 2 with the valid names.
    chosen.startingHosts = startingHostNames(chosen.demoHosts);
    if (parser.isSet(o.view)) {
        chosen.view = parser.value(o.view);
        if (const Outcome valid = MainWindow::checkViewChoice(*chosen.view, chosen.startingHosts); !valid)
            return usageError(valid.problem().shownMessage());
    }
    if (parser.isSet(o.screenshot)) {
        chosen.screenshot = parser.value(o.screenshot);
        bool ok = false;
        chosen.screenshotAfterS = parser.value(o.after).toDouble(&ok);
        if (!ok || chosen.screenshotAfterS < 0) return usageError(QCoreApplication::translate("FleetDeckCommandLine", "--after needs a number of seconds"));
    }
    return chosen;
}

}  // namespace

void nameDesktopApplication() {
    // Settings go to ~/.config/FleetDeck/fleetdeck.conf. The data files stay where they were
    // (~/.local/share/fleetdeck, shared with fleetdeck-cli): they are found without the organization.
    QApplication::setOrganizationName(QStringLiteral("FleetDeck"));
    QApplication::setOrganizationDomain(QStringLiteral("fleetdeck.io"));
    QApplication::setApplicationName(QStringLiteral("fleetdeck"));
    QApplication::setApplicationDisplayName(QStringLiteral("FleetDeck"));
    QApplication::setApplicationVersion(QStringLiteral(FLEETDECK_VERSION));
    // The launcher's id (packaging/io.fleetdeck.FleetDeck.desktop): docks and task bars match the window to it.
    QGuiApplication::setDesktopFileName(QStringLiteral("io.fleetdeck.FleetDeck"));
    adoptSettingsFromBeforeOrganization();
}

std::variant<DesktopOptions, ExitStatus> readDesktopCommandLine(QApplication& app) {
    installLanguage(app);
    const Options options;
    QCommandLineParser parser;
    parser.setApplicationDescription(QCoreApplication::translate("FleetDeckCommandLine", "Live telemetry, tuning and audit for GPU servers."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addOptions(options.shown());
    // Hidden: the build writes fleetdeck.1 with it, from the options above.
    QCommandLineOption helpMan(QStringLiteral("help-man"), QStringLiteral("Print the manual page (roff) and exit."));
    helpMan.setFlags(QCommandLineOption::HiddenFromHelp);
    parser.addOption(helpMan);
    parser.process(app);
    if (parser.isSet(helpMan)) {
        fputs(qPrintable(manPage(options.shown())), stdout);
        return ExitStatus{0};
    }
    return checked(parser, options);
}

}  // namespace fleetdeck
