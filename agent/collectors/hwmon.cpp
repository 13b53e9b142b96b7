#include "agent/collectors/hwmon.h"

namespace fleetdeck::agent {
namespace {

// Chips come and go only with hotplug (an NVMe drive, a USB sensor), so labels and limits are
// read once and the tree is walked again every so often instead of on every sample.
constexpr int kRescanEvery = 60;

Json or_null(const std::optional<double>& v) { return v ? Json(*v) : Json(); }

Json sensor_json(const HwmonChip& chip, const HwmonSensor& s, double value) {
    return {
        {"chip", chip.name},
        {"hwmon", chip.hwmon},
        {"input", s.input},
        {"label", s.label ? Json(*s.label) : Json()},
        {"kind", sensor_kind_name(s.kind)},
        {"value", value},
        {"unit", sensor_unit(s.kind)},
        {"max", or_null(s.max)},
        {"crit", or_null(s.crit)},
    };
}

}  // namespace

void HwmonCollector::rescan(const RootFs& fs) {
    chips_ = scan_hwmon(fs);
    zones_.clear();
    for (const auto& name : fs.list("/sys/class/thermal")) {
        if (!name.starts_with("thermal_zone")) continue;
        const std::string dir = "/sys/class/thermal/" + name;
        zones_.push_back({name, fs.read_line(dir + "/type").value_or("")});
    }
    samples_since_scan_ = 0;
}

void HwmonCollector::sample(const RootFs& fs, Json& snapshot) {
    if (samples_since_scan_ < 0 || ++samples_since_scan_ >= kRescanEvery) rescan(fs);
    Json sensors = Json::array();
    for (const auto& chip : chips_) {
        for (const auto& s : chip.sensors) {
            if (const auto value = read_sensor(fs, s)) sensors.push_back(sensor_json(chip, s, *value));
        }
    }
    Json zones = Json::array();
    for (const auto& z : zones_) {
        const auto raw = fs.read_int("/sys/class/thermal/" + z.zone + "/temp");
        const auto temp = raw ? scale_sensor_value(SensorKind::Temp, *raw) : std::nullopt;
        if (!temp) continue;
        zones.push_back({{"zone", z.zone}, {"type", z.type.empty() ? Json() : Json(z.type)}, {"temp_c", *temp}});
    }
    snapshot["sensors"] = std::move(sensors);
    snapshot["thermal_zones"] = std::move(zones);
}

}  // namespace fleetdeck::agent
