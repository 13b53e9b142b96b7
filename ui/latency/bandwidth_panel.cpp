#include "ui/latency/bandwidth_panel.h"

#include <algorithm>

#include <QChart>
#include <QDateTime>
#include <QLocale>
#include <QChartView>
#include <QCheckBox>
#include <QComboBox>
#include <QEvent>
#include <QPen>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineSeries>
#include <QListWidget>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QSignalBlocker>
#include <QSplitter>
#include <QTableWidget>
#include <QValueAxis>
#include <QVBoxLayout>

#include "ui/dashboard/chart_style.h"
#include "ui/dashboard/view_header.h"
#include "app/fabric/bandwidth_history.h"
#include "ui/latency/latency_heatmap.h"

namespace fleetdeck {
namespace {

// Dark text on a bright fill, white on a dark one, by the fill's luma (ITU-R BT.601 weights): the
// viridis yellows are bright at a middling HSL lightness.
QColor readableOn(const QColor& fill) {
    const double luma = 0.299 * fill.redF() + 0.587 * fill.greenF() + 0.114 * fill.blueF();
    return luma > 0.5 ? QColor(20, 20, 20) : Qt::white;
}

}  // namespace

BandwidthPanel::BandwidthPanel(Hosts hosts, BandwidthRun::TransportMaker transport, QWidget* parent)
    : QWidget(parent), hosts_(std::move(hosts)), transport_(std::move(transport)) {
    start_ = new QPushButton(tr("Run test"));
    start_->setToolTip(tr("Every pair of hosts sends TCP to each other, agent to agent, both ways"));
    cancel_ = new QPushButton(tr("Cancel"));
    cancel_->setEnabled(false);
    duration_ = new QSpinBox;
    duration_->setRange(1, 20);
    duration_->setValue(5);
    duration_->setSuffix(tr(" s each way"));
    streams_ = new QSpinBox;
    streams_->setRange(1, 16);
    streams_->setValue(4);
    streams_->setSuffix(tr(" streams"));
    rdma_ = new QCheckBox(tr("RDMA"));
    rdma_->setToolTip(tr("Then the same pairs over RDMA with perftest's ib_write_bw between the hosts' active InfiniBand/RoCE ports"));
    nccl_ = new QCheckBox(tr("NCCL"));
    nccl_->setToolTip(tr("Last, nccl-tests' all_reduce_perf across each host's GPUs, judged against what its board should reach"));
    runs_ = new QComboBox;
    runs_->setAccessibleName(tr("Run shown"));
    runs_->addItem(tr("Latest run"), QString());
    runs_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    kind_ = new QComboBox;
    kind_->setAccessibleName(tr("Measure shown"));
    kind_->addItem(tr("TCP"));
    kind_->addItem(tr("RDMA"));
    connect(runs_, &QComboBox::currentIndexChanged, this, [this] { showSelected(); });
    connect(kind_, &QComboBox::currentIndexChanged, this, [this] { showSelected(); });
    progress_ = new QProgressBar;
    progress_->setVisible(false);
    status_ = new QLabel(tr("Not measured yet: Run test measures every pair of hosts (it loads the network for the test's time)."));
    status_->setWordWrap(true);
    connect(start_, &QPushButton::clicked, this, &BandwidthPanel::start);
    connect(cancel_, &QPushButton::clicked, this, &BandwidthPanel::cancel);

    auto* controls = new QHBoxLayout;
    controls->addWidget(start_);
    controls->addWidget(duration_);
    controls->addWidget(streams_);
    controls->addWidget(rdma_);
    controls->addWidget(nccl_);
    controls->addWidget(progress_, 1);
    controls->addStretch();
    controls->addWidget(cancel_);
    controls->addSpacing(12);
    controls->addWidget(runs_);
    controls->addWidget(kind_);

    matrix_ = new QTableWidget;
    matrix_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    matrix_->setAccessibleName(tr("Bandwidth matrix"));
    matrix_->setAccessibleDescription(tr("Gb/s from each sender row to each receiver column"));
    findings_ = new QListWidget;
    findings_->setWordWrap(true);
    findings_->setSpacing(3);
    findings_->setAlternatingRowColors(true);

    connect(matrix_, &QTableWidget::cellClicked, this, &BandwidthPanel::showPair);

    // A pair's rate each second, against what it is judged by.
    chart_ = new QChart;
    seconds_ = new QLineSeries;
    seconds_->setName(tr("Gb/s each second"));
    seconds_->setPointsVisible(true);
    seconds_->setColor(latencyColor(0.35));
    reference_ = new QLineSeries;
    reference_->setName(tr("60 % of the reference"));
    reference_->setColor(lossAlarmColor());
    reference_->setPen(QPen(lossAlarmColor(), 1.5, Qt::DashLine));
    chart_->addSeries(seconds_);
    chart_->addSeries(reference_);
    timeAxis_ = new QValueAxis;
    timeAxis_->setTitleText(tr("second of the test"));
    timeAxis_->setLabelFormat(QStringLiteral("%d"));
    gbpsAxis_ = new QValueAxis;
    gbpsAxis_->setTitleText(tr("Gb/s"));
    gbpsAxis_->setLabelFormat(QStringLiteral("%.0f"));
    // Until a pair is shown: whole seconds and a round rate, not 0..1 printed as "0 0 1 1".
    timeAxis_->setRange(1, 5);
    timeAxis_->setTickCount(5);
    gbpsAxis_->setRange(0, 100);
    chart_->addAxis(timeAxis_, Qt::AlignBottom);
    chart_->addAxis(gbpsAxis_, Qt::AlignLeft);
    for (QLineSeries* s : {seconds_, reference_}) {
        s->attachAxis(timeAxis_);
        s->attachAxis(gbpsAxis_);
    }
    chart_->legend()->setAlignment(Qt::AlignBottom);
    chart_->setMargins(QMargins(4, 4, 4, 4));
    chart_->setTitle(tr("Click a cell for its rate each second"));
    auto* chartView = new QChartView(chart_);
    chartView->setRenderHint(QPainter::Antialiasing);
    chartView->setMinimumHeight(200);
    styleChart(*chart_, palette());

    auto* side = new QWidget;
    auto* sideLayout = new QVBoxLayout(side);
    sideLayout->setContentsMargins(0, 0, 0, 0);
    sideLayout->addWidget(sectionTitle(tr("Findings"), side));
    sideLayout->addWidget(findings_, 1);
    sideLayout->addWidget(chartView, 1);
    auto* split = new QSplitter(Qt::Horizontal);
    split->addWidget(matrix_);
    split->addWidget(side);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(controls);
    layout->addWidget(status_);
    layout->addWidget(split, 1);
}

BandwidthPanel::~BandwidthPanel() = default;

QString BandwidthPanel::statusText() const { return status_->text(); }

void BandwidthPanel::start() {
    if (run_) return;
    std::vector<HostSpec> hosts = hosts_();
    // Simulated and real hosts cannot reach each other: the run takes the kind most hosts are.
    const auto simulated = std::count_if(hosts.begin(), hosts.end(), [](const HostSpec& h) { return h.isSimulated(); });
    const bool keepSimulated = simulated * 2 >= static_cast<long>(hosts.size());
    std::erase_if(hosts, [keepSimulated](const HostSpec& h) { return h.isSimulated() != keepSimulated; });
    if (hosts.size() < 2) {
        status_->setText(tr("A bandwidth test needs at least two hosts of one kind (real or simulated)."));
        return;
    }
    BandwidthOptions options;
    options.durationMs = duration_->value() * 1000;
    options.streams = streams_->value();
    options.rotation = rotation_++;  // a large fleet's next run takes other partners across racks
    options.rdma = rdma_->isChecked();
    options.nccl = nccl_->isChecked();
    hostCount_ = static_cast<int>(hosts.size());
    run_ = std::make_unique<BandwidthRun>(hosts, options, transport_);
    connect(run_.get(), &BandwidthRun::progress, this, [this](int done, int total, const QString& now) {
        progress_->setMaximum(std::max(total, 1));
        progress_->setValue(done);
        status_->setText(now.isEmpty() ? tr("Connecting to %n host(s)…", nullptr, hostCount_)
                                       : tr("Test %1 of %2: %3").arg(done + 1).arg(total).arg(now));
    });
    connect(run_.get(), &BandwidthRun::finished, this, [this] {
        // Deleted from the event loop: this runs inside the run's own signal.
        BandwidthRun* done = run_.release();
        const bool cancelled = done->testsDone() < done->testsTotal();
        latest_ = done->report();
        {
            const QSignalBlocker quiet(runs_);
            runs_->setCurrentIndex(0);
        }
        showSelected();
        if (cancelled) status_->setText(tr("Cancelled after %1 of %2 tests; the matrix shows those measured.").arg(done->testsDone()).arg(done->testsTotal()));
        else if (!runStore_.isEmpty()) keepRun(*latest_);
        done->deleteLater();
        progress_->setVisible(false);
        start_->setEnabled(true);
        cancel_->setEnabled(false);
        emit finished();
    });
    start_->setEnabled(false);
    cancel_->setEnabled(true);
    progress_->setValue(0);
    progress_->setVisible(true);
    status_->setText(tr("Connecting to %n host(s)…", nullptr, static_cast<int>(hosts.size())));
    run_->start();
}

void BandwidthPanel::cancel() {
    if (run_) run_->cancel();
}

void BandwidthPanel::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange && chart_) styleChart(*chart_, palette());
}

