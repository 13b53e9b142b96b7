// fleetdeck-cli: the command-line face of the same libraries the desktop app uses.
#include <memory>

#include <QCoreApplication>
#include <QGuiApplication>
#include <QTextStream>

#include "app/cli/cli.h"

int main(int argc, char** argv) {
    QStringList words;
    for (int i = 1; i < argc; ++i) words << QString::fromLocal8Bit(argv[i]);
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
    QTextStream out(stdout);
    QTextStream err(stderr);
    return fleetdeck::cli::run(QCoreApplication::arguments().mid(1), out, err);
}
