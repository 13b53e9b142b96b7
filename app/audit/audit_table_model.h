#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include <QAbstractTableModel>

#include "app/audit/audit_entry.h"
#include "app/audit/audit_reader.h"

namespace fleetdeck {

// The audit log as a table, newest entry first, filtered. Views read it; it knows nothing of widgets.
class AuditTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Seq, Time, Host, Action, Setting, Before, After, Result, Operator, Integrity, ColumnCount };

    // How far verification vouches for the entries.
    struct Verification {
        std::optional<std::int64_t> verifiedThrough;  // entries 1..N verified; absent: not verified
        std::optional<std::int64_t> damagedSeq;       // the first bad entry
    };

    explicit AuditTableModel(QObject* parent = nullptr);

    void setEntries(std::vector<audit::AuditEntry> entries, Verification verification);
    void setFilter(const audit::AuditFilter& filter);
    const audit::AuditFilter& filter() const { return filter_; }

    const audit::AuditEntry& entry(int row) const { return entries_[rows_[static_cast<std::size_t>(row)]]; }
    // The entries that pass the filter, in log order (for export).
    std::vector<audit::AuditEntry> visibleEntries() const;
    int totalCount() const { return static_cast<int>(entries_.size()); }
    // "verified", "damaged" or "not verified" for one entry.
    QString integrityText(const audit::AuditEntry& entry) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    void rebuildRows();
    QVariant display(const audit::AuditEntry& entry, int column) const;

    std::vector<audit::AuditEntry> entries_;
    std::vector<std::size_t> rows_;  // indexes into entries_, newest first
    audit::AuditFilter filter_;
    Verification verification_;
};

}  // namespace fleetdeck
