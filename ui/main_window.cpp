#include "ui/main_window.h"

#include <QAction>
#include <QIcon>
#include <QApplication>
#include <QDateTime>
#include <QFileDialog>
#include <QMenuBar>
#include <QMessageBox>
#include <QStatusBar>

#include "ui/dashboard/cooling_view.h"
#include "ui/dashboard/dashboard_view.h"
#include "ui/dashboard/host_page.h"
#include "ui/dashboard/overview_view.h"
#include "ui/dashboard/rack_view.h"
#include "ui/utilization/utilization_view.h"

#include "ui/help_window.h"
#include "ui/inventory_dialog.h"
#include "ui/prometheus_export_dialog.h"
#include "ui/audit/audit_viewer.h"
#include "ui/tuning/tuning_wizard.h"
#include "ui/commission/commission_wizard.h"

// Outside any namespace, as Q_INIT_RESOURCE requires: the icon lives in a static library.
static void initIconResources() { Q_INIT_RESOURCE(icons); }

namespace fleetdeck {

// Views repaint at most this often; samples arrive once a second per host.
constexpr int kRepaintIntervalMs = 250;

namespace {

const QString kAuditView = QStringLiteral("audit");

QString viewTr(const char* text) { return QCoreApplication::translate("DashboardView", text); }

// The place of a kind in kDashboardViews: its tab order and its Ctrl+N.
int viewOrder(const DashboardViewKind& kind) {
    const auto* at = std::find(std::begin(kDashboardViews), std::end(kDashboardViews), &kind);
    Q_ASSERT(at != std::end(kDashboardViews));
    return static_cast<int>(at - std::begin(kDashboardViews));
}

QString choiceName(const DashboardViewKind& kind) {
    const QString id = QString::fromLatin1(kind.id);
    if (!kind.argument) return id;
    return kind.argument[0] == '[' ? id + QString::fromLatin1(kind.argument) : id + QLatin1Char(':') + QString::fromLatin1(kind.argument);
}

}  // namespace

MainWindow::MainWindow(TelemetryStore& store, QWidget* parent) : QMainWindow(parent), store_(store), model_(store) {
    setWindowTitle(tr("FleetDeck"));
    // The theme's icon where one is installed (the package's), else the one built in.
    initIconResources();
    setWindowIcon(QIcon::fromTheme(QStringLiteral("fleetdeck"), QIcon(QStringLiteral(":/icons/fleetdeck.svg"))));
    tabs_ = new QTabWidget(this);
    tabs_->setDocumentMode(true);
    setCentralWidget(tabs_);
    overview_ = new OverviewView(model_);
    hostPage_ = new HostPage(store_, model_);
    cooling_ = new CoolingView(store_);
    racks_ = new RackView(store_);
    utilization_ = new UtilizationView(store_);
    buildMenus();
    for (DashboardView* view : std::initializer_list<DashboardView*>{overview_, hostPage_, cooling_, racks_, utilization_}) addView(view);
    connect(overview_, &OverviewView::hostActivated, this, &MainWindow::showHost);
    connect(overview_, &OverviewView::reconnectRequested, this, &MainWindow::reconnectRequested);
    connect(cooling_, &CoolingView::hostActivated, this, &MainWindow::showHost);
    connect(racks_, &RackView::hostActivated, this, &MainWindow::showHost);
    connect(tabs_, &QTabWidget::currentChanged, this, [this] { refreshNow(); });

    statusBar()->showMessage(tr("Live: a sample per host every second; views refresh 4 times a second"));
    connect(&repaintTimer_, &QTimer::timeout, this, &MainWindow::refreshNow);
    repaintTimer_.start(kRepaintIntervalMs);
    refreshNow();
    resize(1400, 900);
}

QStringList MainWindow::viewChoices() {
    QStringList names;
    for (const DashboardViewKind* kind : kDashboardViews) names << choiceName(*kind);
    return names << kAuditView;
}

void MainWindow::buildMenus() {
    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->addAction(tr("&Export view as PNG…"), QKeySequence(tr("Ctrl+E")), this, [this] {
        const QString path = QFileDialog::getSaveFileName(this, tr("Export view as PNG"), QString(), tr("PNG images (*.png)"));
        if (!path.isEmpty() && !tabs_->currentWidget()->grab().save(path, "PNG"))
            QMessageBox::warning(this, tr("Export failed"), tr("Cannot write %1: check the folder exists and is writable.").arg(path));
    });
    QMenu* exportMenu = file->addMenu(tr("E&xport"));
    exportMenu->addAction(tr("&Prometheus…"), QKeySequence(tr("Ctrl+Shift+X")), this, [this] { exportPrometheusWithDialog(this); })
        ->setToolTip(tr("Write scrape targets from the inventory and alerting rules for a Prometheus server"));
    file->addSeparator();
    file->addAction(tr("&Quit"), QKeySequence::Quit, qApp, &QApplication::quit);

    QMenu* view = menuBar()->addMenu(tr("&View"));
    view_ = view;
    viewsEnd_ = view->addSeparator();  // addView() puts each view's entry above it
    QAction* pause = view->addAction(tr("&Pause charts"), QKeySequence(tr("Ctrl+Shift+P")), this,
                                     [this] { hostPage_->setPaused(!hostPage_->paused()); });
    pause->setToolTip(tr("Stop or resume updating the host page's charts"));
    view->addAction(tr("Reset chart &zoom"), QKeySequence(tr("Ctrl+0")), this, [this] { hostPage_->resetZoom(); });
    view->addAction(tr("E&xport charts as PNG…"), QKeySequence(tr("Ctrl+Shift+E")), this, [this] { hostPage_->exportWithDialog(); });
    view->addSeparator();
    view->addAction(tr("&Find host…"), QKeySequence::Find, this, [this] {
        openView(*overview_, QString());
        overview_->focusFilter();
    })->setToolTip(tr("The fleet overview's filter, ready for a part of a host's name"));
    QAction* fullScreen = view->addAction(tr("F&ull screen"), QKeySequence::FullScreen, this, &MainWindow::toggleFullScreen);
    fullScreen->setCheckable(true);
    fullScreen_ = fullScreen;

    QMenu* fleet = menuBar()->addMenu(tr("F&leet"));
    fleet->addAction(tr("&Inventory…"), QKeySequence(Qt::CTRL | Qt::Key_I), this, [this] {
        if (editInventory(this)) emit inventorySaved();
    });
    fleet->addAction(tr("&Commission a rack…"), QKeySequence(tr("Ctrl+K")), this, [this] { openCommissionWizard(); })
        ->setToolTip(tr("Check a new rack against a spec, burn it in and write the acceptance report"));
    tools_ = menuBar()->addMenu(tr("&Tools"));
    QAction* auditLog = tools_->addAction(tr("&Audit log…"), this, [this] { openAuditViewer(this); });
    auditLog->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_L));
    QAction* wizard = tools_->addAction(tr("&Tuning wizard…"), this, [this] { openTuningWizard(); });
    wizard->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_T));
    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("FleetDeck &documentation"), QKeySequence::HelpContents, this, [this] { openHelp(); });
    help->addAction(tr("&About FleetDeck"), this, [this] {
        QMessageBox::about(this, tr("About FleetDeck"),
                           tr("FleetDeck %1\nLive telemetry, tuning and audit for GPU servers.")
                               .arg(QApplication::applicationVersion()));
    });
}

