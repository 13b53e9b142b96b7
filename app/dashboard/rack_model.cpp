#include "app/dashboard/rack_model.h"

#include <algorithm>

#include <QLocale>

#include "app/rack_order.h"
#include "app/temperature_band.h"

namespace fleetdeck {
namespace {

constexpr int kStandardRackU = 42;

}  // namespace

RackModel::RackModel(const TelemetryStore& store, QObject* parent) : QAbstractListModel(parent), store_(store) {}

int RackModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : static_cast<int>(rows_.size()); }

// The hottest GPU relative to its own threshold decides; a host without GPUs is judged by its CPU.
RackModel::Row RackModel::makeRow(HostRecord r) {
    Row row;
    row.health = r.health;
    TemperatureBand band = TemperatureBand::NoData;
    for (const GpuSample& g : r.summary.gpus) {
        const TemperatureBand b = temperatureBand(g.temp_c, g.temp_slowdown_c);
        if (b > band || (b == band && g.temp_c && (!row.worstC || *g.temp_c > *row.worstC))) {
            band = b;
            row.worstC = g.temp_c;
            row.worstSource = tr("GPU %1").arg(g.index);
        }
    }
    if (r.summary.gpus.empty() && r.summary.hottestCpuTempC) {
        band = temperatureBand(r.summary.hottestCpuTempC);
        row.worstC = r.summary.hottestCpuTempC;
        row.worstSource = QStringLiteral("CPU");
    }
    row.band = static_cast<int>(band);
    row.record = std::move(r);
    return row;
}

QVariant RackModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount()) return {};
    const Row& row = rows_[static_cast<std::size_t>(index.row())];
    const HostSpec& spec = row.record.spec;
    switch (role) {
    case Qt::DisplayRole:
    case HostNameRole: return spec.name;
    case Qt::ToolTipRole: {
        QString t = (spec.isSimulated() ? tr("<b>%1</b> (simulated)<br>") : QStringLiteral("<b>%1</b><br>")).arg(spec.name.toHtmlEscaped());
        if (!spec.rack.isEmpty() && spec.rackUnit <= 0)  // a rack but no unit: the rack alone
            t += spec.rack.toHtmlEscaped() + QStringLiteral("<br>");
        else if (!spec.rack.isEmpty())
            t += tr("%1, %2–%3<br>").arg(spec.rack.toHtmlEscaped(), rackUnitName(spec.rackUnit),
                                         rackUnitName(spec.rackUnit + std::max(1, spec.rackHeightU) - 1));
        t += row.worstC ? tr("Hottest: %1 at %2 °C<br>").arg(row.worstSource).arg(QLocale().toString(*row.worstC, 'f', 0)) : tr("No temperature yet<br>");
        return t + QStringLiteral("%1: %2").arg(row.health.word, row.health.reason.toHtmlEscaped());
    }
    case RackRole: return spec.rack;
    case UnitRole: return spec.rackUnit;
    case HeightRole: return std::max(1, spec.rackHeightU);
    case WorstTempRole: return row.worstC ? QVariant(*row.worstC) : QVariant();
    case WorstSourceRole: return row.worstSource;
    case BandRole: return row.band;
    case HealthRole: return static_cast<int>(row.health.level);
    case HealthWordRole: return row.health.word;
    case SimulatedRole: return spec.isSimulated();
    case PowerRole: return row.record.summary.powerW ? QVariant(*row.record.summary.powerW) : QVariant();
    case PowerSourceRole: return row.record.summary.powerSource;
    case InletRole: return row.record.summary.inletC ? QVariant(*row.record.summary.inletC) : QVariant();
    case ExhaustRole: return row.record.summary.exhaustC ? QVariant(*row.record.summary.exhaustC) : QVariant();
    default: return {};
    }
}

QStringList RackModel::racks() const { return racks_; }

void RackModel::setFeeds(std::map<QString, std::vector<PowerFeed>> feeds) {
    feeds_ = std::move(feeds);
    evaluatePower();
    if (!rows_.empty()) emit dataChanged(index(0), index(rowCount() - 1));
}

std::vector<HostRecord> RackModel::rackRecords(const QString& rack) const {
    std::vector<HostRecord> out;
    for (const Row& row : rows_)
        if (row.record.spec.rack == rack) out.push_back(row.record);
    return out;
}

void RackModel::setHistoryPeaks(std::map<QString, double> peaks) {
    historyPeaks_ = std::move(peaks);
    evaluatePower();
    if (!rows_.empty()) emit dataChanged(index(0), index(rowCount() - 1));
}

const power::RackPower* RackModel::rackPower(const QString& rack) const {
    const auto it = power_.find(rack);
    return it == power_.end() ? nullptr : &it->second;
}

