#include "ui/dashboard/platform_panel.h"

#include <QHeaderView>
#include <QStyledItemDelegate>
#include <QVBoxLayout>

#include "ui/dashboard/palette.h"
#include "ui/dashboard/view_header.h"

namespace fleetdeck {
namespace {

// The Status column carries its word; a failed or to-check row is tinted as well, never by colour
// alone.
class PlatformStatusDelegate : public QStyledItemDelegate {
public:
    using QStyledItemDelegate::QStyledItemDelegate;

protected:
    void initStyleOption(QStyleOptionViewItem* option, const QModelIndex& index) const override {
        QStyledItemDelegate::initStyleOption(option, index);
        if (index.column() != PlatformFactsModel::Status) return;
        const auto state = static_cast<PlatformFactsModel::State>(index.data(PlatformFactsModel::StateRole).toInt());
        QFont bold = option->font;
        bold.setBold(state == PlatformFactsModel::State::Failed || state == PlatformFactsModel::State::Check);
        option->font = bold;
        if (state == PlatformFactsModel::State::Failed) option->palette.setColor(QPalette::Text, healthColor(HostHealth::Level::Critical));
        else if (state == PlatformFactsModel::State::Check) option->palette.setColor(QPalette::Text, healthColor(HostHealth::Level::Warning));
    }
};

}  // namespace

PlatformPanel::PlatformPanel(QWidget* parent) : HostPanel(parent) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 8);
    auto* title = sectionTitle(tr("Platform"), this);
    table_ = new QTableView(this);
    table_->setModel(&model_);
    table_->setAccessibleName(title->text());
    table_->setItemDelegate(new PlatformStatusDelegate(table_));
    table_->verticalHeader()->hide();
    table_->setAlternatingRowColors(true);
    table_->setWordWrap(false);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->horizontalHeader()->setSectionResizeMode(PlatformFactsModel::Value, QHeaderView::Stretch);
    layout->addWidget(title);
    layout->addWidget(table_);
    setVisible(false);
}

void PlatformPanel::setFacts(const std::optional<protocol::Facts>& facts) {
    const std::string now = facts ? protocol::to_json(*facts).dump() : std::string();
    if (now == shown_) return;
    shown_ = now;
    if (!facts) {
        model_.clear();
        setVisible(false);
        return;
    }
    model_.setFacts(*facts);
    table_->resizeColumnToContents(PlatformFactsModel::Fact);
    table_->resizeColumnToContents(PlatformFactsModel::Status);
    table_->setFixedHeight(table_->horizontalHeader()->height() + 4 +
                           table_->verticalHeader()->defaultSectionSize() * model_.rowCount());
    setVisible(true);
}

}  // namespace fleetdeck

#include "moc_platform_panel.cpp"
