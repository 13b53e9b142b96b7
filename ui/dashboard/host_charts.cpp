#include "ui/dashboard/host_charts.h"

#include <QDateTime>
#include <QGridLayout>
#include <QSettings>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>

#include "ui/dashboard/palette.h"

namespace fleetdeck {

namespace {
const QString kRangeKey = QStringLiteral("hostPage/rangeMs");
// Charts to a row: three rows of four fit the window's default size without scrolling.
constexpr int kColumns = 4;
}  // namespace

HostCharts::HostCharts(HostHistoryModel& history, QWidget* parent) : QWidget(parent), history_(history) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 8);
    source_ = new QLabel(this);
    source_->setTextFormat(Qt::PlainText);
    source_->setWordWrap(true);
    source_->setForegroundRole(QPalette::PlaceholderText);
    layout->addWidget(source_);
    grid_ = new QGridLayout;
    grid_->setContentsMargins(0, 0, 0, 0);
    for (int c = 0; c < kColumns; ++c) grid_->setColumnStretch(c, 1);
    layout->addLayout(grid_);
    connect(&loadWatcher_, &QFutureWatcherBase::finished, this, &HostCharts::applyLoaded);
    connect(&history_, &QAbstractItemModel::modelReset, this, [this] { ++modelGeneration_; });

    gpuTemp_ = new ChartPanel(gpuTemperatureTitle(), tr("°C"), std::nullopt, this);
    gpuPower_ = new ChartPanel(tr("GPU board power"), tr("W"), std::nullopt, this);
    gpuClock_ = new ChartPanel(tr("GPU SM clock"), tr("MHz"), std::nullopt, this);
    gpuUtil_ = new ChartPanel(tr("GPU utilization"), tr("%"), 100.0, this);
    smActive_ = new ChartPanel(tr("SM active"), tr("%"), 100.0, this);
    tensorActive_ = new ChartPanel(tr("Tensor active"), tr("%"), 100.0, this);
    dramActive_ = new ChartPanel(tr("DRAM active"), tr("%"), 100.0, this);
    smActive_->setToolTip(tr("The share of the SMs that had work (DCGM_FI_PROF_SM_ACTIVE); a GPU at 100 % utilization "
                             "can have a fifth of its SMs busy"));
    tensorActive_->setToolTip(tr("The share of cycles the tensor cores were busy (DCGM_FI_PROF_PIPE_TENSOR_ACTIVE)"));
    dramActive_->setToolTip(tr("The share of cycles GPU memory was being read or written (DCGM_FI_PROF_DRAM_ACTIVE); "
                               "high with tensor activity low: the work waits on memory"));
    cpuUtil_ = new ChartPanel(tr("CPU utilization"), tr("%"), 100.0, this);
    cpuTemp_ = new ChartPanel(tr("Hottest CPU sensor"), tr("°C"), std::nullopt, this);
    network_ = new ChartPanel(tr("Network, all interfaces"), tr("MB/s"), std::nullopt, this);
    network_->setValueScale(1e6);
    for (ChartPanel* chart : charts()) {
        chart->setAccessibleName(chart->title());
        connect(chart, &ChartPanel::rangeSelected, this, [this](qint64 from, qint64 to) { setWindow(from, to); });
        connect(chart, &ChartPanel::panRequested, this, &HostCharts::panBy);
        connect(chart, &ChartPanel::zoomRequested, this, &HostCharts::zoomBy);
    }
    cpuUtil_->setSeries({{tr("CPU"), HostHistoryModel::CpuUtil, seriesColor(0)}});
    network_->setSeries({{tr("received"), HostHistoryModel::NicRx, seriesColor(0)},
                         {tr("sent"), HostHistoryModel::NicTx, seriesColor(1)}});
    placeCharts(true);

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
    reset_ = new QToolButton(this);
    reset_->setText(tr("Reset zoom"));
    reset_->setToolTip(tr("Drag across a chart to zoom into a time range; this shows the chosen range, live, again"));
    connect(reset_, &QToolButton::clicked, this, &HostCharts::resetZoom);
}

// A row each: cooling (GPU temperature first and twice as wide, for its band lines and the title
// that names them; board power, SM clock), the GPUs' use (utilization with the profiling counters
// beside it), the host's own (the hottest CPU sensor, CPU, network). Four columns; the last chart
// runs across what is left of its row. A host without GPUs shows its three in one row.
std::vector<ChartPanel*> HostCharts::charts() const {
    return {gpuTemp_, gpuPower_, gpuClock_, gpuUtil_, smActive_, tensorActive_, dramActive_, cpuTemp_, cpuUtil_, network_};
}

