#include "ui/inventory_dialog.h"

#include <QDialogButtonBox>
#include <QFile>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QMessageBox>
#include <QPushButton>
#include <QVBoxLayout>

#include "app/inventory/host_source.h"
#include "app/ssh/ssh_config.h"
#include "ui/host_edit_dialog.h"
#include "ui/rack_add_dialog.h"

namespace fleetdeck {

InventoryDialog::InventoryDialog(Inventory inventory, QString path, QWidget* parent)
    : QDialog(parent), model_(std::move(inventory)), path_(std::move(path)) {
    setWindowTitle(tr("Fleet inventory"));
    auto* layout = new QVBoxLayout(this);
    auto* header = new QLabel(tr("Hosts FleetDeck connects to over SSH. Saved in %1").arg(path_), this);
    header->setTextFormat(Qt::PlainText);  // a path, like the imported names below, is never markup
    header->setWordWrap(true);
    layout->addWidget(header);
    table_ = new QTableView(this);
    table_->setModel(&model_);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setSelectionMode(QAbstractItemView::SingleSelection);
    table_->verticalHeader()->hide();
    table_->horizontalHeader()->setStretchLastSection(true);
    table_->setAlternatingRowColors(true);
    // Columns as wide as what they hold (nine columns of 100 px hid the tags behind a scroll bar),
    // measured again when hosts arrive or change.
    table_->resizeColumnsToContents();
    const auto fitColumns = [this] { table_->resizeColumnsToContents(); };
    connect(&model_, &QAbstractItemModel::rowsInserted, table_, fitColumns);
    connect(&model_, &QAbstractItemModel::dataChanged, table_, fitColumns);
    connect(&model_, &QAbstractItemModel::modelReset, table_, fitColumns);
    connect(table_, &QTableView::doubleClicked, this, &InventoryDialog::editHost);
    layout->addWidget(table_);

    auto* row = new QHBoxLayout;
    const auto button = [&](const QString& text, const QKeySequence& key, auto slot) {
        auto* b = new QPushButton(text, this);
        b->setShortcut(key);
        b->setAutoDefault(false);
        connect(b, &QPushButton::clicked, this, slot);
        row->addWidget(b);
    };
    button(tr("&Add…"), QKeySequence(Qt::CTRL | Qt::Key_N), &InventoryDialog::addHost);
    button(tr("Add rac&k…"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_N), &InventoryDialog::addRack);
    button(tr("&Edit…"), QKeySequence(Qt::Key_F2), &InventoryDialog::editHost);
    button(tr("&Remove"), QKeySequence::Delete, &InventoryDialog::removeHost);
    row->addStretch();
    button(tr("Import ~/.ssh/&config"), QKeySequence(), [this] { importSshConfigFile(ssh::defaultSshConfigPath()); });
    button(tr("Import a&n inventory file…"), QKeySequence(), [this] {
        const QString file = QFileDialog::getOpenFileName(this, tr("Inventory: Ansible (INI or YAML), ssh config or FleetDeck"));
        if (!file.isEmpty()) importAnsibleInventory(file);
    });
    layout->addLayout(row);
    status_ = new QLabel(this);
    status_->setTextFormat(Qt::PlainText);
    status_->setWordWrap(true);
    layout->addWidget(status_);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, [this] {
        if (save()) accept();
    });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    say(tr("%n host(s). Hosts you remove stay connected until FleetDeck restarts.", nullptr, model_.rowCount()));
    resize(900, 440);
}

void InventoryDialog::say(const QString& text) { status_->setText(text); }

int InventoryDialog::currentRow() const {
    const QModelIndex index = table_->currentIndex();
    return index.isValid() ? index.row() : -1;
}

void InventoryDialog::addHost() {
    HostEditDialog dialog(HostSpec{}, this);
    while (dialog.exec() == QDialog::Accepted) {
        const auto problem = model_.add(dialog.host());
        if (!problem) return;
        dialog.showProblem(*problem);
    }
}

void InventoryDialog::addRack() {
    RackAddDialog dialog(model_.inventory(), this);
    if (dialog.exec() != QDialog::Accepted) return;
    const std::vector<HostSpec> hosts = dialog.hosts();
    const int added = model_.merge(hosts);  // the dialog checked them against this inventory: all of them
    say(tr("Added %n host(s); press Save to keep them.", nullptr, added));
}

void InventoryDialog::editHost() {
    const int row = currentRow();
    if (row < 0) return;
    HostEditDialog dialog(model_.host(row), this);
    while (dialog.exec() == QDialog::Accepted) {
        const auto problem = model_.update(row, dialog.host());
        if (!problem) return;
        dialog.showProblem(*problem);
    }
}

void InventoryDialog::removeHost() {
    const int row = currentRow();
    if (row < 0) return;
    const QString name = model_.host(row).name;
    if (QMessageBox::question(this, tr("Remove host"), tr("Remove %1 from the inventory?").arg(name)) == QMessageBox::Yes)
        model_.remove(row);
}

int InventoryDialog::importSshConfigFile(const QString& file) {
    return importHostSource(file);
}

int InventoryDialog::importAnsibleInventory(const QString& file) {
    return importHostSource(file);
}

// The reader `--inventory` uses (app/inventory/host_source.h): whatever kind of file it is.
int InventoryDialog::importHostSource(const QString& file) {
    const auto source = readHostSource(file);
    if (!source) {
        say(source.problem().shownMessage());
        return 0;
    }
    const int added = model_.merge(source->hosts);
    QString text = tr("Imported %1 of %2 hosts from %3 (%4; names already in the inventory were kept).")
                       .arg(added)
                       .arg(source->hosts.size())
                       .arg(file, hostSourceFormatName(source->format));
    if (!source->warnings.isEmpty()) text += QLatin1Char(' ') + tr("Skipped: %1").arg(source->warnings.join(QStringLiteral("; ")));
    say(text);
    return added;
}

bool InventoryDialog::save() {
    if (const auto written = model_.inventory().save(path_); !written) {
        say(written.problem().shownMessage());
        return false;
    }
    return true;
}

bool editInventory(QWidget* parent) {
    const QString path = Inventory::defaultPath();
    auto inventory = Inventory::load(path);
    if (!inventory) {
        QMessageBox::warning(parent, QObject::tr("Fleet inventory"),
                             QObject::tr("%1\nFix or move the file, then open the inventory again.").arg(inventory.problem().shownMessage()));
        return false;
    }
    InventoryDialog dialog(std::move(*inventory), path, parent);
    return dialog.exec() == QDialog::Accepted;
}

}  // namespace fleetdeck

#include "moc_inventory_dialog.cpp"
