#include "app/tuning/plan_models.h"

#include <QCoreApplication>

#include "app/tuning/plan_text.h"
#include "app/untrusted/remote_text.h"

namespace fleetdeck::tuning {
namespace {

QString q(const std::string& s) { return QString::fromStdString(s); }

QString proposed(const Json& value, bool atLeast) { return (atLeast ? QStringLiteral("≥ ") : QString()) + q(displayValue(value)); }

QVariant header(const char* const* names, int count, int section, Qt::Orientation o, int role) {
    if (o != Qt::Horizontal || role != Qt::DisplayRole || section < 0 || section >= count) return {};
    return QCoreApplication::translate("plan", names[section]);
}

// The severity as the findings table shows it ("critical"), marked for translation.
const char* severityWord(Severity s) {
    switch (s) {
    case Severity::Critical: return QT_TRANSLATE_NOOP("plan", "critical");
    case Severity::Warning: return QT_TRANSLATE_NOOP("plan", "warning");
    case Severity::Info: return QT_TRANSLATE_NOOP("plan", "info");
    }
    return "info";
}

}  // namespace

void PlanSettingsModel::setPlan(const TuningPlan& plan) {
    beginResetModel();
    settings_ = plan.settings;
    endResetModel();
}

int PlanSettingsModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : static_cast<int>(settings_.size()); }
int PlanSettingsModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant PlanSettingsModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount()) return {};
    const PlannedSetting& s = settings_[static_cast<std::size_t>(index.row())];
    // The rule's sentences in the catalogue's language for the locale; sources as written.
    const RuleTexts texts = textsIn(s, catalogueLanguage());
    if (role == Qt::ToolTipRole) {
        QString tip = QCoreApplication::translate("plan", "Risk: %1").arg(q(texts.risk));
        if (s.unsupported) tip += QLatin1Char('\n') + QCoreApplication::translate("plan", "Not on this host: %1").arg(q(s.unsupportedText()));
        return plainToolTip(tip);
    }
    if (role != Qt::DisplayRole) return {};
    switch (index.column()) {
    case Setting: return q(s.id);
    case Proposed:
        return s.unsupported ? QCoreApplication::translate("plan", "not supported: %1").arg(q(s.unsupportedText())) : proposed(s.value, s.atLeast);
    case TakesEffect: return q(texts.requires_.empty() ? requiresLabel(s.requires_) : texts.requires_);
    case Rationale: return q(texts.rationale);
    case Source: return q(s.source);
    default: return {};
    }
}

QVariant PlanSettingsModel::headerData(int section, Qt::Orientation o, int role) const {
    static const char* const names[] = {QT_TRANSLATE_NOOP("plan", "Setting"), QT_TRANSLATE_NOOP("plan", "Proposed"),
                                        QT_TRANSLATE_NOOP("plan", "Takes effect"), QT_TRANSLATE_NOOP("plan", "Why"),
                                        QT_TRANSLATE_NOOP("plan", "Source")};
    return header(names, ColumnCount, section, o, role);
}

void FindingsModel::setFindings(const std::vector<Finding>& findings) {
    beginResetModel();
    findings_ = findings;
    endResetModel();
}

int FindingsModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : static_cast<int>(findings_.size()); }
int FindingsModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant FindingsModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount()) return {};
    const Finding& f = findings_[static_cast<std::size_t>(index.row())];
    if (role == Qt::UserRole) return static_cast<int>(f.severity);
    if (role != Qt::DisplayRole) return {};
    const RuleTexts texts = textsIn(f, catalogueLanguage());
    switch (index.column()) {
    case SeverityColumn: return QCoreApplication::translate("plan", severityWord(f.severity));
    case FindingColumn: return q(texts.finding);
    case Recommendation: return q(texts.recommendation);
    case Source: return q(f.source);
    default: return {};
    }
}

QVariant FindingsModel::headerData(int section, Qt::Orientation o, int role) const {
    static const char* const names[] = {QT_TRANSLATE_NOOP("plan", "Severity"), QT_TRANSLATE_NOOP("plan", "Finding"),
                                        QT_TRANSLATE_NOOP("plan", "Recommendation"), QT_TRANSLATE_NOOP("plan", "Source")};
    return header(names, ColumnCount, section, o, role);
}

void PlanDiffModel::setRows(const std::vector<DiffRow>& rows, const TuningPlan& plan) {
    beginResetModel();
    rows_.clear();
    for (const DiffRow& r : rows) {
        const PlannedSetting* s = plan.setting(r.id);
        Row row{r, s && s->atLeast};
        row.diff.setting = nullptr;  // the model outlives no plan; keep no pointer into one
        rows_.push_back(std::move(row));
    }
    endResetModel();
}

int PlanDiffModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : static_cast<int>(rows_.size()); }
int PlanDiffModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant PlanDiffModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount()) return {};
    const Row& row = rows_[static_cast<std::size_t>(index.row())];
    const DiffRow& r = row.diff;
    if (role == StatusRole) return static_cast<int>(r.status);
    const auto drifted = drift_.find(r.id);
    if (role == DriftRole) return drifted == drift_.end() ? QString() : q(drifted->second);
    // The sentence quotes values and file names read from the host: a plain-text tooltip.
    if (role == Qt::ToolTipRole && drifted != drift_.end())
        return plainToolTip(QCoreApplication::translate("plan", "Drifted: %1").arg(q(drifted->second)));
    if (role != Qt::DisplayRole) return {};
    switch (index.column()) {
    case Setting: return q(r.id);
    case Current:
        if (r.current.is_null()) return QStringLiteral("?");
        return q(displayValue(r.current)) +
               (r.origin == ValueOrigin::Facts ? QCoreApplication::translate("plan", "  (from facts)") : QString());
    case Proposed: return proposed(r.proposed, row.atLeast);
    case Status: return q(statusLabel(r.status));
    case Note:
        if (drifted == drift_.end()) return q(r.shown());
        if (r.shown().empty()) return QCoreApplication::translate("plan", "⚠ drifted: %1").arg(q(drifted->second));
        return QCoreApplication::translate("plan", "⚠ drifted: %1 · %2").arg(q(drifted->second), q(r.shown()));
    default: return {};
    }
}

void PlanDiffModel::setDrift(const std::vector<drift::DriftFinding>& findings) {
    beginResetModel();
    drift_.clear();
    for (const drift::DriftFinding& f : findings) drift_[f.id] = f.shown();
    endResetModel();
}

QVariant PlanDiffModel::headerData(int section, Qt::Orientation o, int role) const {
    static const char* const names[] = {QT_TRANSLATE_NOOP("plan", "Setting"), QT_TRANSLATE_NOOP("plan", "Current"),
                                        QT_TRANSLATE_NOOP("plan", "Proposed"), QT_TRANSLATE_NOOP("plan", "Status"),
                                        QT_TRANSLATE_NOOP("plan", "Note")};
    return header(names, ColumnCount, section, o, role);
}

}  // namespace fleetdeck::tuning

#include "moc_plan_models.cpp"
