// fleetdeck: wires the fleet thread, the main window and the command line together.
#include <QApplication>
#include <QCommandLineParser>
#include <QDateTime>
#include <QMenu>
#include <QMessageBox>
#include <QSettings>
#include <QTimer>

#include <memory>

#include "app/alerts/alert_rules.h"
#include "app/alerts/desktop_notifier.h"
#include "app/audit/audit_log.h"
#include "app/dashboard/open_file_limit.h"
#include "app/demo_fleet.h"
#include "app/fleet_thread.h"
#include "app/history/history_recorder.h"
#include "app/history/retention.h"
#include "app/dashboard/prometheus_history.h"
#include "app/secrets/secret_store.h"
#include "app/inventory/follow_inventory.h"
#include "app/inventory/inventory.h"
#include "app/latency/latency_mesh.h"
#include "app/latency/latency_store.h"
#include "app/ssh/ssh_prompter.h"
#include "app/ssh/transport_factory.h"
#include "app/tuning/current_values_reader.h"
#include "ui/audit/audit_viewer.h"
#include "ui/dashboard/host_page.h"
#include "ui/events/events_view.h"
#include "ui/gui_prompter.h"
#include "ui/history/audit_follower.h"
#include "ui/history/prometheus_settings.h"
#include "ui/history/recorded_history.h"
#include "ui/latency/latency_view.h"
#include "ui/main_window.h"
#include "ui/preferences_dialog.h"
#include "ui/push/push_launcher.h"
#include "ui/screenshot.h"
#include "app/man_page.h"

using namespace fleetdeck;

