// The desktop app's composition: which part feeds which, and in what order they start.
#include "ui/desktop_app.h"

#include <QApplication>
#include <QDateTime>
#include <QMenu>
#include <QMessageBox>
#include <QFutureWatcher>
#include <QTimer>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <cstdio>

#include "app/alerts/alert_rules.h"
#include "app/audit/audit_log.h"
#include "app/agent_locator.h"
#include "app/dashboard/open_file_limit.h"
#include "app/dashboard/shared_simulators.h"
#include "app/dashboard/prometheus_history.h"
#include "app/demo_fleet.h"
#include "app/diagnostics.h"
#include "app/drift/drift_monitor.h"
#include "app/history/gpu_usage.h"
#include "app/history/retention.h"
#include "app/inventory/follow_inventory.h"
#include "app/history/history_store.h"
#include "app/inventory/inventory.h"
#include "ui/dashboard/rack_view.h"
#include "app/latency/latency_mesh.h"
#include "app/perf_log.h"
#include "app/ssh/ssh_prompter.h"
#include "app/ssh/transport_factory.h"
#include "app/tuning/current_values_reader.h"
#include "ui/audit/audit_viewer.h"
#include "ui/dashboard/host_page.h"
#include "ui/drift_controller.h"
#include "ui/events/events_view.h"
#include "ui/gui_prompter.h"
#include "ui/history/audit_follower.h"
#include "ui/history/recorded_history.h"
#include "app/fabric/bandwidth_history.h"
#include "ui/latency/bandwidth_panel.h"
#include "ui/latency/link_errors_panel.h"
#include "ui/latency/latency_view.h"
#include "ui/preferences_dialog.h"
#include "ui/push/push_launcher.h"
#include "ui/screenshot.h"
#include "ui/theme.h"
#include "ui/utilization/utilization_view.h"
#include "ui/window_memory.h"

