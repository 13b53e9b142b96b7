#include "ui/commission/spec_page.h"

#include <algorithm>

#include <QComboBox>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QGridLayout>
#include <QHeaderView>
#include <QSaveFile>
#include <QStyledItemDelegate>
#include <QVBoxLayout>

#include "app/commission/acceptance.h"
#include "ui/commission/commission_wizard.h"

namespace fleetdeck {
namespace {

// A combo box editor for the columns with a closed list (match, severity).
class SpecChoiceDelegate : public QStyledItemDelegate {
public:
    // Each choice as the spec file spells it and as the user reads it.
    SpecChoiceDelegate(QList<QPair<QString, QString>> choices, QObject* parent)
        : QStyledItemDelegate(parent), choices_(std::move(choices)) {}
    QWidget* createEditor(QWidget* parent, const QStyleOptionViewItem&, const QModelIndex&) const override {
        auto* box = new QComboBox(parent);
        for (const auto& [word, shown] : choices_) box->addItem(shown, word);
        return box;
    }
    void setEditorData(QWidget* editor, const QModelIndex& index) const override {
        auto* box = static_cast<QComboBox*>(editor);
        box->setCurrentIndex(std::max(0, box->findData(index.data(Qt::EditRole).toString())));
    }
    void setModelData(QWidget* editor, QAbstractItemModel* model, const QModelIndex& index) const override {
        model->setData(index, static_cast<QComboBox*>(editor)->currentData().toString());
    }

private:
    QList<QPair<QString, QString>> choices_;
};

}  // namespace

SpecPage::SpecPage(CommissionWizard& wizard) : wizard_(wizard) {
    setTitle(tr("The spec"));
    setSubTitle(tr("What every host of the rack must be. Learn it from a golden host or load a spec file, then edit "
                   "it here: a fact left \"not checked\" is still compared across the rack (the odd one out)."));
    auto* layout = new QVBoxLayout(this);
    auto* grid = new QGridLayout;
    learnChoice_ = new QRadioButton(tr("&Learn from a golden host:"), this);
    learnChoice_->setChecked(true);
    golden_ = new QComboBox(this);
    golden_->setObjectName(QStringLiteral("golden_host"));
    learn_ = new QPushButton(tr("Lea&rn"), this);
    learn_->setObjectName(QStringLiteral("learn"));
    grid->addWidget(learnChoice_, 0, 0);
    grid->addWidget(golden_, 0, 1);
    grid->addWidget(learn_, 0, 2);
    fileChoice_ = new QRadioButton(tr("Load a spec &file:"), this);
    file_ = new QLineEdit(this);
    file_->setObjectName(QStringLiteral("spec_file"));
    file_->setPlaceholderText(tr("rack-b2-spec.json"));
    auto* browse = new QPushButton(tr("&Browse…"), this);
    load_ = new QPushButton(tr("L&oad"), this);
    load_->setObjectName(QStringLiteral("load_spec"));
    auto* fileRow = new QHBoxLayout;
    fileRow->addWidget(file_, 1);
    fileRow->addWidget(browse);
    grid->addWidget(fileChoice_, 1, 0);
    grid->addLayout(fileRow, 1, 1);
    grid->addWidget(load_, 1, 2);
    grid->setColumnStretch(1, 1);
    layout->addLayout(grid);

    status_ = new QLabel(this);
    status_->setObjectName(QStringLiteral("spec_status"));
    status_->setTextFormat(Qt::PlainText);
    status_->setWordWrap(true);
    layout->addWidget(status_);

    table_ = new QTableView(this);
    table_->setObjectName(QStringLiteral("spec_table"));
    table_->setModel(&model_);
    table_->verticalHeader()->setVisible(false);
    table_->horizontalHeader()->setSectionResizeMode(commission::RackSpecTableModel::FactColumn, QHeaderView::ResizeToContents);
    table_->horizontalHeader()->setSectionResizeMode(commission::RackSpecTableModel::ExpectedColumn, QHeaderView::Stretch);
    table_->setItemDelegateForColumn(commission::RackSpecTableModel::MatchColumn,
                                     new SpecChoiceDelegate({{QStringLiteral("exact"), commission::RackSpecTableModel::tr("exact")},
                                                             {QStringLiteral("at least"), commission::RackSpecTableModel::tr("at least")}},
                                                            table_));
    table_->setItemDelegateForColumn(commission::RackSpecTableModel::SeverityColumn,
                                     new SpecChoiceDelegate({{QStringLiteral("warning"), commission::shownSeverity(FindingSeverity::Warning)},
                                                             {QStringLiteral("critical"), commission::shownSeverity(FindingSeverity::Critical)}},
                                                            table_));
    table_->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed | QAbstractItemView::AnyKeyPressed);
    layout->addWidget(table_, 1);

    auto* saveRow = new QHBoxLayout;
    saveRow->addStretch();
    save_ = new QPushButton(tr("&Save spec as…"), this);
    save_->setObjectName(QStringLiteral("save_spec"));
    saveRow->addWidget(save_);
    layout->addLayout(saveRow);

