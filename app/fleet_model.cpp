#include "app/fleet_model.h"

#include <cmath>

#include <QLocale>

#include "app/rack_order.h"
#include "app/temperature_band.h"
#include "app/untrusted/remote_text.h"

namespace fleetdeck {
namespace {

QString noDataText() { return FleetModel::tr("no data"); }

// %L1: the number in the chosen language's format (docs/translations.md).
QString pct(double v) { return QStringLiteral("%L1 %").arg(v, 3, 'f', 0); }
QString columnDegrees(double v) { return QStringLiteral("%L1 °C").arg(v, 3, 'f', 0); }

bool noGpus(const HostRecord& r) { return r.lastSampleAtMs != 0 && r.summary.gpus.empty(); }

// The Drift column: how many pushed settings drifted; "—" when there is nothing to compare.
QString driftCell(const HostDrift& d) {
    switch (d.status) {
    case HostDrift::Status::Checked: return QString::number(d.findings.size());
    case HostDrift::Status::Failed: return QStringLiteral("?");
    case HostDrift::Status::NoDesiredState:
    case HostDrift::Status::NotChecked: break;
    }
    return QStringLiteral("—");
}

// The settings behind the count, one a line, with the sentence saying what happened to each.
QString driftTip(const HostDrift& d) {
    switch (d.status) {
    case HostDrift::Status::NotChecked: return FleetModel::tr("Not checked for drift yet");
    case HostDrift::Status::NoDesiredState: return FleetModel::tr("No push to this host is recorded: nothing to compare");
    case HostDrift::Status::Failed: return FleetModel::tr("The drift check failed: %1").arg(QString::fromStdString(d.problem));
    case HostDrift::Status::Checked: break;
    }
    if (d.findings.empty()) return FleetModel::tr("All %n pushed setting(s) as pushed", nullptr, d.desiredSettings);
    QStringList lines;
    for (const drift::DriftFinding& f : d.findings)
        lines << QStringLiteral("%1: %2").arg(QString::fromStdString(f.id), QString::fromStdString(f.shown()));
    return lines.join(QLatin1Char('\n'));
}

}  // namespace

QString stateSentence(const HostRecord& record) {
    return record.shownReason.isEmpty() ? stateText(record.state)
                                        : FleetModel::tr("%1 — %2").arg(stateText(record.state), record.shownReason);
}

QString formatBytes(double bytes) {
    static const char* units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
    int u = 0;
    while (bytes >= 1024.0 && u < 4) {
        bytes /= 1024.0;
        ++u;
    }
    return QStringLiteral("%L1 %2").arg(bytes, 0, 'f', u == 0 ? 0 : 1).arg(QLatin1String(units[u]));
}

FleetModel::FleetModel(const TelemetryStore& store, QObject* parent) : QAbstractTableModel(parent), store_(store) {}

int FleetModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int FleetModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant FleetModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || (role != Qt::DisplayRole && role != Qt::ToolTipRole && role != ColumnKeyRole)) return {};
    // Translated in the "FleetModel" context, like the model's tr().
    static const char* const kTitles[ColumnCount] = {
        QT_TR_NOOP("Host"), QT_TR_NOOP("State"), QT_TR_NOOP("Alert"), QT_TR_NOOP("Drift"), QT_TR_NOOP("CPU"), QT_TR_NOOP("CPU temp"),
        QT_TR_NOOP("Memory used"), QT_TR_NOOP("GPUs"), QT_TR_NOOP("GPU util avg / max"), QT_TR_NOOP("GPU temp avg / max"),
        QT_TR_NOOP("GPU power"), QT_TR_NOOP("Worst throttle"), QT_TR_NOOP("Network ↓ / ↑"), QT_TR_NOOP("Group"),
        QT_TR_NOOP("Rack"), QT_TR_NOOP("Tags"), QT_TR_NOOP("Updated")};
    static const char* const kTips[ColumnCount] = {
        "", QT_TR_NOOP("Connection state and why"), QT_TR_NOOP("What needs attention on this host, in a word (hover for the reason)"),
        QT_TR_NOOP("Pushed settings that no longer have the pushed value (— when nothing was pushed to the host)"),
        QT_TR_NOOP("CPU utilization, all cores"), QT_TR_NOOP("Hottest CPU sensor"), "", QT_TR_NOOP("Number of GPUs"),
        QT_TR_NOOP("GPU utilization: mean and maximum over the host's GPUs"), QT_TR_NOOP("GPU temperature: mean and maximum"),
        QT_TR_NOOP("Board power of all GPUs together"), QT_TR_NOOP("The most severe active clock-slowdown reason of any GPU"),
        QT_TR_NOOP("All network interfaces together: received / sent"), "", QT_TR_NOOP("Rack and lowest unit"), "",
        QT_TR_NOOP("Time since the last sample")};
    if (section < 0 || section >= ColumnCount) return {};
    if (role == ColumnKeyRole) return QString::fromUtf8(kTitles[section]);
    const char* text = role == Qt::DisplayRole ? kTitles[section] : kTips[section];
    return *text ? tr(text) : QString();
}

