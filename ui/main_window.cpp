#include "ui/main_window.h"

#include <QAction>
#include <QApplication>
#include <QHeaderView>
#include <QMenuBar>
#include <QMessageBox>
#include <QStatusBar>
#include <QVBoxLayout>

#include "ui/inventory_dialog.h"
#include "ui/audit/audit_viewer.h"
#include "ui/tuning/tuning_wizard.h"

namespace fleetdeck {

MainWindow::MainWindow(TelemetryStore& store, QWidget* parent)
    : QMainWindow(parent), store_(store), model_(store) {
    setWindowTitle(tr("FleetDeck"));
    auto* central = new QWidget(this);
    auto* layout = new QVBoxLayout(central);
    header_ = new QLabel(central);
    header_->setTextFormat(Qt::PlainText);
    QFont headerFont = header_->font();
    headerFont.setPointSizeF(headerFont.pointSizeF() * 1.2);
    headerFont.setBold(true);
    header_->setFont(headerFont);
    layout->addWidget(header_);

    table_ = new QTableView(central);
    table_->setModel(&model_);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setAlternatingRowColors(true);
    table_->verticalHeader()->hide();
    table_->horizontalHeader()->setStretchLastSection(true);
    table_->setWordWrap(false);
    QFont mono = table_->font();
    mono.setStyleHint(QFont::TypeWriter);
    table_->setFont(mono);
    layout->addWidget(table_);
    setCentralWidget(central);

    buildMenus();
    connect(&repaintTimer_, &QTimer::timeout, this, &MainWindow::refreshNow);
    repaintTimer_.start(250);
    refreshNow();
    resize(1100, 640);
}

void MainWindow::buildMenus() {
    QMenu* file = menuBar()->addMenu(tr("&File"));
    QAction* quit = file->addAction(tr("&Quit"), qApp, &QApplication::quit);
    quit->setShortcut(QKeySequence::Quit);
    QMenu* fleet = menuBar()->addMenu(tr("F&leet"));
    fleet->addAction(tr("&Inventory…"), QKeySequence(Qt::CTRL | Qt::Key_I), this, [this] {
        if (editInventory(this)) emit inventorySaved();
    });
    QMenu* tools = menuBar()->addMenu(tr("&Tools"));
    QAction* auditLog = tools->addAction(tr("&Audit log…"), this, [this] { openAuditViewer(this); });
    auditLog->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_L));
    QAction* wizard = tools->addAction(tr("&Tuning wizard…"), this, [this] { openTuningWizard(); });
    wizard->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_T));
    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&About FleetDeck"), this, [this] {
        QMessageBox::about(this, tr("About FleetDeck"),
                           tr("FleetDeck %1\nLive telemetry, tuning and audit for GPU servers.")
                               .arg(QApplication::applicationVersion()));
    });
}

void MainWindow::refreshNow() {
    if (!model_.refresh()) return;
    updateHeader();
    table_->resizeColumnsToContents();
    table_->horizontalHeader()->setStretchLastSection(true);
}

void MainWindow::updateHeader() {
    int connected = 0;
    for (int row = 0; row < model_.rowCount(); ++row)
        if (model_.record(row).state == HostState::Connected) ++connected;
    const int hosts = model_.rowCount();
    header_->setText(tr("Fleet — %1 %2, %3 connected")
                         .arg(hosts)
                         .arg(hosts == 1 ? tr("host") : tr("hosts"))
                         .arg(connected));
    statusBar()->showMessage(tr("Live: samples every second, list refreshed 4 times a second"));
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
