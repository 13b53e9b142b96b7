#include "ui/dashboard/host_page.h"

#include <QDateTime>
#include <QFileDialog>
#include <QLabel>
#include <QMessageBox>
#include <QScrollArea>
#include <QStandardPaths>
#include <QVBoxLayout>

#include "ui/dashboard/palette.h"
#include "ui/dashboard/view_header.h"

namespace fleetdeck {

HostPage::HostPage(const TelemetryStore& store, FleetModel& fleet, QWidget* parent)
    : QWidget(parent), fleet_(fleet), history_(store) {
    makeHeaderControls();  // before the charts, so Tab reads the page from its top
    auto* content = new QWidget(this);
    auto* column = new QVBoxLayout(content);
    column->setContentsMargins(0, 0, 0, 0);
    charts_ = new HostCharts(history_, content);
    health_ = new GpuHealthPanel(content);
    processes_ = new GpuProcessesPanel(content);
    drift_ = new DriftPanel(content);
    software_ = new SoftwarePanel(content);
    platform_ = new PlatformPanel(content);
    sensors_ = new SensorPanel(content);
    // The charts first: where an operator checking cooling looks. Then the panels, in this order;
    // a broken GPU first among them, then who is on each GPU.
    panels_ = {health_, processes_, drift_, software_, platform_, sensors_};
    column->addWidget(charts_);
    for (HostPanel* panel : panels_) column->addWidget(panel);
    column->addStretch(1);
    connect(drift_, &DriftPanel::actionRequested, this, &HostPage::driftActionRequested);

    auto* scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setWidget(content);
    connectionLog_ = new ConnectionLogPanel(this);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(buildHeader());
    layout->addWidget(scroll, 1);
    // Below the scrolling panels, so it is one click away whatever the scroll position.
    layout->addWidget(connectionLog_);
    // Tab as the header reads (host, range, Pause, Reset zoom, Export), then the charts and panels.
    setTabOrder(hostChoice_, charts_->rangeChoice());
    setTabOrder(charts_->rangeChoice(), pause_);
    setTabOrder(pause_, charts_->resetButton());
    setTabOrder(charts_->resetButton(), export_);
}

void HostPage::makeHeaderControls() {
    hostChoice_ = new QComboBox(this);
    hostChoice_->setMinimumContentsLength(16);
    hostChoice_->setToolTip(tr("The host shown on this page"));
    connect(hostChoice_, &QComboBox::activated, this, [this] { showHost(hostChoice_->currentData().toString()); });
    pause_ = new QToolButton(this);
    pause_->setText(tr("Pause"));
    pause_->setCheckable(true);
    pause_->setToolTip(tr("Stop updating the charts (View ▸ Pause charts)"));
    connect(pause_, &QToolButton::toggled, this, &HostPage::setPaused);
    export_ = new QToolButton(this);
    export_->setText(tr("Export PNG…"));
    connect(export_, &QToolButton::clicked, this, &HostPage::exportWithDialog);
}

ViewHeader* HostPage::buildHeader() {
    header_ = new ViewHeader(ViewHeader::TitleSize::Large, this);
    header_->addLeadingWidget(new QLabel(tr("Host:"), this));
    header_->addLeadingWidget(hostChoice_);
    header_->addTrailingWidget(new QLabel(tr("Range:"), this));
    header_->addTrailingWidget(charts_->rangeChoice());
    header_->addTrailingWidget(pause_);
    header_->addTrailingWidget(charts_->resetButton());
    header_->addTrailingWidget(export_);
    return header_;
}

bool HostPage::open(const QString& argument) {
    if (!argument.isEmpty()) showHost(argument);
    else if (hostName().isEmpty() && fleet_.rowCount() > 0) showHost(fleet_.record(0).spec.name);
    return true;
}

QString HostPage::headerText() const { return header_->title() + QLatin1Char(' ') + header_->summary(); }

void HostPage::showHost(const QString& name) {
    charts_->hostShown(name != hostName());
    history_.setHost(name);
    connectionLog_->setHost(name);
    fillHostChoices();
    refresh(QDateTime::currentMSecsSinceEpoch());
}

void HostPage::showTimeRange(const QString& host, qint64 fromMs, qint64 toMs) {
    if (host != hostName()) showHost(host);
    charts_->showTimeRange(fromMs, toMs);
    updateHeader(QDateTime::currentMSecsSinceEpoch());
}

void HostPage::fillHostChoices() {
    QStringList names;
    for (int row = 0; row < fleet_.rowCount(); ++row) names << fleet_.record(row).spec.name;
    QStringList current;
    for (int i = 0; i < hostChoice_->count(); ++i) current << hostChoice_->itemData(i).toString();
    if (names != current) {
        hostChoice_->clear();
        for (int row = 0; row < fleet_.rowCount(); ++row) {
            const HostSpec& spec = fleet_.record(row).spec;
            hostChoice_->addItem(spec.isSimulated() ? tr("%1 (simulated)").arg(spec.name) : spec.name, spec.name);
        }
    }
    hostChoice_->setCurrentIndex(hostChoice_->findData(history_.hostName()));
}

void HostPage::updateHeader(qint64 nowMs) {
    const auto& rec = history_.record();
    if (!rec) {
        header_->setTitle(tr("No host chosen"));
        header_->setSummary(QString());
        header_->setFreshness(QString());
        return;
    }
    header_->setTitle(rec->spec.name);
    const HostHealth& health = rec->health;
    QString status = rec->spec.isSimulated() ? tr("simulated · ") : QString();
    // "offline: cannot connect …", not "offline — offline: …": the health word only where it adds to the state.
    status += stateText(rec->state);
    if (health.word != toString(rec->state) && health.word != stateText(rec->state)) status += tr(" — %1").arg(health.word);
    if (health.level >= HostHealth::Level::Warning && !health.reason.isEmpty()) status += tr(": %1").arg(health.reason);
    header_->setSummary(status, health.level >= HostHealth::Level::Warning ? healthColor(health.level) : QColor());
    header_->setFreshness(paused_ ? tr("paused") : freshnessText(rec->lastSampleAtMs, nowMs));
}

void HostPage::refresh(qint64 nowMs) {
    if (hostChoice_->count() != fleet_.rowCount()) fillHostChoices();
    connectionLog_->refresh();
    if (paused_) return;
    const bool fresh = history_.refresh();
    charts_->refresh(nowMs, fresh);
    const auto& rec = history_.record();
    for (HostPanel* panel : panels_) panel->showRecord(rec ? &*rec : nullptr);
    updateHeader(nowMs);
}

void HostPage::setPaused(bool paused) {
    paused_ = paused;
    if (pause_->isChecked() != paused) pause_->setChecked(paused);
    pause_->setText(paused ? tr("Resume") : tr("Pause"));
    header_->setFreshness(paused ? tr("paused") : QString());
}

Outcome HostPage::exportPng(const QString& path) {
    if (!grab().save(path, "PNG"))
        return Problem{ProblemCode::IoFailed, tr("cannot write %1: check the folder exists and is writable").arg(path)};
    return done();
}

void HostPage::exportWithDialog() {
    const QString suggested = QStandardPaths::writableLocation(QStandardPaths::PicturesLocation) +
                              QStringLiteral("/fleetdeck-%1-%2.png")
                                  .arg(hostName(), QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss")));
    const QString path = QFileDialog::getSaveFileName(this, tr("Export charts as PNG"), suggested, tr("PNG images (*.png)"));
    if (path.isEmpty()) return;
    if (const Outcome exported = exportPng(path); !exported)
        QMessageBox::warning(this, tr("Export failed"), exported.problem().shownMessage());
}

}  // namespace fleetdeck

#include "moc_host_page.cpp"
