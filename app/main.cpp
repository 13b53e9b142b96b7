// fleetdeck: wires the fleet thread, the main window and the command line together.
#include <QApplication>
#include <QCommandLineParser>
#include <QTimer>

#include "app/dashboard/demo_fleet.h"
#include "app/dashboard/open_file_limit.h"
#include "app/fleet_thread.h"
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
    const QCommandLineOption view(QStringLiteral("view"),
                                  QStringLiteral("The view to open: overview, host:NAME, cooling or racks."),
                                  QStringLiteral("VIEW"), QStringLiteral("overview"));
    const QCommandLineOption demoHosts(QStringLiteral("demo-hosts"),
                                       QStringLiteral("Start with N simulated hosts instead of the demo racks."),
                                       QStringLiteral("N"));
    parser.addOptions({screenshot, after, view, demoHosts});
    parser.process(app);

    std::vector<HostSpec> hosts;
    if (parser.isSet(demoHosts)) {
        bool ok = false;
        const int n = parser.value(demoHosts).toInt(&ok);
        if (!ok || n < 1 || n > 2000) {
            fprintf(stderr, "fleetdeck: --demo-hosts needs a number from 1 to 2000\n");
            return 2;
        }
        hosts = generatedDemoFleet(n);
    } else {
        // No inventory yet: this machine and the embedded demo racks.
        hosts.push_back(thisMachine());
        QString error;
        for (HostSpec& h : loadDemoFleet(&error)) hosts.push_back(std::move(h));
        if (!error.isEmpty()) fprintf(stderr, "fleetdeck: %s\n", qPrintable(error));
    }
    raiseOpenFileLimit();

    FleetThread fleet;
    for (const HostSpec& h : hosts) fleet.monitor().addHostAsync(h);

    MainWindow window(fleet.store());
    QString viewError;
    if (!window.showView(parser.value(view), &viewError)) {
        fprintf(stderr, "fleetdeck: %s\n", qPrintable(viewError));
        return 2;
    }
    window.show();

    if (parser.isSet(screenshot)) {
        bool ok = false;
        const double seconds = parser.value(after).toDouble(&ok);
        if (!ok || seconds < 0) {
            fprintf(stderr, "fleetdeck: --after needs a number of seconds\n");
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
