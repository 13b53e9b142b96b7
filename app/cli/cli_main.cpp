// fleetdeck-cli: the command-line face of the same libraries the desktop app uses.
#include <QCoreApplication>
#include <QTextStream>

#include "app/cli/cli.h"

int main(int argc, char** argv) {
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("fleetdeck"));
    QCoreApplication::setApplicationVersion(QStringLiteral(FLEETDECK_VERSION));
    QTextStream out(stdout);
    QTextStream err(stderr);
    return fleetdeck::cli::run(app.arguments().mid(1), out, err);
}