QVariant FleetModel::display(const Row& row, int column) const {
    const HostRecord& r = row.record;
    const HostSummary& s = r.summary;
    switch (column) {
    case Host: return r.spec.isSimulated() ? tr("%1 (simulated)").arg(r.spec.name) : r.spec.name;
    case State:
        return stateSentence(r);
    case Alert: return row.health.word;
    case Drift: return driftCell(r.drift);
    case Cpu: return s.cpuUtilPct ? QStringLiteral("%L1 %").arg(*s.cpuUtilPct, 5, 'f', 1) : noDataText();
    case CpuTemp: return s.hottestCpuTempC ? columnDegrees(*s.hottestCpuTempC) : noDataText();
    case Memory:
        if (!s.memUsedBytes || !s.memTotalBytes) return noDataText();
        return tr("%1 of %2").arg(formatBytes(*s.memUsedBytes), formatBytes(*s.memTotalBytes));
    case Gpus: {
        if (r.lastSampleAtMs == 0) return noDataText();
        const auto lost = std::count_if(s.gpus.begin(), s.gpus.end(), [](const GpuSample& g) { return g.state == protocol::GpuState::Lost; });
        return lost ? tr("%1 (%2 lost)").arg(s.gpus.size()).arg(lost) : QLocale().toString(static_cast<int>(s.gpus.size()));
    }
    case GpuUtil:
        if (noGpus(r)) return tr("no GPU");
        if (!s.gpuUtilMeanPct) return noDataText();
        return QStringLiteral("%1 / %2").arg(pct(*s.gpuUtilMeanPct), pct(*s.gpuUtilMaxPct));
    case GpuTemp:
        if (noGpus(r)) return tr("no GPU");
        if (!s.gpuTempMeanC) return noDataText();
        return QStringLiteral("%1 / %2").arg(columnDegrees(*s.gpuTempMeanC), columnDegrees(*s.gpuTempMaxC));
    case Power:
        if (noGpus(r)) return tr("no GPU");
        return s.gpuPowerW ? formatPower(*s.gpuPowerW) : noDataText();
    case Throttle:
        if (noGpus(r)) return tr("no GPU");
        if (r.lastSampleAtMs == 0) return noDataText();
        if (s.worstThrottle.isEmpty()) return tr("none");
        return tr("%1 (GPU %2)").arg(throttleLabel(s.worstThrottle)).arg(s.worstThrottleGpu.value_or(0));
    case Network:
        if (!s.nicRxBytesPerS || !s.nicTxBytesPerS) return noDataText();
        return QStringLiteral("↓ %1  ↑ %2").arg(formatRate(*s.nicRxBytesPerS), formatRate(*s.nicTxBytesPerS));
    case Group: return r.spec.group;
    case Rack: return rackPlace(r.spec);
    case Tags: return r.spec.tags.join(QStringLiteral(", "));
    case Updated: {
        if (r.lastSampleAtMs == 0) return tr("never");
        const qint64 age = std::max<qint64>(0, (nowMs_ - r.lastSampleAtMs) / 1000);
        return age == 0 ? tr("just now") : tr("%1 s ago").arg(age);
    }
    default: return {};
    }
}

