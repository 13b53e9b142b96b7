#include "ui/events/incident_table_model.h"

#include <QColor>
#include <QDateTime>
#include <QFont>
#include <QLocale>

#include "app/history/incident_sentence.h"
#include "app/untrusted/csv_cell.h"
#include "app/untrusted/remote_text.h"

namespace fleetdeck {

using history::Incident;
using history::IncidentKind;
using history::IncidentSeverity;

QString incidentKindWord(IncidentKind kind) {
    switch (kind) {
    case IncidentKind::ThermalThrottle: return IncidentTableModel::tr("Thermal throttle");
    case IncidentKind::PowerThrottle: return IncidentTableModel::tr("Power cap");
    case IncidentKind::HwSlowdown: return IncidentTableModel::tr("HW slowdown");
    case IncidentKind::GpuHealth: return IncidentTableModel::tr("GPU health");
    case IncidentKind::PcieDowngrade: return IncidentTableModel::tr("PCIe downgrade");
    case IncidentKind::Fan: return IncidentTableModel::tr("Fan");
    case IncidentKind::HostOffline: return IncidentTableModel::tr("Host offline");
    case IncidentKind::Latency: return IncidentTableModel::tr("Network latency");
    case IncidentKind::Push: return IncidentTableModel::tr("Push");
    case IncidentKind::Rollback: return IncidentTableModel::tr("Rollback");
    case IncidentKind::Commissioning: return IncidentTableModel::tr("Commissioning");
    case IncidentKind::Drift: return IncidentTableModel::tr("Drift");
    case IncidentKind::HeldIdle: return IncidentTableModel::tr("Held idle");
    case IncidentKind::Bottleneck: return IncidentTableModel::tr("Bottleneck");
    case IncidentKind::Power: return IncidentTableModel::tr("Power and air");
    }
    return {};
}

QString incidentSeverityWord(IncidentSeverity severity) {
    switch (severity) {
    case IncidentSeverity::Info: return IncidentTableModel::tr("info");
    case IncidentSeverity::Warning: return IncidentTableModel::tr("warning");
    case IncidentSeverity::Critical: return IncidentTableModel::tr("critical");
    }
    return {};
}

// The health colours of the other views: red for critical, amber for a warning, blue for what
// the operator did (pushes, rollbacks).
QColor incidentColor(IncidentSeverity severity) {
    switch (severity) {
    case IncidentSeverity::Critical: return QColor(0xc6, 0x28, 0x28);
    case IncidentSeverity::Warning: return QColor(0xe0, 0x8a, 0x00);
    case IncidentSeverity::Info: return QColor(0x1e, 0x6f, 0xc8);
    }
    return {};
}

void IncidentTableModel::setIncidents(std::vector<Incident> incidents, qint64 nowMs) {
    std::sort(incidents.begin(), incidents.end(), [](const Incident& a, const Incident& b) {
        return a.startMs != b.startMs ? a.startMs > b.startMs : a.id > b.id;
    });
    beginResetModel();
    incidents_ = std::move(incidents);
    nowMs_ = nowMs;
    endResetModel();
}

const Incident* IncidentTableModel::incident(int row) const {
    return row >= 0 && row < rowCount() ? &incidents_[static_cast<std::size_t>(row)] : nullptr;
}

int IncidentTableModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(incidents_.size());
}

int IncidentTableModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant IncidentTableModel::data(const QModelIndex& index, int role) const {
    const Incident* i = incident(index.row());
    if (!i) return {};
    if (role == Qt::ForegroundRole && index.column() == Severity) return incidentColor(i->severity);
    // A sentence kept as recorded says so: it may be in another language than the rest.
    if (role == Qt::ToolTipRole)
        return plainToolTip(i->asRecorded() ? i->shown() + QStringLiteral("\n\n") + history::asRecordedNote()
                                            : i->shown());  // a push's message is the agent's text
    if (role == Qt::FontRole && index.column() == Text && i->asRecorded()) {
        QFont italic;
        italic.setItalic(true);
        return italic;
    }
    if (role == Qt::UserRole) return QVariant::fromValue(static_cast<qlonglong>(i->startMs));
    if (role != Qt::DisplayRole) return {};
    switch (index.column()) {
    case Start: return QLocale().toString(QDateTime::fromMSecsSinceEpoch(i->startMs), tr("MMM d HH:mm:ss"));
    case Duration:
        return i->open() ? tr("open for %1").arg(history::durationText(i->durationMs(nowMs_))) : history::durationText(i->durationMs(nowMs_));
    case Host: return i->host;
    case Gpu: return i->gpu ? QVariant(*i->gpu) : QVariant();
    case Kind: return incidentKindWord(i->kind);
    case Severity: return incidentSeverityWord(i->severity);
    case Text: return i->asRecorded() ? history::markedAsRecorded(i->shown()) : i->shown();
    default: return {};
    }
}

QVariant IncidentTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
    case Start: return tr("Start");
    case Duration: return tr("Duration");
    case Host: return tr("Host");
    case Gpu: return tr("GPU");
    case Kind: return tr("Kind");
    case Severity: return tr("Severity");
    case Text: return tr("What happened");
    default: return {};
    }
}

namespace {

QString isoTime(qint64 ms) { return QDateTime::fromMSecsSinceEpoch(ms).toOffsetFromUtc(0).toString(Qt::ISODate); }

}  // namespace

QString IncidentTableModel::toCsv() const {
    QString csv = QStringLiteral("start,end,duration_s,host,gpu,kind,severity,text\r\n");
    for (const Incident& i : incidents_) {
        const QStringList fields = {isoTime(i.startMs), i.endMs ? isoTime(*i.endMs) : QString(),
                                    QString::number(i.durationMs(nowMs_) / 1000), i.host,
                                    i.gpu ? QString::number(*i.gpu) : QString(), toString(i.kind), toString(i.severity), i.shown()};
        QStringList out;
        for (const QString& f : fields) out << csvCell(f);  // host names and texts are hosts' words
        csv += out.join(QLatin1Char(',')) + QStringLiteral("\r\n");
    }
    return csv;
}

}  // namespace fleetdeck

#include "moc_incident_table_model.cpp"