std::vector<power::PowerFinding> RackModel::powerFindings() const {
    std::vector<power::PowerFinding> all;
    for (const QString& rack : racks_)
        if (const power::RackPower* r = rackPower(rack)) all.insert(all.end(), r->findings.begin(), r->findings.end());
    std::stable_sort(all.begin(), all.end(), [](const power::PowerFinding& a, const power::PowerFinding& b) { return a.severity > b.severity; });
    return all;
}

// Each rack's loads and findings from the rows as they are now; a host's peak is the most it drew
// while the model watched (or its BMC's period maximum where that is higher).
void RackModel::evaluatePower() {
    static const std::vector<PowerFeed> none;
    std::map<QString, std::vector<power::HostPower>> byRack;  // evaluateRack() then sees its own hosts only
    highestPowerW_ = 0;
    for (const Row& row : rows_) {
        const HostSpec& spec = row.record.spec;
        if (const auto& w = row.record.summary.powerW; w && row.record.state == HostState::Connected) {
            double& seen = peakSeenW_[spec.name];
            seen = std::max(seen, *w);
            highestPowerW_ = std::max(highestPowerW_, *w);
        }
        if (spec.rack.isEmpty()) continue;
        const auto feeds = feeds_.find(spec.rack);
        const auto seen = peakSeenW_.constFind(spec.name);
        auto& hosts = byRack[spec.rack];
        const auto recorded = historyPeaks_.find(spec.name);
        hosts.push_back(power::hostPower(row.record, feeds == feeds_.end() ? none : feeds->second,
                                         recorded == historyPeaks_.end() ? std::nullopt : std::optional<double>(recorded->second)));
        if (power::HostPower& h = hosts.back(); h.powerW && seen != peakSeenW_.constEnd() && *seen > h.peakW.value_or(0)) h.peakW = *seen;
    }
    power_.clear();
    for (const QString& rack : racks_) {
        const auto feeds = feeds_.find(rack);
        power_.emplace(rack, power::evaluateRack(rack, rackHeightU(rack), feeds == feeds_.end() ? none : feeds->second,
                                                 std::move(byRack[rack])));
    }
}

int RackModel::rackHeightU(const QString& rack) const { return rackHeightU_.value(rack, kStandardRackU); }

void RackModel::indexRacks() {
    racks_.clear();
    rackHeightU_.clear();
    for (const Row& r : rows_) {
        const HostSpec& spec = r.record.spec;
        if (spec.rack.isEmpty()) continue;
        auto it = rackHeightU_.find(spec.rack);
        if (it == rackHeightU_.end()) {
            racks_ << spec.rack;
            it = rackHeightU_.insert(spec.rack, kStandardRackU);
        }
        *it = std::max(*it, spec.rackUnit + spec.rackHeightU - 1);
    }
}

bool RackModel::refresh() {
    const bool changed = store_.generation() != seenGeneration_ || seenGeneration_ == 0;
    if (!changed) return false;
    // Only the hosts that changed since the last refresh are copied; their place in the racks
    // comes from their spec, which changes only with the list (then everything is rebuilt).
    TelemetryStore::SummaryChanges changes = store_.summariesChangedSince(seenGeneration_);
    seenGeneration_ = changes.generation;
    if (changes.all) return rebuild();
    int first = rowCount(), last = -1;
    for (HostRecord& r : changes.records) {
        const int row = rowOfName_.value(r.spec.name, -1);
        if (row < 0) return rebuild();
        newestSampleMs_ = std::max(newestSampleMs_, r.lastSampleAtMs);
        rows_[static_cast<std::size_t>(row)] = makeRow(std::move(r));
        first = std::min(first, row);
        last = std::max(last, row);
    }
    evaluatePower();
    if (last >= 0) emit dataChanged(index(first), index(last));
    return true;
}

bool RackModel::rebuild() {
    std::vector<Row> fresh;
    newestSampleMs_ = 0;
    for (HostRecord& r : store_.summaries()) {
        newestSampleMs_ = std::max(newestSampleMs_, r.lastSampleAtMs);
        fresh.push_back(makeRow(std::move(r)));
    }
    std::stable_sort(fresh.begin(), fresh.end(), [](const Row& a, const Row& b) { return rackOrderLess(a.record.spec, b.record.spec); });
    bool same = fresh.size() == rows_.size();
    for (std::size_t i = 0; same && i < fresh.size(); ++i) same = fresh[i].record.spec.name == rows_[i].record.spec.name;
    if (!same) beginResetModel();
    rows_ = std::move(fresh);
    rowOfName_.clear();
    for (std::size_t i = 0; i < rows_.size(); ++i) rowOfName_.insert(rows_[i].record.spec.name, static_cast<int>(i));
    indexRacks();  // a spec edit moves a host without changing the list
    evaluatePower();
    if (!same) endResetModel();
    else if (!rows_.empty()) emit dataChanged(index(0), index(rowCount() - 1));
    return true;
}

}  // namespace fleetdeck

#include "moc_rack_model.cpp"