// Numbers sort as numbers; missing values sort below every reading.
QVariant FleetModel::sortKey(const Row& row, int column) const {
    const HostSummary& s = row.record.summary;
    const auto num = [](const std::optional<double>& v) { return v.value_or(-1.0); };
    switch (column) {
    case Alert: return static_cast<int>(row.health.level);
    case Drift: return row.record.drift.status == HostDrift::Status::Checked ? static_cast<int>(row.record.drift.findings.size()) : -1;
    case Cpu: return num(s.cpuUtilPct);
    case CpuTemp: return num(s.hottestCpuTempC);
    case Memory: return num(s.memUsedBytes);
    case Gpus: return static_cast<int>(s.gpus.size());
    case GpuUtil: return num(s.gpuUtilMaxPct);
    case GpuTemp: return num(s.gpuTempMaxC);
    case Power: return num(s.gpuPowerW);
    case Throttle: return throttleSeverity(s.worstThrottle);
    case Network: return num(s.nicRxBytesPerS) + num(s.nicTxBytesPerS);
    case Rack: return QStringLiteral("%1 %2").arg(row.record.spec.rack).arg(row.record.spec.rackUnit, 3, 10, QLatin1Char('0'));
    case Updated: return row.record.lastSampleAtMs;
    default: return display(row, column);
    }
}

QVariant FleetModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount()) return {};
    const Row& row = rows_[static_cast<std::size_t>(index.row())];
    const HostRecord& r = row.record;
    switch (role) {
    case Qt::DisplayRole: return display(row, index.column());
    case Qt::TextAlignmentRole: {
        const int c = index.column();
        const bool numeric = c == Drift || c == Cpu || c == CpuTemp || c == Memory || c == Gpus || c == GpuUtil || c == GpuTemp ||
                             c == Power || c == Network || c == Updated;
        return numeric ? QVariant(Qt::AlignRight | Qt::AlignVCenter) : QVariant(Qt::AlignLeft | Qt::AlignVCenter);
    }
    case Qt::ToolTipRole:
        // The state's reason carries the agent's version and errors, the sensor its label: remote text.
        // The whole sentence: the column may be too narrow for it.
        if (index.column() == State) return plainToolTip(stateSentence(r));
        if (index.column() == Alert || index.column() == Host) return plainToolTip(row.health.reason);
        if (index.column() == CpuTemp) return plainToolTip(r.summary.hottestCpuSensor);
        // The sentences carry values and file names read from the host: remote text.
        if (index.column() == Drift) return plainToolTip(driftTip(r.drift));
        if (index.column() == Throttle) return plainToolTip(display(row, Throttle).toString());  // may be elided
        return {};
    case SortRole: return sortKey(row, index.column());
    case StateRole: return static_cast<int>(r.state);
    case SimulatedRole: return r.spec.isSimulated();
    case HealthRole: return static_cast<int>(row.health.level);
    case BandRole:
        if (index.column() == GpuTemp) {
            TemperatureBand worst = TemperatureBand::NoData;
            for (const GpuSample& g : r.summary.gpus) worst = std::max(worst, temperatureBand(g.temp_c, g.temp_slowdown_c));
            return static_cast<int>(worst);
        }
        if (index.column() == CpuTemp) return static_cast<int>(temperatureBand(r.summary.hottestCpuTempC));
        return {};
    case HostNameRole: return r.spec.name;
    case GroupRole: return r.spec.group;
    case RackRole: return r.spec.rack;
    case TagsRole: return r.spec.tags;
    case DriftRole:
        return r.drift.status == HostDrift::Status::Checked ? static_cast<int>(r.drift.findings.size()) : -1;
    default: return {};
    }
}

