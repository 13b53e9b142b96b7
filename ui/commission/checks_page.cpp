#include "ui/commission/checks_page.h"

#include <algorithm>

#include <QBrush>
#include <QButtonGroup>
#include <QColor>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QVBoxLayout>

#include "ui/commission/commission_wizard.h"

namespace fleetdeck {
namespace {

QString clockText(double seconds) {
    const int s = std::max(0, static_cast<int>(seconds + 0.5));
    return QStringLiteral("%1:%2").arg(s / 60).arg(s % 60, 2, 10, QLatin1Char('0'));
}

QString verdictText(const commission::HostResult& h) {
    if (!h.reached) return ChecksPage::tr("FAIL (not reached)");
    return commission::shownVerdictText(h.pass, h.findings);
}

QString gpusText(std::size_t n) { return n == 1 ? ChecksPage::tr("1 GPU") : ChecksPage::tr("%1 GPUs").arg(n); }

// What a host's status column says once the run is over.
QString doneText(const commission::HostResult& h);

QString loadText(const commission::LoadOutcome& o) {
    if (!o.started) return ChecksPage::tr("load did not start: %1").arg(o.error);
    if (o.exitStatus) return ChecksPage::tr("load exited with status %1").arg(*o.exitStatus);
    return o.stopped ? ChecksPage::tr("load stopped") : ChecksPage::tr("load ended");
}

QString doneText(const commission::HostResult& h) {
    if (!h.reached) return ChecksPage::tr("not reached: %1").arg(h.shownErrorText());
    QStringList parts;
    parts << ChecksPage::tr("checked");
    if (h.burnIn) {
        parts << ChecksPage::tr("burn-in recorded %1 of %2").arg(clockText(h.burnIn->recordedS), gpusText(h.burnIn->gpus.size()));
        if (!h.burnIn->error.isEmpty()) parts << h.burnIn->error;
        if (h.burnIn->load) parts << loadText(*h.burnIn->load);
    }
    return parts.join(QStringLiteral("; "));
}

}  // namespace

ChecksPage::ChecksPage(CommissionWizard& wizard) : wizard_(wizard) {
    setTitle(tr("Checks and burn-in"));
    setSubTitle(tr("Every host against the spec and against the rest of the rack, its GPU health, a latency round "
                   "among the hosts, and a burn-in watch that records every GPU at 1 Hz while the load runs."));
    auto* layout = new QVBoxLayout(this);

    auto* options = new QGroupBox(tr("Options"), this);
    optionsBox_ = options;
    auto* grid = new QGridLayout(options);
    latency_ = new QCheckBox(tr("&Latency round among the hosts"), options);
    latency_->setObjectName(QStringLiteral("latency_round"));
    latency_->setChecked(true);
    grid->addWidget(latency_, 0, 0, 1, 3);
    burnIn_ = new QCheckBox(tr("&Burn-in watch for"), options);
    burnIn_->setObjectName(QStringLiteral("burn_in"));
    burnIn_->setChecked(true);
    burnInMinutes_ = new QSpinBox(options);
    burnInMinutes_->setObjectName(QStringLiteral("burn_in_minutes"));
    burnInMinutes_->setRange(1, 24 * 60);
    burnInMinutes_->setValue(15);
    burnInMinutes_->setSuffix(tr(" min"));
    burnInMinutes_->setMaximumWidth(burnInMinutes_->sizeHint().width() + 40);
    grid->addWidget(burnIn_, 1, 0);
    grid->addWidget(burnInMinutes_, 1, 1);
    auto* loadLabel = new QLabel(tr("Load during the burn-in:"), options);
    grid->addWidget(loadLabel, 2, 0);
    loadNothing_ = new QRadioButton(tr("&Nothing (idle GPUs)"), options);
    loadOwnJob_ = new QRadioButton(tr("My &own job, already running (FleetDeck only watches)"), options);
    loadCommand_ = new QRadioButton(tr("A &command FleetDeck starts on every host and stops at the end:"), options);
    loadNothing_->setChecked(true);
    command_ = new QLineEdit(options);
    command_->setObjectName(QStringLiteral("load_command"));
    command_->setPlaceholderText(tr("gpu_burn 900"));
    auto* loads = new QButtonGroup(options);
    for (QRadioButton* b : {loadNothing_, loadOwnJob_, loadCommand_}) loads->addButton(b);
    grid->addWidget(loadNothing_, 2, 1, 1, 2);
    grid->addWidget(loadOwnJob_, 3, 1, 1, 2);
    grid->addWidget(loadCommand_, 4, 1);
    grid->addWidget(command_, 4, 2);
    grid->setColumnStretch(2, 1);
    layout->addWidget(options);
    const auto enableOptions = [this] {
        burnInMinutes_->setEnabled(burnIn_->isChecked());
        for (QWidget* w : std::initializer_list<QWidget*>{loadNothing_, loadOwnJob_, loadCommand_}) w->setEnabled(burnIn_->isChecked());
        command_->setEnabled(burnIn_->isChecked() && loadCommand_->isChecked());
        start_->setEnabled(!running() && (!burnIn_->isChecked() || !loadCommand_->isChecked() || !command_->text().trimmed().isEmpty()));
    };

    auto* controls = new QHBoxLayout;
    start_ = new QPushButton(tr("&Start"), this);
    start_->setObjectName(QStringLiteral("start_checks"));
    cancel_ = new QPushButton(tr("Ca&ncel run"), this);
    cancel_->setObjectName(QStringLiteral("cancel_checks"));
    cancel_->setToolTip(tr("Stops the run; the load command is stopped on every host"));
    cancel_->setEnabled(false);
    phase_ = new QLabel(tr("Not started."), this);
    phase_->setObjectName(QStringLiteral("phase"));
    phase_->setTextFormat(Qt::PlainText);
    controls->addWidget(start_);
    controls->addWidget(cancel_);
    controls->addWidget(phase_, 1);
    layout->addLayout(controls);
    burnInBar_ = new QProgressBar(this);
    burnInBar_->setObjectName(QStringLiteral("burn_in_progress"));
    burnInBar_->setRange(0, 1000);
    burnInBar_->setValue(0);
    burnInBar_->setFormat(tr("burn-in not started"));
    burnInBar_->setTextVisible(true);
    layout->addWidget(burnInBar_);

    hosts_ = new QTableWidget(0, HostColumnCount, this);
    hosts_->setObjectName(QStringLiteral("checks_hosts"));
    hosts_->setHorizontalHeaderLabels({tr("Host"), tr("Unit"), tr("Status"), tr("Hottest GPU (peak)"), tr("Verdict")});
    hosts_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    hosts_->horizontalHeader()->setSectionResizeMode(StatusColumn, QHeaderView::Stretch);
    hosts_->verticalHeader()->setVisible(false);
    hosts_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    hosts_->setSelectionMode(QAbstractItemView::NoSelection);
    layout->addWidget(hosts_, 2);
    results_ = new QPlainTextEdit(this);
    results_->setObjectName(QStringLiteral("results"));
    results_->setReadOnly(true);
    results_->setPlaceholderText(tr("Each host's verdict and findings appear here when the run is over."));
    layout->addWidget(results_, 3);

    connect(burnIn_, &QCheckBox::toggled, this, enableOptions);
    connect(loadCommand_, &QRadioButton::toggled, this, enableOptions);
    connect(command_, &QLineEdit::textChanged, this, enableOptions);
    connect(start_, &QPushButton::clicked, this, &ChecksPage::start);
    connect(cancel_, &QPushButton::clicked, this, &ChecksPage::cancel);
    enableOptions();
}

commission::CheckOptions ChecksPage::options() const {
    commission::CheckOptions o;
    o.latencyRound = latency_->isChecked();
    o.burnInS = burnIn_->isChecked() ? burnInMinutes_->value() * 60 : 0;
    o.load = loadCommand_->isChecked() ? commission::CheckOptions::Load::Command
             : loadOwnJob_->isChecked() ? commission::CheckOptions::Load::OwnJob
                                        : commission::CheckOptions::Load::Nothing;
    o.loadCommand = command_->text().trimmed();
    return o;
}

void ChecksPage::setOptions(const commission::CheckOptions& o) {
    latency_->setChecked(o.latencyRound);
    burnIn_->setChecked(o.burnInS > 0);
    if (o.burnInS > 0) burnInMinutes_->setValue(std::max(1, o.burnInS / 60));
    (o.load == commission::CheckOptions::Load::Command ? loadCommand_
     : o.load == commission::CheckOptions::Load::OwnJob ? loadOwnJob_
                                                         : loadNothing_)->setChecked(true);
    command_->setText(o.loadCommand);
}

void ChecksPage::initializePage() {
    const auto& p = wizard_.progress();
    setOptions(p.options);
    if (running()) return;
    showHosts();
    if (p.result) showResult(*p.result);
    else {
        results_->clear();
        phase_->setText(tr("Not started."));
    }
}

void ChecksPage::showHosts() {
    temps_.clear();
    peak_.clear();
    const auto& hosts = wizard_.hosts();
    hosts_->setRowCount(static_cast<int>(hosts.size()));
    for (int row = 0; row < hosts_->rowCount(); ++row) {
        const HostSpec& h = hosts[static_cast<std::size_t>(row)];
        const QStringList cells = {h.name, h.rackUnit > 0 ? QStringLiteral("U%1").arg(h.rackUnit) : QStringLiteral("—"),
                                   tr("waiting"), QStringLiteral("—"), QString()};
        for (int c = 0; c < HostColumnCount; ++c) {
            auto* item = new QTableWidgetItem(cells[c]);
            if (c == TempColumn) item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            hosts_->setItem(row, c, item);
        }
    }
    hosts_->resizeColumnToContents(HostNameColumn);
}

void ChecksPage::setHostCell(const QString& host, int column, const QString& text) {
    for (int row = 0; row < hosts_->rowCount(); ++row)
        if (hosts_->item(row, HostNameColumn)->text() == host) {
            hosts_->item(row, column)->setText(text);
            hosts_->item(row, column)->setToolTip(text);
            return;
        }
}

void ChecksPage::setRunning(bool running) {
    optionsBox_->setEnabled(!running);
    start_->setEnabled(!running);
    cancel_->setEnabled(running);
    emit completeChanged();
}

void ChecksPage::start() {
    if (running() || wizard_.hosts().empty() || !wizard_.progress().spec) return;
    auto& p = wizard_.progress();
    p.options = options();
    p.result.reset();
    p.reportPath.clear();
    wizard_.saveProgressNow();

    commission::CommissionRun::Options o;
    o.hosts = wizard_.hosts();
    o.spec = p.spec;
    o.specSource = p.specSource;
    o.meshRound = p.options.latencyRound;
    if (p.options.burnInS > 0) {
        commission::BurnInPlan plan;
        plan.durationS = p.options.burnInS;
        if (p.options.load == commission::CheckOptions::Load::Command) plan.loadCommand = p.options.loadCommand;
        o.burnIn = plan;
    }
    o.simSpeed = wizard_.hooks().simSpeed;
    o.transportMaker = wizard_.hooks().transportMaker;

    showHosts();
    results_->clear();
    burnInBar_->setValue(0);
    burnInBar_->setFormat(p.options.burnInS > 0 ? tr("burn-in: waiting for the checks before it") : tr("no burn-in"));
    phase_->setText(tr("Starting…"));
    run_ = std::make_unique<commission::BackgroundCommissionRun>(std::move(o));
    using Run = commission::BackgroundCommissionRun;
    connect(run_.get(), &Run::phaseChanged, this, [this](commission::CommissionRun::Phase, const QString& text) {
        phase_->setText(text);
    });
    connect(run_.get(), &Run::hostObserved, this, [this](const QString& host, bool ok, const QString& error) {
        setHostCell(host, StatusColumn, ok ? tr("facts read") : tr("not reached: %1").arg(error));
    });
    connect(run_.get(), &Run::burnInProgress, this, [this](double elapsedS, double totalS) {
        burnInBar_->setValue(totalS > 0 ? static_cast<int>(1000 * std::min(1.0, elapsedS / totalS)) : 0);
        burnInBar_->setFormat(tr("burn-in %1 of %2, %3 left").arg(clockText(elapsedS), clockText(totalS), clockText(totalS - elapsedS)));
    });
    connect(run_.get(), &Run::burnInPoint, this, &ChecksPage::onBurnInPoint);
    connect(run_.get(), &Run::loadFinished, this, [this](const QString& host, const commission::LoadOutcome& outcome) {
        setHostCell(host, StatusColumn, loadText(outcome));
    });
    connect(run_.get(), &Run::finished, this,
            [this](const commission::CommissionResult& result, const QString& error, const std::optional<commission::HostResult>&) {
                onFinished(result, error);
            });
    setRunning(true);
    run_->start();
}

void ChecksPage::cancel() {
    if (!running()) return;
    phase_->setText(tr("Cancelling: stopping the load on every host…"));
    cancel_->setEnabled(false);
    run_->cancel();
}

void ChecksPage::onBurnInPoint(const QString& host, int gpu, const commission::BurnInPoint& point) {
    if (!point.temp_c) return;
    auto& gpus = temps_[host];
    gpus[gpu] = *point.temp_c;
    peak_[host] = std::max(peak_[host], *point.temp_c);
    const auto hottest = std::max_element(gpus.begin(), gpus.end(), [](const auto& a, const auto& b) { return a.second < b.second; });
    setHostCell(host, StatusColumn, tr("burn-in: recording %1").arg(gpusText(gpus.size())));
    setHostCell(host, TempColumn, tr("%1 °C on GPU %2 (peak %3 °C)")
                                      .arg(hottest->second, 0, 'f', 0)
                                      .arg(hottest->first)
                                      .arg(peak_[host], 0, 'f', 0));
}

void ChecksPage::onFinished(const commission::CommissionResult& result, const QString& error) {
    run_.release()->deleteLater();  // not from inside its own signal
    setRunning(false);
    if (result.cancelled) {
        phase_->setText(tr("Cancelled: the load was stopped on every host. Start again when ready."));
        burnInBar_->setFormat(tr("burn-in cancelled"));
        emit runFinished(true);
        return;
    }
    if (!error.isEmpty()) {
        phase_->setText(tr("The run could not judge the rack: %1").arg(error));
        emit runFinished(true);
        return;
    }
    wizard_.progress().result = result;
    wizard_.saveProgressNow();
    showResult(result);
    emit completeChanged();
    emit runFinished(false);
}

QString ChecksPage::resultText(const commission::CommissionResult& result) {
    QStringList lines;
    for (const commission::HostResult& h : result.hosts) {
        lines << QStringLiteral("%1: %2").arg(h.spec.name, verdictText(h));
        if (!h.reached) lines << QStringLiteral("  %1").arg(h.shownErrorText());
        // In the user's language: the translated severity and sentence (the result file keeps English).
        for (const commission::AcceptanceFinding& f : h.findings)
            lines << QStringLiteral("  %1 %2").arg(commission::shownSeverity(f.severity).leftJustified(9), f.shown());
    }
    return lines.join(QLatin1Char('\n'));
}

void ChecksPage::showResult(const commission::CommissionResult& result) {
    int passing = 0;
    for (const commission::HostResult& h : result.hosts) {
        passing += h.pass ? 1 : 0;
        setHostCell(h.spec.name, StatusColumn, doneText(h));
        setHostCell(h.spec.name, VerdictColumn, verdictText(h));
        // The verdict is in the word; the colour only repeats it.
        for (int row = 0; row < hosts_->rowCount(); ++row)
            if (hosts_->item(row, HostNameColumn)->text() == h.spec.name) {
                QFont bold = hosts_->item(row, VerdictColumn)->font();
                bold.setBold(!h.pass);
                hosts_->item(row, VerdictColumn)->setFont(bold);
                hosts_->item(row, VerdictColumn)->setForeground(h.pass ? QBrush(QColor(0x1b, 0x7f, 0x3b)) : QBrush(QColor(0xb3, 0x26, 0x1e)));
            }
    }
    const int total = static_cast<int>(result.hosts.size());
    phase_->setText(result.pass() ? tr("Done: all %1 hosts pass.").arg(total)
                                  : tr("Done: %1 of %2 hosts pass.").arg(passing).arg(total));
    if (result.burnIn) {
        burnInBar_->setValue(1000);
        burnInBar_->setFormat(tr("burn-in done (%1)").arg(clockText(result.burnIn->durationS)));
    } else {
        burnInBar_->setFormat(tr("no burn-in"));
    }
    results_->setPlainText(resultText(result));
}

bool ChecksPage::isComplete() const { return !running() && wizard_.progress().result.has_value(); }

}  // namespace fleetdeck

#include "moc_checks_page.cpp"