QMenu* MainWindow::toolsMenu() { return tools_; }

void MainWindow::setRefreshIntervalMs(int ms) { repaintTimer_.start(std::max(100, ms)); }

void MainWindow::applyTargetBand(TargetBand band) {
    setTargetBand(band);
    hostPage_->targetBandChanged();
    refreshNow();
    if (DashboardView* shown = currentView()) shown->widget()->update();
}

void MainWindow::toggleFullScreen() {
    setWindowState(windowState() ^ Qt::WindowFullScreen);
    fullScreen_->setChecked(isFullScreen());
}

QWidget* MainWindow::openHelp() {
    if (!help_) {
        auto* help = new HelpWindow(HelpWindow::docDirectory(), this);
        help->setAttribute(Qt::WA_DeleteOnClose);
        help_ = help;
    }
    help_->show();
    help_->raise();
    help_->activateWindow();
    return help_;
}

QString MainWindow::currentViewChoice() const {
    const DashboardView* view = currentView();
    if (!view) return QString::fromLatin1(kOverviewView.id);
    if (view == hostPage_) {
        const QString host = hostPage_->hostName();
        return host.isEmpty() ? QString::fromLatin1(kHostView.id) : QStringLiteral("%1:%2").arg(QLatin1String(kHostView.id), host);
    }
    return QString::fromLatin1(view->kind().id);
}

Outcome MainWindow::checkViewChoice(const QString& spec, const QStringList& hosts) {
    if (spec == kAuditView) return done();
    const qsizetype colon = spec.indexOf(QLatin1Char(':'));
    const QString id = spec.left(colon);
    const QString argument = colon < 0 ? QString() : spec.mid(colon + 1);
    for (const DashboardViewKind* kind : kDashboardViews) {
        if (id != QLatin1String(kind->id)) continue;
        if (colon < 0) return done();
        if (!kind->argument || argument.isEmpty()) break;
        if (kind == &kRackView) {
            if (RackView::colouringNamed(argument)) return done();
            break;
        }
        if (kind != &kHostView || hosts.contains(argument)) return done();
        return Problem{ProblemCode::BadInput, tr("unknown host '%1' in --view %2 (hosts: %3)")
                                                  .arg(argument, spec, hosts.isEmpty() ? tr("none") : hosts.join(QStringLiteral(", ")))};
    }
    return Problem{ProblemCode::BadInput, tr("unknown view '%1' (available: %2)").arg(spec, viewChoices().join(QStringLiteral(", ")))};
}

