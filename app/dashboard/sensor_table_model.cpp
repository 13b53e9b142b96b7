#include "app/dashboard/sensor_table_model.h"

#include "app/dashboard/temperature_band.h"
#include "app/json_fields.h"

namespace fleetdeck {
namespace {

using Json = nlohmann::json;

QString unitText(const QString& unit) {
    if (unit == QLatin1String("C")) return QStringLiteral("°C");
    if (unit == QLatin1String("rpm")) return QStringLiteral("RPM");
    return unit;
}

}  // namespace

SensorTableModel::SensorTableModel(QObject* parent) : QAbstractTableModel(parent) {}

void SensorTableModel::setSnapshot(const Json& snapshot) {
    std::vector<Reading> rows;
    const auto each = [&snapshot](const char* key, auto&& fn) {
        if (const auto it = snapshot.find(key); it != snapshot.end() && it->is_array())
            for (const auto& e : *it)
                if (e.is_object()) fn(e);
    };
    each("sensors", [&rows](const Json& e) {
        const QString unit = textAt(e, "unit");
        const QString label = textAt(e, "label");
        rows.push_back({textAt(e, "chip") + QLatin1Char('/') + textAt(e, "hwmon"), label.isEmpty() ? textAt(e, "input") : label,
                        unitText(unit), numberAt(e, "value"), numberAt(e, "max"), numberAt(e, "crit"),
                        unit == QLatin1String("C")});
    });
    each("thermal_zones", [&rows](const Json& e) {
        rows.push_back({QStringLiteral("thermal/") + textAt(e, "zone"), textAt(e, "type"), QStringLiteral("°C"),
                        numberAt(e, "temp_c"), std::nullopt, std::nullopt, true});
    });
    each("gpus", [&rows](const Json& e) {
        const QString source = QStringLiteral("GPU %1").arg(numberAt(e, "index").value_or(0), 0, 'f', 0);
        rows.push_back({source, textAt(e, "name") + QStringLiteral(" temperature"), QStringLiteral("°C"), numberAt(e, "temp_c"),
                        numberAt(e, "temp_slowdown_c"), numberAt(e, "temp_shutdown_c"), true});
        rows.push_back({source, QStringLiteral("fan"), QStringLiteral("%"), numberAt(e, "fan_pct"), std::nullopt, std::nullopt, false});
        rows.push_back({source, QStringLiteral("board power"), QStringLiteral("W"), numberAt(e, "power_w"),
                        numberAt(e, "power_limit_w"), std::nullopt, false});
    });
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
    static const char* const kTitles[] = {"Source", "Sensor", "Value", "High / slowdown", "Critical / shutdown"};
    return section >= 0 && section < ColumnCount ? QString::fromUtf8(kTitles[section]) : QVariant();
}

QVariant SensorTableModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount()) return {};
    const Reading& r = rows_[static_cast<std::size_t>(index.row())];
    const auto show = [&r](const std::optional<double>& v) {
        return v ? QStringLiteral("%1 %2").arg(*v, 0, 'f', r.unit == QLatin1String("RPM") ? 0 : 1).arg(r.unit) : QString();
    };
    if (role == Qt::TextAlignmentRole)
        return index.column() >= Value ? QVariant(Qt::AlignRight | Qt::AlignVCenter) : QVariant(Qt::AlignLeft | Qt::AlignVCenter);
    if (role == BandRole)
        return r.temperature ? QVariant(static_cast<int>(temperatureBand(r.value, r.high))) : QVariant();
    if (role != Qt::DisplayRole) return {};
    switch (index.column()) {
    case Source: return r.source;
    case Sensor: return r.sensor;
    case Value: return r.value ? show(r.value) : QStringLiteral("no data");
    case High: return show(r.high);
    case Critical: return show(r.critical);
    default: return {};
    }
}

}  // namespace fleetdeck
