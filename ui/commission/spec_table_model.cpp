#include "ui/commission/spec_table_model.h"

#include <QBrush>
#include <QCoreApplication>
#include <QFont>
#include <QPalette>

#include "app/commission/acceptance.h"

namespace fleetdeck::commission {
namespace {

QString factLabel(const RackFact& fact) {
    QString label = shownLabel(fact);
    if (fact.perGpu) label += RackSpecTableModel::tr(" (each GPU)");
    if (*fact.unit) label += QStringLiteral(", ") + QCoreApplication::translate("commission", fact.unit);
    return label;
}

// The spec file's own words, which the Match column also takes when edited.
QString matchText(Match match) { return match == Match::AtLeast ? QStringLiteral("at least") : QStringLiteral("exact"); }

// The value as typed into the Expected column, read as the fact's type.
std::optional<FactValue> parseFactValue(const QString& typed, FactType type) {
    const QString t = typed.trimmed();
    bool ok = false;
    switch (type) {
    case FactType::Integer: {
        const qlonglong v = t.toLongLong(&ok);
        return ok ? std::optional<FactValue>(static_cast<std::int64_t>(v)) : std::nullopt;
    }
    case FactType::Number: {
        const double v = t.toDouble(&ok);
        return ok ? std::optional<FactValue>(v) : std::nullopt;
    }
    case FactType::Flag: {
        const QString l = t.toLower();
        if (l == QLatin1String("on") || l == QLatin1String("yes") || l == QLatin1String("true")) return FactValue(true);
        if (l == QLatin1String("off") || l == QLatin1String("no") || l == QLatin1String("false")) return FactValue(false);
        return std::nullopt;
    }
    case FactType::Text:
    case FactType::Version: return FactValue(t.toStdString());
    }
    return std::nullopt;
}

QString typeWords(FactType type) {
    switch (type) {
    case FactType::Integer: return RackSpecTableModel::tr("a whole number");
    case FactType::Number: return RackSpecTableModel::tr("a number");
    case FactType::Flag: return RackSpecTableModel::tr("on or off");
    case FactType::Text:
    case FactType::Version: return RackSpecTableModel::tr("text");
    }
    return RackSpecTableModel::tr("a value");
}

}  // namespace

RackSpecTableModel::RackSpecTableModel(QObject* parent) : QAbstractTableModel(parent) {}

void RackSpecTableModel::setSpec(RackSpec spec) {
    beginResetModel();
    spec_ = std::move(spec);
    endResetModel();
}

int RackSpecTableModel::rowOf(const std::string& key) {
    const auto& facts = rackFacts();
    for (std::size_t i = 0; i < facts.size(); ++i)
        if (key == facts[i].key) return static_cast<int>(i);
    return -1;
}

int RackSpecTableModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(rackFacts().size());
}

int RackSpecTableModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant RackSpecTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
    case FactColumn: return tr("Fact");
    case ExpectedColumn: return tr("Expected");
    case MatchColumn: return tr("Match");
    case ToleranceColumn: return tr("Tolerance");
    case SeverityColumn: return tr("Severity");
    default: return {};
    }
}

QVariant RackSpecTableModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount()) return {};
    const RackFact& fact = rackFacts()[static_cast<std::size_t>(index.row())];
    const auto it = spec_.expect.find(fact.key);
    const Expectation* e = it == spec_.expect.end() ? nullptr : &it->second;
    if (role == Qt::ToolTipRole)
        return tr("%1 (spec file field \"%2\")").arg(shownLabel(fact), QString::fromLatin1(fact.key));
    if (role == Qt::ForegroundRole && !e && index.column() != FactColumn) return QBrush(QPalette().color(QPalette::Disabled, QPalette::Text));
    if (role == Qt::FontRole && !e && index.column() == ExpectedColumn) {
        QFont italic;
        italic.setItalic(true);
        return italic;
    }
    if (role == Qt::TextAlignmentRole && index.column() == ToleranceColumn) return int(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole && role != Qt::EditRole) return {};
    const bool edit = role == Qt::EditRole;
    switch (index.column()) {
    case FactColumn: return factLabel(fact);
    case ExpectedColumn:
        if (!e) return edit ? QString() : tr("not checked");
        return edit ? valueText(e->value) : shownValueText(e->value);
    // Edited as the spec file's words; shown in the user's language.
    case MatchColumn:
        if (!e) return QString();
        return edit ? matchText(e->match) : e->match == Match::AtLeast ? tr("at least") : tr("exact");
    case ToleranceColumn:
        if (!e || fact.type != FactType::Number) return QString();
        return edit ? QString::number(e->tolerancePct) : QStringLiteral("± %1 %").arg(e->tolerancePct);
    case SeverityColumn:
        if (!e) return QString();
        return edit ? toString(e->severity.value_or(fact.severity)) : commission::shownSeverity(e->severity.value_or(fact.severity));
    default: return {};
    }
}