void BandwidthPanel::setRunStore(const QString& dir) {
    runStore_ = dir;
    refreshRuns();
}

// "bandwidth-20261207-153012.json" (UTC) as the reader's local date and time.
static QString runLabel(const QString& path) {
    const QString stamp = path.section(QLatin1Char('/'), -1).mid(10, 15);
    QDateTime at = QDateTime::fromString(stamp, QStringLiteral("yyyyMMdd-HHmmss"));
    at.setTimeSpec(Qt::UTC);
    return at.isValid() ? QLocale().toString(at.toLocalTime(), QLocale::ShortFormat) : path.section(QLatin1Char('/'), -1);
}

void BandwidthPanel::refreshRuns() {
    const QSignalBlocker quiet(runs_);
    const QString selected = runs_->currentData().toString();
    while (runs_->count() > 1) runs_->removeItem(1);
    if (runStore_.isEmpty()) return;
    for (const QString& path : storedBandwidthRunFiles(runStore_)) {
        runs_->addItem(tr("Run of %1").arg(runLabel(path)), path);
        if (runs_->count() > 200) break;  // a year of daily runs; older ones stay on disk
    }
    const int at = runs_->findData(selected);
    runs_->setCurrentIndex(at < 0 ? 0 : at);
}

void BandwidthPanel::showSelected() {
    const bool rdma = kind_->currentIndex() == 1;
    const QString path = runs_->currentData().toString();
    if (path.isEmpty()) {
        if (!latest_) return;
        if (rdma && !latest_->rdma) {
            showMatrix(BandwidthMatrix{});
            status_->setText(tr("This run measured no RDMA: tick RDMA before Run test."));
            return;
        }
        std::vector<BandwidthFinding> more;
        if (latest_->nccl) more = ncclFindings(*latest_->nccl);
        showMatrix(rdma ? *latest_->rdma : latest_->tcp, more);
        if (latest_->nccl) {
            int measured = 0;
            for (const NcclOutcome& o : *latest_->nccl) measured += o.busbwGbs() ? 1 : 0;
            status_->setText(status_->text() + QLatin1Char(' ') + tr("NCCL measured inside %1 of %2 host(s).").arg(measured).arg(latest_->nccl->size()));
        }
        return;
    }
    const auto m = readBandwidthRunMatrix(path, rdma ? protocol::kBwKindRdma : protocol::kBwKindTcp);
    if (!m) {
        showMatrix(BandwidthMatrix{});
        status_->setText(m.problem().shownMessage());
        return;
    }
    showMatrix(*m);
    if (rdma && m->hosts().empty()) {
        status_->setText(tr("The run of %1 measured no RDMA.").arg(runLabel(path)));
        return;
    }
    QString note = tr("The run of %1.").arg(runLabel(path));
    // The change since the kept run before it.
    const auto files = storedBandwidthRunFiles(runStore_);
    const auto it = std::find(files.begin(), files.end(), path);
    if (!rdma && it != files.end() && it + 1 != files.end())
        if (const auto before = readBandwidthRun(*(it + 1))) {
            const auto changes = changesSince(*before, *m);
            note += QLatin1Char(' ') + (changes.empty() ? tr("No pair changed by 10 % or more since the run of %1.").arg(runLabel(*(it + 1)))
                                                        : tr("%n pair(s) changed by 10 % or more since the run of %1.", nullptr,
                                                             static_cast<int>(changes.size()))
                                                              .arg(runLabel(*(it + 1))));
        }
    status_->setText(status_->text() + QLatin1Char(' ') + note);
}

