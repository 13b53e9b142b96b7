#include "ui/latency/latency_view.h"

#include <QComboBox>
#include <QDateTime>
#include <QDialog>
#include <QDialogButtonBox>
#include <QFile>
#include <QFileDialog>
#include <QFormLayout>
#include <QHeaderView>
#include <QMessageBox>
#include <QShortcut>
#include <QSplitter>
#include <QTabWidget>
#include <QVBoxLayout>

#include "app/inventory/inventory.h"
#include "app/latency/latency_mesh.h"
#include "app/latency/mesh_address.h"
#include "ui/dashboard/palette.h"
#include "ui/dashboard/view_header.h"
#include "ui/latency/latency_heatmap.h"
#include "ui/latency/link_history_chart.h"
#include "app/untrusted/remote_text.h"

namespace fleetdeck {
namespace {

QLabel* sectionTitle(const QString& text) {
    auto* label = new QLabel(text);
    QFont f = label->font();
    f.setBold(true);
    label->setFont(f);
    return label;
}

QIcon findingIcon(LatencyFinding::Kind kind) {
    switch (kind) {
    case LatencyFinding::Kind::Loss: return healthIcon(HostHealth::Level::Critical);
    case LatencyFinding::Kind::Slow: return healthIcon(HostHealth::Level::Warning);
    case LatencyFinding::Kind::NoData: return healthIcon(HostHealth::Level::Unknown);
    }
    return {};
}

}  // namespace

ViewHeader* LatencyView::buildHeader() {
    header_ = new ViewHeader(ViewHeader::TitleSize::Regular);
    header_->setTitle(tr("Latency map: round trips between hosts, measured by their agents"));
    header_->setSummary(tr("No mesh round yet"));
    progress_ = new QProgressBar;
    progress_->setMaximumWidth(160);
    progress_->setFormat(tr("%v of %m hosts"));
    progress_->hide();
    measure_ = new QPushButton(tr("&Measure now"));
    measure_->setToolTip(tr("Ask every agent to probe its peers now (F5)"));
    measure_->setEnabled(mesh_ != nullptr);
    connect(measure_, &QPushButton::clicked, this, [this] { if (mesh_) mesh_->measureNowAsync(); });
    auto* f5 = new QShortcut(QKeySequence(Qt::Key_F5), this);
    connect(f5, &QShortcut::activated, measure_, &QPushButton::click);
    interval_ = new QSpinBox;
    interval_->setRange(10, 3600);
    interval_->setSuffix(tr(" s"));
    interval_->setPrefix(tr("every "));
    interval_->setValue(store_.status().intervalS);
    interval_->setToolTip(tr("How often a mesh round runs"));
    interval_->setEnabled(mesh_ != nullptr);
    connect(interval_, &QSpinBox::editingFinished, this, [this] { if (mesh_) mesh_->setIntervalAsync(interval_->value()); });
    auto* address = new QPushButton(tr("Mesh &address…"));
    address->setToolTip(tr("Pick which of a host's interface addresses its peers probe (the private network)"));
    connect(address, &QPushButton::clicked, this, &LatencyView::chooseMeshAddress);
    auto* exportButton = new QPushButton(tr("Export &CSV…"));
    connect(exportButton, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getSaveFileName(this, tr("Export latency matrix"), QStringLiteral("latency.csv"),
                                                          tr("CSV files (*.csv)"));
        if (path.isEmpty()) return;
        if (const Outcome exported = exportCsv(path); !exported)
            QMessageBox::warning(this, tr("Export failed"), exported.problem().shownMessage());
    });

    for (QWidget* control : std::initializer_list<QWidget*>{progress_, measure_, interval_, address, exportButton})
        header_->addTrailingWidget(control);
    return header_;
}

