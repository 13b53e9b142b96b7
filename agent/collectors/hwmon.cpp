#include "agent/collectors/hwmon.h"

#include "agent/json_fields.h"

namespace fleetdeck::agent {
namespace {

Json sensor_entry(const HwmonChip& chip, const HwmonSensor& s) {
    return {
        {"chip", chip.name},
        {"hwmon", chip.hwmon},
        {"input", s.input},
        {"label", s.label ? Json(*s.label) : Json()},
        {"kind", sensor_kind_name(s.kind)},
        {"value", nullptr},
        {"unit", sensor_unit(s.kind)},
        {"max", or_null(s.max)},
        {"crit", or_null(s.crit)},
    };
}

}  // namespace

void HwmonCollector::rescan(const RootFs& fs) {
    inputs_.clear();
    for (const auto& chip : scan_hwmon(fs)) {
        for (const auto& s : chip.sensors) inputs_.push_back({s.kind, PolledFile(fs, s.input_path), sensor_entry(chip, s)});
    }
    zones_.clear();
    for (const auto& name : fs.list("/sys/class/thermal")) {
        if (!name.starts_with("thermal_zone")) continue;
        const std::string dir = "/sys/class/thermal/" + name;
        const auto type = fs.read_line(dir + "/type");
        zones_.push_back({PolledFile(fs, dir + "/temp"),
                          {{"zone", name}, {"type", type && !type->empty() ? Json(*type) : Json()}, {"temp_c", nullptr}}});
    }
    samples_since_scan_ = 0;
}

void HwmonCollector::sample(const RootFs& fs, Json& snapshot) {
    if (samples_since_scan_ < 0 || ++samples_since_scan_ >= kRescanEvery) rescan(fs);
    Json sensors = Json::array();
    sensors.get_ref<Json::array_t&>().reserve(inputs_.size());
    for (const auto& in : inputs_) {
        const auto raw = in.file.read_int();
        const auto value = raw ? scale_sensor_value(in.kind, *raw) : std::nullopt;
        if (!value) continue;
        sensors.push_back(in.entry);
        sensors.back()["value"] = *value;
    }
    Json zones = Json::array();
    for (const auto& z : zones_) {
        const auto raw = z.temp.read_int();
        const auto temp = raw ? scale_sensor_value(SensorKind::Temp, *raw) : std::nullopt;
        if (!temp) continue;
        zones.push_back(z.entry);
        zones.back()["temp_c"] = *temp;
    }
    snapshot["sensors"] = std::move(sensors);
    snapshot["thermal_zones"] = std::move(zones);
}

}  // namespace fleetdeck::agent
