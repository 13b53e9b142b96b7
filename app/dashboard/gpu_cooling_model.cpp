#include "app/dashboard/gpu_cooling_model.h"

#include <algorithm>

#include <QLocale>

#include "app/rack_order.h"
#include "app/temperature_band.h"

namespace fleetdeck {
namespace {

QVariant value(const std::optional<double>& v) { return v ? QVariant(*v) : QVariant(); }

}  // namespace

GpuCoolingModel::GpuCoolingModel(const TelemetryStore& store, QObject* parent)
    : QAbstractTableModel(parent), store_(store) {}

int GpuCoolingModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int GpuCoolingModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : columns_; }

QVariant GpuCoolingModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (role != Qt::DisplayRole) return {};
    if (orientation == Qt::Horizontal) return tr("GPU %1").arg(section);
    if (section < 0 || section >= rowCount()) return {};
    const HostSpec& spec = rows_[static_cast<std::size_t>(section)].record.spec;
    return spec.isSimulated() ? tr("%1 (simulated)").arg(spec.name) : spec.name;
}

QString GpuCoolingModel::tooltip(const Row& row, const GpuSample& g) const {
    const auto num = [](const std::optional<double>& v, const char* unit, int decimals = 0) {
        return v ? QStringLiteral("%1 %2").arg(QLocale().toString(*v, 'f', decimals)).arg(QString::fromUtf8(unit)) : tr("no data");
    };
    QStringList lines;
    lines << QStringLiteral("<b>%1 — GPU %2</b> %3").arg(row.record.spec.name.toHtmlEscaped()).arg(g.index).arg(gpuName(g).toHtmlEscaped());
    if (g.state == protocol::GpuState::Lost) lines << tr("Lost: the GPU fell off the bus and answers nothing.");
    lines << tr("Temperature: %1 (slowdown at %2) — %3")
                 .arg(num(g.temp_c, "°C"), num(g.temp_slowdown_c, "°C"), bandName(temperatureBand(g.temp_c, g.temp_slowdown_c)));
    lines << tr("Utilization: %1, SM clock: %2").arg(num(g.util_pct, "%"), num(g.sm_clock_mhz, "MHz"));
    lines << tr("Power: %1 of %2 limit").arg(num(g.power_w, "W"), num(g.power_limit_w, "W"));
    lines << tr("Fan: %1").arg(num(g.fan_pct, "%"));
    if (g.throttle) {
        QStringList reasons;
        for (const QString& r : throttleReasons(g))
            if (throttleSeverity(r) > 0) reasons << throttleLabel(r);
        lines << tr("Clock slowdown: %1").arg(reasons.isEmpty() ? tr("none") : QLocale().createSeparatedList(reasons));
    }
    if (g.pcie_width && g.pcie_width_max)
        lines << tr("PCIe: gen %1 x%2 (max gen %3 x%4)")
                     .arg(g.pcie_gen.value_or(0)).arg(*g.pcie_width).arg(g.pcie_gen_max.value_or(0)).arg(*g.pcie_width_max);
    for (const GpuFinding& f : row.record.findings)
        if (f.gpu == g.index) lines << QStringLiteral("<b>%1</b>: %2").arg(shownSeverity(f.severity), f.shownText.toHtmlEscaped());
    lines << tr("Click to open the host page.");
    return lines.join(QStringLiteral("<br>"));
}

QVariant GpuCoolingModel::tileData(const Row& row, int slot, int role) const {
    const auto& gpus = row.record.summary.gpus;
    const GpuSample* g = slot < static_cast<int>(gpus.size()) ? &gpus[static_cast<std::size_t>(slot)] : nullptr;
    const bool reported = row.record.lastSampleAtMs != 0;
    switch (role) {
    case PresentRole: return g != nullptr || !reported;
    case HostNameRole: return row.record.spec.name;
    case SimulatedRole: return row.record.spec.isSimulated();
    case PlaceRole: return rackPlace(row.record.spec);
    case BandRole: return static_cast<int>(g ? temperatureBand(g->temp_c, g->temp_slowdown_c) : TemperatureBand::NoData);
    default: break;
    }
    if (!g) return role == Qt::DisplayRole && !reported ? QVariant(tr("no data")) : QVariant();
    switch (role) {
    case Qt::DisplayRole:
        if (g->state == protocol::GpuState::Lost) return tr("lost");
        return g->temp_c ? QVariant(tr("%1 °C").arg(QLocale().toString(*g->temp_c, 'f', 0))) : QVariant(tr("no data"));
    case Qt::ToolTipRole: return tooltip(row, *g);
    case TempRole: return value(g->temp_c);
    case SlowdownRole: return value(g->temp_slowdown_c);
    case UtilRole: return value(g->util_pct);
    case PowerRole: return value(g->power_w);
    case PowerLimitRole: return value(g->power_limit_w);
    case FanRole: return value(g->fan_pct);
    case ClockRole: return value(g->sm_clock_mhz);
    case ThermalThrottleRole: return thermalThrottled(*g);
    case PowerThrottleRole: return powerThrottled(*g);
    case ThrottleRole: return g->throttle ? QVariant(throttleReasons(*g)) : QVariant();
    case LostRole: return g->state == protocol::GpuState::Lost;
    case HealthBadgesRole: return findingBadges(row.record.findings, g->index);
    case HealthCriticalRole:
        return std::any_of(row.record.findings.begin(), row.record.findings.end(), [g](const GpuFinding& f) {
            return f.gpu == g->index && f.severity == FindingSeverity::Critical;
        });
    case SparklineRole: {
        QVariantList points;
        if (static_cast<std::size_t>(slot) < row.trails.size())
            for (const auto& p : row.trails[static_cast<std::size_t>(slot)]) points << (p ? QVariant(double(*p)) : QVariant());
        return points;
    }
    default: return {};
    }
}