Qt::ItemFlags RackSpecTableModel::flags(const QModelIndex& index) const {
    if (!index.isValid()) return Qt::NoItemFlags;
    Qt::ItemFlags f = Qt::ItemIsEnabled | Qt::ItemIsSelectable;
    const RackFact& fact = rackFacts()[static_cast<std::size_t>(index.row())];
    const bool inSpec = spec_.expect.count(fact.key) > 0;
    const bool editable = index.column() == ExpectedColumn ||
                          (inSpec && (index.column() == MatchColumn || index.column() == SeverityColumn)) ||
                          (inSpec && index.column() == ToleranceColumn && fact.type == FactType::Number);
    return editable ? f | Qt::ItemIsEditable : f;
}

bool RackSpecTableModel::refuse(const QString& why) {
    emit editRefused(why);
    return false;
}

bool RackSpecTableModel::setData(const QModelIndex& index, const QVariant& value, int role) {
    if (!index.isValid() || role != Qt::EditRole || !(flags(index) & Qt::ItemIsEditable)) return false;
    const RackFact& fact = rackFacts()[static_cast<std::size_t>(index.row())];
    const QString label = shownLabel(fact);
    const QString typed = value.toString().trimmed();
    const auto it = spec_.expect.find(fact.key);
    switch (index.column()) {
    case ExpectedColumn: {
        if (typed.isEmpty()) {
            if (it == spec_.expect.end()) return false;
            spec_.expect.erase(it);
            break;
        }
        const auto parsed = parseFactValue(typed, fact.type);
        if (!parsed) return refuse(tr("%1: \"%2\" is not %3; type %3").arg(label, typed, typeWords(fact.type)));
        if (it != spec_.expect.end()) {
            it->second.value = *parsed;
        } else {
            Expectation e;
            e.value = *parsed;
            e.match = fact.learnedMatch;
            e.tolerancePct = fact.type == FactType::Number ? fact.learnedTolerancePct : 0;
            spec_.expect[fact.key] = e;
        }
        break;
    }
    case MatchColumn:
        if (typed == QLatin1String("exact")) it->second.match = Match::Exact;
        else if (typed == QLatin1String("at least") || typed == QLatin1String("at_least")) it->second.match = Match::AtLeast;
        else return refuse(tr("%1: match is \"exact\" or \"at least\"").arg(label));
        break;
    case ToleranceColumn: {
        bool ok = false;
        const double pct = QString(typed).remove(QLatin1Char('%')).trimmed().toDouble(&ok);
        if (!ok || pct < 0 || pct > 100) return refuse(tr("%1: the tolerance is a percentage from 0 to 100").arg(label));
        it->second.tolerancePct = pct;
        break;
    }
    case SeverityColumn:
        if (typed == QLatin1String("warning")) it->second.severity = FindingSeverity::Warning;
        else if (typed == QLatin1String("critical")) it->second.severity = FindingSeverity::Critical;
        else return refuse(tr("%1: severity is \"warning\" or \"critical\"").arg(label));
        break;
    default: return false;
    }
    emit dataChanged(this->index(index.row(), 0), this->index(index.row(), ColumnCount - 1));
    emit specEdited();
    return true;
}

}  // namespace fleetdeck::commission

#include "moc_spec_table_model.cpp"
