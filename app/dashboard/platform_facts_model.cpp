#include "app/dashboard/platform_facts_model.h"

#include <algorithm>
#include <map>

namespace fleetdeck {
namespace {

QString fromStd(const std::string& s) { return QString::fromStdString(s); }

QString sizeText(std::int64_t bytes) {
    const double gib = static_cast<double>(bytes) / (1024.0 * 1024 * 1024);
    return gib >= 1 ? QStringLiteral("%1 GiB").arg(gib, 0, 'f', gib == static_cast<std::int64_t>(gib) ? 0 : 1)
                    : QStringLiteral("%1 MiB").arg(bytes / (1024 * 1024));
}

QString linkSpeedText(std::int64_t mbps) {
    return mbps % 1000 == 0 ? QStringLiteral("%1 Gb/s").arg(mbps / 1000) : QStringLiteral("%1 Mb/s").arg(mbps);
}

}  // namespace

PlatformFactsModel::PlatformFactsModel(QObject* parent) : QAbstractTableModel(parent) {}

QString PlatformFactsModel::statusWord(State state) {
    switch (state) {
    case State::Ok: return tr("OK");
    case State::Check: return tr("Check");
    case State::Failed: return tr("Failed");
    case State::NotChecked: return tr("Not checked");
    case State::Unknown: return tr("Unknown");
    }
    return {};
}

void PlatformFactsModel::addProtection(const protocol::Facts& f) {
    // Shown as they are: FleetDeck never proposes to change either (guide §6).
    if (f.secure_boot) rows_.push_back({tr("Secure Boot"), *f.secure_boot ? tr("on") : tr("off"), State::Ok, {}});
    else rows_.push_back({tr("Secure Boot"), tr("unknown (no EFI variables: legacy boot or not readable)"), State::Unknown, {}});
    if (f.lockdown) {
        const QString mode = fromStd(*f.lockdown);
        QString value = mode;
        if (mode == QLatin1String("integrity")) value = tr("integrity (only signed kernel modules load)");
        else if (mode == QLatin1String("confidentiality")) value = tr("confidentiality (no kernel memory reads, no unsigned modules)");
        else if (mode == QLatin1String("none")) value = tr("none (any module may load)");
        rows_.push_back({tr("Kernel lockdown"), value, State::Ok, {}});
    } else {
        rows_.push_back({tr("Kernel lockdown"), tr("unknown (kernel without the lockdown module)"), State::Unknown, {}});
    }
}

void PlatformFactsModel::addMemory(const protocol::MemoryFacts& m) {
    const QString fact = tr("Memory modules");
    if (m.dimms_status != std::string("read")) {
        if (m.dimms_status == std::string("needs root"))
            rows_.push_back({fact, tr("not checked (needs root)"), State::NotChecked,
                             tr("The SMBIOS table is root's only: connect with sudo (a push or commission --sudo) to read the modules.")});
        else rows_.push_back({fact, tr("not available (no SMBIOS table)"), State::Unknown, {}});
        return;
    }
    // "12 × 32 GiB DDR5, rated 4800 MT/s, running at 3200 MT/s": grouped by what differs.
    std::map<QString, int> groups;
    std::int64_t slowest = 0, rated = 0;
    bool slowDdr5 = false;
    for (const protocol::DimmFact& d : m.dimms) {
        const QString size = d.size_bytes ? sizeText(*d.size_bytes) : tr("unknown size");
        ++groups[QStringLiteral("%1 %2").arg(size, d.type ? fromStd(*d.type) : tr("(type unknown)"))];
        if (d.configured_speed_mts && (slowest == 0 || *d.configured_speed_mts < slowest)) slowest = *d.configured_speed_mts;
        rated = std::max(rated, d.speed_mts.value_or(0));
        if (d.type == std::string("DDR5") && d.configured_speed_mts && *d.configured_speed_mts < 3600) slowDdr5 = true;
    }
    QStringList parts;
    for (const auto& [what, count] : groups) parts << QStringLiteral("%1 × %2").arg(count).arg(what);
    QString value = parts.isEmpty() ? tr("no modules installed") : parts.join(QStringLiteral(", "));
    if (rated > 0) value += tr(", rated %1 MT/s").arg(rated);
    if (slowest > 0) value += tr(", running at %1 MT/s").arg(slowest);
    if (m.dimm_slots) value += tr(" (%1 slots)").arg(*m.dimm_slots);
    rows_.push_back({fact, value, slowDdr5 ? State::Check : State::Ok,
                     slowDdr5 ? tr("DDR5 below 3600 MT/s: see the tuning plan's advice (guide §2.2).") : QString()});
}

void PlatformFactsModel::addPower(const protocol::PowerSupplyFacts& p) {
    const QString fact = tr("Power supplies");
    const QString message = p.message ? fromStd(*p.message) : QString();
    if (p.status == "needs root") {
        rows_.push_back({fact, tr("not checked (needs root)"), State::NotChecked, message});
        return;
    }
    if (p.status != "read") {
        rows_.push_back({fact, p.status == "failed" ? tr("not read: %1").arg(message) : tr("not available"),
                         p.status == "failed" ? State::Check : State::Unknown, message});
        return;
    }
    QStringList failed, details;
    for (const protocol::PowerSupplyFact& u : p.units) {
        const QString events = u.events ? fromStd(*u.events) : tr("nothing reported");
        details << QStringLiteral("%1: %2 (%3)").arg(fromStd(u.name), fromStd(u.state), events);
        if (u.state == "failed") failed << QStringLiteral("%1: %2").arg(fromStd(u.name), events);
    }
    QString value = p.count ? tr("%n present", nullptr, static_cast<int>(*p.count)) : tr("none listed by the BMC");
    if (p.redundancy) {
        const std::string& r = *p.redundancy;
        const QString word = r == "full" ? tr("full") : r == "degraded" ? tr("degraded") : r == "lost" ? tr("lost") : fromStd(r);
        value += tr(", redundancy %1").arg(word);
    }
    if (!failed.isEmpty()) value += QStringLiteral(" — ") + failed.join(QStringLiteral("; "));
    State state = State::Ok;
    if (!failed.isEmpty() || p.redundancy == std::string("lost") || p.redundancy == std::string("degraded")) state = State::Failed;
    else if (p.count == 1) state = State::Check;
    rows_.push_back({fact, value, state, details.join(QLatin1Char('\n'))});
}

void PlatformFactsModel::addNics(const std::vector<protocol::NicFact>& nics) {
    for (const protocol::NicFact& n : nics) {
        if (!n.pcie_width) continue;  // not on PCIe: nothing to say about a link
        QString value = n.speed_mbps ? linkSpeedText(*n.speed_mbps) : tr("link down");
        value += tr(", PCIe");
        if (n.pcie_gen) value += tr(" gen %1").arg(*n.pcie_gen);
        value += QStringLiteral(" x%1").arg(*n.pcie_width);
        const bool narrow = n.pcie_width_max && *n.pcie_width < *n.pcie_width_max;
        if (n.pcie_width_max) value += tr(" of x%1").arg(*n.pcie_width_max);
        rows_.push_back({tr("NIC %1").arg(fromStd(n.name)), value, narrow ? State::Check : State::Ok,
                         narrow ? tr("Narrower than the card's maximum: a slot, riser or bifurcation matter (%1).")
                                      .arg(n.pci_bus_id ? fromStd(*n.pci_bus_id) : QString())
                                : QString()});
    }
}

void PlatformFactsModel::setFacts(const protocol::Facts& facts) {
    beginResetModel();
    rows_.clear();
    addProtection(facts);
    addMemory(facts.memory);
    addPower(facts.power_supplies);
    addNics(facts.nics);
    endResetModel();
}

void PlatformFactsModel::clear() {
    beginResetModel();
    rows_.clear();
    endResetModel();
}

int PlatformFactsModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : static_cast<int>(rows_.size()); }
int PlatformFactsModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant PlatformFactsModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount() || index.column() >= ColumnCount) return {};
    const Row& r = rows_[static_cast<std::size_t>(index.row())];
    if (role == StateRole) return static_cast<int>(r.state);
    if (role == Qt::ToolTipRole) return r.detail.isEmpty() ? QVariant() : QVariant(r.detail);
    if (role != Qt::DisplayRole) return {};
    switch (index.column()) {
    case Fact: return r.fact;
    case Value: return r.value;
    case Status: return statusWord(r.state);
    }
    return {};
}

QVariant PlatformFactsModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
    case Fact: return tr("Fact");
    case Value: return tr("Value");
    case Status: return tr("Status");
    }
    return {};
}

QString PlatformFactsModel::text() const {
    QStringList lines;
    for (const Row& r : rows_) lines << QStringLiteral("%1: %2 [%3]").arg(r.fact, r.value, statusWord(r.state));
    return lines.join(QLatin1Char('\n'));
}

}  // namespace fleetdeck

#include "moc_platform_facts_model.cpp"
