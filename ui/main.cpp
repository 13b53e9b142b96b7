// fleetdeck: wires the fleet thread, the main window and the command line together.
#include <QApplication>
#include <QCommandLineParser>
#include <QDateTime>
#include <QMenu>
#include <QMessageBox>
#include <QSettings>
#include <QTimer>

#include <algorithm>
#include <memory>

#include "app/alerts/alert_rules.h"
#include "app/alerts/desktop_notifier.h"
#include "app/audit/audit_log.h"
#include "app/dashboard/open_file_limit.h"
#include "app/dashboard/prometheus_history.h"
#include "app/demo_fleet.h"
#include "app/diagnostics.h"
#include "app/drift/drift_monitor.h"
#include "app/fleet_thread.h"
#include "app/history/history_recorder.h"
#include "app/history/retention.h"
#include "app/i18n/translations.h"
#include "app/inventory/follow_inventory.h"
#include "app/inventory/inventory.h"
#include "app/latency/latency_mesh.h"
#include "app/latency/latency_store.h"
#include "app/man_page.h"
#include "app/quit_signals.h"
#include "app/secrets/secret_store.h"
#include "app/ssh/ssh_prompter.h"
#include "app/ssh/transport_factory.h"
#include "app/tuning/current_values_reader.h"
#include "ui/audit/audit_viewer.h"
#include "ui/dashboard/host_page.h"
#include "ui/desktop_preferences.h"
#include "ui/drift_controller.h"
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
#include "ui/theme.h"
#include "ui/window_memory.h"

using namespace fleetdeck;

namespace {

const QString kMeshIntervalKey = QStringLiteral("latency/interval_s");

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

}  // namespace