int FleetModel::rowOf(const QString& hostName) const { return rowOfName_.value(hostName, -1); }

void FleetModel::replaceAllRows(std::vector<HostRecord> records) {
    std::vector<Row> fresh;
    fresh.reserve(records.size());
    newestSampleMs_ = 0;
    for (HostRecord& r : records) {
        HostHealth health = r.health;
        newestSampleMs_ = std::max(newestSampleMs_, r.lastSampleAtMs);
        fresh.push_back({std::move(r), std::move(health)});
    }
    bool sameHosts = fresh.size() == rows_.size();
    for (std::size_t i = 0; sameHosts && i < fresh.size(); ++i)
        sameHosts = fresh[i].record.spec.name == rows_[i].record.spec.name;
    if (!sameHosts) beginResetModel();
    rows_ = std::move(fresh);
    rowOfName_.clear();
    for (std::size_t i = 0; i < rows_.size(); ++i) rowOfName_.insert(rows_[i].record.spec.name, static_cast<int>(i));
    if (!sameHosts) endResetModel();
    else if (!rows_.empty()) emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

// The rows that changed, as runs of neighbouring rows: a view repaints the rows of each run, not
// the span from the first changed row to the last (at 1 Hz samples and 4 refreshes a second, that
// span was most of the table every time, and its painting most of the app's CPU with a few dozen
// hosts). Past kMaxRuns runs one span is announced instead: each signal also costs the sort proxy
// and the view their bookkeeping, which at a thousand hosts outweighs the painting saved.
void FleetModel::announceRows(std::vector<int> rows) {
    if (rows.empty()) return;
    std::sort(rows.begin(), rows.end());
    std::vector<std::pair<int, int>> runs;
    for (const int row : rows) {
        if (!runs.empty() && row <= runs.back().second + 1) runs.back().second = std::max(runs.back().second, row);
        else runs.emplace_back(row, row);
    }
    if (runs.size() > kMaxRuns) runs = {{runs.front().first, runs.back().second}};
    for (const auto& [first, last] : runs) emit dataChanged(index(first, 0), index(last, ColumnCount - 1));
}

bool FleetModel::refresh(qint64 nowMs) {
    const bool clockMoved = nowMs / 1000 != nowMs_ / 1000;  // "N s ago" changes every second
    nowMs_ = nowMs;
    const bool changed = store_.generation() != seenGeneration_ || seenGeneration_ == 0;
    if (!changed && !clockMoved) return false;
    if (changed) {
        // Only the hosts that changed since the last refresh are copied and announced: at a
        // thousand hosts a full copy four times a second was most of the GUI thread's work.
        TelemetryStore::SummaryChanges changes = store_.summariesChangedSince(seenGeneration_);
        seenGeneration_ = changes.generation;
        if (changes.all) {
            replaceAllRows(std::move(changes.records));
            return true;
        }
        std::vector<int> changedRows;
        changedRows.reserve(changes.records.size());
        for (HostRecord& r : changes.records) {
            const int row = rowOf(r.spec.name);
            if (row < 0) continue;  // cannot happen without a change of the list, which `all` covers
            newestSampleMs_ = std::max(newestSampleMs_, r.lastSampleAtMs);
            Row& target = rows_[static_cast<std::size_t>(row)];
            target.health = r.health;
            target.record = std::move(r);
            changedRows.push_back(row);
        }
        announceRows(std::move(changedRows));
    }
    if (clockMoved && !rows_.empty()) emit dataChanged(index(0, Updated), index(rowCount() - 1, Updated));
    return true;
}

}  // namespace fleetdeck

#include "moc_fleet_model.cpp"