QVariant GpuCoolingModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount() || index.column() >= columnCount()) return {};
    return tileData(rows_[static_cast<std::size_t>(index.row())], index.column(), role);
}

int GpuCoolingModel::rowOf(const QString& hostName) const { return rowOfName_.value(hostName, -1); }

bool GpuCoolingModel::refresh() {
    const bool changed = store_.generation() != seenGeneration_ || seenGeneration_ == 0;
    if (!changed) return false;
    // Only the hosts that changed since the last refresh are copied, with their sparklines; the
    // whole grid is rebuilt when hosts come or go or a host's tiles change shape.
    TelemetryStore::SummaryChanges changes = store_.summariesChangedSince(seenGeneration_);
    seenGeneration_ = changes.generation;
    if (changes.all || !updateChanged(changes.records)) return rebuild();
    return true;
}

// In place: each changed host keeps its row and tile count. False when one does not (it gained or
// lost GPUs, or is new to the grid): the caller rebuilds.
bool GpuCoolingModel::updateChanged(std::vector<HostRecord>& records) {
    for (const HostRecord& r : records) {
        const int row = rowOf(r.spec.name);
        const bool shown = !(r.lastSampleAtMs != 0 && r.summary.gpus.empty());
        if ((row < 0) == shown) return false;
        if (row >= 0 && static_cast<int>(r.summary.gpus.size()) > columns_) return false;
        if (row >= 0 && rows_[static_cast<std::size_t>(row)].record.summary.gpus.size() != r.summary.gpus.size()) return false;
    }
    int first = rowCount(), last = -1;
    for (HostRecord& r : records) {
        const int row = rowOf(r.spec.name);
        newestSampleMs_ = std::max(newestSampleMs_, r.lastSampleAtMs);
        if (row < 0) continue;  // a host without GPUs, not in the grid
        Row& target = rows_[static_cast<std::size_t>(row)];
        target.trails = store_.gpuTempTrail(r.spec.name, kSparkPoints, kSparkStride);
        target.record = std::move(r);
        first = std::min(first, row);
        last = std::max(last, row);
    }
    if (last >= 0 && columns_ > 0) emit dataChanged(index(first, 0), index(last, columns_ - 1));
    return true;
}

bool GpuCoolingModel::rebuild() {
    std::vector<Row> fresh;
    newestSampleMs_ = 0;
    int columns = 0;
    for (HostRecord& r : store_.summaries()) {
        newestSampleMs_ = std::max(newestSampleMs_, r.lastSampleAtMs);
        if (r.lastSampleAtMs != 0 && r.summary.gpus.empty()) continue;  // a host without GPUs
        columns = std::max(columns, static_cast<int>(r.summary.gpus.size()));
        auto trails = store_.gpuTempTrail(r.spec.name, kSparkPoints, kSparkStride);
        fresh.push_back({std::move(r), std::move(trails)});
    }
    std::stable_sort(fresh.begin(), fresh.end(),
                     [](const Row& a, const Row& b) { return rackOrderLess(a.record.spec, b.record.spec); });
    columns = std::max(columns, fresh.empty() ? 0 : 1);
    bool sameShape = fresh.size() == rows_.size() && columns == columns_;
    for (std::size_t i = 0; sameShape && i < fresh.size(); ++i)
        sameShape = fresh[i].record.spec.name == rows_[i].record.spec.name;
    if (!sameShape) beginResetModel();
    rows_ = std::move(fresh);
    columns_ = columns;
    rowOfName_.clear();
    for (std::size_t i = 0; i < rows_.size(); ++i) rowOfName_.insert(rows_[i].record.spec.name, static_cast<int>(i));
    if (!sameShape) endResetModel();
    else if (!rows_.empty() && columns_ > 0) emit dataChanged(index(0, 0), index(rowCount() - 1, columns_ - 1));
    return true;
}

}  // namespace fleetdeck

#include "moc_gpu_cooling_model.cpp"
