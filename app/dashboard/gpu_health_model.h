#pragma once

#include <QAbstractTableModel>
#include <vector>

#include "agent/protocol/sample.h"
#include "app/gpu_findings.h"

namespace fleetdeck {

// One host's GPU health readings as a table, one row per GPU: ECC counters, remapped rows,
// retired pages, PCIe replays, NVLinks up of total with their errors, and the GPU's last XIDs with
// what they mean. Fed by the host page from the host's latest sample and findings.
class GpuHealthModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Gpu, State, Ecc, RemappedRows, RetiredPages, PcieReplays, Nvlinks, Xids, ColumnCount };
    enum Role { SeverityRole = Qt::UserRole + 1 };  // int: -1 none, else FindingSeverity of the row's worst finding

    explicit GpuHealthModel(QObject* parent = nullptr);

    void setSample(const protocol::Sample& sample, const std::vector<GpuFinding>& findings);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Row {
        QString cells[ColumnCount];
        QString xidDetail;  // tooltip: every XID with its meaning
        int severity = -1;
    };
    std::vector<Row> rows_;
};

}  // namespace fleetdeck
