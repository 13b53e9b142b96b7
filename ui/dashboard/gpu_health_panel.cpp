#include "ui/dashboard/gpu_health_panel.h"

#include <QHeaderView>
#include <QVBoxLayout>

#include <algorithm>

#include "ui/dashboard/palette.h"
#include "ui/dashboard/view_header.h"

namespace fleetdeck {

GpuHealthPanel::GpuHealthPanel(QWidget* parent) : HostPanel(parent), model_(this) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 8);
    auto* title = sectionTitle(tr("GPU health"), this);
    findings_ = new QLabel(this);
    findings_->setTextFormat(Qt::PlainText);  // finding texts quote the driver's messages
    findings_->setWordWrap(true);
    findings_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    table_ = new QTableView(this);
    table_->setModel(&model_);
    table_->setAccessibleName(title->text());
    table_->verticalHeader()->hide();
    table_->setAlternatingRowColors(true);
    table_->setWordWrap(false);
    table_->horizontalHeader()->setStretchLastSection(true);
    table_->setMinimumHeight(120);
    layout->addWidget(title);
    layout->addWidget(findings_);
    layout->addWidget(table_);
}

void GpuHealthPanel::showRecord(const HostRecord* record) {
    const bool hasNvidia = record && record->latest &&
                           std::any_of(record->latest->gpus.begin(), record->latest->gpus.end(),
                                       [](const auto& g) { return g.vendor == "nvidia"; });
    setVisible(hasNvidia);
    if (!hasNvidia) return;
    const bool first = model_.rowCount() == 0;
    model_.setSample(*record->latest, record->findings);
    if (first) table_->resizeColumnsToContents();
    table_->setFixedHeight(table_->horizontalHeader()->height() + 4 +
                           table_->verticalHeader()->defaultSectionSize() * model_.rowCount());
    QStringList lines;
    for (const GpuFinding& f : record->findings) lines << QStringLiteral("%1 — %2").arg(shownSeverity(f.severity).toUpper(), f.shown());
    if (lines.isEmpty()) {
        findings_->setText(tr("No findings: no lost GPUs, memory errors, XIDs or link faults."));
        findings_->setStyleSheet(QString());
    } else {
        findings_->setText(lines.join(QLatin1Char('\n')));
        const bool critical = record->findings.front().severity == FindingSeverity::Critical;
        findings_->setStyleSheet(QStringLiteral("color: %1").arg(healthColor(critical ? HostHealth::Level::Critical : HostHealth::Level::Warning).name()));
    }
}

}  // namespace fleetdeck

#include "moc_gpu_health_panel.cpp"
