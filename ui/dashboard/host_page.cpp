#include "ui/dashboard/host_page.h"

#include <QFileDialog>
#include <QGridLayout>
#include <QHeaderView>
#include <QMessageBox>
#include <QPainter>
#include <QScrollArea>
#include <QStandardPaths>
#include <QVBoxLayout>

#include "ui/dashboard/palette.h"
#include "ui/dashboard/view_header.h"

namespace fleetdeck {

HostPage::HostPage(const TelemetryStore& store, FleetModel& fleet, QWidget* parent)
    : QWidget(parent), fleet_(fleet), history_(store), sensors_(this), gpuHealth_(this) {
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(buildHeader());

    chartsArea_ = new QWidget;
    auto* grid = new QGridLayout(chartsArea_);
    grid->setContentsMargins(0, 0, 0, 0);
    cpuUtil_ = new ChartPanel(tr("CPU utilization"), tr("%"), 100.0);
    cpuTemp_ = new ChartPanel(tr("Hottest CPU sensor"), tr("°C"));
    network_ = new ChartPanel(tr("Network, all interfaces"), tr("MB/s"));
    network_->setValueScale(1e6);
    gpuTemp_ = new ChartPanel(tr("GPU temperature (dashed: 60–80 °C target band, red: slowdown)"), tr("°C"));
    gpuUtil_ = new ChartPanel(tr("GPU utilization"), tr("%"), 100.0);
    gpuPower_ = new ChartPanel(tr("GPU board power"), tr("W"));
    gpuClock_ = new ChartPanel(tr("GPU SM clock"), tr("MHz"));
    cpuUtil_->setSeries({{tr("CPU"), HostHistoryModel::CpuUtil, seriesColor(0)}});
    cpuTemp_->setSeries({{tr("CPU"), HostHistoryModel::CpuTemp, seriesColor(3)}});
    network_->setSeries({{tr("received"), HostHistoryModel::NicRx, seriesColor(0)},
                         {tr("sent"), HostHistoryModel::NicTx, seriesColor(1)}});
    grid->addWidget(cpuUtil_, 1, 0);
    grid->addWidget(cpuTemp_, 1, 1);
    grid->addWidget(network_, 1, 2);
    grid->addWidget(gpuTemp_, 2, 0);
    grid->addWidget(gpuUtil_, 2, 1);
    grid->addWidget(gpuPower_, 2, 2);
    grid->addWidget(gpuClock_, 3, 0);
    sensorTable_ = new QTableView;
    sensorTable_->setModel(&sensors_);
    sensorTable_->verticalHeader()->hide();
    sensorTable_->setAlternatingRowColors(true);
    sensorTable_->setWordWrap(false);
    sensorTable_->horizontalHeader()->setStretchLastSection(true);
    sensorTable_->setMinimumHeight(230);
    grid->addWidget(sensorTable_, 3, 1, 1, 2);
    // The GPUs' health first: a broken GPU matters more than its charts.
    grid->addWidget(buildHealthPanel(), 0, 0, 1, 3);
    for (int c = 0; c < 3; ++c) grid->setColumnStretch(c, 1);

    auto* scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setWidget(chartsArea_);
    layout->addWidget(scroll, 1);
}

ViewHeader* HostPage::buildHeader() {
    header_ = new ViewHeader(ViewHeader::TitleSize::Large, this);
    hostChoice_ = new QComboBox(this);
    hostChoice_->setMinimumContentsLength(16);
    hostChoice_->setToolTip(tr("The host shown on this page"));
    connect(hostChoice_, &QComboBox::activated, this, [this] { showHost(hostChoice_->currentData().toString()); });
    pause_ = new QToolButton(this);
    pause_->setText(tr("Pause"));
    pause_->setCheckable(true);
    pause_->setToolTip(tr("Stop updating the charts (View ▸ Pause charts)"));
    connect(pause_, &QToolButton::toggled, this, &HostPage::setPaused);
    auto* reset = new QToolButton(this);
    reset->setText(tr("Reset zoom"));
    reset->setToolTip(tr("Drag across a chart to zoom into a time range; this shows the last 15 minutes again"));
    connect(reset, &QToolButton::clicked, this, &HostPage::resetZoom);
    auto* exportButton = new QToolButton(this);
    exportButton->setText(tr("Export PNG…"));
    connect(exportButton, &QToolButton::clicked, this, &HostPage::exportWithDialog);
    header_->addLeadingWidget(new QLabel(tr("Host:"), this));
    header_->addLeadingWidget(hostChoice_);
    header_->addTrailingWidget(pause_);
    header_->addTrailingWidget(reset);
    header_->addTrailingWidget(exportButton);
    return header_;
}

QWidget* HostPage::buildHealthPanel() {
    healthPanel_ = new QWidget(this);
    auto* layout = new QVBoxLayout(healthPanel_);
    layout->setContentsMargins(0, 0, 0, 8);
    auto* title = new QLabel(tr("GPU health"), healthPanel_);
    QFont bold = title->font();
    bold.setBold(true);
    title->setFont(bold);
    findings_ = new QLabel(healthPanel_);
    findings_->setTextFormat(Qt::PlainText);  // finding texts quote the driver's messages
    findings_->setWordWrap(true);
    findings_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    healthTable_ = new QTableView(healthPanel_);
    healthTable_->setModel(&gpuHealth_);
    healthTable_->verticalHeader()->hide();
    healthTable_->setAlternatingRowColors(true);
    healthTable_->setWordWrap(false);
    healthTable_->horizontalHeader()->setStretchLastSection(true);
    healthTable_->setMinimumHeight(120);
    layout->addWidget(title);
    layout->addWidget(findings_);
    layout->addWidget(healthTable_);
    return healthPanel_;
}

QString HostPage::findingsText() const { return findings_->text(); }

void HostPage::updateHealth(const HostRecord& record) {
    const protocol::Sample& sample = *record.latest;
    const bool hasNvidia = std::any_of(sample.gpus.begin(), sample.gpus.end(), [](const auto& g) { return g.vendor == "nvidia"; });
    healthPanel_->setVisible(hasNvidia);
    if (!hasNvidia) return;
    const bool first = gpuHealth_.rowCount() == 0;
    gpuHealth_.setSample(sample, record.findings);
    if (first) healthTable_->resizeColumnsToContents();
    healthTable_->setFixedHeight(healthTable_->horizontalHeader()->height() + 4 +
                                 healthTable_->verticalHeader()->defaultSectionSize() * gpuHealth_.rowCount());
    QStringList lines;
    for (const GpuFinding& f : record.findings) lines << QStringLiteral("%1 — %2").arg(toString(f.severity).toUpper(), f.text);
    if (lines.isEmpty()) {
        findings_->setText(tr("No findings: no lost GPUs, memory errors, XIDs or link faults."));
        findings_->setStyleSheet(QString());
    } else {
        findings_->setText(lines.join(QLatin1Char('\n')));
        const bool critical = record.findings.front().severity == FindingSeverity::Critical;
        findings_->setStyleSheet(QStringLiteral("color: %1").arg(healthColor(critical ? HostHealth::Level::Critical : HostHealth::Level::Warning).name()));
    }
}

bool HostPage::open(const QString& argument) {
    if (!argument.isEmpty()) showHost(argument);
    else if (hostName().isEmpty() && fleet_.rowCount() > 0) showHost(fleet_.record(0).spec.name);
    return true;
}

QString HostPage::headerText() const { return header_->title() + QLatin1Char(' ') + header_->summary(); }

void HostPage::showHost(const QString& name) {
    history_.setHost(name);
    seriesGpus_ = -1;
    fillHostChoices();
    refresh(QDateTime::currentMSecsSinceEpoch());
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

void HostPage::rebuildSeries() {
    const int gpus = history_.gpuCount();
    if (gpus == seriesGpus_) return;
    seriesGpus_ = gpus;
    const auto perGpu = [gpus](HostHistoryModel::GpuMetric metric) {
        std::vector<ChartPanel::SeriesSpec> specs;
        for (int g = 0; g < gpus; ++g)
            specs.push_back({QStringLiteral("GPU %1").arg(g), HostHistoryModel::gpuColumn(g, metric), seriesColor(g)});
        return specs;
    };
    gpuTemp_->setSeries(perGpu(HostHistoryModel::GpuMetric::Temp));
    gpuUtil_->setSeries(perGpu(HostHistoryModel::GpuMetric::Util));
    gpuPower_->setSeries(perGpu(HostHistoryModel::GpuMetric::Power));
    gpuClock_->setSeries(perGpu(HostHistoryModel::GpuMetric::SmClock));
    std::vector<std::pair<double, QColor>> lines = {{kTargetBandLowC, bandColor(TemperatureBand::Target)},
                                                    {kTargetBandHighC, bandColor(TemperatureBand::Target)}};
    const auto& rec = history_.record();
    if (rec && !rec->summary.gpus.empty() && rec->summary.gpus.front().temp_slowdown_c)
        lines.push_back({*rec->summary.gpus.front().temp_slowdown_c, bandColor(TemperatureBand::Slowdown)});
    gpuTemp_->setReferenceLines(lines);
    for (ChartPanel* p : {gpuTemp_, gpuUtil_, gpuPower_, gpuClock_}) p->setVisible(gpus > 0);
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
    status += QStringLiteral("%1 — %2").arg(toString(rec->state), health.word);
    if (health.level >= HostHealth::Level::Warning) status += QStringLiteral(": ") + health.reason;
    header_->setSummary(status, health.level >= HostHealth::Level::Warning ? healthColor(health.level) : QColor());
    header_->setFreshness(paused_ ? tr("paused") : freshnessText(rec->lastSampleAtMs, nowMs));
}

void HostPage::refresh(qint64 nowMs) {
    if (hostChoice_->count() != fleet_.rowCount()) fillHostChoices();
    if (paused_) return;
    history_.refresh();
    rebuildSeries();
    for (ChartPanel* p : {cpuUtil_, cpuTemp_, network_, gpuTemp_, gpuUtil_, gpuPower_, gpuClock_}) p->updateFrom(history_, nowMs);
    const auto& rec = history_.record();
    if (rec && rec->latest) {
        const bool first = sensors_.rowCount() == 0;
        sensors_.setSample(*rec->latest);
        if (first) sensorTable_->resizeColumnsToContents();
        updateHealth(*rec);
    } else {
        healthPanel_->setVisible(false);
    }
    updateHeader(nowMs);
}

void HostPage::setPaused(bool paused) {
    paused_ = paused;
    if (pause_->isChecked() != paused) pause_->setChecked(paused);
    pause_->setText(paused ? tr("Resume") : tr("Pause"));
    header_->setFreshness(paused ? tr("paused") : QString());
}

void HostPage::resetZoom() {
    for (ChartPanel* p : {cpuUtil_, cpuTemp_, network_, gpuTemp_, gpuUtil_, gpuPower_, gpuClock_}) p->resetZoom();
    refresh(QDateTime::currentMSecsSinceEpoch());
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
        QMessageBox::warning(this, tr("Export failed"), exported.problem().message);
}

}  // namespace fleetdeck