    const auto enableChoice = [this] {
        golden_->setEnabled(learnChoice_->isChecked() && !learning());
        learn_->setEnabled(learnChoice_->isChecked() && !learning());
        file_->setEnabled(fileChoice_->isChecked());
        load_->setEnabled(fileChoice_->isChecked());
    };
    connect(learnChoice_, &QRadioButton::toggled, this, enableChoice);
    enableChoice();
    connect(learn_, &QPushButton::clicked, this, [this] { learnFrom(golden_->currentText()); });
    connect(load_, &QPushButton::clicked, this, [this] { loadFile(file_->text().trimmed()); });
    connect(file_, &QLineEdit::returnPressed, this, [this] { loadFile(file_->text().trimmed()); });
    connect(browse, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Load a spec"), file_->text(), tr("Spec files (*.json)"));
        if (path.isEmpty()) return;
        fileChoice_->setChecked(true);
        file_->setText(path);
        loadFile(path);
    });
    connect(save_, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getSaveFileName(this, tr("Save the spec"), QString(), tr("Spec files (*.json)"));
        if (!path.isEmpty()) saveFile(path);
    });
    connect(&model_, &commission::RackSpecTableModel::editRefused, this, [this](const QString& why) { showStatus(why, true); });
    connect(&model_, &commission::RackSpecTableModel::specEdited, this, [this] {
        if (!source_.endsWith(QStringLiteral(", edited"))) source_ += QStringLiteral(", edited");
        showStatus(tr("Spec %1.").arg(source_), false);
        emit completeChanged();
    });
}

void SpecPage::initializePage() {
    const QString current = golden_->currentText();
    golden_->clear();
    for (const HostSpec& h : wizard_.hosts()) golden_->addItem(h.name);
    if (golden_->findText(current) >= 0) golden_->setCurrentText(current);
    const auto& p = wizard_.progress();
    if (p.spec && model_.spec().expect.empty()) setSpec(*p.spec, p.specSource);
    save_->setEnabled(!model_.spec().expect.empty());
}

void SpecPage::showStatus(const QString& text, bool problem) {
    status_->setText(text);
    status_->setStyleSheet(problem ? QStringLiteral("color: #b3261e") : QString());
}

void SpecPage::setSpec(const commission::RackSpec& spec, const QString& source) {
    model_.setSpec(spec);
    source_ = source;
    const auto n = spec.expect.size();
    showStatus(tr("Spec %1: %2 checked.").arg(source, n == 1 ? tr("1 fact") : tr("%1 facts").arg(n)), false);
    save_->setEnabled(!spec.expect.empty());
    emit completeChanged();
}

void SpecPage::learnFrom(const QString& host) {
    const auto& hosts = wizard_.hosts();
    const auto it = std::find_if(hosts.begin(), hosts.end(), [&](const HostSpec& h) { return h.name == host; });
    if (it == hosts.end() || learning()) return;
    commission::CommissionRun::Options options;
    options.golden = *it;
    options.simSpeed = wizard_.hooks().simSpeed;
    options.transportMaker = wizard_.hooks().transportMaker;
    options.meshRound = false;
    learnRun_ = std::make_unique<commission::BackgroundCommissionRun>(std::move(options));
    connect(learnRun_.get(), &commission::BackgroundCommissionRun::finished, this,
            [this, host](const commission::CommissionResult& result, const QString& error,
                         const std::optional<commission::HostResult>&) {
                learnRun_.release()->deleteLater();  // not from inside its own signal
                learn_->setEnabled(learnChoice_->isChecked());
                golden_->setEnabled(learnChoice_->isChecked());
                if (!error.isEmpty() || result.spec.expect.empty()) {
                    showStatus(error.isEmpty() ? tr("%1 told nothing to learn from: check it is reachable and try again").arg(host)
                                               : tr("Cannot learn the spec: %1").arg(error),
                               true);
                    emit completeChanged();
                    return;
                }
                setSpec(result.spec, tr("learned from %1").arg(host));
            });
    learn_->setEnabled(false);
    golden_->setEnabled(false);
    showStatus(tr("Reading the facts and a sample of %1…").arg(host), false);
    learnRun_->start();
    emit completeChanged();
}

bool SpecPage::loadFile(const QString& path) {
    QFile file(path);
    if (path.isEmpty() || !file.open(QIODevice::ReadOnly)) {
        showStatus(tr("Cannot read %1: %2. Check the path.").arg(path.isEmpty() ? tr("the spec file") : path,
                                                                  path.isEmpty() ? tr("no file given") : file.errorString()),
                   true);
        return false;
    }
    const auto spec = commission::rackSpecFromJson(file.readAll());
    if (!spec) {
        showStatus(tr("%1: %2. Fix the file and load it again (docs/commission.md, \"The spec\").")
                       .arg(QFileInfo(path).fileName(), spec.problem().shownMessage()),
                   true);
        return false;
    }
    setSpec(*spec, tr("spec file %1").arg(QFileInfo(path).fileName()));
    return true;
}

bool SpecPage::saveFile(const QString& path) {
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(commission::toJson(model_.spec())) < 0 || !file.commit()) {
        showStatus(tr("Cannot write %1: %2. Choose another folder.").arg(path, file.errorString()), true);
        return false;
    }
    showStatus(tr("Spec saved to %1.").arg(path), false);
    return true;
}

bool SpecPage::isComplete() const { return !learning() && !model_.spec().expect.empty(); }

bool SpecPage::validatePage() {
    auto& p = wizard_.progress();
    if (!p.spec || !(*p.spec == model_.spec())) {
        p.result.reset();
        p.reportPath.clear();
    }
    p.spec = model_.spec();
    p.specSource = source_;
    wizard_.saveProgressNow();
    return true;
}

}  // namespace fleetdeck

#include "moc_spec_page.cpp"