void HostCharts::placeCharts(bool gpus) {
    std::vector<ChartPanel*> shown;
    for (ChartPanel* chart : charts()) {
        grid_->removeWidget(chart);
        const bool gpuChart = chart != cpuUtil_ && chart != cpuTemp_ && chart != network_;
        chart->setVisible(gpus || !gpuChart);
        if (gpus || !gpuChart) shown.push_back(chart);
    }
    int row = 0, column = 0;
    for (std::size_t i = 0; i < shown.size(); ++i) {
        int span = shown[i] == gpuTemp_ ? 2 : 1;
        if (column + span > kColumns) {
            ++row;
            column = 0;
        }
        if (i + 1 == shown.size()) span = kColumns - column;
        grid_->addWidget(shown[i], row, column, 1, span);
        column += span;
    }
}

void HostCharts::hostShown(bool another) {
    if (another) {
        loaded_ = {};
        storedPoints_.reset();
    }
    seriesGpus_ = -1;
}

void HostCharts::refresh(qint64 nowMs, bool fresh) {
    loadIfDue(nowMs);
    if (fresh) useRingOrStored(nowMs);
    rebuildSeries();
    if (slowdownC() != shownSlowdownC_) updateBandLines();  // the threshold comes with a later sample
    updateProfilingNote();
    drawCharts(nowMs);
}

// A GPU before Hopper has no profiling counters (`prof.source` "basic", or no `prof` at all): its
// three charts say so rather than stand empty. Older ranges come from the history store or
// Prometheus, which keep no profiling counters: the charts say that where they have nothing.
void HostCharts::updateProfilingNote() {
    const auto& rec = history_.record();
    bool gpm = false;
    if (rec && rec->latest)
        for (const protocol::GpuSample& g : rec->latest->gpus) gpm = gpm || (g.prof && g.prof->source == "gpm");
    QString note;
    if (rec && rec->latest && !gpm) note = tr("profiling needs Hopper or later");
    else if (!history_.live()) note = tr("profiling counters are kept\nfor the live 15 minutes only");
    for (ChartPanel* chart : {smActive_, tensorActive_, dramActive_}) chart->setEmptyText(note);
}

void HostCharts::rebuildSeries() {
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
    smActive_->setSeries(perGpu(HostHistoryModel::GpuMetric::SmActive, Aggregate::Mean));
    tensorActive_->setSeries(perGpu(HostHistoryModel::GpuMetric::TensorActive, Aggregate::Mean));
    dramActive_->setSeries(perGpu(HostHistoryModel::GpuMetric::DramActive, Aggregate::Mean));
    cpuTemp_->setSeries({{tr("CPU"), HostHistoryModel::CpuTemp, seriesColor(3), Aggregate::Max}});
    updateBandLines();
    placeCharts(gpus > 0);
}

QString HostCharts::gpuTemperatureTitle() const {
    return tr("GPU temperature (dashed: %1 band, red: slowdown)").arg(bandName(TemperatureBand::Target));
}

void HostCharts::targetBandChanged() {
    gpuTemp_->setTitle(gpuTemperatureTitle());
    gpuTemp_->setAccessibleName(gpuTemp_->title());
    updateBandLines();
}

void HostCharts::updateBandLines() {
    const TargetBand target = targetBand();
    std::vector<std::pair<double, QColor>> lines = {{target.lowC, bandColor(TemperatureBand::Target)},
                                                    {target.highC, bandColor(TemperatureBand::Target)}};
    shownSlowdownC_ = slowdownC();
    if (shownSlowdownC_) lines.push_back({*shownSlowdownC_, bandColor(TemperatureBand::Slowdown)});
    gpuTemp_->setReferenceLines(lines);
}

// Where the host's first GPU slows down for heat, as its last sample says; none before one says.
std::optional<double> HostCharts::slowdownC() const {
    const auto& rec = history_.record();
    if (!rec || rec->summary.gpus.empty()) return std::nullopt;
    return rec->summary.gpus.front().temp_slowdown_c;
}

void HostCharts::setStoredHistory(std::shared_ptr<const StoredHistory> stored) {
    stored_ = std::move(stored);
    loaded_ = {};
    storedPoints_.reset();
}

void HostCharts::setRange(qint64 spanMs) {
    spanMs_ = spanMs;
    QSettings().setValue(kRangeKey, spanMs);
    live_ = true;
    rangeChoice_->setCurrentIndex(std::max(0, rangeChoice_->findData(spanMs)));
    redraw();
}

