// fleetdeck: wires the fleet thread, the main window and the command line together.
#include <QApplication>
#include <QCommandLineParser>
#include <QTimer>

#include "app/fleet_thread.h"
#include "app/tuning/current_values_reader.h"
#include "ui/main_window.h"
#include "ui/screenshot.h"

using namespace fleetdeck;

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("fleetdeck"));
    QApplication::setApplicationDisplayName(QStringLiteral("FleetDeck"));
    QApplication::setApplicationVersion(QStringLiteral(FLEETDECK_VERSION));

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Live telemetry, tuning and audit for GPU servers."));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption screenshot(QStringLiteral("screenshot"),
                                        QStringLiteral("Render the window to FILE (PNG) and exit."), QStringLiteral("FILE"));
    const QCommandLineOption after(QStringLiteral("after"),
                                   QStringLiteral("With --screenshot: wait SECONDS first (default 3)."),
                                   QStringLiteral("SECONDS"), QStringLiteral("3"));
    const QCommandLineOption view(QStringLiteral("view"), QStringLiteral("With --screenshot: the view to show (overview)."),
                                  QStringLiteral("VIEW"), QStringLiteral("overview"));
    parser.addOptions({screenshot, after, view});
    parser.process(app);

    FleetThread fleet;
    HostSpec local;
    local.name = QStringLiteral("This machine");
    local.kind = HostSpec::Kind::Local;
    fleet.monitor().addHostAsync(local);

    MainWindow window(fleet.store());
    window.setTuningHooks({tuning::readThroughFleet(fleet.monitor(), &window), {}, {}});
    window.show();

    if (parser.isSet(screenshot)) {
        bool ok = false;
        const double seconds = parser.value(after).toDouble(&ok);
        if (!ok || seconds < 0) {
            fprintf(stderr, "fleetdeck: --after needs a number of seconds\n");
            return 2;
        }
        if (parser.value(view) != QLatin1String("overview")) {
            fprintf(stderr, "fleetdeck: unknown view '%s' (available: overview)\n", qPrintable(parser.value(view)));
            return 2;
        }
        QTimer::singleShot(static_cast<int>(seconds * 1000), &app, [&] {
            window.refreshNow();
            QString error;
            if (!saveScreenshot(window, parser.value(screenshot), &error)) {
                fprintf(stderr, "fleetdeck: %s\n", qPrintable(error));
                QApplication::exit(1);
                return;
            }
            QApplication::exit(0);
        });
    }
    return QApplication::exec();
}
