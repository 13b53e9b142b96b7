#include "app/fleet_model.h"

#include <cmath>

namespace fleetdeck {
namespace {

std::optional<double> numberAt(const std::optional<Json>& j, const char* a, const char* b) {
    if (!j || !j->is_object()) return std::nullopt;
    const auto outer = j->find(a);
    if (outer == j->end() || !outer->is_object()) return std::nullopt;
    const auto inner = outer->find(b);
    if (inner == outer->end() || !inner->is_number()) return std::nullopt;
    return inner->get<double>();
}

}  // namespace

QString formatBytes(double bytes) {
    static const char* units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
    int u = 0;
    while (bytes >= 1024.0 && u < 4) {
        bytes /= 1024.0;
        ++u;
    }
    return QStringLiteral("%1 %2").arg(bytes, 0, 'f', u == 0 ? 0 : 1).arg(QLatin1String(units[u]));
}

FleetModel::FleetModel(const TelemetryStore& store, QObject* parent) : QAbstractTableModel(parent), store_(store) {}

int FleetModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int FleetModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant FleetModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
    case Host: return tr("Host");
    case State: return tr("State");
    case Cpu: return tr("CPU");
    case Memory: return tr("Memory used");
    case Updated: return tr("Updated");
    default: return {};
    }
}

QVariant FleetModel::display(const HostRecord& r, int column) const {
    switch (column) {
    case Host:
        return r.spec.isSimulated() ? tr("%1 (simulated)").arg(r.spec.name) : r.spec.name;
    case State:
        return r.reason.isEmpty() ? toString(r.state) : QStringLiteral("%1 — %2").arg(toString(r.state), r.reason);
    case Cpu: {
        const auto v = numberAt(r.latest, "cpu", "util_pct");
        return v ? QStringLiteral("%1 %").arg(*v, 5, 'f', 1) : tr("no data");
    }
    case Memory: {
        const auto used = numberAt(r.latest, "memory", "used_bytes");
        const auto total = numberAt(r.latest, "memory", "total_bytes");
        if (!used || !total) return tr("no data");
        return QStringLiteral("%1 of %2").arg(formatBytes(*used), formatBytes(*total));
    }
    case Updated: {
        if (r.lastSampleAtMs == 0) return tr("never");
        const qint64 age = std::max<qint64>(0, (nowMs_ - r.lastSampleAtMs) / 1000);
        return age == 0 ? tr("just now") : tr("%1 s ago").arg(age);
    }
    default:
        return {};
    }
}

QVariant FleetModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount()) return {};
    const HostRecord& r = rows_[static_cast<std::size_t>(index.row())];
    switch (role) {
    case Qt::DisplayRole:
        return display(r, index.column());
    case Qt::TextAlignmentRole:
        return index.column() == Cpu || index.column() == Memory ? QVariant(Qt::AlignRight | Qt::AlignVCenter)
                                                                 : QVariant(Qt::AlignLeft | Qt::AlignVCenter);
    case Qt::ToolTipRole:
        return index.column() == State ? QVariant(r.reason) : QVariant();
    case SortRole:
        if (index.column() == Cpu) return numberAt(r.latest, "cpu", "util_pct").value_or(-1.0);
        return display(r, index.column());
    case StateRole:
        return static_cast<int>(r.state);
    case SimulatedRole:
        return r.spec.isSimulated();
    default:
        return {};
    }
}

bool FleetModel::refresh(qint64 nowMs) {
    const quint64 generation = store_.generation();
    const bool clockMoved = nowMs / 1000 != nowMs_ / 1000;  // "N s ago" changes every second
    nowMs_ = nowMs;
    if (generation == seenGeneration_ && !clockMoved) return false;
    seenGeneration_ = generation;
    std::vector<HostRecord> fresh;
    for (const QString& name : store_.hostNames())
        if (auto r = store_.host(name)) fresh.push_back(std::move(*r));
    if (fresh.size() != rows_.size()) {
        beginResetModel();
        rows_ = std::move(fresh);
        endResetModel();
        return true;
    }
    rows_ = std::move(fresh);
    if (!rows_.empty()) emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
    return true;
}

}  // namespace fleetdeck
