#include "app/push/push_progress_model.h"

#include <QLocale>

#include "app/untrusted/remote_text.h"

namespace fleetdeck {

QString settingsSummary(const HostPushResult& r) {
    if (r.settings.empty()) return QStringLiteral("—");
    int changed = 0, restored = 0, toChange = 0, same = 0, rejected = 0;
    for (const auto& s : r.settings) {
        if (s.result == "unchanged") ++same;
        else if (s.result == "verified") ++changed;
        else if (s.result == "change") ++toChange;
        else if (s.result == "rejected") ++rejected;
        else ++restored;  // rolled_back, failed, not_reached: the host holds its old value
    }
    QStringList parts;
    if (changed) parts << QObject::tr("%1 changed").arg(changed);
    if (toChange) parts << QObject::tr("%1 to change").arg(toChange);
    if (restored) parts << QObject::tr("%1 restored").arg(restored);
    if (rejected) parts << QObject::tr("%1 rejected").arg(rejected);
    if (same) parts << QObject::tr("%1 already set").arg(same);
    return QLocale().createSeparatedList(parts);
}

PushProgressModel::PushProgressModel(QObject* parent) : QAbstractTableModel(parent) {}

void PushProgressModel::setHosts(const QStringList& names) {
    beginResetModel();
    rows_.clear();
    for (const QString& n : names) {
        HostPushResult r;
        r.host = n.toStdString();
        r.reason = QT_TRANSLATE_NOOP("push", "waiting for a free slot");
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
    if (role == Qt::ToolTipRole) return plainToolTip(data(index, Qt::DisplayRole).toString());  // reasons come from agents
    if (role != Qt::DisplayRole) return {};
    // The one place a host's push meets Qt: its words become display text here.
    switch (index.column()) {
    case Host: return QString::fromStdString(r.host);
    case State: return stateWord(r.state);
    case Settings: return settingsSummary(r);
    case Transaction: return r.txn.empty() ? QStringLiteral("—") : QString::fromStdString(r.txn);
    case Reason: return shownReason(r.reason);
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

#include "moc_push_progress_model.cpp"