void BandwidthPanel::keepRun(const BandwidthRunReport& report) {
    const BandwidthMatrix& matrix = report.tcp;
    const auto earlier = latestBandwidthRun(runStore_);
    const auto stored = storeBandwidthRun(runStore_, report.toJson(), QDateTime::currentMSecsSinceEpoch());
    refreshRuns();
    QString note;
    if (!stored) note = tr("The run was not kept: %1").arg(stored.problem().shownMessage());
    else if (earlier) {
        const auto changes = changesSince(*earlier, matrix);
        const QString when = QLocale().toString(QDateTime::fromMSecsSinceEpoch(earlier->atMs), QLocale::ShortFormat);
        QStringList slower;
        for (const PairChange& c : changes)
            if (c.before && c.after && *c.after < *c.before) slower << QStringLiteral("%1 → %2").arg(c.from, c.to);
        note = changes.empty() ? tr("No pair changed by 10 % or more since the run of %1.").arg(when)
                               : tr("%n pair(s) changed by 10 % or more since the run of %1", nullptr, static_cast<int>(changes.size())).arg(when) +
                                     (slower.isEmpty() ? QStringLiteral(".") : tr("; slower: %1.").arg(slower.mid(0, 5).join(QStringLiteral(", "))));
    }
    if (!note.isEmpty()) status_->setText(status_->text() + QLatin1Char(' ') + note);
}