void HostCharts::showTimeRange(qint64 fromMs, qint64 toMs) {
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

void HostCharts::setWindow(qint64 fromMs, qint64 toMs) {
    const qint64 nowMs = QDateTime::currentMSecsSinceEpoch();
    toMs = std::min(toMs, nowMs);
    fromMs = std::min(fromMs, toMs - 10'000);
    live_ = false;
    fixedFrom_ = fromMs;
    fixedTo_ = toMs;
    redraw();
}

void HostCharts::redraw() {
    const qint64 nowMs = QDateTime::currentMSecsSinceEpoch();
    drawnWindow_ = {};
    loadIfDue(nowMs);
    useRingOrStored(nowMs);
    rebuildSeries();
    updateProfilingNote();
    drawCharts(nowMs);
}

void HostCharts::panBy(double fraction) {
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

void HostCharts::zoomBy(double factor, qint64 centerMs) {
    const auto [from, to] = timeWindow(QDateTime::currentMSecsSinceEpoch());
    const double span = std::clamp(static_cast<double>(to - from) * factor, 60'000.0, double(kRangesMs[std::size(kRangesMs) - 1]));
    const double left = static_cast<double>(centerMs - from) / std::max<double>(1, double(to - from));
    const auto newFrom = static_cast<qint64>(static_cast<double>(centerMs) - span * left);
    setWindow(newFrom, newFrom + static_cast<qint64>(span));
}

std::pair<qint64, qint64> HostCharts::timeWindow(qint64 nowMs) const {
    if (!live_) return {fixedFrom_, fixedTo_};
    if (spanMs_ == kRangesMs[0] && (!stored_ || !storedPoints_ || storedPoints_->mean.empty())) {
        // 15 minutes from the ring alone span the history there is, so a fresh start is not a sliver.
        const auto first = history_.rowCount() > 0 && history_.live() ? history_.valueAt(0, HostHistoryModel::TimeMs) : std::nullopt;
        return {std::min(nowMs - ChartPanel::kMinWindowMs, std::max(nowMs - spanMs_, first ? qint64(*first) : nowMs)), nowMs};
    }
    return {nowMs - spanMs_, nowMs};
}

bool HostCharts::ringCovers(qint64 fromMs) const {
    const auto& rec = history_.record();
    if (!rec || rec->history.empty()) return false;
    return rec->history.front().timeMs <= fromMs + HostHistoryModel::kLiveStepMs;
}

void HostCharts::loadIfDue(qint64 nowMs) {
    const QString host = history_.hostName();
    if (!stored_ || host.isEmpty() || loadWatcher_.isRunning()) return;
    const auto [from, to] = timeWindow(nowMs);
    if (live_ && spanMs_ == kRangesMs[0] && ringCovers(nowMs - spanMs_)) return;  // the ring has it all
    // A live range is read again once it has moved on by a 120th of its width (2 s to 1 min).
    const qint64 every = std::clamp<qint64>(spanMs_ / 120, 2000, 60'000);
    const bool same = loaded_.host == host && loaded_.fromMs == from && loaded_.toMs == to;
    const bool moved = live_ && loaded_.host == host && nowMs - loadedAtMs_ >= every;
    if (same || (live_ && loaded_.host == host && !moved && loaded_.toMs - loaded_.fromMs == to - from)) return;
    loading_ = {host, from, to};
    std::shared_ptr<const StoredHistory> stored = stored_;
    loadWatcher_.setFuture(QtConcurrent::run([stored, host, window = loading_] {
        Result<StoredHistory::Points> read = stored->load(host, window.fromMs, window.toMs);
        return read ? Loaded{std::move(read).value(), {}} : Loaded{std::nullopt, read.problem().shownMessage()};
    }));
    // Only a new range says so; a live range read again keeps showing what it shows meanwhile.
    if (!live_ || loaded_.host != host || loaded_.toMs - loaded_.fromMs != to - from) source_->setText(tr("Reading the recorded history…"));
}

void HostCharts::applyLoaded() {
    Loaded result = loadWatcher_.result();
    loaded_ = loading_;
    loadedAtMs_ = QDateTime::currentMSecsSinceEpoch();
    if (loaded_.host != history_.hostName()) return;
    storedPoints_ = std::move(result.points);
    redraw();
    if (!result.problem.isEmpty()) source_->setText(tr("The recorded history cannot be read: %1").arg(result.problem));
}

// The rows the charts draw: the ring when it holds the whole window, else the stored points up to
// where the ring begins and the ring's samples from there (the ring is current and complete).
void HostCharts::useRingOrStored(qint64 nowMs) {
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
    if (rec && !rec->history.empty()) {
        // Where the ring reaches, its points win: every sample, with the profiling counters the
        // history store does not keep. The stored points before it stay.
        const qint64 ringFirst = rec->history.front().timeMs;
        std::size_t keep = 0;
        while (keep < merged.mean.size() && merged.mean[keep].timeMs + merged.stepMs <= ringFirst) ++keep;
        merged.mean.resize(keep);
        if (!merged.minima.empty()) merged.minima.resize(keep);
        if (!merged.maxima.empty()) merged.maxima.resize(keep);
        const bool ranged = !merged.minima.empty();
        for (const SamplePoint& p : rec->history) {
            merged.mean.push_back(p);
            if (ranged) {
                merged.minima.push_back(p);
                merged.maxima.push_back(p);
            }
        }
    }
    source_->setText(merged.source.isEmpty() ? tr("Recorded history") : merged.source);
    history_.setStoredPoints(std::move(merged.mean), std::move(merged.minima), std::move(merged.maxima), merged.stepMs);
}

void HostCharts::drawCharts(qint64 nowMs) {
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

}  // namespace fleetdeck

#include "moc_host_charts.cpp"
