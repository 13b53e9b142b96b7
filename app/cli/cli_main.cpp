// fleetdeck-cli: the command-line face of the same libraries the desktop app uses.
#include <memory>
#include <variant>

#include <QCoreApplication>
#include <QGuiApplication>
#include <QTextStream>

#include "app/cli/cli.h"
#include "app/cli/command_line.h"
#include "app/i18n/translations.h"

int main(int argc, char** argv) {
    QStringList words;
    for (int i = 1; i < argc; ++i) words << QString::fromLocal8Bit(argv[i]);
    QTextStream out(stdout);
    QTextStream err(stderr);
    // --lang goes before or after the command; the words left are the command's.
    const auto global = fleetdeck::cli::takeGlobalOptions(words);
    if (const QString* problem = std::get_if<QString>(&global)) {
        err << "fleetdeck-cli: " << *problem << "\n";
        return 2;
    }
    // Only a command that draws (a report's PDF) gets a GUI application, on the offscreen platform
    // unless one is named: the command line never shows a window, and a stale or absent $DISPLAY
    // must not stop it.
    std::unique_ptr<QCoreApplication> app;
    if (fleetdeck::cli::needsGuiApplication(words)) {
        if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
        app = std::make_unique<QGuiApplication>(argc, argv);
    } else {
        app = std::make_unique<QCoreApplication>(argc, argv);
    }
    QCoreApplication::setApplicationName(QStringLiteral("fleetdeck"));
    QCoreApplication::setApplicationVersion(QStringLiteral(FLEETDECK_VERSION));
    // --lang, else the locale (LANG, LC_ALL): every text from here on, --help included, is in it.
    const QString language = fleetdeck::i18n::chooseLanguage(std::get<fleetdeck::cli::GlobalOptions>(global).language);
    fleetdeck::i18n::installTranslations(*app, language);
    // The application's own arguments: a GUI application has taken its (-platform) out of them.
    QStringList args = QCoreApplication::arguments().mid(1);
    fleetdeck::cli::takeGlobalOptions(args);
    return fleetdeck::cli::run(args, out, err);
}