int main(int argc, char** argv) {
    QApplication app(argc, argv);
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
    // The language before anything is said, --help included: --lang, else Preferences, else the
    // locale. The manual page (--help-man) is English whatever they say.
    if (!QApplication::arguments().contains(QStringLiteral("--help-man"))) {
        QSettings preferences;
        i18n::installTranslations(app, i18n::chooseLanguage(i18n::languageArgument(QApplication::arguments()),
                                                            DesktopPreferences::load(preferences).language));
    }

    QCommandLineParser parser;
    parser.setApplicationDescription(QCoreApplication::translate("FleetDeckCommandLine", "Live telemetry, tuning and audit for GPU servers."));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption screenshot(QStringLiteral("screenshot"),
                                        QCoreApplication::translate("FleetDeckCommandLine", "Render the window to FILE (PNG) and exit."), QStringLiteral("FILE"));
    const QCommandLineOption after(QStringLiteral("after"),
                                   QCoreApplication::translate("FleetDeckCommandLine", "With --screenshot: wait SECONDS first (default 3)."),
                                   QStringLiteral("SECONDS"), QStringLiteral("3"));
    QStringList views = MainWindow::viewChoices();
    const QString lastView = views.takeLast();
    const QCommandLineOption view(QStringLiteral("view"),
                                  QCoreApplication::translate("FleetDeckCommandLine", "The view to open: %1 or %2.").arg(views.join(QStringLiteral(", ")), lastView),
                                  QStringLiteral("VIEW"), QStringLiteral("overview"));
    const QCommandLineOption demoHosts(QStringLiteral("demo-hosts"),
                                       QCoreApplication::translate("FleetDeckCommandLine", "Start with N simulated hosts instead of this machine and the inventory."),
                                       QStringLiteral("N"));
    const QCommandLineOption theme(QStringLiteral("theme"),
                                   QCoreApplication::translate("FleetDeckCommandLine", "Look: system, light or dark (default: as in Preferences)."), QStringLiteral("THEME"));
    const QCommandLineOption dark(QStringLiteral("dark"), QCoreApplication::translate("FleetDeckCommandLine", "The dark theme (same as --theme dark)."));
    const QCommandLineOption lang(QStringLiteral("lang"),
                                  QCoreApplication::translate("FleetDeckCommandLine", "The language: zh_TW (Traditional Chinese) or en (default: as in "
                                                                          "Preferences, else the locale's)."),
                                  QStringLiteral("LANG"));
    parser.addOptions({screenshot, after, view, demoHosts, theme, dark, lang});
    // Hidden: the build writes fleetdeck.1 with it, from the options above.
    QCommandLineOption helpMan(QStringLiteral("help-man"), QStringLiteral("Print the manual page (roff) and exit."));
    helpMan.setFlags(QCommandLineOption::HiddenFromHelp);
    parser.addOption(helpMan);
    parser.process(app);
    if (parser.isSet(helpMan)) {
        fputs(qPrintable(manPage({screenshot, after, view, demoHosts, theme, dark, lang})), stdout);
        return 0;
    }

    int demoCount = 0;
    if (parser.isSet(demoHosts)) {
        bool ok = false;
        demoCount = parser.value(demoHosts).toInt(&ok);
        if (!ok || demoCount < 1 || demoCount > 2000) {
            fprintf(stderr, "fleetdeck: %s\n", qPrintable(QCoreApplication::translate("FleetDeckCommandLine", "--demo-hosts needs a number from 1 to 2000")));
            return 2;
        }
    }
    const QStringList themes = {themeKey(Theme::System), themeKey(Theme::Light), themeKey(Theme::Dark)};
    if (parser.isSet(theme) && !themes.contains(parser.value(theme))) {
        fprintf(stderr, "fleetdeck: %s\n",
                qPrintable(QCoreApplication::translate("FleetDeckCommandLine", "--theme takes %1, not '%2'")
                               .arg(themes.join(QStringLiteral(", ")), parser.value(theme))));
        return 2;
    }
    // An unknown view or host stops here, before any window opens: exit 2 with the valid names.
    const QStringList startingHosts = startingHostNames(demoCount);
    if (parser.isSet(view))
        if (const Outcome valid = MainWindow::checkViewChoice(parser.value(view), startingHosts); !valid) {
            fprintf(stderr, "fleetdeck: %s\n", qPrintable(valid.problem().shownMessage()));
            return 2;
        }
    raiseOpenFileLimit();
    // SIGTERM, SIGINT and SIGHUP end the app as File → Quit does (docs/desktop.md, "Quitting"):
    // the window state is saved below, then the fleet thread ends the agents and the recorder
    // writes what it holds and closes the history. Installed before anything starts, kept until
    // the last destructor, so that a second signal cannot cut that short.
    QuitSignals quitSignals;
    QObject::connect(&quitSignals, &QuitSignals::received, &app, [] { QApplication::quit(); });
    // Every connection's steps and the agents' stderr, for when a host does not connect
    // (docs/ssh.md, "Diagnostics"): the host page's Connection log shows the same per host.
    enableDiagnosticCategories();
    if (const auto problem = writeLogToFile({defaultLogFilePath()}))
        fprintf(stderr, "fleetdeck: %s\n",
                qPrintable(QCoreApplication::translate("FleetDeckCommandLine", "%1; connection diagnostics are not logged").arg(*problem)));

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
    QSettings settings;
    DesktopPreferences general = DesktopPreferences::load(settings);
    applyTheme(parser.isSet(dark) ? Theme::Dark : parser.isSet(theme) ? themeFromKey(parser.value(theme)) : general.theme);
    setTargetBand(general.targetBand);
    MainWindow window(fleet.store());
    window.setRefreshIntervalMs(general.refreshMs);
    LatencyMesh::Options meshOptions;
    meshOptions.intervalS = std::clamp(settings.value(kMeshIntervalKey, meshOptions.intervalS).toInt(), 10, 3600);
    LatencyMesh* mesh = LatencyMesh::startOn(fleet.monitor(), fleet.store(), latencyStore, meshOptions);
    auto* latencyView = new LatencyView(latencyStore, fleet.store(), mesh);
    window.addView(latencyView);
    QObject::connect(mesh, &LatencyMesh::roundFinished, mesh, [&recorder](const std::vector<LatencyFinding>& found, qint64 at) {
        std::vector<history::LinkFinding> links;
        for (const LatencyFinding& f : found)
            if (f.kind != LatencyFinding::Kind::NoData)
                links.push_back({f.from, f.to, f.kind == LatencyFinding::Kind::Slow ? QStringLiteral("slow") : QStringLiteral("loss"), f.text,
                                 f.shown()});
        recorder.addLatencyFindings(links, at);
    }, Qt::DirectConnection);
    auto incidents = std::make_shared<RecordedIncidents>(recorder.path());
    auto* eventsView = new EventsView([incidents](const QString& host, qint64 since, qint64 until) {
        return incidents->read(host, since, until);
    }, fleet.store());
    window.addView(eventsView);
    QObject::connect(eventsView, &EventsView::openHostAt, &window, &MainWindow::showHostAt);
    QObject::connect(&recorder, &history::HistoryRecorder::recordingProblem, &window,
                     [&window, eventsView](const QString&, const QString& shownSentence) {
                         window.setRecordingWarning(shownSentence);
                         eventsView->setStatus(shownSentence);
                     });
    QObject::connect(&recorder, &history::HistoryRecorder::recordingResumed, &window, [&window, eventsView] {
        window.setRecordingWarning(QString());
        eventsView->setStatus(QString());
    });
    new AuditFollower(QString::fromStdString(audit::AuditLog::defaultPaths().log),
                      [&recorder](const std::vector<audit::AuditEntry>& entries) { recorder.addAuditEntries(entries); }, &window);

    // Desktop notifications for the incidents the alert rules select; clicking one shows the host.

    // Drift (docs/drift.md): every connected host with a push in the audit log is compared with it
    // on connect and then periodically, on the fleet thread; the store keeps the findings.
    auto* driftMonitor = drift::DriftMonitor::startOn(
        fleet.monitor(), fleet.store(),
        {audit::AuditLog::defaultPaths().log, loadDriftIntervalMinutes(settings) * 60'000});

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
        dialog.setDriftIntervalMinutes(loadDriftIntervalMinutes(settings));
        dialog.setGeneral(general);
        dialog.setPrometheus(prometheus, keyring.available()
                                             ? QObject::tr("The password or token is kept in the desktop keyring, never in FleetDeck's settings.")
                                             : keyring.unavailableReason());
        if (dialog.exec() != QDialog::Accepted) return;
        saveDriftIntervalMinutes(settings, dialog.driftIntervalMinutes());
        driftMonitor->setIntervalAsync(dialog.driftIntervalMinutes() * 60'000);
        general = dialog.general();
        general.save(settings);
        applyTheme(general.theme);
        window.applyTargetBand(general.targetBand);
        window.setRefreshIntervalMs(general.refreshMs);
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
                                         QObject::tr("%1\nFleetDeck uses it until it quits.").arg(kept.problem().shownMessage()));
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
    auto* driftActions = new DriftController(*pushes, audit::AuditLog::defaultPaths(),
                                             [driftMonitor](const QString& host) { driftMonitor->checkNowAsync(host); }, &window);
    driftActions->attach(window.hostPage());
    window.setTuningHooks({tuning::readThroughFleet(fleet.monitor(), &window),
                           [pushes](const std::vector<tuning::HostPlan>& plans, QWidget* parent) { pushes->pushPlans(plans, parent); },
                           {}, {}});
    // The window as the user left it; --view wins over the view it showed. A screenshot starts
    // from the defaults, so it looks the same on every machine.
    const QString leftAt = parser.isSet(screenshot) ? QString() : WindowMemory::restore(settings, window);
    const bool leftAtStillThere = !leftAt.isEmpty() && MainWindow::checkViewChoice(leftAt, startingHosts);
    const QString chosenView = parser.isSet(view) || !leftAtStillThere ? parser.value(view) : leftAt;
    // The audit log is a window of its own: it opens over the dashboard once that is shown
    // (--screenshot renders it alone, below).
    const bool auditView = chosenView == QLatin1String("audit");
    if (const Outcome shown = auditView ? done() : window.showView(chosenView); !shown) {
        if (parser.isSet(view)) {
            fprintf(stderr, "fleetdeck: %s\n", qPrintable(shown.problem().shownMessage()));
            return 2;
        }
        window.showView(QStringLiteral("overview"));  // a view saved by another version: the overview instead
    }
    window.show();
    if (auditView && !parser.isSet(screenshot)) window.showView(chosenView);

    // Inventory hosts connect over SSH; questions (host keys, passphrases) come up as dialogs.
    ssh::setSshPrompter(std::make_shared<GuiPrompter>(&window));
    QObject::connect(&window, &MainWindow::reconnectRequested, &window,
                     [&fleet](const QString& name) { fleet.monitor().reconnectAsync(name); });
    // The inventory's hosts follow the saved inventory (removed ones disconnect, edited ones
    // connect again); "This machine" and the demo racks are added once, at start.
    const auto followInventory = [&fleet](bool firstStart) {
        if (const auto error = fleetdeck::followInventory(fleet.monitor(), Inventory::defaultPath(), firstStart))
            fprintf(stderr, "fleetdeck: %s\n", qPrintable(error->shownMessage()));
    };
    if (demoCount > 0) {
        for (const HostSpec& h : generatedDemoFleet(demoCount)) fleet.monitor().addHostAsync(h);
    } else {
        if (const auto error = moveMeshAddressesIntoInventory(Inventory::defaultPath()))
            fprintf(stderr, "fleetdeck: %s\n",
                    qPrintable(QCoreApplication::translate("FleetDeckCommandLine", "mesh addresses chosen earlier were not moved into the inventory: %1")
                                   .arg(error->shownMessage())));
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
            fprintf(stderr, "fleetdeck: %s\n", qPrintable(QCoreApplication::translate("FleetDeckCommandLine", "--after needs a number of seconds")));
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
                fprintf(stderr, "fleetdeck: %s\n", qPrintable(saved.problem().shownMessage()));
                QApplication::exit(1);
                return;
            }
            QApplication::exit(0);
        });
    }
    const int status = QApplication::exec();
    if (!parser.isSet(screenshot)) {
        WindowMemory::save(settings, window);
        settings.setValue(kMeshIntervalKey, latencyStore.status().intervalS);
    }
    return status;
}
