#pragma once

#include <QAbstractTableModel>
#include <vector>

#include "agent/protocol/sample.h"

namespace fleetdeck {

// What runs on each of a host's NVIDIA GPUs, from its latest sample (`gpus[].processes`): a row
// per process (GPU, pid, type, user, name, GPU memory, SM share, and the Slurm job, container,
// Kubernetes pod or systemd unit it belongs to), and for a GPU with none a row saying so: "no
// processes", or "the driver cannot list processes" where the agent's NVML gave no list. A name or
// user the agent could not read (another user's /proc, another pid namespace) reads "not
// readable", never blank. Every name comes from the server: shown as plain text, control
// characters dropped, cut to kMaxShownChars with the whole of it in the tooltip.
class GpuProcessModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Gpu, Pid, Type, User, Name, GpuMemory, SmUtil, BelongsTo, ColumnCount };
    // bool: the row is a GPU's note ("no processes"), not a process; its text is in kNoteColumn,
    // the first of the columns a view spans it across.
    enum Role { NoteRole = Qt::UserRole + 1 };
    static constexpr Column kNoteColumn = Pid;
    static constexpr int kMaxShownChars = 48;

    explicit GpuProcessModel(QObject* parent = nullptr);

    void setSample(const protocol::Sample& sample);
    // Processes over all GPUs (note rows not counted).
    int processCount() const { return processes_; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Row {
        QString cells[ColumnCount];
        QString tips[ColumnCount];  // the whole remote text where a cell is cut, or why a cell is empty
        bool note = false;
    };
    std::vector<Row> rows_;
    int processes_ = 0;
};

}  // namespace fleetdeck
