#pragma once

#include <vector>

#include <QAbstractTableModel>

#include "app/push/host_push.h"

namespace fleetdeck {

// One row per host of a push: state, transaction, settings changed, reason. The progress dialog
// shows it; PushJob's hostChanged feeds it.
class PushProgressModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Host, State, Settings, Transaction, Reason, ColumnCount };
    // The state as data for delegates and tests (Qt::UserRole on the State column).
    static constexpr int StateRole = Qt::UserRole;

    explicit PushProgressModel(QObject* parent = nullptr);

    void setHosts(const QStringList& names);
    void update(int row, const HostPushResult& result);
    const HostPushResult& result(int row) const { return rows_.at(static_cast<std::size_t>(row)); }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    std::vector<HostPushResult> rows_;
};

// "2 changed, 1 already set", "2 restored, 1 already set"; "—" before anything is known.
QString settingsSummary(const HostPushResult& result);

}  // namespace fleetdeck
