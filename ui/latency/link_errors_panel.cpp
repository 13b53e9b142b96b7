#include "ui/latency/link_errors_panel.h"

#include <algorithm>

#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>

#include "ui/dashboard/palette.h"

namespace fleetdeck {
namespace {

// How often the layer looks at the store while it is shown: link counters are read once a second
// and judged per sample, so a second is as fresh as they get.
constexpr int kRefreshMs = 1000;

enum Column { Host, Severity, Kind, What, Columns };

}  // namespace

bool isLinkFinding(const GpuFinding& f) { return f.kind == FindingKind::IbErrors || f.kind == FindingKind::NicErrors; }

LinkErrorsPanel::LinkErrorsPanel(const TelemetryStore& store, QWidget* parent) : QWidget(parent), store_(store) {
    status_ = new QLabel;
    status_->setWordWrap(true);
    table_ = new QTableWidget(0, Columns);
    table_->setHorizontalHeaderLabels({tr("Host"), tr("Severity"), tr("Kind"), tr("What it means and what to do")});
    table_->verticalHeader()->setVisible(false);
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setWordWrap(true);
    table_->horizontalHeader()->setSectionResizeMode(Host, QHeaderView::ResizeToContents);
    table_->horizontalHeader()->setSectionResizeMode(Severity, QHeaderView::ResizeToContents);
    table_->horizontalHeader()->setSectionResizeMode(Kind, QHeaderView::ResizeToContents);
    table_->horizontalHeader()->setSectionResizeMode(What, QHeaderView::Stretch);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(status_);
    layout->addWidget(table_, 1);
    redraw();
}

void LinkErrorsPanel::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    refresh();
    if (!timer_) timer_ = startTimer(kRefreshMs);
}

void LinkErrorsPanel::timerEvent(QTimerEvent* event) {
    if (event->timerId() != timer_) return QWidget::timerEvent(event);
    if (!isVisible()) {  // hidden: stop looking until shown again
        killTimer(timer_);
        timer_ = 0;
        return;
    }
    refresh();
}

void LinkErrorsPanel::refresh() {
    TelemetryStore::SummaryChanges changes = store_.summariesChangedSince(seen_);
    if (changes.generation == seen_) return;
    seen_ = changes.generation;
    bool changed = changes.all;
    if (changes.all) {
        links_.clear();
        hosts_ = changes.records.size();
    }
    for (const HostRecord& r : changes.records) {
        std::vector<GpuFinding> found;
        std::copy_if(r.findings.begin(), r.findings.end(), std::back_inserter(found), isLinkFinding);
        const auto it = links_.find(r.spec.name);
        if (found.empty()) {
            if (it != links_.end()) links_.erase(it), changed = true;
            continue;
        }
        const auto same = [](const GpuFinding& a, const GpuFinding& b) { return a.severity == b.severity && a.text == b.text; };
        if (it != links_.end() && std::equal(found.begin(), found.end(), it->second.begin(), it->second.end(), same)) continue;
        links_[r.spec.name] = std::move(found);
        changed = true;
    }
    if (changed) redraw();
}

void LinkErrorsPanel::redraw() {
    struct Row {
        const QString* host;
        const GpuFinding* finding;
    };
    std::vector<Row> rows;
    for (const auto& [host, found] : links_)
        for (const GpuFinding& f : found) rows.push_back({&host, &f});
    std::stable_sort(rows.begin(), rows.end(), [](const Row& a, const Row& b) {
        return a.finding->severity == FindingSeverity::Critical && b.finding->severity != FindingSeverity::Critical;
    });
    table_->setRowCount(static_cast<int>(rows.size()));
    for (int i = 0; i < static_cast<int>(rows.size()); ++i) {
        const GpuFinding& f = *rows[static_cast<std::size_t>(i)].finding;
        const QColor colour = healthColor(f.severity == FindingSeverity::Critical ? HostHealth::Level::Critical : HostHealth::Level::Warning);
        auto* severity = new QTableWidgetItem(shownSeverity(f.severity));
        severity->setForeground(colour);
        auto* what = new QTableWidgetItem(f.shown());
        what->setToolTip(f.shown());
        table_->setItem(i, Host, new QTableWidgetItem(*rows[static_cast<std::size_t>(i)].host));
        table_->setItem(i, Severity, severity);
        table_->setItem(i, Kind, new QTableWidgetItem(findingWord(f)));
        table_->setItem(i, What, what);
    }
    table_->resizeRowsToContents();
    if (rows.empty())
        status_->setText(tr("No link errors: no InfiniBand port or NIC of the %n host(s) counted errors while FleetDeck watched "
                            "(counters that stay still for an hour are clean again).",
                            nullptr, static_cast<int>(hosts_)));
    else
        status_->setText(tr("%n link(s) counted errors while FleetDeck watched, on %1 of %2 host(s): a healthy link counts none. "
                            "Critical: the link went down or dropped packets.",
                            nullptr, static_cast<int>(rows.size()))
                             .arg(links_.size())
                             .arg(hosts_));
}

QString LinkErrorsPanel::statusText() const { return status_->text(); }

}  // namespace fleetdeck
