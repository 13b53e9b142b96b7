// fleetdeck: wires the fleet thread, the main window and the command line together.
#include <QApplication>
#include <QCommandLineParser>
#include <QTimer>

#include "app/audit/audit_log.h"
#include "app/fleet_thread.h"
#include "app/inventory/inventory.h"
#include "app/ssh/ssh_prompter.h"
#include "ui/gui_prompter.h"
#include "ui/audit/audit_viewer.h"
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
    const QCommandLineOption view(QStringLiteral("view"), QStringLiteral("With --screenshot: the view to show (overview, audit)."),
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

    // Inventory hosts connect over SSH; questions (host keys, passphrases) come up as dialogs.
    ssh::setSshPrompter(std::make_shared<GuiPrompter>(&window));
    const auto addInventoryHosts = [&fleet] {
        QString error;
        if (const auto inventory = Inventory::load(Inventory::defaultPath(), &error))
            for (const HostSpec& host : inventory->hosts()) fleet.monitor().addHostAsync(host);
        else
            fprintf(stderr, "fleetdeck: %s\n", qPrintable(error));
    };
    addInventoryHosts();
    QObject::connect(&window, &MainWindow::inventorySaved, &window, addInventoryHosts);

    QWidget* shown = &window;  // what --screenshot renders
    std::unique_ptr<AuditViewer> auditViewer;
    if (parser.isSet(screenshot)) {
        bool ok = false;
        const double seconds = parser.value(after).toDouble(&ok);
        if (!ok || seconds < 0) {
            fprintf(stderr, "fleetdeck: --after needs a number of seconds\n");
            return 2;
        }
        if (parser.value(view) == QLatin1String("audit")) {
            auditViewer = std::make_unique<AuditViewer>(audit::AuditLog::defaultPaths());
            auditViewer->show();
            shown = auditViewer.get();
        } else if (parser.value(view) != QLatin1String("overview")) {
            fprintf(stderr, "fleetdeck: unknown view '%s' (available: overview, audit)\n", qPrintable(parser.value(view)));
            return 2;
        }
        QTimer::singleShot(static_cast<int>(seconds * 1000), &app, [&] {
            window.refreshNow();
            QString error;
            if (!saveScreenshot(*shown, parser.value(screenshot), &error)) {
                fprintf(stderr, "fleetdeck: %s\n", qPrintable(error));
                QApplication::exit(1);
                return;
            }
            QApplication::exit(0);
        });
    }
    return QApplication::exec();
}