QString BandwidthPanel::chartTitle() const { return chart_->title(); }
int BandwidthPanel::chartPoints() const { return static_cast<int>(seconds_->count()); }
double BandwidthPanel::chartMaxGbps() const {
    double top = 0;
    for (const QPointF& p : seconds_->points()) top = std::max(top, p.y());
    return top;
}

void BandwidthPanel::showPair(int row, int column) {
    const auto& hosts = shown_.hosts();
    if (row < 0 || column < 0 || row == column || row >= static_cast<int>(hosts.size()) || column >= static_cast<int>(hosts.size())) return;
    const QString& from = hosts[static_cast<std::size_t>(row)].mesh.name;
    const QString& to = hosts[static_cast<std::size_t>(column)].mesh.name;
    const BandwidthPair* p = shown_.pair(from, to);
    const std::vector<double> rates = p ? p->perSecond() : std::vector<double>{};
    if (rates.empty() && p && p->gbps())  // ib_write_bw prints one average, nothing per second
        chart_->setTitle(tr("%1 → %2: %3 on average (RDMA reports no rate each second)").arg(from, to, formatGbps(*p->gbps())));
    else chart_->setTitle(rates.empty() ? tr("%1 → %2: not measured").arg(from, to) : tr("%1 → %2, each second").arg(from, to));
    QList<QPointF> points;
    double top = 1;
    for (std::size_t i = 0; i < rates.size(); ++i) {
        points << QPointF(static_cast<double>(i + 1), rates[i]);
        top = std::max(top, rates[i]);
    }
    seconds_->replace(points);
    QList<QPointF> line;
    if (const auto ref = shown_.reference(from, to); ref && !rates.empty()) {
        const double at = ref->gbps * BandwidthMatrix::kSlowShare;
        line << QPointF(1, at) << QPointF(static_cast<double>(std::max<std::size_t>(rates.size(), 2)), at);
        top = std::max(top, ref->gbps);
    }
    reference_->replace(line);
    if (rates.empty()) {
        // Nothing to draw: whole seconds and round rates, not 0..1 printed as "0 0 1 1".
        timeAxis_->setRange(1, 5);
        timeAxis_->setTickCount(5);
        gbpsAxis_->setRange(0, 100);
        return;
    }
    timeAxis_->setRange(1, static_cast<double>(std::max<std::size_t>(rates.size(), 2)));
    timeAxis_->setTickCount(static_cast<int>(std::clamp<std::size_t>(rates.size(), 2, 11)));
    gbpsAxis_->setRange(0, top * 1.1);
}

