#include "app/push/push_progress_model.h"

namespace fleetdeck {

QString settingsSummary(const HostPushResult& r) {
    if (r.settings.empty()) return QStringLiteral("—");
    int changed = 0, unchanged = 0;
    for (const auto& s : r.settings) {
        if (s.result == "unchanged") ++unchanged;
        else ++changed;
    }
    return QObject::tr("%1 changing, %2 unchanged").arg(changed).arg(unchanged);
}

PushProgressModel::PushProgressModel(QObject* parent) : QAbstractTableModel(parent) {}

void PushProgressModel::setHosts(const QStringList& names) {
    beginResetModel();
    rows_.clear();
    for (const QString& n : names) {
        HostPushResult r;
        r.host = n;
        r.reason = tr("waiting for a free slot");
        rows_.push_back(std::move(r));
    }
    endResetModel();
}

void PushProgressModel::update(int row, const HostPushResult& result) {
    if (row < 0 || row >= rowCount()) return;
    rows_[static_cast<std::size_t>(row)] = result;
    emit dataChanged(index(row, 0), index(row, ColumnCount - 1));
}

int PushProgressModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int PushProgressModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant PushProgressModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid()) return {};
    const HostPushResult& r = rows_.at(static_cast<std::size_t>(index.row()));
    if (role == StateRole) return static_cast<int>(r.state);
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole) return {};
    switch (index.column()) {
    case Host: return r.host;
    case State: return toString(r.state);
    case Settings: return settingsSummary(r);
    case Transaction: return r.txn.isEmpty() ? QStringLiteral("—") : r.txn;
    case Reason: return r.reason;
    default: return {};
    }
}

QVariant PushProgressModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
    case Host: return tr("Host");
    case State: return tr("State");
    case Settings: return tr("Settings");
    case Transaction: return tr("Transaction");
    case Reason: return tr("Reason");
    default: return {};
    }
}

}  // namespace fleetdeck
