#include "app/audit/audit_table_model.h"

#include "app/audit/audit_export.h"
#include "app/untrusted/remote_text.h"

namespace fleetdeck {

using audit::AuditEntry;

namespace {

QString text(const std::string& s) {
    return QString::fromStdString(s);
}

}  // namespace

AuditTableModel::AuditTableModel(QObject* parent) : QAbstractTableModel(parent) {}

void AuditTableModel::setEntries(std::vector<AuditEntry> entries, Verification verification) {
    beginResetModel();
    entries_ = std::move(entries);
    verification_ = verification;
    rebuildRows();
    endResetModel();
}

void AuditTableModel::setFilter(const audit::AuditFilter& filter) {
    beginResetModel();
    filter_ = filter;
    rebuildRows();
    endResetModel();
}

void AuditTableModel::rebuildRows() {
    rows_.clear();
    for (std::size_t i = entries_.size(); i-- > 0;)
        if (filter_.matches(entries_[i])) rows_.push_back(i);
}

std::vector<AuditEntry> AuditTableModel::visibleEntries() const {
    std::vector<AuditEntry> out;
    out.reserve(rows_.size());
    for (auto it = rows_.rbegin(); it != rows_.rend(); ++it) out.push_back(entries_[*it]);
    return out;
}

QString AuditTableModel::integrityText(const AuditEntry& entry) const {
    if (verification_.damagedSeq && entry.seq == *verification_.damagedSeq) return tr("damaged");
    if (verification_.verifiedThrough && entry.seq <= *verification_.verifiedThrough) return tr("verified");
    return tr("not verified");
}

int AuditTableModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int AuditTableModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant AuditTableModel::display(const AuditEntry& entry, int column) const {
    const audit::AuditEvent& e = entry.event;
    switch (column) {
    case Seq: return QVariant::fromValue<qlonglong>(entry.seq);
    case Time: return text(entry.timeUtc).replace(QLatin1Char('T'), QLatin1Char(' '));
    case Host: return e.host ? text(e.host->name) : tr("(this log)");
    case Action: return text(std::string(audit::toString(e.action)));
    case Setting: return e.setting ? text(*e.setting) : QStringLiteral("—");
    case Before: return e.before.is_null() ? QStringLiteral("—") : text(audit::valueText(e.before));
    case After: return e.after.is_null() ? QStringLiteral("—") : text(audit::valueText(e.after));
    case Result: return text(std::string(audit::toString(e.result))).replace(QLatin1Char('_'), QLatin1Char(' '));
    case Operator: return e.op ? text(e.op->displayName.value_or(e.op->account)) : QString();
    case Integrity: return integrityText(entry);
    default: return {};
    }
}

QVariant AuditTableModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount() || index.column() >= ColumnCount) return {};
    const AuditEntry& e = entry(index.row());
    switch (role) {
    case Qt::DisplayRole: return display(e, index.column());
    case Qt::ToolTipRole:
        // Messages in the log are often an agent's words, kept and shown again on every viewing.
        if (index.column() == Operator && e.event.op) return plainToolTip(text(e.event.op->account));
        if (index.column() == Host && e.event.host)
            return plainToolTip(text(e.event.host->address.value_or("no address") + "\n" +
                                     e.event.host->fingerprint.value_or("no host key (local or simulated host)")));
        if (index.column() == Integrity)
            return integrityText(e) == tr("verified") ? tr("Hash chain and HMAC verified up to this entry")
                                                     : tr("Not covered by verification: see the banner above");
        return plainToolTip(display(e, index.column()).toString());
    case Qt::TextAlignmentRole:
        return index.column() == Seq ? QVariant(Qt::AlignRight | Qt::AlignVCenter) : QVariant(Qt::AlignLeft | Qt::AlignVCenter);
    default: return {};
    }
}

QVariant AuditTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
    case Seq: return tr("#");
    case Time: return tr("Time (UTC)");
    case Host: return tr("Host");
    case Action: return tr("Action");
    case Setting: return tr("Setting");
    case Before: return tr("Before");
    case After: return tr("After");
    case Result: return tr("Result");
    case Operator: return tr("Operator");
    case Integrity: return tr("Integrity");
    default: return {};
    }
}

}  // namespace fleetdeck

#include "moc_audit_table_model.cpp"