namespace {

// fleetdeck(1): the options as --help shows them, with what a reader of the manual needs besides.
QString manPage(const QList<QCommandLineOption>& options) {
    ManPage page(QStringLiteral("fleetdeck"), QStringLiteral("live telemetry, tuning and audit for GPU servers"));
    page.section(QStringLiteral("Synopsis"));
    page.synopsis(QStringLiteral("[--view VIEW] [--screenshot FILE [--after SECONDS]] [--demo-hosts N]"));
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
    page.entry(QStringLiteral("FLEETDECK_AGENT"), {}, QStringLiteral("Use this agent binary for \"This machine\"."));
    page.section(QStringLiteral("Examples"));
    page.example(QStringLiteral("A picture of the rack view with 64 simulated hosts:"),
                 QStringLiteral("fleetdeck --demo-hosts 64 --view racks --screenshot racks.png"));
    page.section(QStringLiteral("See also"));
    page.paragraph(QStringLiteral("fleetdeck-cli(1), fleetdeck-agent(1)"));
    return page.text();
}

}  // namespace

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
    QStringList views = MainWindow::viewChoices();
    const QString lastView = views.takeLast();
    const QCommandLineOption view(QStringLiteral("view"),
                                  QStringLiteral("The view to open: %1 or %2.").arg(views.join(QStringLiteral(", ")), lastView),
                                  QStringLiteral("VIEW"), QStringLiteral("overview"));
    const QCommandLineOption demoHosts(QStringLiteral("demo-hosts"),
                                       QStringLiteral("Start with N simulated hosts instead of this machine and the inventory."),
                                       QStringLiteral("N"));
    parser.addOptions({screenshot, after, view, demoHosts});
    // Hidden: the build writes fleetdeck.1 with it, from the options above.
    QCommandLineOption helpMan(QStringLiteral("help-man"), QStringLiteral("Print the manual page (roff) and exit."));
    helpMan.setFlags(QCommandLineOption::HiddenFromHelp);
    parser.addOption(helpMan);
    parser.process(app);
    if (parser.isSet(helpMan)) {
        fputs(qPrintable(manPage({screenshot, after, view, demoHosts})), stdout);
        return 0;
    }

    int demoCount = 0;
    if (parser.isSet(demoHosts)) {
        bool ok = false;
        demoCount = parser.value(demoHosts).toInt(&ok);
        if (!ok || demoCount < 1 || demoCount > 2000) {
            fprintf(stderr, "fleetdeck: --demo-hosts needs a number from 1 to 2000\n");
            return 2;
        }
    }
    raiseOpenFileLimit();

    LatencyStore latencyStore;  // outlives the fleet thread, whose mesh writes to it
    // History (docs/history.md): the recorder outlives the fleet thread, which feeds it every sample
    // and state change; a second window finds the store taken and shows history read-only.
    history::registerHistoryMetaTypes();
    history::RecorderOptions recording;
    recording.retention = history::loadRetention();
    history::HistoryRecorder recorder(recording);
    recorder.start();
    FleetThread fleet(makeTransport);
    fleet.store().setObserver(&recorder);
    MainWindow window(fleet.store());
    LatencyMesh* mesh = LatencyMesh::startOn(fleet.monitor(), fleet.store(), latencyStore, {});
    auto* latencyView = new LatencyView(latencyStore, fleet.store(), mesh);
    window.addView(latencyView);
    QObject::connect(mesh, &LatencyMesh::roundFinished, mesh, [&recorder](const std::vector<LatencyFinding>& found, qint64 at) {
        std::vector<history::LinkFinding> links;
        for (const LatencyFinding& f : found)
            if (f.kind != LatencyFinding::Kind::NoData)
                links.push_back({f.from, f.to, f.kind == LatencyFinding::Kind::Slow ? QStringLiteral("slow") : QStringLiteral("loss"), f.text});
        recorder.addLatencyFindings(links, at);
    }, Qt::DirectConnection);
    auto incidents = std::make_shared<RecordedIncidents>(recorder.path());
    auto* eventsView = new EventsView([incidents](const QString& host, qint64 since, qint64 until) {
        return incidents->read(host, since, until);
    }, fleet.store());
    window.addView(eventsView);
    QObject::connect(eventsView, &EventsView::openHostAt, &window, &MainWindow::showHostAt);
    QObject::connect(&recorder, &history::HistoryRecorder::recordingProblem, &window, [&window, eventsView](const QString& sentence) {
        window.setRecordingWarning(sentence);
        eventsView->setStatus(sentence);
    });
    QObject::connect(&recorder, &history::HistoryRecorder::recordingResumed, &window, [&window, eventsView] {
        window.setRecordingWarning(QString());
        eventsView->setStatus(QString());
    });
    new AuditFollower(QString::fromStdString(audit::AuditLog::defaultPaths().log),
                      [&recorder](const std::vector<audit::AuditEntry>& entries) { recorder.addAuditEntries(entries); }, &window);

    // Desktop notifications for the incidents the alert rules select; clicking one shows the host.
    QSettings settings;

    // The host page's long ranges: FleetDeck's own record, and a Prometheus server for what that
    // does not reach; its password or token lives in the desktop keyring, never in the settings.
    secrets::SecretStore keyring;
    const auto keyringKeys = [](const QString& url) {
        return QMap<QString, QString>{{QStringLiteral("application"), QStringLiteral("fleetdeck")},
                                      {QStringLiteral("service"), QStringLiteral("prometheus")},
                                      {QStringLiteral("url"), url}};
    };
    PrometheusSettings prometheus = PrometheusSettings::load(settings);
    if (!prometheus.url.isEmpty() && prometheus.auth != PrometheusSettings::Auth::None && keyring.available())
        if (const auto secret = keyring.lookup(keyringKeys(prometheus.url)); secret && secret->has_value()) prometheus.secret = **secret;
    const auto useStoredHistory = [&](const history::Retention& retention) {
        const auto connection = prometheus.connection();
        window.hostPage().setStoredHistory(std::make_shared<CombinedHistory>(
            std::make_shared<RecordedHistory>(recorder.path(), retention),
            connection ? std::make_shared<PrometheusHistory>(*connection) : nullptr));
    };
    useStoredHistory(recording.retention);

    alerts::DesktopNotifier notifier;
    notifier.setRules(alerts::AlertRules::load(settings));
    // What the last run already told stays told: an ECC error still there after a restart is not news.
    notifier.rememberEarlier(incidents->earlierRun(QDateTime::currentMSecsSinceEpoch() - alerts::DesktopNotifier::kResumedWithinMs));
    QObject::connect(&recorder, &history::HistoryRecorder::incidentOpened, &notifier, &alerts::DesktopNotifier::incidentOpened);
    QObject::connect(&recorder, &history::HistoryRecorder::incidentUpdated, &notifier, &alerts::DesktopNotifier::incidentUpdated);
    QObject::connect(&recorder, &history::HistoryRecorder::incidentClosed, &notifier, &alerts::DesktopNotifier::incidentClosed);
    QObject::connect(&notifier, &alerts::DesktopNotifier::openHostRequested, &window, [&window](const QString& host, qint64 startMs) {
        window.showHostAt(host, startMs - 5 * 60'000, QDateTime::currentMSecsSinceEpoch());
    });
    QAction* preferences = window.toolsMenu()->addAction(QObject::tr("&Preferences…"));
    preferences->setShortcut(QKeySequence(QObject::tr("Ctrl+,")));
    QObject::connect(preferences, &QAction::triggered, &window, [&] {
        QStringList hosts;
        for (const QString& name : fleet.store().hostNames()) hosts << name;
        const QString historyStatus = recorder.recording()
            ? QObject::tr("Recording into %1.").arg(recorder.path())
            : window.recordingWarning();
        PreferencesDialog dialog(history::loadRetention(), alerts::AlertRules::load(settings), hosts, historyStatus,
                                 notifier.status(), &window);
        dialog.setPrometheus(prometheus, keyring.available()
                                             ? QObject::tr("The password or token is kept in the desktop keyring, never in FleetDeck's settings.")
                                             : keyring.unavailableReason());
        if (dialog.exec() != QDialog::Accepted) return;
        history::saveRetention(dialog.retention());
        recorder.setRetention(dialog.retention());
        dialog.rules().save(settings);
        notifier.setRules(dialog.rules());
        const PrometheusSettings chosen = dialog.prometheus();
        if (chosen != prometheus && keyring.available()) {
            if (!prometheus.url.isEmpty()) keyring.remove(keyringKeys(prometheus.url));
            if (!chosen.secret.isEmpty())
                if (const Outcome kept = keyring.store(QObject::tr("FleetDeck: Prometheus at %1").arg(chosen.url), keyringKeys(chosen.url),
                                                       chosen.secret);
                    !kept)
                    QMessageBox::warning(&window, QObject::tr("Password not kept"),
                                         QObject::tr("%1\nFleetDeck uses it until it quits.").arg(kept.problem().message));
        }
        prometheus = chosen;
        prometheus.save(settings);
        useStoredHistory(dialog.retention());
    });
    // The hosts shown, by name (the store owns them): what a push from the wizard or the history reaches.
    auto* pushes = new PushLauncher([&fleet](const QString& name) -> std::optional<HostSpec> {
        const auto record = fleet.store().host(name);
        return record ? std::optional<HostSpec>(record->spec) : std::nullopt;
    }, {}, &window);
    pushes->addActions(window.toolsMenu(), &window);
    window.setTuningHooks({tuning::readThroughFleet(fleet.monitor(), &window),
                           [pushes](const std::vector<tuning::HostPlan>& plans, QWidget* parent) { pushes->pushPlans(plans, parent); },
                           {}});
    // The audit log is a window of its own: it opens over the dashboard once that is shown
    // (--screenshot renders it alone, below).
    const bool auditView = parser.value(view) == QLatin1String("audit");
    if (const Outcome shown = auditView ? done() : window.showView(parser.value(view)); !shown) {
        fprintf(stderr, "fleetdeck: %s\n", qPrintable(shown.problem().message));
        return 2;
    }
    window.show();
    if (auditView && !parser.isSet(screenshot)) window.showView(parser.value(view));

    // Inventory hosts connect over SSH; questions (host keys, passphrases) come up as dialogs.
    ssh::setSshPrompter(std::make_shared<GuiPrompter>(&window));
    QObject::connect(&window, &MainWindow::reconnectRequested, &window,
                     [&fleet](const QString& name) { fleet.monitor().reconnectAsync(name); });
    // The inventory's hosts follow the saved inventory (removed ones disconnect, edited ones
    // connect again); "This machine" and the demo racks are added once, at start.
    const auto followInventory = [&fleet](bool firstStart) {
        if (const auto error = fleetdeck::followInventory(fleet.monitor(), Inventory::defaultPath(), firstStart))
            fprintf(stderr, "fleetdeck: %s\n", qPrintable(*error));
    };
    if (demoCount > 0) {
        for (const HostSpec& h : generatedDemoFleet(demoCount)) fleet.monitor().addHostAsync(h);
    } else {
        if (const auto error = moveMeshAddressesIntoInventory(Inventory::defaultPath()))
            fprintf(stderr, "fleetdeck: mesh addresses chosen earlier were not moved into the inventory: %s\n", qPrintable(*error));
        followInventory(true);
        QObject::connect(&window, &MainWindow::inventorySaved, &window, [followInventory] { followInventory(false); });
        QObject::connect(latencyView, &LatencyView::inventoryEdited, &window, [followInventory] { followInventory(false); });
    }

    QWidget* shown = &window;  // what --screenshot renders
    std::unique_ptr<AuditViewer> auditViewer;
    if (parser.isSet(screenshot)) {
        bool ok = false;
        const double seconds = parser.value(after).toDouble(&ok);
        if (!ok || seconds < 0) {
            fprintf(stderr, "fleetdeck: --after needs a number of seconds\n");
            return 2;
        }
        if (auditView) {
            auditViewer = std::make_unique<AuditViewer>(audit::AuditLog::defaultPaths());
            auditViewer->show();
            shown = auditViewer.get();
        }
        QTimer::singleShot(static_cast<int>(seconds * 1000), &app, [&] {
            window.refreshNow();
            if (const Outcome saved = saveScreenshot(*shown, parser.value(screenshot)); !saved) {
                fprintf(stderr, "fleetdeck: %s\n", qPrintable(saved.problem().message));
                QApplication::exit(1);
                return;
            }
            QApplication::exit(0);
        });
    }
    return QApplication::exec();
}
