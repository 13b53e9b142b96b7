#include "ui/dashboard/overview_view.h"

#include <QAction>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLineEdit>
#include <QMenu>
#include <QVBoxLayout>

#include "ui/dashboard/laid_out_text_delegate.h"
#include "ui/dashboard/palette.h"
#include "ui/dashboard/view_header.h"

namespace fleetdeck {
namespace {

// Columns shown until the user chooses otherwise; the rest are one click away in "Columns". The
// defaults fit a 1400 px window with room for one more narrow column.
bool shownByDefault(int column) {
    return column != FleetModel::Memory && column != FleetModel::Tags && column != FleetModel::Group &&
           column != FleetModel::Network;
}

// Long texts elide at these widths: a state with its reason ("offline — cannot connect to …
// retrying in 6 s"; the tooltip and the host page carry the whole sentence), the worst throttle.
constexpr std::pair<int, int> kColumnMaxPx[] = {{FleetModel::State, 150}, {FleetModel::Throttle, 150}};

}  // namespace

QVariant OverviewDecorations::data(const QModelIndex& index, int role) const {
    const int column = index.column();
    if (role == Qt::DecorationRole && column == FleetModel::Host)
        return healthIcon(static_cast<HostHealth::Level>(QIdentityProxyModel::data(index, FleetModel::HealthRole).toInt()));
    if (role == Qt::DecorationRole && (column == FleetModel::GpuTemp || column == FleetModel::CpuTemp)) {
        const QVariant band = QIdentityProxyModel::data(index, FleetModel::BandRole);
        if (band.isValid()) return bandSwatch(static_cast<TemperatureBand>(band.toInt()));
    }
    if (column == FleetModel::Drift && QIdentityProxyModel::data(index, FleetModel::DriftRole).toInt() > 0) {
        if (role == Qt::ForegroundRole) return QBrush(QColor(0xb2, 0x5e, 0x00));  // amber: drifted, not broken
        if (role == Qt::FontRole) {
            QFont f;
            f.setBold(true);
            return f;
        }
    }
    if (column == FleetModel::Alert) {
        const auto level = static_cast<HostHealth::Level>(QIdentityProxyModel::data(index, FleetModel::HealthRole).toInt());
        if (role == Qt::ForegroundRole && level >= HostHealth::Level::Warning) return QBrush(Qt::white);
        if (role == Qt::BackgroundRole && level >= HostHealth::Level::Warning) return QBrush(healthColor(level));
        if (role == Qt::FontRole && level == HostHealth::Level::Critical) {
            QFont f;
            f.setBold(true);
            return f;
        }
    }
    return QIdentityProxyModel::data(index, role);
}

OverviewView::OverviewView(FleetModel& model, QWidget* parent)
    : QWidget(parent), model_(model), filter_(this), decorations_(this) {
    filter_.setSourceModel(&model_);
    decorations_.setSourceModel(&filter_);
    auto* layout = new QVBoxLayout(this);
    header_ = new ViewHeader(ViewHeader::TitleSize::Large, this);
    layout->addWidget(header_);

    auto* bar = new QHBoxLayout;
    buildFilterBar(bar);
    layout->addLayout(bar);

    table_ = new QTableView(this);
    table_->setModel(&decorations_);
    table_->setItemDelegate(new LaidOutTextDelegate(table_));  // each row repaints once a second
    table_->setSortingEnabled(true);
    table_->sortByColumn(FleetModel::Alert, Qt::DescendingOrder);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setAlternatingRowColors(true);
    table_->verticalHeader()->hide();
    table_->setWordWrap(false);
    table_->setIconSize(QSize(16, 16));
    table_->horizontalHeader()->setStretchLastSection(true);
    table_->horizontalHeader()->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(table_->horizontalHeader(), &QHeaderView::customContextMenuRequested, this,
            [this](const QPoint& at) { columns_->menu()->popup(table_->horizontalHeader()->mapToGlobal(at)); });
    for (int c = 0; c < FleetModel::ColumnCount; ++c) table_->setColumnHidden(c, !shownByDefault(c));
    connect(table_, &QTableView::activated, this, [this](const QModelIndex& index) {
        emit hostActivated(index.data(FleetModel::HostNameRole).toString());
    });
    table_->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(table_, &QWidget::customContextMenuRequested, this, [this](const QPoint& at) {
        if (QMenu* menu = contextMenuFor(table_->indexAt(at))) {
            menu->setAttribute(Qt::WA_DeleteOnClose);
            menu->popup(table_->viewport()->mapToGlobal(at));
        }
    });
    layout->addWidget(table_);
    setFocusProxy(table_);  // the tab takes the keyboard to the table
}

QMenu* OverviewView::contextMenuFor(const QModelIndex& index) {
    if (!index.isValid()) return nullptr;
    const QString name = index.data(FleetModel::HostNameRole).toString();
    const auto state = static_cast<HostState>(index.data(FleetModel::StateRole).toInt());
    auto* menu = new QMenu(table_);
    menu->addAction(tr("Open %1").arg(name), this, [this, name] { emit hostActivated(name); });
    QAction* again = menu->addAction(tr("Connect again"), this, [this, name] { emit reconnectRequested(name); });
    // Hosts that wait for the user, or retry on their own with a growing delay.
    switch (state) {
    case HostState::AuthFailed:
    case HostState::HostKeyUnknown:
    case HostState::HostKeyChanged:
    case HostState::Incompatible:
    case HostState::Offline:
    case HostState::Misbehaving:
    case HostState::Stale:
        again->setToolTip(tr("Connect %1 now, asking again about its host key or login if needed").arg(name));
        break;
    default:
        again->setEnabled(false);
        again->setToolTip(tr("%1 is %2").arg(name, toString(state)));
        break;
    }
    menu->setToolTipsVisible(true);
    return menu;
}

void OverviewView::buildFilterBar(QHBoxLayout* bar) {
    bar->addWidget(new QLabel(tr("Show:"), this));
    field_ = new QComboBox(this);
    field_->addItem(tr("all hosts"), static_cast<int>(FleetFilterModel::Field::Any));
    field_->addItem(tr("group"), static_cast<int>(FleetFilterModel::Field::Group));
    field_->addItem(tr("rack"), static_cast<int>(FleetFilterModel::Field::Rack));
    field_->addItem(tr("tag"), static_cast<int>(FleetFilterModel::Field::Tag));
    field_->setToolTip(tr("Filter the hosts by group, rack or tag, or by a name containing a text"));
    bar->addWidget(field_);
    value_ = new QComboBox(this);
    value_->setEditable(true);
    value_->setMinimumContentsLength(18);
    value_->lineEdit()->setPlaceholderText(tr("name contains…"));
    bar->addWidget(value_);
    connect(field_, &QComboBox::currentIndexChanged, this, [this] {
        fillFilterValues();
        applyFilter();
    });
    connect(value_, &QComboBox::currentTextChanged, this, [this] { applyFilter(); });
    bar->addStretch();

    columns_ = new QToolButton(this);
    columns_->setText(tr("Columns"));
    columns_->setToolTip(tr("Choose the columns to show (also: right-click the table header)"));
    columns_->setPopupMode(QToolButton::InstantPopup);
    auto* menu = new QMenu(columns_);
    for (int c = 0; c < FleetModel::ColumnCount; ++c) {
        QAction* a = menu->addAction(model_.headerData(c, Qt::Horizontal).toString());
        a->setCheckable(true);
        a->setChecked(shownByDefault(c));
        a->setEnabled(c != FleetModel::Host);
        connect(a, &QAction::toggled, this, [this, c](bool on) { table_->setColumnHidden(c, !on); });
    }
    columns_->setMenu(menu);
    bar->addWidget(columns_);
}

void OverviewView::setColumnVisible(int column, bool visible) {
    const auto actions = columns_->menu()->actions();
    if (column >= 0 && column < actions.size()) actions[column]->setChecked(visible);
}

QVariantMap OverviewView::columnLayout() const {
    const QHeaderView* header = table_->horizontalHeader();
    QStringList order, hidden;
    for (int visual = 0; visual < header->count(); ++visual) {
        const int column = header->logicalIndex(visual);
        const QString key = model_.headerData(column, Qt::Horizontal, FleetModel::ColumnKeyRole).toString();
        order << key;
        if (header->isSectionHidden(column)) hidden << key;
    }
    return {{QStringLiteral("order"), order},
            {QStringLiteral("hidden"), hidden},
            {QStringLiteral("sort_column"), model_.headerData(header->sortIndicatorSection(), Qt::Horizontal,
                                                              FleetModel::ColumnKeyRole).toString()},
            {QStringLiteral("sort_descending"), header->sortIndicatorOrder() == Qt::DescendingOrder}};
}

void OverviewView::restoreColumnLayout(const QVariantMap& layout) {
    QHeaderView* header = table_->horizontalHeader();
    const auto columnOf = [this](const QString& key) {
        for (int c = 0; c < FleetModel::ColumnCount; ++c)
            if (model_.headerData(c, Qt::Horizontal, FleetModel::ColumnKeyRole).toString() == key) return c;
        return -1;
    };
    const QStringList order = layout.value(QStringLiteral("order")).toStringList();
    if (order.isEmpty()) return;  // nothing saved yet: the defaults stay
    int visual = 0;
    for (const QString& key : order)
        if (const int column = columnOf(key); column >= 0) header->moveSection(header->visualIndex(column), visual++);
    const QStringList hidden = layout.value(QStringLiteral("hidden")).toStringList();
    for (const QString& key : order)
        if (const int column = columnOf(key); column >= 0 && column != FleetModel::Host) setColumnVisible(column, !hidden.contains(key));
    if (const int sorted = columnOf(layout.value(QStringLiteral("sort_column")).toString()); sorted >= 0)
        table_->sortByColumn(sorted, layout.value(QStringLiteral("sort_descending")).toBool() ? Qt::DescendingOrder : Qt::AscendingOrder);
}

void OverviewView::focusFilter() {
    if (field_->currentIndex() != 0) field_->setCurrentIndex(0);  // "all hosts": the name filter takes typing
    value_->setFocus(Qt::ShortcutFocusReason);
    value_->lineEdit()->selectAll();
}

void OverviewView::fillFilterValues() {
    const auto field = static_cast<FleetFilterModel::Field>(field_->currentData().toInt());
    const QString current = value_->currentText();
    value_->blockSignals(true);
    value_->clear();
    value_->setEditable(field == FleetFilterModel::Field::Any);
    if (field == FleetFilterModel::Field::Any) {
        value_->lineEdit()->setPlaceholderText(tr("name contains…"));
    } else {
        value_->addItems(filter_.valuesOf(field));
        const int at = value_->findText(current);
        if (at >= 0) value_->setCurrentIndex(at);
    }
    value_->blockSignals(false);
}

void OverviewView::applyFilter() {
    filter_.setFilter(static_cast<FleetFilterModel::Field>(field_->currentData().toInt()), value_->currentText());
}

QString OverviewView::headerText() const { return header_->title(); }

void OverviewView::updateHeader(qint64 nowMs) {
    int connected = 0, critical = 0, warning = 0;
    for (int row = 0; row < model_.rowCount(); ++row) {
        if (model_.record(row).state == HostState::Connected) ++connected;
        if (model_.health(row).level == HostHealth::Level::Critical) ++critical;
        if (model_.health(row).level == HostHealth::Level::Warning) ++warning;
    }
    const int hosts = model_.rowCount();
    QString text = (hosts == 1 ? tr("Fleet — 1 host, %1 connected").arg(connected)
                                : tr("Fleet — %1 hosts, %2 connected").arg(hosts).arg(connected));
    if (critical) text += tr(" · %1 critical").arg(critical);
    if (warning) text += tr(" · %1 warning").arg(warning);
    header_->setTitle(text);
    header_->setFreshness(freshnessText(model_.newestSampleAtMs(), nowMs));
}

void OverviewView::refresh(qint64 nowMs) {
    if (!model_.refresh(nowMs)) return;
    updateHeader(nowMs);
    if (field_->currentIndex() > 0 && value_->count() != filter_.valuesOf(
            static_cast<FleetFilterModel::Field>(field_->currentData().toInt())).size())
        fillFilterValues();
    // Size the columns when hosts are added and when they first report, then keep them: widths that follow every value jitter.
    // While a large fleet connects, the count changes at every refresh, and each sizing measures
    // every cell of up to 1,000 rows: then at most every 2 s, and once more when all report.
    int reporting = 0;
    for (int row = 0; row < model_.rowCount(); ++row) reporting += model_.record(row).lastSampleAtMs != 0;
    const bool settled = reporting == model_.rowCount() || sizedForHosts_ <= 0 || nowMs - sizedAtMs_ >= 2000;
    // Hosts that never report (all offline) still get their names and reasons measured once.
    if ((reporting != sizedForHosts_ || model_.rowCount() != sizedForRows_) && settled) {
        sizedAtMs_ = nowMs;
        sizedForRows_ = model_.rowCount();
        table_->resizeColumnsToContents();
        for (const auto& [column, maxPx] : kColumnMaxPx)
            if (table_->columnWidth(column) > maxPx) table_->setColumnWidth(column, maxPx);
        sizedForHosts_ = reporting;
    }
}

}  // namespace fleetdeck

#include "moc_overview_view.cpp"