LatencyView::LatencyView(LatencyStore& store, TelemetryStore& telemetry, LatencyMesh* mesh, QWidget* parent)
    : QWidget(parent), store_(store), telemetry_(telemetry), mesh_(mesh) {
    heatmap_ = new LatencyHeatmap(model_);
    connect(heatmap_, &LatencyHeatmap::cellClicked, this, &LatencyView::showLink);
    setFocusProxy(heatmap_);  // the tab takes the keyboard to the map's cells
    findings_ = new QListWidget;
    findings_->setWordWrap(true);
    connect(findings_, &QListWidget::itemActivated, this, [this](QListWidgetItem* item) {
        showLink(model_.indexOf(item->data(Qt::UserRole).toString()), model_.indexOf(item->data(Qt::UserRole + 1).toString()));
    });
    connect(findings_, &QListWidget::itemClicked, findings_, &QListWidget::itemActivated);
    roundTrips_ = new QTreeWidget;
    roundTrips_->setRootIsDecorated(false);
    roundTrips_->setHeaderLabels({tr("Host"), tr("Round trip"), tr("Mesh address")});
    // Sized when the list is filled and when a round lands, not on each change: with
    // ResizeToContents every changed round trip measured the whole column again (1,000 rows).
    roundTrips_->header()->setSectionResizeMode(QHeaderView::Interactive);
    chart_ = new LinkHistoryChart;

    auto* side = new QWidget;
    auto* sideLayout = new QVBoxLayout(side);
    sideLayout->setContentsMargins(0, 0, 0, 0);
    sideLayout->addWidget(sectionTitle(tr("Findings")));
    sideLayout->addWidget(findings_, 2);
    sideLayout->addWidget(sectionTitle(tr("App → host round trip (ping over its transport)")));
    sideLayout->addWidget(roundTrips_, 2);
    sideLayout->addWidget(chart_, 3);
    auto* split = new QSplitter(Qt::Horizontal);
    split->setObjectName(QStringLiteral("latency"));  // its position is kept across runs (ui/window_memory.h)
    split->addWidget(heatmap_);
    split->addWidget(side);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);

    // Latency | Bandwidth: the tab bar shows once a second layer is added (addLayer).
    layers_ = new QTabWidget;
    layers_->setDocumentMode(true);
    layers_->setTabBarAutoHide(true);
    layers_->addTab(split, tr("Latency"));

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(buildHeader());
    layout->addWidget(layers_, 1);
}

void LatencyView::addLayer(QWidget* layer, const QString& title) { layers_->addTab(layer, title); }

void LatencyView::refresh(qint64 nowMs) {
    if (seen_.update(store_.generation())) {
        if (seenMatrix_.update(store_.matrixGeneration())) rebuild();
        else fillRoundTrips(false);
    }
    updateStatus(nowMs);
}

QString LatencyView::statusText() const { return header_->summary(); }

void LatencyView::rebuild() {
    model_ = store_.mapModel();  // built on the fleet thread when the round ended: a shared copy
    heatmap_->modelChanged();
    fillFindings();
    fillRoundTrips(true);
    // Until the user picks a link, the chart follows the first finding: the link most worth a look.
    if (selectedFrom_.isEmpty()) {
        for (const LatencyFinding& f : model_.findings())
            if (!f.to.isEmpty()) {
                showLink(model_.indexOf(f.from), model_.indexOf(f.to));
                break;
            }
    } else {
        showLink(model_.indexOf(selectedFrom_), model_.indexOf(selectedTo_));
    }
}

void LatencyView::fillFindings() {
    findings_->clear();
    for (const LatencyFinding& f : model_.findings()) {
        auto* item = new QListWidgetItem(findingIcon(f.kind), f.shown(), findings_);
        item->setData(Qt::UserRole, f.from);
        item->setData(Qt::UserRole + 1, f.to);
        item->setToolTip(f.kind == LatencyFinding::Kind::NoData ? plainToolTip(f.shown()) : tr("Click to show this link's history"));
    }
    if (model_.size() > 0 && model_.findings().empty())
        new QListWidgetItem(healthIcon(HostHealth::Level::Ok), tr("No slow or lossy links."), findings_);
}

void LatencyView::fillRoundTrips(bool resize) {
    const auto trips = store_.roundTrips();
    // The same hosts as shown: only the changed times are set (a thousand rows are refilled
    // otherwise each time one host's round trip comes in).
    bool inPlace = roundTrips_->topLevelItemCount() == model_.size();
    for (int i = 0; inPlace && i < model_.size(); ++i) inPlace = roundTrips_->topLevelItem(i)->text(0) == model_.host(i).name;
    if (!inPlace) roundTrips_->clear();
    for (int i = 0; i < model_.size(); ++i) {
        const MeshHost& h = model_.host(i);
        const auto it = trips.find(h.name);
        QString rtt = tr("no data");
        if (it != trips.end()) rtt = it->second.lastMs ? formatMs(*it->second.lastMs) : it->second.error;
        if (inPlace) {
            QTreeWidgetItem* item = roundTrips_->topLevelItem(i);
            if (item->text(1) != rtt) item->setText(1, rtt);
            if (item->text(2) != h.address) item->setText(2, h.address);
            continue;
        }
        auto* item = new QTreeWidgetItem(roundTrips_, {h.name, rtt, h.address});
        item->setTextAlignment(1, Qt::AlignRight | Qt::AlignVCenter);
    }
    if (resize || !inPlace)
        for (int column = 0; column < roundTrips_->columnCount(); ++column) roundTrips_->resizeColumnToContents(column);
}

