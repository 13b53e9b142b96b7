#include "ui/dashboard/host_page.h"

#include <QClipboard>
#include <QFileDialog>
#include <QDateTime>
#include <QFontDatabase>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QScrollBar>
#include <QGridLayout>
#include <QHeaderView>
#include <QMessageBox>
#include <QPainter>
#include <QScrollArea>
#include <QSettings>
#include <QStandardPaths>
#include <QLabel>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include <set>

#include "app/dashboard/software_facts_text.h"
#include "app/untrusted/remote_text.h"
#include "ui/dashboard/palette.h"
#include "ui/dashboard/platform_panel.h"
#include "ui/dashboard/view_header.h"

namespace fleetdeck {

namespace {
const QString kRangeKey = QStringLiteral("hostPage/rangeMs");
}  // namespace

HostPage::HostPage(const TelemetryStore& store, FleetModel& fleet, QWidget* parent)
    : QWidget(parent), fleet_(fleet), history_(store), sensors_(this), gpuHealth_(this) {
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(buildHeader());
    source_ = new QLabel(this);
    source_->setTextFormat(Qt::PlainText);
    source_->setWordWrap(true);
    source_->setForegroundRole(QPalette::PlaceholderText);
    layout->addWidget(source_);
    connect(&loadWatcher_, &QFutureWatcherBase::finished, this, &HostPage::applyLoaded);
    connect(&history_, &QAbstractItemModel::modelReset, this, [this] { ++modelGeneration_; });

    chartsArea_ = new QWidget;
    auto* grid = new QGridLayout(chartsArea_);
    grid->setContentsMargins(0, 0, 0, 0);
    cpuUtil_ = new ChartPanel(tr("CPU utilization"), tr("%"), 100.0);
    cpuTemp_ = new ChartPanel(tr("Hottest CPU sensor"), tr("°C"));
    network_ = new ChartPanel(tr("Network, all interfaces"), tr("MB/s"));
    network_->setValueScale(1e6);
    gpuTemp_ = new ChartPanel(gpuTemperatureTitle(), tr("°C"));
    gpuUtil_ = new ChartPanel(tr("GPU utilization"), tr("%"), 100.0);
    gpuPower_ = new ChartPanel(tr("GPU board power"), tr("W"));
    gpuClock_ = new ChartPanel(tr("GPU SM clock"), tr("MHz"));
    for (ChartPanel* chart : charts()) {
        connect(chart, &ChartPanel::rangeSelected, this, [this](qint64 from, qint64 to) { setWindow(from, to); });
        connect(chart, &ChartPanel::panRequested, this, &HostPage::panBy);
        connect(chart, &ChartPanel::zoomRequested, this, &HostPage::zoomBy);
    }
    cpuUtil_->setSeries({{tr("CPU"), HostHistoryModel::CpuUtil, seriesColor(0)}});
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
    noSensors_ = new QLabel(tr("No readings yet: the host has not sent a sample"));
    noSensors_->setObjectName(QStringLiteral("no_sensor_readings"));
    noSensors_->setTextFormat(Qt::PlainText);
    noSensors_->setForegroundRole(QPalette::PlaceholderText);
    (new QVBoxLayout(sensorTable_->viewport()))->addWidget(noSensors_, 0, Qt::AlignCenter);
    grid->addWidget(sensorTable_, 3, 1, 1, 2);
    // The GPUs' health first: a broken GPU matters more than its charts; then what drifted.
    auto* top = new QWidget;
    auto* topLayout = new QVBoxLayout(top);
    topLayout->setContentsMargins(0, 0, 0, 0);
    topLayout->addWidget(buildHealthPanel());
    topLayout->addWidget(buildDriftPanel());
    topLayout->addWidget(buildSoftwarePanel());
    platform_ = new PlatformPanel(top);
    topLayout->addWidget(platform_);
    // As tall as what it shows: the charts below take the rest.
    top->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
    grid->addWidget(top, 0, 0, 1, 3);
    for (int c = 0; c < 3; ++c) grid->setColumnStretch(c, 1);

    auto* scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setWidget(chartsArea_);
    layout->addWidget(scroll, 1);
    // Below the scrolling charts, so it is one click away whatever the scroll position.
    layout->addWidget(buildConnectionLog());
}

// Collapsed by default: it is for when a host does not connect, or connects oddly.
QWidget* HostPage::buildConnectionLog() {
    auto* box = new QWidget(this);
    auto* layout = new QVBoxLayout(box);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* bar = new QHBoxLayout;
    connectionLogToggle_ = new QToolButton(box);
    connectionLogToggle_->setObjectName(QStringLiteral("connection_log_toggle"));
    connectionLogToggle_->setText(tr("Connection log"));
    connectionLogToggle_->setCheckable(true);
    connectionLogToggle_->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    connectionLogToggle_->setArrowType(Qt::RightArrow);
    connectionLogToggle_->setAutoRaise(true);
    connectionLogToggle_->setToolTip(tr("How FleetDeck reached this host, step by step: the options, the host key, each login "
                                        "method, where the agent came from, and what the agent wrote on stderr"));
    auto* copy = new QToolButton(box);
    copy->setObjectName(QStringLiteral("connection_log_copy"));
    copy->setText(tr("Copy"));
    copy->setToolTip(tr("Copy the connection log to the clipboard"));
    connect(copy, &QToolButton::clicked, this, &HostPage::copyConnectionLog);
    bar->addWidget(connectionLogToggle_);
    bar->addStretch();
    bar->addWidget(copy);
    layout->addLayout(bar);
    connectionLogBody_ = new QWidget(box);
    auto* bodyLayout = new QVBoxLayout(connectionLogBody_);
    bodyLayout->setContentsMargins(0, 0, 0, 0);
    connectionLog_ = new QPlainTextEdit(connectionLogBody_);  // plain text: the agent's and servers' words are never markup
    connectionLog_->setObjectName(QStringLiteral("connection_log"));
    connectionLog_->setReadOnly(true);
    connectionLog_->setLineWrapMode(QPlainTextEdit::NoWrap);
    connectionLog_->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    connectionLog_->setMinimumHeight(180);
    connectionLog_->setPlaceholderText(tr("Nothing yet: this host has not been connected to since FleetDeck started."));
    bodyLayout->addWidget(connectionLog_);
    layout->addWidget(connectionLogBody_);
    connectionLogBody_->setVisible(false);
    copy->setVisible(false);
    connect(connectionLogToggle_, &QToolButton::toggled, this, [this, copy](bool on) {
        connectionLogToggle_->setArrowType(on ? Qt::DownArrow : Qt::RightArrow);
        connectionLogBody_->setVisible(on);
        copy->setVisible(on);
        if (on) updateConnectionLog();
    });
    return box;
}

void HostPage::setConnectionLogExpanded(bool expanded) { connectionLogToggle_->setChecked(expanded); }

bool HostPage::connectionLogExpanded() const { return connectionLogToggle_->isChecked(); }

void HostPage::copyConnectionLog() { QGuiApplication::clipboard()->setText(connectionLog_->toPlainText()); }

// Redrawn only when the host's buffer changed, and kept scrolled to the newest line unless the
// user scrolled up to read.
void HostPage::updateConnectionLog() {
    if (!diagnostics_ || !connectionLogBody_->isVisible()) return;
    const std::uint64_t generation = diagnostics_->generation();
    if (generation == shownDiagnostics_) return;
    shownDiagnostics_ = generation;
    QScrollBar* bar = connectionLog_->verticalScrollBar();
    const bool atEnd = bar->value() >= bar->maximum();
    connectionLog_->setPlainText(diagnostics_->text());
    if (atEnd) bar->setValue(bar->maximum());
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
    rangeChoice_ = new QComboBox(this);
    const QStringList rangeNames = {tr("15 minutes"), tr("1 hour"), tr("6 hours"), tr("24 hours"), tr("7 days"), tr("30 days")};
    for (std::size_t i = 0; i < std::size(kRangesMs); ++i) rangeChoice_->addItem(rangeNames[static_cast<int>(i)], kRangesMs[i]);
    rangeChoice_->setToolTip(tr("How far back the charts reach; beyond 15 minutes they show what FleetDeck recorded"));
    connect(rangeChoice_, &QComboBox::activated, this, [this] { setRange(rangeChoice_->currentData().toLongLong()); });
    // The range chosen last time, when it is one the selector offers.
    if (const qint64 saved = QSettings().value(kRangeKey).toLongLong(); std::find(std::begin(kRangesMs), std::end(kRangesMs), saved) != std::end(kRangesMs)) {
        spanMs_ = saved;
        rangeChoice_->setCurrentIndex(rangeChoice_->findData(saved));
    }
    auto* reset = new QToolButton(this);
    reset->setText(tr("Reset zoom"));
    reset->setToolTip(tr("Drag across a chart to zoom into a time range; this shows the chosen range, live, again"));
    connect(reset, &QToolButton::clicked, this, &HostPage::resetZoom);
    auto* exportButton = new QToolButton(this);
    exportButton->setText(tr("Export PNG…"));
    connect(exportButton, &QToolButton::clicked, this, &HostPage::exportWithDialog);
    header_->addLeadingWidget(new QLabel(tr("Host:"), this));
    header_->addLeadingWidget(hostChoice_);
    header_->addTrailingWidget(new QLabel(tr("Range:"), this));
    header_->addTrailingWidget(rangeChoice_);
    header_->addTrailingWidget(pause_);
    header_->addTrailingWidget(reset);
    header_->addTrailingWidget(exportButton);
    return header_;
}

QWidget* HostPage::buildHealthPanel() {
    healthPanel_ = new QWidget(this);
    auto* layout = new QVBoxLayout(healthPanel_);
    layout->setContentsMargins(0, 0, 0, 8);
    auto* title = sectionTitle(tr("GPU health"), healthPanel_);
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

// What the host runs (guide §3.1–§3.3), from its facts: read once when it connects.
QWidget* HostPage::buildSoftwarePanel() {
    softwarePanel_ = new QWidget(this);
    auto* layout = new QVBoxLayout(softwarePanel_);
    layout->setContentsMargins(0, 0, 0, 8);
    auto* title = sectionTitle(tr("System software"), softwarePanel_);
    software_ = new QLabel(softwarePanel_);
    software_->setObjectName(QStringLiteral("software_facts"));
    software_->setTextFormat(Qt::PlainText);
    software_->setWordWrap(true);
    software_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(title);
    layout->addWidget(software_);
    softwarePanel_->setVisible(false);
    return softwarePanel_;
}

void HostPage::updateSoftware(const HostRecord& record) {
    softwarePanel_->setVisible(record.facts.has_value());
    const QString text = record.facts ? SoftwareFactsText::lines(*record.facts).join(QLatin1Char('\n')) : QString();
    if (software_->text() != text) software_->setText(text);
}

QString HostPage::softwareText() const { return softwarePanel_->isVisibleTo(this) ? software_->text() : QString(); }
QString HostPage::platformText() const { return platform_->isVisibleTo(this) ? platform_->model().text() : QString(); }

QWidget* HostPage::buildDriftPanel() {
    driftPanel_ = new QWidget(this);
    auto* layout = new QVBoxLayout(driftPanel_);
    layout->setContentsMargins(0, 0, 0, 8);
    auto* title = sectionTitle(tr("Drift from what was pushed"), driftPanel_);
    driftSummary_ = new QLabel(driftPanel_);
    driftSummary_->setTextFormat(Qt::PlainText);  // the problem text comes from the host or the log
    driftSummary_->setWordWrap(true);
    driftTable_ = new QTableWidget(0, 3, driftPanel_);
    driftTable_->setHorizontalHeaderLabels({tr("Setting"), tr("Cause"), tr("What happened")});
    driftTable_->verticalHeader()->hide();
    driftTable_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    driftTable_->setSelectionBehavior(QAbstractItemView::SelectRows);
    driftTable_->setWordWrap(false);
    driftTable_->horizontalHeader()->setStretchLastSection(true);
    reapply_ = new QPushButton(tr("Re-apply"), driftPanel_);
    reapply_->setToolTip(tr("Push the selected settings (all when none is selected) again with the pushed values: the same "
                            "transactional push, audited as a re-apply of the original push"));
    makePersistent_ = new QPushButton(tr("Make persistent"), driftPanel_);
    makePersistent_->setToolTip(tr("Push the settings a reboot dropped again, persistently (a sysctl.d file or the "
                                   "like), so the next reboot keeps them"));
    accept_ = new QPushButton(tr("Accept current"), driftPanel_);
    accept_->setToolTip(tr("Record in the audit log that the current values are the desired ones from now on; "
                           "nothing changes on the host"));
    const auto request = [this](DriftAction action) {
        if (const auto findings = findingsFor(action); !findings.empty())
            emit driftActionRequested(action, shownDriftHost_, findings);
    };
    connect(reapply_, &QPushButton::clicked, this, [request] { request(DriftAction::Reapply); });
    connect(makePersistent_, &QPushButton::clicked, this, [request] { request(DriftAction::MakePersistent); });
    connect(accept_, &QPushButton::clicked, this, [request] { request(DriftAction::AcceptCurrent); });
    connect(driftTable_, &QTableWidget::itemSelectionChanged, this, [this] {
        if (const auto& rec = history_.record()) updateDrift(*rec);
    });
    driftStatus_ = new QLabel(driftPanel_);
    driftStatus_->setTextFormat(Qt::PlainText);  // push outcomes quote the hosts
    driftStatus_->setWordWrap(true);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(reapply_);
    buttons->addWidget(makePersistent_);
    buttons->addWidget(accept_);
    buttons->addWidget(driftStatus_, 1);
    layout->addWidget(title);
    layout->addWidget(driftSummary_);
    layout->addWidget(driftTable_);
    layout->addLayout(buttons);
    driftPanel_->setVisible(false);
    return driftPanel_;
}

QString HostPage::driftSummaryText() const { return driftSummary_->text(); }
QString HostPage::driftStatusText() const { return driftStatus_->text(); }

QPushButton& HostPage::driftButton(DriftAction action) {
    switch (action) {
    case DriftAction::Reapply: return *reapply_;
    case DriftAction::MakePersistent: return *makePersistent_;
    case DriftAction::AcceptCurrent: return *accept_;
    }
    return *reapply_;
}

std::vector<drift::DriftFinding> HostPage::findingsFor(DriftAction action) const {
    std::set<int> selected;
    for (const QModelIndex& index : driftTable_->selectionModel()->selectedRows()) selected.insert(index.row());
    std::vector<drift::DriftFinding> out;
    for (int row = 0; row < static_cast<int>(shownDrift_.findings.size()); ++row) {
        const drift::DriftFinding& f = shownDrift_.findings[static_cast<std::size_t>(row)];
        if (!selected.empty() && !selected.count(row)) continue;
        if (action == DriftAction::MakePersistent && f.cause != drift::DriftCause::RebootRuntimeOnly) continue;
        if (action == DriftAction::AcceptCurrent && f.current.is_null()) continue;  // no single value to accept
        out.push_back(f);
    }
    return out;
}

void HostPage::setDriftActionStatus(const QString& host, const QString& text, bool busy) {
    driftActionStatus_[host] = {text, busy};
    if (const auto& rec = history_.record(); rec && rec->spec.name == host) updateDrift(*rec);
}

void HostPage::updateDrift(const HostRecord& record) {
    const HostDrift& d = record.drift;
    const bool hasDesired = d.status == HostDrift::Status::Checked || d.status == HostDrift::Status::Failed;
    driftPanel_->setVisible(hasDesired);
    if (!hasDesired) return;
    const QString checked = QDateTime::fromMSecsSinceEpoch(d.checkedAtMs).toString(QStringLiteral("HH:mm"));
    if (d.status == HostDrift::Status::Failed) {
        driftSummary_->setText(tr("The drift check at %1 failed: %2").arg(checked, QString::fromStdString(d.problem)));
    } else if (d.findings.empty()) {
        driftSummary_->setText(tr("All %1 pushed settings have the pushed values (checked at %2).").arg(d.desiredSettings).arg(checked));
    } else {
        driftSummary_->setText(tr("%1 of %2 pushed settings no longer have the pushed value (checked at %3).")
                                   .arg(d.findings.size()).arg(d.desiredSettings).arg(checked));
    }
    driftSummary_->setStyleSheet(d.findings.empty() ? QString() : QStringLiteral("color: #b25e00"));
    if (!(d == shownDrift_) || record.spec.name != shownDriftHost_) {
        shownDrift_ = d;
        shownDriftHost_ = record.spec.name;
        driftTable_->setRowCount(static_cast<int>(d.findings.size()));
        for (int row = 0; row < driftTable_->rowCount(); ++row) {
            const drift::DriftFinding& f = d.findings[static_cast<std::size_t>(row)];
            // QTableWidgetItem shows text as plain text: values and file names from the host stay inert.
            driftTable_->setItem(row, 0, new QTableWidgetItem(QString::fromStdString(f.id)));
            driftTable_->setItem(row, 1, new QTableWidgetItem(QString::fromLatin1(drift::toString(f.cause).data())));
            const QString shown = QString::fromStdString(f.shown());
            driftTable_->setItem(row, 2, new QTableWidgetItem(shown));
            driftTable_->item(row, 2)->setToolTip(plainToolTip(shown));
        }
        driftTable_->resizeColumnsToContents();
        driftTable_->setFixedHeight(driftTable_->horizontalHeader()->height() + 4 +
                                    driftTable_->verticalHeader()->defaultSectionSize() * std::max(1, driftTable_->rowCount()));
    }
    driftTable_->setVisible(!d.findings.empty());
    const auto status = driftActionStatus_.find(record.spec.name);
    const bool busy = status != driftActionStatus_.end() && status->second.second;
    driftStatus_->setText(status != driftActionStatus_.end() ? status->second.first : QString());
    reapply_->setEnabled(!busy && !findingsFor(DriftAction::Reapply).empty());
    makePersistent_->setEnabled(!busy && !findingsFor(DriftAction::MakePersistent).empty());
    accept_->setEnabled(!busy && !findingsFor(DriftAction::AcceptCurrent).empty());
    for (QPushButton* b : {reapply_, makePersistent_, accept_}) b->setVisible(!d.findings.empty());
}

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
    for (const GpuFinding& f : record.findings) lines << QStringLiteral("%1 — %2").arg(shownSeverity(f.severity).toUpper(), f.shown());
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
    if (name != hostName()) {
        loaded_ = {};
        storedPoints_.reset();
    }
    history_.setHost(name);
    diagnostics_ = diagnosticBufferFor(name);
    shownDiagnostics_ = ~std::uint64_t{0};
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
    using Aggregate = HostHistoryModel::Aggregate;
    const auto perGpu = [gpus](HostHistoryModel::GpuMetric metric, Aggregate aggregate) {
        std::vector<ChartPanel::SeriesSpec> specs;
        for (int g = 0; g < gpus; ++g)
            specs.push_back({QStringLiteral("GPU %1").arg(g), HostHistoryModel::gpuColumn(g, metric), seriesColor(g), aggregate});
        return specs;
    };
    // Over a downsampled point, temperatures show their peak and clocks their low: what an
    // operator looks for (a spike to 87 °C, a clock drop) must not average away.
    gpuTemp_->setSeries(perGpu(HostHistoryModel::GpuMetric::Temp, Aggregate::Max));
    gpuUtil_->setSeries(perGpu(HostHistoryModel::GpuMetric::Util, Aggregate::Mean));
    gpuPower_->setSeries(perGpu(HostHistoryModel::GpuMetric::Power, Aggregate::Mean));
    gpuClock_->setSeries(perGpu(HostHistoryModel::GpuMetric::SmClock, Aggregate::Min));
    cpuTemp_->setSeries({{tr("CPU"), HostHistoryModel::CpuTemp, seriesColor(3), Aggregate::Max}});
    updateBandLines();
    for (ChartPanel* p : {gpuTemp_, gpuUtil_, gpuPower_, gpuClock_}) p->setVisible(gpus > 0);
}

QString HostPage::gpuTemperatureTitle() const {
    return tr("GPU temperature (dashed: %1 band, red: slowdown)").arg(bandName(TemperatureBand::Target));
}

void HostPage::targetBandChanged() {
    gpuTemp_->setTitle(gpuTemperatureTitle());
    updateBandLines();
}

void HostPage::updateBandLines() {
    const TargetBand target = targetBand();
    std::vector<std::pair<double, QColor>> lines = {{target.lowC, bandColor(TemperatureBand::Target)},
                                                    {target.highC, bandColor(TemperatureBand::Target)}};
    const auto& rec = history_.record();
    if (rec && !rec->summary.gpus.empty() && rec->summary.gpus.front().temp_slowdown_c)
        lines.push_back({*rec->summary.gpus.front().temp_slowdown_c, bandColor(TemperatureBand::Slowdown)});
    gpuTemp_->setReferenceLines(lines);
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
    updateConnectionLog();
    if (paused_) return;
    const bool fresh = history_.refresh();
    loadIfDue(nowMs);
    if (fresh) useRingOrStored(nowMs);
    rebuildSeries();
    drawCharts(nowMs);
    const auto& rec = history_.record();
    if (rec && rec->latest) {
        const bool first = sensors_.rowCount() == 0;
        sensors_.setSample(*rec->latest);
        if (first) sensorTable_->resizeColumnsToContents();
        updateHealth(*rec);
    } else {
        sensors_.clear();  // not the last host's readings
        healthPanel_->setVisible(false);
    }
    noSensors_->setVisible(sensors_.rowCount() == 0);
    if (rec) updateDrift(*rec);
    if (rec) updateSoftware(*rec);
    else softwarePanel_->setVisible(false);
    platform_->setFacts(rec ? rec->facts : std::nullopt);
    updateHeader(nowMs);
}

void HostPage::setPaused(bool paused) {
    paused_ = paused;
    if (pause_->isChecked() != paused) pause_->setChecked(paused);
    pause_->setText(paused ? tr("Resume") : tr("Pause"));
    header_->setFreshness(paused ? tr("paused") : QString());
}

void HostPage::resetZoom() { setRange(spanMs_); }

std::vector<ChartPanel*> HostPage::charts() const { return {cpuUtil_, cpuTemp_, network_, gpuTemp_, gpuUtil_, gpuPower_, gpuClock_}; }

void HostPage::setStoredHistory(std::shared_ptr<const StoredHistory> stored) {
    stored_ = std::move(stored);
    loaded_ = {};
    storedPoints_.reset();
}

void HostPage::setRange(qint64 spanMs) {
    spanMs_ = spanMs;
    QSettings().setValue(kRangeKey, spanMs);
    live_ = true;
    rangeChoice_->setCurrentIndex(std::max(0, rangeChoice_->findData(spanMs)));
    redraw();
}

void HostPage::showTimeRange(const QString& host, qint64 fromMs, qint64 toMs) {
    if (host != hostName()) showHost(host);
    // The smallest range that holds it, so "Reset zoom" goes somewhere sensible.
    spanMs_ = kRangesMs[std::size(kRangesMs) - 1];
    for (qint64 span : kRangesMs)
        if (span >= toMs - fromMs) {
            spanMs_ = span;
            break;
        }
    rangeChoice_->setCurrentIndex(std::max(0, rangeChoice_->findData(spanMs_)));
    setWindow(fromMs, toMs);
}

void HostPage::setWindow(qint64 fromMs, qint64 toMs) {
    const qint64 nowMs = QDateTime::currentMSecsSinceEpoch();
    toMs = std::min(toMs, nowMs);
    fromMs = std::min(fromMs, toMs - 10'000);
    live_ = false;
    fixedFrom_ = fromMs;
    fixedTo_ = toMs;
    redraw();
}

void HostPage::redraw() {
    const qint64 nowMs = QDateTime::currentMSecsSinceEpoch();
    drawnWindow_ = {};
    loadIfDue(nowMs);
    useRingOrStored(nowMs);
    rebuildSeries();
    drawCharts(nowMs);
    updateHeader(nowMs);
}

void HostPage::panBy(double fraction) {
    const qint64 nowMs = QDateTime::currentMSecsSinceEpoch();
    const auto [from, to] = timeWindow(nowMs);
    const auto shift = static_cast<qint64>(static_cast<double>(to - from) * fraction);
    if (shift > 0 && to + shift >= nowMs) {
        // Past now: the window follows the live edge again.
        if (live_) return;
        setWindow(nowMs - (to - from), nowMs);
        return;
    }
    setWindow(from + shift, to + shift);
}

void HostPage::zoomBy(double factor, qint64 centerMs) {
    const auto [from, to] = timeWindow(QDateTime::currentMSecsSinceEpoch());
    const double span = std::clamp(static_cast<double>(to - from) * factor, 60'000.0, double(kRangesMs[std::size(kRangesMs) - 1]));
    const double left = static_cast<double>(centerMs - from) / std::max<double>(1, double(to - from));
    const auto newFrom = static_cast<qint64>(static_cast<double>(centerMs) - span * left);
    setWindow(newFrom, newFrom + static_cast<qint64>(span));
}

std::pair<qint64, qint64> HostPage::timeWindow(qint64 nowMs) const {
    if (!live_) return {fixedFrom_, fixedTo_};
    if (spanMs_ == kRangesMs[0] && (!stored_ || !storedPoints_ || storedPoints_->mean.empty())) {
        // 15 minutes from the ring alone span the history there is, so a fresh start is not a sliver.
        const auto first = history_.rowCount() > 0 && history_.live() ? history_.valueAt(0, HostHistoryModel::TimeMs) : std::nullopt;
        return {std::min(nowMs - ChartPanel::kMinWindowMs, std::max(nowMs - spanMs_, first ? qint64(*first) : nowMs)), nowMs};
    }
    return {nowMs - spanMs_, nowMs};
}

bool HostPage::ringCovers(qint64 fromMs) const {
    const auto& rec = history_.record();
    if (!rec || rec->history.empty()) return false;
    return rec->history.front().timeMs <= fromMs + HostHistoryModel::kLiveStepMs;
}

void HostPage::loadIfDue(qint64 nowMs) {
    if (!stored_ || hostName().isEmpty() || loadWatcher_.isRunning()) return;
    const auto [from, to] = timeWindow(nowMs);
    if (live_ && spanMs_ == kRangesMs[0] && ringCovers(nowMs - spanMs_)) return;  // the ring has it all
    // A live range is read again once it has moved on by a 120th of its width (2 s to 1 min).
    const qint64 every = std::clamp<qint64>(spanMs_ / 120, 2000, 60'000);
    const bool same = loaded_.host == hostName() && loaded_.fromMs == from && loaded_.toMs == to;
    const bool moved = live_ && loaded_.host == hostName() && nowMs - loadedAtMs_ >= every;
    if (same || (live_ && loaded_.host == hostName() && !moved && loaded_.toMs - loaded_.fromMs == to - from)) return;
    loading_ = {hostName(), from, to};
    std::shared_ptr<const StoredHistory> stored = stored_;
    const QString host = hostName();
    loadWatcher_.setFuture(QtConcurrent::run([stored, host, window = loading_] {
        Result<StoredHistory::Points> read = stored->load(host, window.fromMs, window.toMs);
        return read ? Loaded{std::move(read).value(), {}} : Loaded{std::nullopt, read.problem().shownMessage()};
    }));
    // Only a new range says so; a live range read again keeps showing what it shows meanwhile.
    if (!live_ || loaded_.host != host || loaded_.toMs - loaded_.fromMs != to - from) source_->setText(tr("Reading the recorded history…"));
}

void HostPage::applyLoaded() {
    Loaded result = loadWatcher_.result();
    loaded_ = loading_;
    loadedAtMs_ = QDateTime::currentMSecsSinceEpoch();
    if (loaded_.host != hostName()) return;
    storedPoints_ = std::move(result.points);
    redraw();
    if (!result.problem.isEmpty()) source_->setText(tr("The recorded history cannot be read: %1").arg(result.problem));
}

// The rows the charts draw: the ring when it holds the whole window, else the stored points with
// the ring's newer samples after them (the store writes once a second; the ring is current).
void HostPage::useRingOrStored(qint64 nowMs) {
    const auto [from, to] = timeWindow(nowMs);
    const bool ringOnly = !stored_ || (ringCovers(from) && to >= nowMs - spanMs_) || !storedPoints_;
    if (ringOnly) {
        history_.setLive();
        if (!stored_) source_->setText(tr("Live samples of the last 15 minutes (no history is recorded)"));
        else if (!storedPoints_ || ringCovers(from)) source_->setText(tr("Live samples, one a second"));
        return;
    }
    StoredHistory::Points merged = *storedPoints_;
    const auto& rec = history_.record();
    const qint64 lastStored = merged.mean.empty() ? std::numeric_limits<qint64>::min() : merged.mean.back().timeMs;
    if (rec)
        for (const SamplePoint& p : rec->history)
            if (p.timeMs > lastStored + merged.stepMs / 2) {
                merged.mean.push_back(p);
                if (!merged.minima.empty()) merged.minima.push_back(p);
                if (!merged.maxima.empty()) merged.maxima.push_back(p);
            }
    source_->setText(merged.source.isEmpty() ? tr("Recorded history") : merged.source);
    history_.setStoredPoints(std::move(merged.mean), std::move(merged.minima), std::move(merged.maxima), merged.stepMs);
}

void HostPage::drawCharts(qint64 nowMs) {
    const auto [from, to] = timeWindow(nowMs);
    // A live window moves on every repaint; redraw once it has moved by about a pixel.
    const qint64 pixel = std::max<qint64>(1, (to - from) / 800);
    if (drawnGeneration_ == modelGeneration_ && drawnWindow_.second - drawnWindow_.first == to - from &&
        std::abs(to - drawnWindow_.second) < pixel)
        return;
    drawnGeneration_ = modelGeneration_;
    drawnWindow_ = {from, to};
    for (ChartPanel* chart : charts()) chart->updateFrom(history_, from, to);
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
