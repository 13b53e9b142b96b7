#include "app/dashboard/gpu_health_model.h"

#include <QDateTime>

#include "app/untrusted/remote_text.h"

namespace fleetdeck {
namespace {

QString count(const std::optional<std::int64_t>& v) { return v ? QString::number(*v) : QStringLiteral("–"); }

QString eccText(const protocol::GpuSample& g) {
    if (!g.ecc) return QStringLiteral("–");
    if (g.ecc->enabled == false) return QObject::tr("off");
    return QObject::tr("%1 uncorr. · %2 corr. (life: %3 · %4)")
        .arg(count(g.ecc->uncorrected_volatile), count(g.ecc->corrected_volatile), count(g.ecc->uncorrected_aggregate),
             count(g.ecc->corrected_aggregate));
}

QString remapText(const protocol::GpuSample& g) {
    if (!g.remapped_rows) return QStringLiteral("–");
    QString text = QObject::tr("%1 uncorr. · %2 corr.").arg(g.remapped_rows->uncorrectable).arg(g.remapped_rows->correctable);
    if (g.remapped_rows->failed) text += QObject::tr(" · FAILED");
    else if (g.remapped_rows->pending) text += QObject::tr(" · reset pending");
    return text;
}

QString retiredText(const protocol::GpuSample& g) {
    if (!g.retired_pages) return QStringLiteral("–");
    QString text = QObject::tr("%1 double · %2 single").arg(g.retired_pages->double_bit).arg(g.retired_pages->single_bit);
    if (g.retired_pages->pending) text += QObject::tr(" · pending");
    return text;
}

QString nvlinkText(const protocol::GpuSample& g) {
    if (g.nvlinks.empty()) return QObject::tr("none");
    int up = 0;
    std::int64_t errors = 0;
    for (const protocol::NvlinkSample& l : g.nvlinks) {
        up += l.active ? 1 : 0;
        for (const auto& c : {l.replay_errors, l.recovery_errors, l.crc_errors}) errors += c.value_or(0);
    }
    QString text = QObject::tr("%1/%2 up").arg(up).arg(g.nvlinks.size());
    if (errors > 0) text += QObject::tr(" · %1 errors").arg(errors);
    return text;
}

}  // namespace

GpuHealthModel::GpuHealthModel(QObject* parent) : QAbstractTableModel(parent) {}

void GpuHealthModel::setSample(const protocol::Sample& sample, const std::vector<GpuFinding>& findings) {
    std::vector<Row> rows;
    for (const protocol::GpuSample& g : sample.gpus) {
        if (g.vendor != "nvidia") continue;
        Row row;
        row.cells[Gpu] = QStringLiteral("GPU %1").arg(g.index);
        const bool lost = g.state == protocol::GpuState::Lost;
        row.cells[State] = lost ? tr("lost") : tr("ok");
        row.cells[Ecc] = lost ? QStringLiteral("–") : eccText(g);
        row.cells[RemappedRows] = lost ? QStringLiteral("–") : remapText(g);
        row.cells[RetiredPages] = lost ? QStringLiteral("–") : retiredText(g);
        row.cells[PcieReplays] = count(g.pcie_replays);
        row.cells[Nvlinks] = lost ? QStringLiteral("–") : nvlinkText(g);
        QStringList xids, detail;
        for (auto it = sample.xid_events.rbegin(); it != sample.xid_events.rend(); ++it) {
            if (gpuIndexForBusId(sample, it->pci_bus_id) != g.index) continue;
            const XidMeaning* m = xidMeaning(it->code);
            if (xids.size() < 3) xids << QString::number(it->code);
            detail << QStringLiteral("%1  XID %2: %3")
                          .arg(QDateTime::fromMSecsSinceEpoch(it->time_ms).toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")))
                          .arg(it->code)
                          .arg(m ? QString::fromUtf8(m->meaning) : QString::fromStdString(it->message).left(160));
        }
        if (!xids.isEmpty()) {
            const XidMeaning* newest = xidMeaning(xids.first().toLongLong());
            row.cells[Xids] = xids.join(QStringLiteral(", ")) + (newest ? QStringLiteral(" — ") + QString::fromUtf8(newest->meaning) : QString());
        } else {
            row.cells[Xids] = tr("none");
        }
        row.xidDetail = detail.join(QLatin1Char('\n'));
        for (const GpuFinding& f : findings)
            if (f.gpu == g.index) row.severity = std::max(row.severity, static_cast<int>(f.severity));
        rows.push_back(std::move(row));
    }
    beginResetModel();
    rows_ = std::move(rows);
    endResetModel();
}

int GpuHealthModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : static_cast<int>(rows_.size()); }
int GpuHealthModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant GpuHealthModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount()) return {};
    const Row& row = rows_[static_cast<std::size_t>(index.row())];
    switch (role) {
    case Qt::DisplayRole: return row.cells[index.column()];
    case Qt::ToolTipRole: return index.column() == Xids && !row.xidDetail.isEmpty() ? QVariant(plainToolTip(row.xidDetail)) : QVariant();
    case SeverityRole: return row.severity;
    default: return {};
    }
}

QVariant GpuHealthModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
    case Gpu: return tr("GPU");
    case State: return tr("State");
    case Ecc: return tr("ECC errors (since load; life)");
    case RemappedRows: return tr("Remapped rows");
    case RetiredPages: return tr("Retired pages");
    case PcieReplays: return tr("PCIe replays");
    case Nvlinks: return tr("NVLinks");
    case Xids: return tr("Last XIDs");
    default: return {};
    }
}

}  // namespace fleetdeck

#include "moc_gpu_health_model.cpp"
