#include "ui/tuning/target_hosts_page.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QPushButton>
#include <QVBoxLayout>

namespace fleetdeck {
namespace {

enum Column { HostColumn, GroupColumn, RackColumn, TagsColumn, FactsColumn };

QString factsSummary(const HostRecord& r) {
    if (!r.facts) return QObject::tr("facts not received yet: settings only, no hardware findings");
    const protocol::Facts& f = *r.facts;
    QString text = QObject::tr("%n GPU(s)", nullptr, static_cast<int>(f.gpus.size()));
    if (f.memory.total_bytes)
        text += QObject::tr(", %1 GiB RAM").arg(static_cast<double>(*f.memory.total_bytes) / (1024.0 * 1024 * 1024), 0, 'f', 0);
    if (f.virtualization.hypervisor == true) text += QObject::tr(", VM guest");
    return text;
}

bool matches(const HostSpec& spec, const QString& filter) {
    if (filter == QLatin1String("all")) return true;
    const auto colon = filter.indexOf(QLatin1Char(':'));
    const QString kind = filter.left(colon), value = filter.mid(colon + 1);
    if (kind == QLatin1String("group")) return spec.group == value;
    if (kind == QLatin1String("rack")) return spec.rack == value;
    if (kind == QLatin1String("tag")) return spec.tags.contains(value);
    return false;
}

}  // namespace

TargetHostsPage::TargetHostsPage(const TelemetryStore& store, QWidget* parent) : QWizardPage(parent), store_(store) {
    setTitle(tr("Target hosts"));
    setSubTitle(tr("Which servers should get this plan? Each one is planned with its own hardware facts."));
    auto* layout = new QVBoxLayout(this);
    auto* row = new QHBoxLayout;
    filter_ = new QComboBox(this);
    filter_->setObjectName(QStringLiteral("host_filter"));
    auto* selectButton = new QPushButton(tr("Select &matching"), this);
    selectButton->setObjectName(QStringLiteral("select_matching"));
    row->addWidget(new QLabel(tr("Select by &group, rack or tag:"), this));
    static_cast<QLabel*>(row->itemAt(0)->widget())->setBuddy(filter_);
    row->addWidget(filter_, 1);
    row->addWidget(selectButton);
    layout->addLayout(row);
    hosts_ = new QTreeWidget(this);
    hosts_->setObjectName(QStringLiteral("target_hosts"));
    hosts_->setRootIsDecorated(false);
    hosts_->setHeaderLabels({tr("Host"), tr("Group"), tr("Rack"), tr("Tags"), tr("Hardware facts")});
    hosts_->header()->setStretchLastSection(true);
    layout->addWidget(hosts_, 1);
    count_ = new QLabel(this);
    count_->setTextFormat(Qt::PlainText);  // never markup, like every label near host names
    layout->addWidget(count_);
    connect(selectButton, &QPushButton::clicked, this, [this] { selectMatching(filter_->currentData().toString()); });
    connect(hosts_, &QTreeWidget::itemChanged, this, [this] {
        showCount();
        emit completeChanged();
    });
}

void TargetHostsPage::initializePage() {
    const QStringList keep = selectedHosts();
    const QSignalBlocker block(hosts_);
    hosts_->clear();
    for (const QString& name : store_.hostNames()) {
        const auto record = store_.host(name);
        if (!record) continue;
        auto* item = new QTreeWidgetItem(hosts_, {name, record->spec.group, record->spec.rack,
                                                  record->spec.tags.join(QStringLiteral(", ")), factsSummary(*record)});
        item->setCheckState(HostColumn, keep.contains(name) ? Qt::Checked : Qt::Unchecked);
        if (record->spec.isSimulated()) item->setText(HostColumn, tr("%1  (simulated)").arg(name));
        item->setData(HostColumn, Qt::UserRole, name);
    }
    for (int c = 0; c < FactsColumn; ++c) hosts_->resizeColumnToContents(c);
    fillFilters();
    showCount();
    emit completeChanged();
}

void TargetHostsPage::showCount() { count_->setText(tr("%n host(s) selected", nullptr, static_cast<int>(selectedHosts().size()))); }

void TargetHostsPage::fillFilters() {
    filter_->clear();
    filter_->addItem(tr("All hosts"), QStringLiteral("all"));
    QStringList groups, racks, tags;
    for (const QString& name : store_.hostNames()) {
        const auto r = store_.host(name);
        if (!r) continue;
        if (!r->spec.group.isEmpty() && !groups.contains(r->spec.group)) groups << r->spec.group;
        if (!r->spec.rack.isEmpty() && !racks.contains(r->spec.rack)) racks << r->spec.rack;
        for (const QString& t : r->spec.tags)
            if (!tags.contains(t)) tags << t;
    }
    for (const QString& g : groups) filter_->addItem(tr("Group: %1").arg(g), QStringLiteral("group:") + g);
    for (const QString& r : racks) filter_->addItem(tr("Rack: %1").arg(r), QStringLiteral("rack:") + r);
    for (const QString& t : tags) filter_->addItem(tr("Tag: %1").arg(t), QStringLiteral("tag:") + t);
}

bool TargetHostsPage::isComplete() const { return !selectedHosts().isEmpty(); }

QStringList TargetHostsPage::selectedHosts() const {
    QStringList out;
    for (int i = 0; i < hosts_->topLevelItemCount(); ++i)
        if (hosts_->topLevelItem(i)->checkState(HostColumn) == Qt::Checked)
            out << hosts_->topLevelItem(i)->data(HostColumn, Qt::UserRole).toString();
    return out;
}

void TargetHostsPage::setSelectedHosts(const QStringList& hosts) {
    for (int i = 0; i < hosts_->topLevelItemCount(); ++i) {
        QTreeWidgetItem* item = hosts_->topLevelItem(i);
        item->setCheckState(HostColumn, hosts.contains(item->data(HostColumn, Qt::UserRole).toString()) ? Qt::Checked : Qt::Unchecked);
    }
}

void TargetHostsPage::selectMatching(const QString& filter) {
    QStringList chosen;
    for (const QString& name : store_.hostNames())
        if (const auto r = store_.host(name); r && matches(r->spec, filter)) chosen << name;
    setSelectedHosts(chosen);
}

}  // namespace fleetdeck

#include "moc_target_hosts_page.cpp"