void BandwidthPanel::showMatrix(const BandwidthMatrix& m, const std::vector<BandwidthFinding>& more) {
    shown_ = m;
    const auto& hosts = m.hosts();
    const int n = static_cast<int>(hosts.size());
    matrix_->clear();
    matrix_->setRowCount(n);
    matrix_->setColumnCount(n);
    // Columns by number (a column per host stays narrow whatever the names), rows by number and
    // name; each header's tooltip names its host.
    QStringList names, columns, rows;
    for (int i = 0; i < n; ++i) {
        names << hosts[static_cast<std::size_t>(i)].mesh.name;
        columns << QString::number(i + 1);
        rows << QStringLiteral("%1  %2").arg(i + 1).arg(names.back());
    }
    matrix_->setHorizontalHeaderLabels(columns);
    matrix_->setVerticalHeaderLabels(rows);
    for (int i = 0; i < n; ++i) {
        matrix_->horizontalHeaderItem(i)->setToolTip(names[i]);
        matrix_->verticalHeaderItem(i)->setToolTip(names[i]);
    }
    int measured = 0;
    for (int r = 0; r < n; ++r)
        for (int c = 0; c < n; ++c) {
            auto* item = new QTableWidgetItem;
            item->setTextAlignment(Qt::AlignCenter);
            matrix_->setItem(r, c, item);
            const QString& from = names[r];
            const QString& to = names[c];
            if (r == c) {
                item->setText(QStringLiteral("—"));
                continue;
            }
            const BandwidthPair* p = m.pair(from, to);
            if (!p) {
                item->setText(tr("no data"));
                continue;
            }
            const auto gbps = p->gbps();
            if (!gbps) {
                item->setText(tr("failed"));
                item->setBackground(lossAlarmColor());
                item->setForeground(Qt::white);
                item->setToolTip(tr("%1 → %2: not measured: %3").arg(from, to, p->error));
                continue;
            }
            ++measured;
            item->setText(QString::number(*gbps, 'f', *gbps < 10 ? 2 : 1));
            const auto ref = m.reference(from, to);
            const double share = ref && ref->gbps > 0 ? *gbps / ref->gbps : 1.0;
            const QColor fill = share < BandwidthMatrix::kSlowShare ? lossAlarmColor() : latencyColor(std::clamp(share, 0.0, 1.0));
            item->setBackground(fill);
            item->setForeground(readableOn(fill));
            QStringList perSecond;
            for (double v : p->perSecond()) perSecond << QString::number(v, 'f', 1);
            QString tip = tr("%1 → %2: %3 over %4 streams").arg(from, to, formatGbps(*gbps)).arg(p->streams());
            if (ref) tip += QLatin1Char('\n') + tr("%1 % of %2 (%3)").arg(QString::number(share * 100, 'f', 0), formatGbps(ref->gbps),
                                                                      ref->fromMedian ? tr("the median pair") : tr("the slower NIC"));
            if (const auto pct = p->retransmitPct()) tip += QLatin1Char('\n') + tr("retransmitted: %1 % of segments").arg(QString::number(*pct, 'f', 3));
            if (!perSecond.isEmpty()) tip += QLatin1Char('\n') + tr("each second (Gb/s): %1").arg(perSecond.join(QStringLiteral(", ")));
            item->setToolTip(tip);
        }
    for (int c = 0; c < n; ++c) matrix_->setColumnWidth(c, std::max(64, matrix_->fontMetrics().horizontalAdvance(QStringLiteral(" 000.0 ")) + 8));
    findings_->clear();
    auto found = m.findings();
    found.insert(found.end(), more.begin(), more.end());
    sortCriticalFirst(found);
    for (const BandwidthFinding& f : found) {
        auto* item = new QListWidgetItem((f.severity == BandwidthFinding::Severity::Critical ? tr("Critical: ") : tr("Warning: ")) + f.shown());
        findings_->addItem(item);
    }
    if (found.empty()) findings_->addItem(tr("Every pair carries what its NICs promise."));
    // The chart starts on the first finding's pair: the one most worth a look.
    for (const BandwidthFinding& f : found)
        if (f.hosts.size() == 2) {
            const auto at = [&](const QString& name) { return static_cast<int>(names.indexOf(name)); };
            showPair(at(f.hosts[0]), at(f.hosts[1]));
            break;
        }
    status_->setText(tr("%1 of %2 pairs measured; %3 finding(s).").arg(measured).arg(n * (n - 1)).arg(found.size()));
}

}  // namespace fleetdeck