qint64 meshStaleAfterMs(int intervalS) {
    // A round is due every interval and takes a while itself: stale once a whole round more is missing.
    return 2 * static_cast<qint64>(intervalS) * 1000;
}

void LatencyView::updateStatus(qint64 nowMs) {
    const MeshRoundStatus s = store_.status();
    progress_->setVisible(s.running);
    if (s.running) {
        progress_->setRange(0, std::max(1, s.asked));
        progress_->setValue(s.answered);
        header_->setSummary(tr("Measuring: %1 of %2 hosts answered").arg(s.answered).arg(s.asked));
    } else if (s.finishedAtMs) {
        header_->setSummary(tr("Round %1, %2; a round every %3 s")
                                .arg(s.rounds)
                                .arg(freshnessText(*s.finishedAtMs, nowMs, meshStaleAfterMs(s.intervalS)))
                                .arg(s.intervalS));
    } else {
        header_->setSummary(tr("No mesh round yet; the first starts once hosts are connected"));
    }
    measure_->setEnabled(mesh_ != nullptr && !s.running);
}

void LatencyView::showLink(int row, int column) {
    if (row < 0 || column < 0 || row >= model_.size() || column >= model_.size() || row == column) return;
    selectedFrom_ = model_.host(row).name;
    selectedTo_ = model_.host(column).name;
    heatmap_->setSelectedCell(row, column);
    chart_->showLink(QStringLiteral("%1 → %2").arg(selectedFrom_, selectedTo_), store_.history(selectedFrom_, selectedTo_));
}

Outcome LatencyView::exportCsv(const QString& path) const {
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return Problem{ProblemCode::IoFailed, tr("Cannot write %1: %2. Pick a folder you can write to.").arg(path, file.errorString())};
    file.write(store_.mapModel().matrix().toCsv().toUtf8());
    return done();
}

void LatencyView::chooseMeshAddress() {
    QDialog dialog(this);
    dialog.setWindowTitle(tr("Mesh address"));
    auto* hosts = new QComboBox;
    auto* addresses = new QComboBox;
    for (const HostRecord& r : telemetry_.summaries())
        if (r.spec.kind == HostSpec::Kind::Ssh) hosts->addItem(r.spec.name);  // the inventory's hosts
    const auto fill = [this, addresses](const QString& name) {
        addresses->clear();
        const auto record = telemetry_.host(name);
        if (!record) return;
        addresses->addItem(tr("default: %1").arg(meshHostFor(record->spec).address), QString());
        if (record->spec.isSimulated()) return;  // simulated hosts live at their simulated address only
        if (record->facts) {
            for (const InterfaceAddress& a : interfaceAddresses(*record->facts))
                addresses->addItem(QStringLiteral("%1  %2").arg(a.interface, a.address), a.address);
        }
        const int current = addresses->findData(record->spec.meshAddress);
        if (current >= 0) addresses->setCurrentIndex(current);
    };
    connect(hosts, &QComboBox::currentTextChanged, &dialog, fill);
    fill(hosts->currentText());
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    auto* form = new QFormLayout(&dialog);
    form->addRow(new QLabel(tr("Peers probe this address of the host (its SSH port). Pick the private\n"
                               "network the training traffic uses; the list comes from the host's facts.")));
    form->addRow(tr("Host"), hosts);
    form->addRow(tr("Address"), addresses);
    form->addRow(buttons);
    if (dialog.exec() != QDialog::Accepted || hosts->currentText().isEmpty()) return;
    if (const auto saved = setMeshAddress(Inventory::defaultPath(), hosts->currentText(), addresses->currentData().toString()); !saved) {
        QMessageBox::warning(this, tr("Mesh address not saved"), saved.problem().shownMessage());
        return;
    }
    emit inventoryEdited();
    if (mesh_) mesh_->measureNowAsync();
}

}  // namespace fleetdeck

#include "moc_latency_view.cpp"
