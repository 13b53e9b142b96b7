#include "app/dashboard/gpu_process_model.h"

#include <QLocale>

#include "app/untrusted/remote_text.h"

namespace fleetdeck {
namespace {

// A name from the server as one line of plain text: control characters (a newline, an escape
// sequence) dropped, so a process cannot draw over the rows around it.
QString printable(const std::string& raw) {
    const QString text = QString::fromStdString(raw);
    QString out;
    out.reserve(text.size());
    for (const QChar ch : text)
        if (ch.category() != QChar::Other_Control && !ch.isNonCharacter()) out += ch;
    return out;
}

struct Cell {
    QString text, tip;
};

// At most kMaxShownChars of a text, the whole of it in the tooltip where it was cut.
Cell cut(const QString& text) {
    if (text.size() <= GpuProcessModel::kMaxShownChars) return {text, {}};
    return {text.left(GpuProcessModel::kMaxShownChars - 1) + QStringLiteral("…"), text};
}

Cell remoteCell(const std::string& raw) { return cut(printable(raw)); }

QString kindWord(const std::string& kind) {
    if (kind == "compute") return GpuProcessModel::tr("compute");
    if (kind == "graphics") return GpuProcessModel::tr("graphics");
    if (kind == "mps") return GpuProcessModel::tr("MPS");
    return printable(kind).left(16);
}

// What the process belongs to, most specific first: "Slurm job 4242", "container 3f2a…".
QStringList belongsTo(const protocol::GpuProcess& p) {
    QStringList parts;
    if (p.slurm_job) parts << GpuProcessModel::tr("Slurm job %1").arg(*p.slurm_job);
    if (p.container) parts << GpuProcessModel::tr("container %1").arg(printable(*p.container));
    if (p.k8s_pod_uid) parts << GpuProcessModel::tr("pod %1").arg(printable(*p.k8s_pod_uid));
    if (p.systemd_unit) parts << GpuProcessModel::tr("unit %1").arg(printable(*p.systemd_unit));
    return parts;
}

}  // namespace

GpuProcessModel::GpuProcessModel(QObject* parent) : QAbstractTableModel(parent) {}

void GpuProcessModel::setSample(const protocol::Sample& sample) {
    std::vector<Row> rows;
    int processes = 0;
    const QString unreadable = tr("not readable");
    const QString unreadableTip = tr("The agent cannot read this process's /proc entry: another user's process seen by an "
                                     "agent without root, or one in another pid namespace");
    for (const protocol::GpuSample& g : sample.gpus) {
        if (g.vendor != "nvidia") continue;
        const QString gpu = QStringLiteral("GPU %1").arg(g.index);
        if (!g.processes || g.processes->empty()) {
            Row row;
            row.note = true;
            row.cells[Gpu] = gpu;
            row.cells[kNoteColumn] = g.processes ? tr("no processes") : tr("the driver cannot list processes");
            if (!g.processes) row.tips[kNoteColumn] = tr("This GPU's NVML has no process calls, or they failed for this GPU");
            rows.push_back(std::move(row));
            continue;
        }
        for (const protocol::GpuProcess& p : *g.processes) {
            Row row;
            row.cells[Gpu] = gpu;
            row.cells[Pid] = QString::number(p.pid);
            row.cells[Type] = kindWord(p.kind);
            const Cell user = p.user ? remoteCell(*p.user) : Cell{unreadable, unreadableTip};
            const Cell name = p.name ? remoteCell(*p.name) : Cell{unreadable, unreadableTip};
            row.cells[User] = user.text;
            row.tips[User] = user.tip;
            row.cells[Name] = name.text;
            row.tips[Name] = name.tip;
            row.cells[GpuMemory] = p.gpu_mem_bytes ? tr("%1 MiB").arg(QLocale().toString(*p.gpu_mem_bytes / (1024 * 1024)))
                                                   : QStringLiteral("–");
            row.cells[SmUtil] = p.sm_util_pct ? tr("%1 %").arg(QLocale().toString(*p.sm_util_pct, 'f', 0)) : QStringLiteral("–");
            if (!p.sm_util_pct) row.tips[SmUtil] = tr("The driver gives no per-process SM figure for this GPU");
            const QStringList parts = belongsTo(p);
            const Cell owner = cut(parts.join(QStringLiteral(", ")));
            row.cells[BelongsTo] = owner.text;
            row.tips[BelongsTo] = owner.tip;
            rows.push_back(std::move(row));
            ++processes;
        }
    }
    beginResetModel();
    rows_ = std::move(rows);
    processes_ = processes;
    endResetModel();
}

int GpuProcessModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : static_cast<int>(rows_.size()); }

int GpuProcessModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant GpuProcessModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount()) return {};
    const Row& row = rows_[static_cast<std::size_t>(index.row())];
    switch (role) {
    case Qt::DisplayRole: return row.cells[index.column()];
    case Qt::ToolTipRole: return plainToolTip(row.tips[index.column()]);
    case NoteRole: return row.note;
    case Qt::TextAlignmentRole:
        // Numbers line up on their right edge; a note reads from the left.
        if (!row.note && (index.column() == Pid || index.column() == GpuMemory || index.column() == SmUtil))
            return QVariant::fromValue(Qt::Alignment(Qt::AlignRight | Qt::AlignVCenter));
        return {};
    default: return {};
    }
}

QVariant GpuProcessModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole || section < 0 || section >= ColumnCount) return {};
    static const char* const kTitles[] = {QT_TR_NOOP("GPU"),        QT_TR_NOOP("PID"),    QT_TR_NOOP("Type"),
                                          QT_TR_NOOP("User"),       QT_TR_NOOP("Process"), QT_TR_NOOP("GPU memory"),
                                          QT_TR_NOOP("SM"),         QT_TR_NOOP("Slurm job, container, pod or unit")};
    return tr(kTitles[section]);
}

}  // namespace fleetdeck

#include "moc_gpu_process_model.cpp"