void MainWindow::refreshNow() {
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    overview_->refresh(now);  // also feeds the host page's host list
    utilization_->record(now);  // the verdicts follow every sample, whichever view is shown
    if (DashboardView* shown = currentView(); shown && shown != overview_) shown->refresh(now);
}

void MainWindow::addView(DashboardView* view) {
    const int order = viewOrder(view->kind());
    const auto at = std::find_if(views_.begin(), views_.end(), [order](const Tab& t) { return viewOrder(t.view->kind()) > order; });
    auto* entry = new QAction(viewTr(view->kind().menuText), this);
    entry->setShortcut(QKeySequence(QStringLiteral("Ctrl+%1").arg(order + 1)));
    connect(entry, &QAction::triggered, this, [this, view] { openView(*view, QString()); });
    view_->insertAction(at == views_.end() ? viewsEnd_ : at->menuEntry, entry);
    const int index = static_cast<int>(at - views_.begin());
    views_.insert(at, {view, entry});
    tabs_->insertTab(index, view->widget(), viewTr(view->kind().title));
}

Outcome MainWindow::showView(const QString& spec) {
    if (spec == kAuditView) {
        openAuditViewer(this);
        return done();
    }
    // "host:NAME" names the view before the colon and gives it what follows.
    const qsizetype colon = spec.indexOf(QLatin1Char(':'));
    const QString id = spec.left(colon);
    const QString argument = colon < 0 ? QString() : spec.mid(colon + 1);
    for (const Tab& tab : views_) {
        if (id != QLatin1String(tab.view->kind().id)) continue;
        if ((colon < 0 || !argument.isEmpty()) && openView(*tab.view, argument)) return done();
        break;
    }
    QStringList names;
    for (const Tab& tab : views_) names << choiceName(tab.view->kind());
    return Problem{ProblemCode::BadInput,
                   tr("unknown view '%1' (available: %2)").arg(spec, (names << kAuditView).join(QStringLiteral(", ")))};
}

bool MainWindow::openView(DashboardView& view, const QString& argument) {
    if (!view.open(argument)) return false;
    tabs_->setCurrentWidget(view.widget());
    // The keyboard goes with the view: the table, the tiles, the map take arrow keys at once.
    view.widget()->setFocus(Qt::OtherFocusReason);
    return true;
}

DashboardView* MainWindow::currentView() const {
    for (const Tab& tab : views_)
        if (tab.view->widget() == tabs_->currentWidget()) return tab.view;
    return nullptr;
}

void MainWindow::showHost(const QString& name) { openView(*hostPage_, name); }

void MainWindow::showHostAt(const QString& name, qint64 fromMs, qint64 toMs) {
    hostPage_->showTimeRange(name, fromMs, toMs);
    tabs_->setCurrentWidget(hostPage_);
    if (isMinimized()) showNormal();
    raise();
    activateWindow();
}

void MainWindow::setRecordingWarning(const QString& sentence) {
    if (!recordingWarning_) {
        recordingWarning_ = new QLabel(this);
        recordingWarning_->setTextFormat(Qt::PlainText);  // the sentence names paths and processes
        recordingWarning_->setStyleSheet(QStringLiteral("color: #b3261e; font-weight: bold"));
        statusBar()->addPermanentWidget(recordingWarning_);
    }
    recordingWarning_->setText(sentence);
    recordingWarning_->setToolTip(sentence);
    recordingWarning_->setVisible(!sentence.isEmpty());
}

QString MainWindow::recordingWarning() const { return recordingWarning_ ? recordingWarning_->text() : QString(); }

QWidget* MainWindow::openTuningWizard() {
    auto catalogue = tuning::RuleCatalogue::loadBuiltIn();
    if (auto* problems = std::get_if<std::vector<std::string>>(&catalogue)) {
        QStringList lines;
        for (const auto& p : *problems) lines << QString::fromStdString(p);
        QMessageBox::critical(this, tr("Tuning wizard"),
                              tr("The built-in tuning rules did not load, so no plan can be made:\n%1").arg(lines.join(QLatin1Char('\n'))));
        return nullptr;
    }
    auto* wizard = new TuningWizard(store_, std::get<tuning::RuleCatalogue>(std::move(catalogue)), tuningHooks_, this);
    wizard->setAttribute(Qt::WA_DeleteOnClose);
    wizard->show();
    return wizard;
}

QWidget* MainWindow::openCommissionWizard() {
    auto inventory = Inventory::load(Inventory::defaultPath());
    if (!inventory) {
        QMessageBox::critical(this, tr("Commission a rack"),
                              tr("The inventory does not read, so no rack can be chosen:\n%1\nFix the file or pick "
                                 "hosts by typing them.").arg(inventory.problem().shownMessage()));
    }
    CommissionWizardHooks hooks;
    if (inventory) hooks.inventory = std::move(*inventory);
    auto* wizard = new CommissionWizard(std::move(hooks), this);
    wizard->setAttribute(Qt::WA_DeleteOnClose);
    wizard->show();
    return wizard;
}

}  // namespace fleetdeck

#include "moc_main_window.cpp"