namespace fleetdeck {

namespace {

const QString kMeshIntervalKey = QStringLiteral("latency/interval_s");

// The look applied before the window is built: --theme or --dark wins over Preferences for this run.
DesktopPreferences withLookApplied(DesktopPreferences general, std::optional<Theme> chosen) {
    applyTheme(chosen.value_or(general.theme));
    setTargetBand(general.targetBand);
    return general;
}

history::RecorderOptions recorderOptions() {
    history::RecorderOptions recording;
    recording.retention = history::loadRetention();
    return recording;
}

// A mesh round's slow and lossy links as the history records them.
std::vector<history::LinkFinding> linkFindings(const std::vector<LatencyFinding>& found) {
    std::vector<history::LinkFinding> links;
    for (const LatencyFinding& f : found)
        if (f.kind != LatencyFinding::Kind::NoData)
            links.push_back({f.from, f.to, f.kind == LatencyFinding::Kind::Slow ? QStringLiteral("slow") : QStringLiteral("loss"), f.text,
                             f.shown()});
    return links;
}

// The desktop keyring item that holds the password or token of the Prometheus server at `url`.
QMap<QString, QString> prometheusKeyringKeys(const QString& url) {
    return {{QStringLiteral("application"), QStringLiteral("fleetdeck")},
            {QStringLiteral("service"), QStringLiteral("prometheus")},
            {QStringLiteral("url"), url}};
}

void sayOnStderr(const QString& sentence) { fprintf(stderr, "fleetdeck: %s\n", qPrintable(sentence)); }

}  // namespace

DesktopApp::ProcessSetup::ProcessSetup() {
    // SIGTERM, SIGINT and SIGHUP end the app as File → Quit does (docs/desktop.md, "Quitting"):
    // run() saves the window state, then the fleet thread ends the agents and the recorder
    // writes what it holds and closes the history. Installed before anything starts, kept until
    // the last destructor.
    QObject::connect(&quitSignals, &QuitSignals::received, qApp, [] { QApplication::quit(); });
    raiseOpenFileLimit();
    // Every connection's steps and the agents' stderr, for when a host does not connect
    // (docs/ssh.md, "Diagnostics"): the host page's Connection log shows the same per host.
    enableDiagnosticCategories();
    if (const auto problem = writeLogToFile({defaultLogFilePath()}))
        sayOnStderr(QCoreApplication::translate("FleetDeckCommandLine", "%1; connection diagnostics are not logged").arg(*problem));
    history::registerHistoryMetaTypes();
}

DesktopApp::DesktopApp(DesktopOptions options)
    : options_(std::move(options)),
      recording_(recorderOptions()),
      recorder_(recording_),
      simulators_(std::make_shared<SharedSimulators>(localAgentPath())),
      fleet_(sharedSimulatorTransports(simulators_, makeTransport)),
      general_(withLookApplied(DesktopPreferences::load(settings_), options_.theme)),
      window_(fleet_.store()) {
    // History (docs/history.md): the fleet thread feeds the recorder every sample and state
    // change; a second window finds the store taken and shows history read-only.
    recorder_.start();
    fleet_.store().setObserver(&recorder_);
    window_.setRefreshIntervalMs(general_.refreshMs);
    addLatencyView();
    addEventsView();
    new AuditFollower(QString::fromStdString(audit::AuditLog::defaultPaths().log),
                      [this](const std::vector<audit::AuditEntry>& entries) { recorder_.addAuditEntries(entries); }, &window_);
    // Drift (docs/drift.md): every connected host with a push in the audit log is compared with it
    // on connect and then periodically, on the fleet thread; the store keeps the findings.
    driftMonitor_ = drift::DriftMonitor::startOn(fleet_.monitor(), fleet_.store(),
                                                 {audit::AuditLog::defaultPaths().log, loadDriftIntervalMinutes(settings_) * 60'000});
    loadPrometheus();
    useStoredHistory(recording_.retention);
    useRecordedUsage();
    startNotifier();
    QAction* preferences = window_.toolsMenu()->addAction(QObject::tr("&Preferences…"));
    preferences->setShortcut(QKeySequence(QObject::tr("Ctrl+,")));
    QObject::connect(preferences, &QAction::triggered, &window_, [this] { editPreferences(); });
    addPushActions();
    watchRackPower();
}

DesktopApp::~DesktopApp() = default;

void DesktopApp::addLatencyView() {
    LatencyMesh::Options meshOptions;
    meshOptions.intervalS = std::clamp(settings_.value(kMeshIntervalKey, meshOptions.intervalS).toInt(), 10, 3600);
    mesh_ = LatencyMesh::startOn(fleet_.monitor(), fleet_.store(), latencyStore_, meshOptions);
    latencyView_ = new LatencyView(latencyStore_, fleet_.store(), mesh_);
    // The Bandwidth layer (docs/fabric.md): the hosts shown, over transports of their own (the
    // simulated ones from the shared simulators, as the fleet's).
    auto* bandwidth = new BandwidthPanel([this] {
        std::vector<HostSpec> hosts;
        for (const HostRecord& r : fleet_.store().summaries()) hosts.push_back(r.spec);
        return hosts;
    }, sharedSimulatorTransports(simulators_, makeTransport));
    bandwidth->setRunStore(defaultBandwidthRunDir());  // each run kept, the next compared with it
    latencyView_->addLayer(bandwidth, QObject::tr("Bandwidth"));
    // The Errors layer: links whose error counters grow (the store's link findings).
    latencyView_->addLayer(new LinkErrorsPanel(fleet_.store()), QObject::tr("Errors"));
    window_.addView(latencyView_);
    QObject::connect(mesh_, &LatencyMesh::roundFinished, mesh_, [this](const std::vector<LatencyFinding>& found, qint64 at) {
        recorder_.addLatencyFindings(linkFindings(found), at);
    }, Qt::DirectConnection);
}

// The Events view reads incidents on the reader's own thread (RecordedIncidents), never the GUI's.
void DesktopApp::addEventsView() {
    incidents_ = std::make_shared<RecordedIncidents>(recorder_.path());
    eventsView_ = new EventsView([incidents = incidents_](const QString& host, qint64 since, qint64 until) {
        return incidents->read(host, since, until);
    }, fleet_.store());
    window_.addView(eventsView_);
    QObject::connect(eventsView_, &EventsView::openHostAt, &window_, &MainWindow::showHostAt);
    QObject::connect(&recorder_, &history::HistoryRecorder::recordingProblem, &window_, [this](const QString&, const QString& shownSentence) {
        window_.setRecordingWarning(shownSentence);
        eventsView_->setStatus(shownSentence);
    });
    QObject::connect(&recorder_, &history::HistoryRecorder::recordingResumed, &window_, [this] {
        window_.setRecordingWarning(QString());
        eventsView_->setStatus(QString());
    });
}

// Desktop notifications for the incidents the alert rules select; clicking one shows the host.
void DesktopApp::startNotifier() {
    notifier_.setRules(alerts::AlertRules::load(settings_));
    // What the last run already told stays told: an ECC error still there after a restart is not news.
    // Read on the incidents reader's thread; the GUI waits for it once, before the window shows.
    notifier_.rememberEarlier(incidents_->earlierRun(QDateTime::currentMSecsSinceEpoch() - alerts::DesktopNotifier::kResumedWithinMs));
    QObject::connect(&recorder_, &history::HistoryRecorder::incidentOpened, &notifier_, &alerts::DesktopNotifier::incidentOpened);
    QObject::connect(&recorder_, &history::HistoryRecorder::incidentUpdated, &notifier_, &alerts::DesktopNotifier::incidentUpdated);
    QObject::connect(&recorder_, &history::HistoryRecorder::incidentClosed, &notifier_, &alerts::DesktopNotifier::incidentClosed);
    QObject::connect(&notifier_, &alerts::DesktopNotifier::openHostRequested, &window_, [this](const QString& host, qint64 startMs) {
        window_.showHostAt(host, startMs - 5 * 60'000, QDateTime::currentMSecsSinceEpoch());
    });
}

// The host page's long ranges come from FleetDeck's own record, and from a Prometheus server for
// what that does not reach; its password or token lives in the desktop keyring, never in the settings.
void DesktopApp::loadPrometheus() {
    prometheus_ = PrometheusSettings::load(settings_);
    if (!prometheus_.url.isEmpty() && prometheus_.auth != PrometheusSettings::Auth::None && keyring_.available())
        if (const auto secret = keyring_.lookup(prometheusKeyringKeys(prometheus_.url)); secret && secret->has_value())
            prometheus_.secret = **secret;
}

void DesktopApp::useStoredHistory(const history::Retention& retention) {
    const auto connection = prometheus_.connection();
    window_.hostPage().setStoredHistory(std::make_shared<CombinedHistory>(
        std::make_shared<RecordedHistory>(recorder_.path(), retention),
        connection ? std::make_shared<PrometheusHistory>(*connection) : nullptr));
}

// The Utilization view's verdicts and GPU-hours, from the history store the recorder writes them
// into; each read opens its own read-only connection on the worker thread it runs on.
void DesktopApp::useRecordedUsage() {
    window_.utilization().setRecordedUsage([path = recorder_.path()](qint64 fromMs, qint64 toMs) {
        history::HistoryStore store(path);
        if (!store.openReadOnly()) return history::UsageRead{};
        return history::usageSpans(store, fromMs, toMs);
    });
    window_.utilization().setPrometheusConfigured(!prometheus_.url.isEmpty());
    if (const auto inventory = Inventory::load(Inventory::defaultPath()))
        window_.utilization().setGroupPrices(inventory->groupGpuHourPrices(), inventory->currency());
}

// Tools → Preferences…: on OK each group is saved and applied at once (docs/desktop.md, "Preferences").
void DesktopApp::editPreferences() {
    QStringList hosts;
    for (const QString& name : fleet_.store().hostNames()) hosts << name;
    const QString historyStatus = recorder_.recording() ? QObject::tr("Recording into %1.").arg(recorder_.path()) : window_.recordingWarning();
    PreferencesDialog dialog(history::loadRetention(), alerts::AlertRules::load(settings_), hosts, historyStatus, notifier_.status(), &window_);
    dialog.setDriftIntervalMinutes(loadDriftIntervalMinutes(settings_));
    dialog.setGeneral(general_);
    dialog.setPrometheus(prometheus_, keyring_.available()
                                          ? QObject::tr("The password or token is kept in the desktop keyring, never in FleetDeck's settings.")
                                          : keyring_.unavailableReason());
    if (dialog.exec() != QDialog::Accepted) return;
    saveDriftIntervalMinutes(settings_, dialog.driftIntervalMinutes());
    driftMonitor_->setIntervalAsync(dialog.driftIntervalMinutes() * 60'000);
    general_ = dialog.general();
    general_.save(settings_);
    applyTheme(general_.theme);
    window_.applyTargetBand(general_.targetBand);
    window_.setRefreshIntervalMs(general_.refreshMs);
    history::saveRetention(dialog.retention());
    recorder_.setRetention(dialog.retention());
    dialog.rules().save(settings_);
    notifier_.setRules(dialog.rules());
    keepPrometheusSecret(dialog.prometheus());
    prometheus_ = dialog.prometheus();
    prometheus_.save(settings_);
    useStoredHistory(dialog.retention());
}

// A changed Prometheus server or secret: the old keyring item goes, the new secret is kept there.
void DesktopApp::keepPrometheusSecret(const PrometheusSettings& chosen) {
    if (chosen == prometheus_ || !keyring_.available()) return;
    if (!prometheus_.url.isEmpty()) keyring_.remove(prometheusKeyringKeys(prometheus_.url));
    if (chosen.secret.isEmpty()) return;
    if (const Outcome kept = keyring_.store(QObject::tr("FleetDeck: Prometheus at %1").arg(chosen.url), prometheusKeyringKeys(chosen.url), chosen.secret);
        !kept)
        QMessageBox::warning(&window_, QObject::tr("Password not kept"),
                             QObject::tr("%1\nFleetDeck uses it until it quits.").arg(kept.problem().shownMessage()));
}

void DesktopApp::addPushActions() {
    // The hosts shown, by name (the store owns them): what a push from the wizard or the history reaches.
    pushes_ = new PushLauncher([this](const QString& name) -> std::optional<HostSpec> {
        const auto record = fleet_.store().host(name);
        return record ? std::optional<HostSpec>(record->spec) : std::nullopt;
    }, {}, &window_);
    pushes_->addActions(window_.toolsMenu(), &window_);
    auto* driftActions = new DriftController(*pushes_, audit::AuditLog::defaultPaths(),
                                             [monitor = driftMonitor_](const QString& host) { monitor->checkNowAsync(host); }, &window_);
    driftActions->attach(window_.hostPage());
    window_.racks().setPushHook([pushes = pushes_](const std::vector<tuning::HostPlan>& plans, QWidget* parent) { pushes->pushPlans(plans, parent); });
    window_.setTuningHooks({tuning::readThroughFleet(fleet_.monitor(), &window_),
                            [pushes = pushes_](const std::vector<tuning::HostPlan>& plans, QWidget* parent) { pushes->pushPlans(plans, parent); },
                            {}, {}, [this] { return window_.racks().model().feeds(); }});
}

// The window as the user left it; --view wins over the view it showed. A screenshot starts from
// the defaults, so it looks the same on every machine. 0, or 2 when --view cannot be shown.
int DesktopApp::showStartView() {
    const QString leftAt = options_.screenshot ? QString() : WindowMemory::restore(settings_, window_);
    const bool leftAtStillThere = !leftAt.isEmpty() && MainWindow::checkViewChoice(leftAt, options_.startingHosts);
    const QString chosenView = options_.view || !leftAtStillThere ? options_.viewOrOverview() : leftAt;
    // The audit log is a window of its own: it opens over the dashboard once that is shown
    // (--screenshot renders it alone, in takeScreenshotLater).
    const bool auditView = chosenView == QLatin1String("audit");
    if (const Outcome shown = auditView ? done() : window_.showView(chosenView); !shown) {
        if (options_.view) {
            sayOnStderr(shown.problem().shownMessage());
            return 2;
        }
        window_.showView(QStringLiteral("overview"));  // a view saved by another version: the overview instead
    }
    window_.show();
    if (auditView && !options_.screenshot) window_.showView(chosenView);
    if (options_.screenshot && auditView) {
        auditViewer_ = std::make_unique<AuditViewer>(audit::AuditLog::defaultPaths());
        auditViewer_->show();
    }
    return 0;
}

// Inventory hosts connect over SSH; questions (host keys, passphrases) come up as dialogs.
void DesktopApp::connectHosts() {
    ssh::setSshPrompter(std::make_shared<GuiPrompter>(&window_));
    QObject::connect(&window_, &MainWindow::reconnectRequested, &window_, [this](const QString& name) { fleet_.monitor().reconnectAsync(name); });
    if (options_.demoHosts > 0) {
        const std::vector<HostSpec> hosts = generatedDemoFleet(options_.demoHosts);
        for (const HostSpec& h : hosts) fleet_.monitor().addHostAsync(h);
        setRackFeeds(generatedDemoFeeds(hosts));
        return;
    }
    if (const auto moved = moveMeshAddressesIntoInventory(Inventory::defaultPath()); !moved)
        sayOnStderr(QCoreApplication::translate("FleetDeckCommandLine", "mesh addresses chosen earlier were not moved into the inventory: %1")
                        .arg(moved.problem().shownMessage()));
    followInventory(true);
    QObject::connect(&window_, &MainWindow::inventorySaved, &window_, [this] { followInventory(false); });
    QObject::connect(latencyView_, &LatencyView::inventoryEdited, &window_, [this] { followInventory(false); });
}

// The inventory's hosts follow the saved inventory (removed ones disconnect, edited ones connect
// again); "This machine" and the demo racks are added once, at start.
void DesktopApp::followInventory(bool firstStart) {
    if (const auto followed = fleetdeck::followInventory(fleet_.monitor(), Inventory::defaultPath(), firstStart); !followed)
        sayOnStderr(followed.problem().shownMessage());
    // The racks' feeds: the inventory's; while it holds no host, the demo racks' (docs/power.md).
    const auto inventory = Inventory::load(Inventory::defaultPath());
    if (inventory && !inventory->hosts().empty()) setRackFeeds(inventory->rackFeeds());
    else if (const auto demo = loadDemoFeeds()) setRackFeeds(*demo);
}

void DesktopApp::setRackFeeds(const std::map<QString, std::vector<PowerFeed>>& feeds) {
    window_.racks().setFeeds(feeds);
    rackPower_->setFeeds(feeds);
}

// Every 10 s the racks' power and air findings go to the history as incidents (a feed over its
// budget, a rack that would not survive losing a feed, hot inlet air, recirculation).
void DesktopApp::watchRackPower() {
    rackPower_ = std::make_unique<RackModel>(fleet_.store());
    // Each host's 24 h peak from the history store, read on a worker thread every minute.
    auto* peaks = new QTimer(&window_);
    peaks->setInterval(60'000);
    QObject::connect(peaks, &QTimer::timeout, &window_, [this] {
        QStringList hosts;
        for (const QString& name : fleet_.store().hostNames()) hosts << name;
        auto* watcher = new QFutureWatcher<std::map<QString, double>>(&window_);
        QObject::connect(watcher, &QFutureWatcher<std::map<QString, double>>::finished, &window_, [this, watcher] {
            window_.racks().model().setHistoryPeaks(watcher->result());
            rackPower_->setHistoryPeaks(watcher->result());
            watcher->deleteLater();
        });
        watcher->setFuture(QtConcurrent::run([path = recorder_.path(), hosts] {
            std::map<QString, double> out;
            history::HistoryStore store(path);
            if (!store.openReadOnly()) return out;
            const std::int64_t now = QDateTime::currentMSecsSinceEpoch();
            for (const QString& h : hosts)
                if (const auto peak = history::peakPowerW(store, h, now - 24 * 3600 * 1000LL, now)) out[h] = *peak;
            return out;
        }));
    });
    peaks->start();
    auto* timer = new QTimer(&window_);
    timer->setInterval(10'000);
    QObject::connect(timer, &QTimer::timeout, &window_, [this] {
        rackPower_->refresh();
        std::vector<history::RackFinding> found;
        for (const power::PowerFinding& f : rackPower_->powerFindings())
            found.push_back({f.host.isEmpty() ? QStringLiteral("rack:") + f.rack : f.host, f.kind, f.feed,
                             f.severity == FindingSeverity::Critical ? history::IncidentSeverity::Critical : history::IncidentSeverity::Warning,
                             f.text.english(), f.text.shown()});
        recorder_.addPowerFindings(found, QDateTime::currentMSecsSinceEpoch());
    });
    timer->start();
}

void DesktopApp::takeScreenshotLater() {
    QTimer::singleShot(static_cast<int>(options_.screenshotAfterS * 1000), &window_, [this] {
        window_.refreshNow();
        QWidget* shown = auditViewer_ ? static_cast<QWidget*>(auditViewer_.get()) : &window_;
        if (const Outcome saved = saveScreenshot(*shown, *options_.screenshot); !saved) {
            sayOnStderr(saved.problem().shownMessage());
            QApplication::exit(1);
            return;
        }
        QApplication::exit(0);
    });
}

int DesktopApp::run() {
    if (const int status = showStartView(); status != 0) return status;
    PerfLog::fromEnvironment(fleet_.store(), &window_);  // only with $FLEETDECK_PERF_LOG
    connectHosts();
    if (options_.screenshot) takeScreenshotLater();
    const int status = QApplication::exec();
    if (!options_.screenshot) {
        WindowMemory::save(settings_, window_);
        settings_.setValue(kMeshIntervalKey, latencyStore_.status().intervalS);
    }
    return status;
}

}  // namespace fleetdeck
