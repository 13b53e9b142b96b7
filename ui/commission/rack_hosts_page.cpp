#include "ui/commission/rack_hosts_page.h"

#include <set>

#include <QFormLayout>
#include <QHeaderView>
#include <QPushButton>
#include <QRegularExpression>
#include <QVBoxLayout>

#include "ui/commission/commission_wizard.h"

namespace fleetdeck {
namespace {

QString unitText(const HostSpec& h) {
    if (h.rackUnit <= 0) return QStringLiteral("—");
    return h.rackHeightU > 1 ? QStringLiteral("U%1–U%2").arg(h.rackUnit).arg(h.rackUnit + h.rackHeightU - 1)
                             : QStringLiteral("U%1").arg(h.rackUnit);
}

QString hostCount(int n) { return n == 1 ? RackHostsPage::tr("1 host") : RackHostsPage::tr("%1 hosts").arg(n); }

QString whereText(const HostSpec& h) {
    switch (h.kind) {
    case HostSpec::Kind::Simulated: return RackHostsPage::tr("simulated (%1)").arg(h.simulateProfile);
    case HostSpec::Kind::Local: return h.rootDir.isEmpty() ? RackHostsPage::tr("this machine") : RackHostsPage::tr("tree at %1").arg(h.rootDir);
    case HostSpec::Kind::Ssh: {
        QString text = h.user.isEmpty() ? h.address : h.user + QLatin1Char('@') + h.address;
        if (h.port > 0) text += QStringLiteral(":%1").arg(h.port);
        return text;
    }
    }
    return {};
}

}  // namespace

RackHostsPage::RackHostsPage(CommissionWizard& wizard) : wizard_(wizard) {
    setTitle(tr("The rack's hosts"));
    setSubTitle(tr("Choose a rack from the inventory, or type the hosts: inventory names, user@host, or simulated "
                   "hosts such as sim:hgx-h100-8+pcie-x8:4."));
    auto* layout = new QVBoxLayout(this);

    resumeBox_ = new QGroupBox(tr("Unfinished commissioning"), this);
    resumeBox_->setObjectName(QStringLiteral("resume_box"));
    resumeBox_->setVisible(false);
    layout->addWidget(resumeBox_);

    auto* form = new QFormLayout;
    source_ = new QComboBox(this);
    source_->setObjectName(QStringLiteral("inventory_source"));
    form->addRow(tr("From the &inventory:"), source_);
    targets_ = new QPlainTextEdit(this);
    targets_->setObjectName(QStringLiteral("targets"));
    targets_->setPlaceholderText(tr("gpu-b2-01 gpu-b2-02 … or sim:hgx-h100-8:1 sim:hgx-h100-8+pcie-x8:2 …"));
    targets_->setMaximumHeight(96);
    targets_->setTabChangesFocus(true);
    form->addRow(tr("&Hosts:"), targets_);
    rack_ = new QLineEdit(this);
    rack_->setObjectName(QStringLiteral("rack_name"));
    rack_->setPlaceholderText(tr("the rack's name, for typed hosts and the saved progress (b2)"));
    form->addRow(tr("&Rack name:"), rack_);
    layout->addLayout(form);

    table_ = new QTableWidget(0, 4, this);
    table_->setObjectName(QStringLiteral("hosts_table"));
    table_->setHorizontalHeaderLabels({tr("Host"), tr("Reached as"), tr("Rack"), tr("Unit")});
    table_->horizontalHeader()->setSectionResizeMode(1, QHeaderView::Stretch);
    table_->verticalHeader()->setVisible(false);
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->setSelectionMode(QAbstractItemView::NoSelection);
    layout->addWidget(table_, 1);
    summary_ = new QLabel(this);
    summary_->setTextFormat(Qt::PlainText);
    layout->addWidget(summary_);
    problemsLabel_ = new QLabel(this);
    problemsLabel_->setObjectName(QStringLiteral("hosts_problems"));
    problemsLabel_->setTextFormat(Qt::PlainText);
    problemsLabel_->setWordWrap(true);
    problemsLabel_->setForegroundRole(QPalette::BrightText);
    problemsLabel_->setStyleSheet(QStringLiteral("color: #b3261e"));
    layout->addWidget(problemsLabel_);

    connect(source_, &QComboBox::activated, this, [this](int i) {
        if (i > 0) chooseFromInventory(source_->itemData(i).toString());
    });
    connect(targets_, &QPlainTextEdit::textChanged, this, &RackHostsPage::refresh);
    connect(rack_, &QLineEdit::textChanged, this, &RackHostsPage::refresh);

    // The inventory's racks, then groups, then tags, each with its count.
    const auto& inventoryHosts = wizard_.hooks().inventory.hosts();
    source_->addItem(tr("(choose a rack, group or tag)"));
    std::map<QString, int> racks, groups, tags;
    for (const HostSpec& h : inventoryHosts) {
        if (!h.rack.isEmpty()) ++racks[h.rack];
        if (!h.group.isEmpty()) ++groups[h.group];
        for (const QString& t : h.tags) ++tags[t];
    }
    for (const auto& [name, n] : racks) source_->addItem(tr("rack %1 (%2)").arg(name, hostCount(n)), QStringLiteral("rack:") + name);
    for (const auto& [name, n] : groups) source_->addItem(tr("group %1 (%2)").arg(name, hostCount(n)), QStringLiteral("group:") + name);
    for (const auto& [name, n] : tags) source_->addItem(tr("tag %1 (%2)").arg(name, hostCount(n)), QStringLiteral("tag:") + name);
    if (source_->count() == 1) source_->setItemText(0, tr("(the inventory has no racks, groups or tags)"));
    refresh();
}

void RackHostsPage::initializePage() {
    if (!resumeOffered_) showResumeChoices();
    resumeOffered_ = true;
}

void RackHostsPage::showResumeChoices() {
    const auto unfinished = commission::unfinishedProgress(wizard_.progressDirectory());
    if (unfinished.empty()) return;
    auto* box = new QVBoxLayout(resumeBox_);
    int i = 0;
    for (const commission::CommissionProgress& p : unfinished) {
        auto* resume = new QPushButton(p.resumeText(), resumeBox_);
        resume->setObjectName(QStringLiteral("resume_%1").arg(i++));
        box->addWidget(resume);
        connect(resume, &QPushButton::clicked, this, [this, p] {
            resumeBox_->setVisible(false);
            wizard_.resume(p);
        });
    }
    auto* fresh = new QPushButton(tr("Start a new one"), resumeBox_);
    fresh->setObjectName(QStringLiteral("start_new"));
    box->addWidget(fresh);
    connect(fresh, &QPushButton::clicked, this, [this] { resumeBox_->setVisible(false); });
    resumeBox_->setVisible(true);
}

bool RackHostsPage::chooseFromInventory(const QString& filter) {
    const int colon = filter.indexOf(QLatin1Char(':'));
    const QString kind = filter.left(colon), value = filter.mid(colon + 1);
    QStringList names;
    std::vector<const HostSpec*> matching;
    for (const HostSpec& h : wizard_.hooks().inventory.hosts())
        if ((kind == QLatin1String("rack") && h.rack == value) || (kind == QLatin1String("group") && h.group == value) ||
            (kind == QLatin1String("tag") && h.tags.contains(value)))
            matching.push_back(&h);
    // A rack top-down, as it is read in the elevation; others in inventory order.
    if (kind == QLatin1String("rack"))
        std::stable_sort(matching.begin(), matching.end(), [](const HostSpec* a, const HostSpec* b) { return a->rackUnit > b->rackUnit; });
    for (const HostSpec* h : matching) names << h->name;
    if (names.isEmpty()) return false;
    if (const int at = source_->findData(filter); at >= 0) source_->setCurrentIndex(at);
    if (kind == QLatin1String("rack")) rack_->setText(value);
    else {
        std::set<QString> racks;
        for (const HostSpec* h : matching) racks.insert(h->rack);
        rack_->setText(racks.size() == 1 ? *racks.begin() : QString());
    }
    setTargets(names);
    return true;
}

void RackHostsPage::setTargets(const QStringList& targets) { targets_->setPlainText(targets.join(QLatin1Char('\n'))); }
void RackHostsPage::setRackName(const QString& rack) { rack_->setText(rack); }

QStringList RackHostsPage::targets() const {
    static const QRegularExpression space(QStringLiteral("[\\s,]+"));
    return targets_->toPlainText().split(space, Qt::SkipEmptyParts);
}

std::vector<HostSpec> RackHostsPage::resolve(const QStringList& words, const Inventory& inventory, const QString& rack,
                                             QStringList* problems) {
    std::vector<HostSpec> hosts;
    std::set<QString> seen;
    for (const QString& word : words) {
        HostSpec spec;
        if (const HostSpec* known = inventory.find(word)) {
            spec = *known;
        } else {
            auto parsed = parseHostTarget(word);
            if (!parsed) {
                problems->append(parsed.problem().shownMessage());
                continue;
            }
            spec = *parsed;
            if (spec.name.isEmpty()) spec.name = word;
            if (spec.rack.isEmpty()) spec.rack = rack;
        }
        if (!seen.insert(spec.name).second) {
            problems->append(tr("%1 is listed twice; list each host once").arg(spec.name));
            continue;
        }
        hosts.push_back(std::move(spec));
    }
    return hosts;
}

void RackHostsPage::refresh() {
    problems_.clear();
    hosts_ = resolve(targets(), wizard_.hooks().inventory, rack_->text().trimmed(), &problems_);
    table_->setRowCount(static_cast<int>(hosts_.size()));
    for (int row = 0; row < table_->rowCount(); ++row) {
        const HostSpec& h = hosts_[static_cast<std::size_t>(row)];
        const QStringList cells = {h.name, whereText(h), h.rack.isEmpty() ? QStringLiteral("—") : h.rack, unitText(h)};
        for (int c = 0; c < cells.size(); ++c) table_->setItem(row, c, new QTableWidgetItem(cells[c]));
    }
    table_->resizeColumnToContents(0);
    summary_->setText(hosts_.empty() ? tr("No hosts yet.") : tr("%1 to commission.").arg(hostCount(static_cast<int>(hosts_.size()))));
    problemsLabel_->setText(problems_.join(QLatin1Char('\n')));
    problemsLabel_->setVisible(!problems_.isEmpty());
    emit completeChanged();
}

bool RackHostsPage::isComplete() const { return !hosts_.empty() && problems_.isEmpty(); }

bool RackHostsPage::validatePage() {
    auto& p = wizard_.progress();
    const QStringList chosen = targets();
    const QString rack = rack_->text().trimmed();
    // Other hosts or another rack: what came after this step no longer holds.
    if (chosen != p.targets || rack != p.rack) {
        p.result.reset();
        p.reportPath.clear();
    }
    p.targets = chosen;
    p.rack = rack;
    wizard_.setHosts(hosts_);
    wizard_.saveProgressNow();
    return true;
}

}  // namespace fleetdeck

#include "moc_rack_hosts_page.cpp"
