#include "ui/main_window.h"

#include <QAction>
#include <QApplication>
#include <QDateTime>
#include <QFileDialog>
#include <QMenuBar>
#include <QMessageBox>
#include <QStatusBar>

#include "ui/dashboard/cooling_view.h"
#include "ui/dashboard/host_page.h"
#include "ui/dashboard/overview_view.h"
#include "ui/dashboard/rack_view.h"
#include "ui/latency/latency_view.h"

#include "ui/inventory_dialog.h"
#include "ui/audit/audit_viewer.h"
#include "ui/tuning/tuning_wizard.h"

namespace fleetdeck {

// Views repaint at most this often; samples arrive once a second per host.
constexpr int kRepaintIntervalMs = 250;

MainWindow::MainWindow(TelemetryStore& store, QWidget* parent) : QMainWindow(parent), store_(store), model_(store) {
    setWindowTitle(tr("FleetDeck"));
    tabs_ = new QTabWidget(this);
    tabs_->setDocumentMode(true);
    overview_ = new OverviewView(model_);
    hostPage_ = new HostPage(store_, model_);
    cooling_ = new CoolingView(store_);
    racks_ = new RackView(store_);
    tabs_->addTab(overview_, tr("Fleet overview"));
    tabs_->addTab(hostPage_, tr("Host"));
    tabs_->addTab(cooling_, tr("GPU cooling"));
    tabs_->addTab(racks_, tr("Racks"));
    setCentralWidget(tabs_);
    connect(overview_, &OverviewView::hostActivated, this, &MainWindow::showHost);
    connect(overview_, &OverviewView::reconnectRequested, this, &MainWindow::reconnectRequested);
    connect(cooling_, &CoolingView::hostActivated, this, &MainWindow::showHost);
    connect(racks_, &RackView::hostActivated, this, &MainWindow::showHost);
    connect(tabs_, &QTabWidget::currentChanged, this, [this] { refreshNow(); });

    buildMenus();
    statusBar()->showMessage(tr("Live: a sample per host every second; views refresh 4 times a second"));
    connect(&repaintTimer_, &QTimer::timeout, this, &MainWindow::refreshNow);
    repaintTimer_.start(kRepaintIntervalMs);
    refreshNow();
    resize(1400, 900);
}

void MainWindow::buildMenus() {
    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->addAction(tr("&Export view as PNG…"), QKeySequence(tr("Ctrl+E")), this, [this] {
        const QString path = QFileDialog::getSaveFileName(this, tr("Export view as PNG"), QString(), tr("PNG images (*.png)"));
        if (!path.isEmpty() && !tabs_->currentWidget()->grab().save(path, "PNG"))
            QMessageBox::warning(this, tr("Export failed"), tr("Cannot write %1: check the folder exists and is writable.").arg(path));
    });
    file->addSeparator();
    file->addAction(tr("&Quit"), QKeySequence::Quit, qApp, &QApplication::quit);

    QMenu* view = menuBar()->addMenu(tr("&View"));
    view_ = view;
    const std::pair<View, QString> views[] = {{View::Overview, tr("Fleet &overview")},
                                              {View::Host, tr("&Host page")},
                                              {View::Cooling, tr("GPU &cooling")},
                                              {View::Racks, tr("&Racks")}};
    int n = 1;
    for (const auto& [which, title] : views)
        view->addAction(title, QKeySequence(QStringLiteral("Ctrl+%1").arg(n++)), this, [this, which = which] { showView(which); });
    view->addSeparator();
    QAction* pause = view->addAction(tr("&Pause charts"), QKeySequence(tr("Ctrl+Shift+P")), this,
                                     [this] { hostPage_->setPaused(!hostPage_->paused()); });
    pause->setToolTip(tr("Stop or resume updating the host page's charts"));
    view->addAction(tr("Reset chart &zoom"), QKeySequence(tr("Ctrl+0")), this, [this] { hostPage_->resetZoom(); });
    view->addAction(tr("E&xport charts as PNG…"), QKeySequence(tr("Ctrl+Shift+E")), this, [this] { hostPage_->exportWithDialog(); });

    QMenu* fleet = menuBar()->addMenu(tr("F&leet"));
    fleet->addAction(tr("&Inventory…"), QKeySequence(Qt::CTRL | Qt::Key_I), this, [this] {
        if (editInventory(this)) emit inventorySaved();
    });
    tools_ = menuBar()->addMenu(tr("&Tools"));
    QAction* auditLog = tools_->addAction(tr("&Audit log…"), this, [this] { openAuditViewer(this); });
    auditLog->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_L));
    QAction* wizard = tools_->addAction(tr("&Tuning wizard…"), this, [this] { openTuningWizard(); });
    wizard->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_T));
    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&About FleetDeck"), this, [this] {
        QMessageBox::about(this, tr("About FleetDeck"),
                           tr("FleetDeck %1\nLive telemetry, tuning and audit for GPU servers.")
                               .arg(QApplication::applicationVersion()));
    });
}

QMenu* MainWindow::toolsMenu() { return tools_; }

void MainWindow::refreshNow() {
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    overview_->refresh(now);  // also feeds the host page's host list
    QWidget* current = tabs_->currentWidget();
    if (current == hostPage_) hostPage_->refresh(now);
    else if (current == cooling_) cooling_->refresh(now);
    else if (current == racks_) racks_->refresh(now);
    else if (latency_ && current == latency_) latency_->refresh(now);
}

void MainWindow::showView(View view) {
    switch (view) {
    case View::Overview: tabs_->setCurrentWidget(overview_); break;
    case View::Host:
        if (hostPage_->hostName().isEmpty() && model_.rowCount() > 0) hostPage_->showHost(model_.record(0).spec.name);
        tabs_->setCurrentWidget(hostPage_);
        break;
    case View::Cooling: tabs_->setCurrentWidget(cooling_); break;
    case View::Racks: tabs_->setCurrentWidget(racks_); break;
    }
}

bool MainWindow::showView(const QString& spec, QString* error) {
    if (spec == QLatin1String("overview")) showView(View::Overview);
    else if (spec == QLatin1String("cooling")) showView(View::Cooling);
    else if (spec == QLatin1String("racks")) showView(View::Racks);
    else if (spec == QLatin1String("host")) showView(View::Host);
    else if (spec == QLatin1String("latency") && latency_) tabs_->setCurrentWidget(latency_);
    else if (spec.startsWith(QLatin1String("host:")) && spec.size() > 5) showHost(spec.mid(5));
    else {
        if (error) *error = tr("unknown view '%1' (available: overview, host:NAME, cooling, racks, latency, audit)").arg(spec);
        return false;
    }
    return true;
}

void MainWindow::addLatencyView(LatencyView* view) {
    latency_ = view;
    tabs_->addTab(view, tr("Latency map"));
    QAction* show = new QAction(tr("&Latency map"), this);
    show->setShortcut(QKeySequence(QStringLiteral("Ctrl+5")));
    connect(show, &QAction::triggered, this, [this] { tabs_->setCurrentWidget(latency_); });
    view_->insertAction(view_->actions().value(4), show);
}

void MainWindow::showHost(const QString& name) {
    hostPage_->showHost(name);
    tabs_->setCurrentWidget(hostPage_);
}

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

}  // namespace fleetdeck
