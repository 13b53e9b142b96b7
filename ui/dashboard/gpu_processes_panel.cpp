#include "ui/dashboard/gpu_processes_panel.h"

#include <QHeaderView>
#include <QLocale>
#include <QVBoxLayout>

#include <algorithm>

#include "ui/dashboard/view_header.h"

namespace fleetdeck {

GpuProcessesPanel::GpuProcessesPanel(QWidget* parent) : HostPanel(parent), model_(this) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 8);
    auto* title = sectionTitle(tr("GPU processes"), this);
    summary_ = new QLabel(this);
    summary_->setTextFormat(Qt::PlainText);
    summary_->setWordWrap(true);
    table_ = new QTableView(this);
    table_->setModel(&model_);
    table_->setAccessibleName(title->text());
    table_->verticalHeader()->hide();
    table_->setAlternatingRowColors(true);
    table_->setWordWrap(false);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->horizontalHeader()->setStretchLastSection(true);
    table_->setMinimumHeight(60);
    layout->addWidget(title);
    layout->addWidget(summary_);
    layout->addWidget(table_);
    setVisible(false);
}

void GpuProcessesPanel::showRecord(const HostRecord* record) {
    const bool hasNvidia = record && record->latest &&
                           std::any_of(record->latest->gpus.begin(), record->latest->gpus.end(),
                                       [](const auto& g) { return g.vendor == "nvidia"; });
    setVisible(hasNvidia);
    if (!hasNvidia || record->latest == shown_) return;
    shown_ = record->latest;
    const int rowsBefore = model_.rowCount();
    model_.setSample(*record->latest);
    // A GPU's note spans the columns after the GPU's name.
    table_->clearSpans();
    for (int row = 0; row < model_.rowCount(); ++row)
        if (model_.index(row, 0).data(GpuProcessModel::NoteRole).toBool())
            table_->setSpan(row, GpuProcessModel::kNoteColumn, 1, GpuProcessModel::ColumnCount - GpuProcessModel::kNoteColumn);
    if (rowsBefore != model_.rowCount()) table_->resizeColumnsToContents();
    table_->setFixedHeight(table_->horizontalHeader()->height() + 4 +
                           table_->verticalHeader()->defaultSectionSize() * std::max(1, model_.rowCount()));
    std::int64_t heldBytes = 0;
    int gpus = 0, used = 0, unlisted = 0;
    for (const protocol::GpuSample& g : record->latest->gpus) {
        if (g.vendor != "nvidia") continue;
        ++gpus;
        if (!g.processes) ++unlisted;
        else if (!g.processes->empty()) ++used;
        if (g.processes)
            for (const protocol::GpuProcess& p : *g.processes) heldBytes += p.gpu_mem_bytes.value_or(0);
    }
    QString text;
    if (unlisted == gpus) text = tr("The driver cannot list the processes on this host's GPUs (its NVML has no process calls).");
    else
        text = (model_.processCount() == 1 ? tr("1 process on %2 of %3 GPUs, holding %4 GiB of GPU memory.")
                                           : tr("%1 processes on %2 of %3 GPUs, holding %4 GiB of GPU memory.").arg(model_.processCount()))
                   .arg(used)
                   .arg(gpus)
                   .arg(QLocale().toString(static_cast<double>(heldBytes) / (1024.0 * 1024 * 1024), 'f', 1));
    if (unlisted > 0 && unlisted < gpus) text += QLatin1Char(' ') + tr("The driver cannot list the processes on %n GPU(s).", nullptr, unlisted);
    if (summary_->text() != text) summary_->setText(text);
}

}  // namespace fleetdeck

#include "moc_gpu_processes_panel.cpp"
