#include "ui/rack_add_dialog.h"

#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QPushButton>
#include <QVBoxLayout>

namespace fleetdeck {
namespace {

// The red of a clash: readable on the light and the dark palette's window colour.
const QColor kClashRed(0xd0, 0x2c, 0x2c);

enum RackPreviewColumn { kPreviewName, kPreviewAddress, kPreviewUser, kPreviewPort, kPreviewRack, kPreviewUnits, kPreviewColumns };

QTableWidgetItem* previewCell(const QString& text, Qt::Alignment alignment = Qt::AlignLeft | Qt::AlignVCenter) {
    auto* item = new QTableWidgetItem(text);
    item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
    item->setTextAlignment(alignment);
    return item;
}

}  // namespace

RackAddDialog::RackAddDialog(Inventory inventory, QWidget* parent) : QDialog(parent), inventory_(std::move(inventory)) {
    setWindowTitle(tr("Add a rack of hosts"));
    auto* layout = new QVBoxLayout(this);

    auto* hostsForm = new QFormLayout;
    pattern_ = new QLineEdit(this);
    pattern_->setObjectName(QStringLiteral("pattern"));
    pattern_->setPlaceholderText(tr("e.g. gpu-[01-16].dc2.example.net"));
    pattern_->setToolTip(tr("Host names with numeric ranges in brackets: [01-16] keeps the zero padding, [1-16] has "
                            "none; several ranges make every combination. Each name is also the host's address."));
    user_ = new QLineEdit(this);
    user_->setPlaceholderText(tr("ssh default"));
    port_ = new QSpinBox(this);
    port_->setRange(0, 65535);
    port_->setSpecialValueText(tr("ssh default"));
    port_->setMaximumWidth(160);
    jump_ = new QLineEdit(this);
    jump_->setPlaceholderText(tr("none: direct; or [user@]host[:port]"));
    jump_->setToolTip(tr("The host to reach these hosts through (OpenSSH's ProxyJump); several hops joined by commas."));
    group_ = new QLineEdit(this);
    tags_ = new QLineEdit(this);
    tags_->setPlaceholderText(tr("comma separated, e.g. h100, infiniband"));
    hostsForm->addRow(tr("Host &names:"), pattern_);
    hostsForm->addRow(tr("&User:"), user_);
    hostsForm->addRow(tr("&Port:"), port_);
    hostsForm->addRow(tr("&Jump host:"), jump_);
    hostsForm->addRow(tr("&Group:"), group_);
    hostsForm->addRow(tr("&Tags:"), tags_);
    layout->addLayout(hostsForm);

    placed_ = new QGroupBox(tr("Place in a &rack"), this);
    placed_->setCheckable(true);
    placed_->setChecked(true);
    auto* rackRow = new QHBoxLayout(placed_);
    rack_ = new QLineEdit(placed_);
    rack_->setObjectName(QStringLiteral("rack"));
    rack_->setPlaceholderText(tr("e.g. b2"));
    firstUnit_ = new QSpinBox(placed_);
    firstUnit_->setRange(1, kHighestRackUnit);
    firstUnit_->setPrefix(tr("U"));
    firstUnit_->setValue(42);
    firstUnit_->setToolTip(tr("The lowest unit the first host takes"));
    unitHeight_ = new QSpinBox(placed_);
    unitHeight_->setRange(1, kHighestRackUnit);
    unitHeight_->setSuffix(tr(" U"));
    unitHeight_->setToolTip(tr("How many units each host takes"));
    direction_ = new QComboBox(placed_);
    direction_->addItem(tr("top down"), QVariant::fromValue(int(RackPlacement::Direction::TopDown)));
    direction_->addItem(tr("bottom up"), QVariant::fromValue(int(RackPlacement::Direction::BottomUp)));
    const auto labelled = [&](const QString& text, QWidget* field) {
        auto* label = new QLabel(text, placed_);
        label->setBuddy(field);
        rackRow->addWidget(label);
        rackRow->addWidget(field, field == rack_ ? 1 : 0);
    };
    labelled(tr("Rac&k:"), rack_);
    labelled(tr("&First unit:"), firstUnit_);
    labelled(tr("Unit &height:"), unitHeight_);
    labelled(tr("&Direction:"), direction_);
    layout->addWidget(placed_);

    summary_ = new QLabel(this);
    summary_->setTextFormat(Qt::PlainText);
    layout->addWidget(summary_);
    preview_ = new QTableWidget(0, kPreviewColumns, this);
    preview_->setObjectName(QStringLiteral("preview"));
    preview_->setHorizontalHeaderLabels({tr("Name"), tr("Address"), tr("User"), tr("Port"), tr("Rack"), tr("Units")});
    preview_->verticalHeader()->hide();
    preview_->setSelectionMode(QAbstractItemView::NoSelection);
    preview_->setFocusPolicy(Qt::NoFocus);
    preview_->setAlternatingRowColors(true);
    preview_->setWordWrap(false);
    preview_->verticalHeader()->setDefaultSectionSize(preview_->fontMetrics().height() + 6);
    preview_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    preview_->horizontalHeader()->setSectionResizeMode(kPreviewAddress, QHeaderView::Stretch);
    layout->addWidget(preview_, 1);
    problemsLabel_ = new QLabel(this);
    problemsLabel_->setObjectName(QStringLiteral("problems"));
    problemsLabel_->setTextFormat(Qt::PlainText);  // quotes what was typed
    problemsLabel_->setWordWrap(true);
    problemsLabel_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    QPalette red = problemsLabel_->palette();
    red.setColor(QPalette::WindowText, kClashRed);
    problemsLabel_->setPalette(red);
    layout->addWidget(problemsLabel_);

    buttons_ = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons_->button(QDialogButtonBox::Ok)->setText(tr("&Add hosts"));
    connect(buttons_, &QDialogButtonBox::accepted, this, [this] {
        if (problems_.isEmpty() && !hosts_.empty()) accept();
    });
    connect(buttons_, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons_);

    for (QLineEdit* edit : {pattern_, user_, jump_, group_, tags_, rack_})
        connect(edit, &QLineEdit::textChanged, this, &RackAddDialog::refresh);
    for (QSpinBox* spin : {port_, firstUnit_, unitHeight_}) connect(spin, &QSpinBox::valueChanged, this, &RackAddDialog::refresh);
    connect(direction_, &QComboBox::currentIndexChanged, this, &RackAddDialog::refresh);
    connect(placed_, &QGroupBox::toggled, this, &RackAddDialog::refresh);
    refresh();
    resize(760, 560);
}

RackAddRequest RackAddDialog::request() const {
    RackAddRequest r;
    r.pattern = pattern_->text();
    r.user = user_->text();
    r.port = port_->value();
    r.jumpHost = jump_->text();
    r.group = group_->text();
    for (const QString& t : tags_->text().split(QLatin1Char(','), Qt::SkipEmptyParts))
        if (!t.trimmed().isEmpty()) r.tags << t.trimmed();
    if (placed_->isChecked()) {
        RackPlacement p;
        p.rack = rack_->text();
        p.firstUnit = firstUnit_->value();
        p.unitHeight = unitHeight_->value();
        p.direction = static_cast<RackPlacement::Direction>(direction_->currentData().toInt());
        r.placement = p;
    }
    return r;
}

void RackAddDialog::setRequest(const RackAddRequest& r) {
    const QSignalBlocker blockers[] = {QSignalBlocker(pattern_), QSignalBlocker(user_),     QSignalBlocker(port_),
                                       QSignalBlocker(jump_),    QSignalBlocker(group_),    QSignalBlocker(tags_),
                                       QSignalBlocker(placed_),  QSignalBlocker(rack_),     QSignalBlocker(firstUnit_),
                                       QSignalBlocker(unitHeight_), QSignalBlocker(direction_)};
    pattern_->setText(r.pattern);
    user_->setText(r.user);
    port_->setValue(r.port);
    jump_->setText(r.jumpHost);
    group_->setText(r.group);
    tags_->setText(r.tags.join(QStringLiteral(", ")));
    placed_->setChecked(r.placement.has_value());
    if (r.placement) {
        rack_->setText(r.placement->rack);
        firstUnit_->setValue(r.placement->firstUnit);
        unitHeight_->setValue(r.placement->unitHeight);
        direction_->setCurrentIndex(r.placement->direction == RackPlacement::Direction::TopDown ? 0 : 1);
    }
    refresh();
}

std::vector<HostSpec> RackAddDialog::hosts() const { return problems_.isEmpty() ? hosts_ : std::vector<HostSpec>{}; }

void RackAddDialog::refresh() {
    const RackAddRequest r = request();
    problems_.clear();
    hosts_.clear();
    QStringList clashing;
    if (!r.pattern.trimmed().isEmpty()) {
        // While the rack has no name yet, the preview still shows the hosts the pattern makes.
        RackAddRequest previewed = r;
        if (r.placement && r.placement->rack.trimmed().isEmpty()) {
            previewed.placement.reset();
            problems_ << tr("Name the rack (e.g. b2), or untick “Place in a rack”.");
        }
        const auto made = hostsForRack(previewed);
        if (!made) {
            problems_ = QStringList{made.problem().shownMessage()};
        } else {
            RackAddPlan plan = planRackAdd(inventory_, std::move(*made));
            problems_ << plan.shownClashes;
            clashing = plan.clashingHosts;
            hosts_ = std::move(plan.hosts);
        }
    }
    showPreview(hosts_, clashing);
    if (r.pattern.trimmed().isEmpty()) summary_->setText(tr("Type the host names to see the hosts they make."));
    else if (hosts_.empty()) summary_->setText(tr("No hosts: fix the problem below."));
    else if (problems_.isEmpty()) summary_->setText(tr("%n host(s) will be added; nothing is saved until you save the inventory.", nullptr, int(hosts_.size())));
    else summary_->setText(tr("%n host(s), not added while anything below clashes.", nullptr, int(hosts_.size())));
    problemsLabel_->setVisible(!problems_.isEmpty());
    if (problems_.size() == 1) problemsLabel_->setText(tr("⚠ Cannot add: %1").arg(problems_.first()));
    else if (!problems_.isEmpty())
        problemsLabel_->setText(tr("⚠ Cannot add, %1 clashes:").arg(problems_.size()) + QStringLiteral("\n• ") +
                                problems_.join(QStringLiteral("\n• ")));
    buttons_->button(QDialogButtonBox::Ok)->setEnabled(problems_.isEmpty() && !hosts_.empty());
}

void RackAddDialog::showPreview(const std::vector<HostSpec>& hosts, const QStringList& clashing) {
    preview_->setUpdatesEnabled(false);
    preview_->setRowCount(int(hosts.size()));
    const Qt::Alignment right = Qt::AlignRight | Qt::AlignVCenter;
    for (int row = 0; row < int(hosts.size()); ++row) {
        const HostSpec& h = hosts[std::size_t(row)];
        // A clashing host is marked by a sign and a word, not by its colour alone.
        QTableWidgetItem* name = previewCell(clashing.contains(h.name) ? tr("⚠ %1 (clash)").arg(h.name) : h.name);
        if (clashing.contains(h.name)) {
            name->setForeground(kClashRed);
            name->setToolTip(tr("This host clashes; the list under the table says with what."));
        }
        preview_->setItem(row, kPreviewName, name);
        preview_->setItem(row, kPreviewAddress, previewCell(h.address));
        preview_->setItem(row, kPreviewUser, previewCell(h.user.isEmpty() ? tr("ssh default") : h.user));
        preview_->setItem(row, kPreviewPort, previewCell(h.port > 0 ? QString::number(h.port) : tr("ssh default"), right));
        preview_->setItem(row, kPreviewRack, previewCell(h.rack));
        preview_->setItem(row, kPreviewUnits, previewCell(rackUnitSpan(h), right));
    }
    preview_->setUpdatesEnabled(true);
}

}  // namespace fleetdeck

#include "moc_rack_add_dialog.cpp"
