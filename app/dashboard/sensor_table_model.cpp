#include "app/dashboard/sensor_table_model.h"

#include <QLocale>

#include "app/temperature_band.h"

namespace fleetdeck {
namespace {

QString unitText(const QString& unit) {
    if (unit == QLatin1String("C")) return QStringLiteral("°C");
    if (unit == QLatin1String("rpm")) return QStringLiteral("RPM");
    return unit;
}

}  // namespace

SensorTableModel::SensorTableModel(QObject* parent) : QAbstractTableModel(parent) {}

void SensorTableModel::clear() {
    if (rows_.empty()) return;
    beginResetModel();
    rows_.clear();
    endResetModel();
}

void SensorTableModel::setSample(const protocol::Sample& sample) {
    const auto text = [](const std::string& t) { return QString::fromStdString(t); };
    std::vector<Reading> rows;
    for (const protocol::SensorSample& e : sample.sensors) {
        const QString label = text(e.label.value_or(""));
        rows.push_back({text(e.chip) + QLatin1Char('/') + text(e.hwmon), label.isEmpty() ? text(e.input) : label,
                        unitText(text(e.unit)), e.value, e.max, e.crit, e.unit == "C"});
    }
    for (const protocol::ThermalZoneSample& z : sample.thermal_zones)
        rows.push_back({QStringLiteral("thermal/") + text(z.zone), text(z.type.value_or("")), QStringLiteral("°C"), z.temp_c,
                        std::nullopt, std::nullopt, true});
    for (const protocol::GpuSample& g : sample.gpus) {
        const QString source = QStringLiteral("GPU %1").arg(g.index);
        rows.push_back({source, tr("%1 temperature").arg(text(g.name.value_or(""))).trimmed(), QStringLiteral("°C"), g.temp_c,
                        g.temp_slowdown_c, g.temp_shutdown_c, true});
        rows.push_back({source, tr("fan"), QStringLiteral("%"), g.fan_pct, std::nullopt, std::nullopt, false});
        rows.push_back({source, tr("board power"), QStringLiteral("W"), g.power_w, g.power_limit_w, std::nullopt, false});
    }
    const bool sameShape = rows.size() == rows_.size();
    if (!sameShape) beginResetModel();
    rows_ = std::move(rows);
    if (!sameShape) endResetModel();
    else if (!rows_.empty()) emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

int SensorTableModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : static_cast<int>(rows_.size()); }

int SensorTableModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant SensorTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    static const char* const kTitles[] = {QT_TR_NOOP("Source"), QT_TR_NOOP("Sensor"), QT_TR_NOOP("Value"), QT_TR_NOOP("High / slowdown"),
                                          QT_TR_NOOP("Critical / shutdown")};
    return section >= 0 && section < ColumnCount ? tr(kTitles[section]) : QVariant();
}

QVariant SensorTableModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount()) return {};
    const Reading& r = rows_[static_cast<std::size_t>(index.row())];
    const auto show = [&r](const std::optional<double>& v) {
        return v ? QStringLiteral("%1 %2").arg(QLocale().toString(*v, 'f', r.unit == QLatin1String("RPM") ? 0 : 1), r.unit) : QString();
    };
    if (role == Qt::TextAlignmentRole)
        return index.column() >= Value ? QVariant(Qt::AlignRight | Qt::AlignVCenter) : QVariant(Qt::AlignLeft | Qt::AlignVCenter);
    if (role == BandRole)
        return r.temperature ? QVariant(static_cast<int>(temperatureBand(r.value, r.high))) : QVariant();
    if (role != Qt::DisplayRole) return {};
    switch (index.column()) {
    case Source: return r.source;
    case Sensor: return r.sensor;
    case Value: return r.value ? show(r.value) : tr("no data");
    case High: return show(r.high);
    case Critical: return show(r.critical);
    default: return {};
    }
}

}  // namespace fleetdeck

#include "moc_sensor_table_model.cpp"
