#include "app/dashboard/host_history_model.h"

namespace fleetdeck {
namespace {

template <class T>
std::optional<double> widen(const std::optional<T>& v) {
    return v ? std::optional<double>(static_cast<double>(*v)) : std::nullopt;
}

std::optional<double> widen(PackedFloat v) { return v; }

}  // namespace

HostHistoryModel::HostHistoryModel(const TelemetryStore& store, QObject* parent)
    : QAbstractTableModel(parent), store_(store) {}

void HostHistoryModel::setHost(const QString& name) {
    if (name == host_) return;
    beginResetModel();
    host_ = name;
    record_.reset();
    stored_ = false;
    storedMean_.clear();
    storedMin_.clear();
    storedMax_.clear();
    gpus_ = 0;
    seenSampleAt_ = -1;
    seenHostGeneration_ = 0;
    endResetModel();
    refresh();
}

bool HostHistoryModel::refresh() {
    // The host's record and 900 points are copied only when this host changed: in a large fleet
    // the store as a whole changes on every refresh.
    const quint64 hostGeneration = store_.hostGeneration(host_);
    if (hostGeneration != 0 && hostGeneration == seenHostGeneration_ && record_) return false;
    seenHostGeneration_ = hostGeneration;
    auto fresh = store_.host(host_, true);
    const qint64 at = fresh ? fresh->lastSampleAtMs : -2;
    if (at == seenSampleAt_ && fresh && record_ && fresh->state == record_->state && fresh->reason == record_->reason)
        return false;
    seenSampleAt_ = at;
    // History only grows at the end and drops at the front, but charts re-read the whole series
    // anyway, so a reset keeps this simple and costs one host's 900 rows.
    beginResetModel();
    record_ = std::move(fresh);
    countGpus();
    endResetModel();
    return true;
}

void HostHistoryModel::setStoredPoints(std::vector<SamplePoint> mean, std::vector<SamplePoint> minima,
                                       std::vector<SamplePoint> maxima, qint64 stepMs) {
    beginResetModel();
    stored_ = true;
    storedMean_ = std::move(mean);
    storedMin_ = minima.size() == storedMean_.size() ? std::move(minima) : std::vector<SamplePoint>{};
    storedMax_ = maxima.size() == storedMean_.size() ? std::move(maxima) : std::vector<SamplePoint>{};
    storedStepMs_ = std::max<qint64>(stepMs, 1);
    countGpus();
    endResetModel();
}

void HostHistoryModel::setLive() {
    if (!stored_) return;
    beginResetModel();
    stored_ = false;
    storedMean_.clear();
    storedMin_.clear();
    storedMax_.clear();
    countGpus();
    endResetModel();
}

void HostHistoryModel::countGpus() {
    int gpus = 0;
    if (record_)
        for (const SamplePoint& p : record_->history) gpus = std::max(gpus, static_cast<int>(p.gpus.size()));
    if (stored_)
        for (const SamplePoint& p : storedMean_) gpus = std::max(gpus, static_cast<int>(p.gpus.size()));
    gpus_ = gpus;
}

const std::vector<SamplePoint>& HostHistoryModel::rows(Aggregate aggregate) const {
    static const std::vector<SamplePoint> kNone;
    if (stored_) {
        if (aggregate == Aggregate::Min && !storedMin_.empty()) return storedMin_;
        if (aggregate == Aggregate::Max && !storedMax_.empty()) return storedMax_;
        return storedMean_;
    }
    return record_ ? record_->history : kNone;
}

int HostHistoryModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(rows().size());
}

int HostHistoryModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : FixedColumns + gpus_ * kGpuMetrics;
}

std::optional<double> HostHistoryModel::valueAt(int row, int column, Aggregate aggregate) const {
    if (row < 0 || row >= rowCount() || column < 0 || column >= columnCount()) return std::nullopt;
    const SamplePoint& p = rows(aggregate)[static_cast<std::size_t>(row)];
    switch (column) {
    case TimeMs: return static_cast<double>(p.timeMs);
    case CpuUtil: return p.cpuUtilPct;
    case CpuTemp: return widen(p.cpuTempC);
    case NicRx: return widen(p.nicRxBytesPerS);
    case NicTx: return widen(p.nicTxBytesPerS);
    default: break;
    }
    const int gpu = (column - FixedColumns) / kGpuMetrics;
    if (gpu >= static_cast<int>(p.gpus.size())) return std::nullopt;
    const GpuPoint& g = p.gpus[static_cast<std::size_t>(gpu)];
    switch (static_cast<GpuMetric>((column - FixedColumns) % kGpuMetrics)) {
    case GpuMetric::Temp: return widen(g.tempC);
    case GpuMetric::Util: return widen(g.utilPct);
    case GpuMetric::Power: return widen(g.powerW);
    case GpuMetric::SmClock: return widen(g.smClockMhz);
    case GpuMetric::SmActive: return widen(g.smActivePct);
    case GpuMetric::TensorActive: return widen(g.tensorActivePct);
    case GpuMetric::DramActive: return widen(g.dramActivePct);
    }
    return std::nullopt;
}

QVariant HostHistoryModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || role != Qt::DisplayRole) return {};
    const auto v = valueAt(index.row(), index.column());
    return v ? QVariant(*v) : QVariant();
}

QVariant HostHistoryModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole || section < 0 || section >= columnCount()) return {};
    switch (section) {
    case TimeMs: return tr("Time (ms since epoch)");
    case CpuUtil: return tr("CPU util %");
    case CpuTemp: return tr("CPU temp °C");
    case NicRx: return tr("Network received B/s");
    case NicTx: return tr("Network sent B/s");
    default: break;
    }
    const int gpu = (section - FixedColumns) / kGpuMetrics;
    static const char* const kNames[] = {"temp °C", "util %", "power W", "SM clock MHz", "SM active %", "tensor active %", "DRAM active %"};
    return tr("GPU %1 %2").arg(gpu).arg(QString::fromUtf8(kNames[(section - FixedColumns) % kGpuMetrics]));
}

}  // namespace fleetdeck

#include "moc_host_history_model.cpp"
