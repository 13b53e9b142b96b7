#include "agent/collectors/hwmon.h"

namespace fleetdeck::agent {
namespace {

protocol::SensorSample sensor_entry(const HwmonChip& chip, const HwmonSensor& s) {
    protocol::SensorSample e;
    e.chip = chip.name;
    e.hwmon = chip.hwmon;
    e.input = s.input;
    e.label = s.label;
    e.kind = sensor_kind_name(s.kind);
    e.unit = sensor_unit(s.kind);
    e.max = s.max;
    e.crit = s.crit;
    return e;
}

}  // namespace

bool HwmonCollector::rescan(const RootFs& fs) {
    samples_since_scan_ = 0;
    bool changed = false;
    if (chips_.update(fs)) {
        changed = true;
        inputs_.clear();
        for (const auto& chip : chips_.chips()) {
            for (const auto& s : chip.sensors) inputs_.push_back({s.kind, PolledFile(fs, s.input_path), sensor_entry(chip, s)});
        }
    }
    auto thermal = fs.list("/sys/class/thermal");
    if (!zones_scanned_ || thermal != thermal_listing_) {
        changed = true;
        zones_scanned_ = true;
        zones_.clear();
        for (const auto& name : thermal) {
            if (!name.starts_with("thermal_zone")) continue;
            const std::string dir = "/sys/class/thermal/" + name;
            const auto type = fs.read_line(dir + "/type");
            zones_.push_back({PolledFile(fs, dir + "/temp"), {name, type && !type->empty() ? type : std::nullopt, std::nullopt}});
        }
        thermal_listing_ = std::move(thermal);
    }
    return changed;
}

void HwmonCollector::read_all() {
    for (auto& in : inputs_) {
        const auto raw = in.file.read_int();
        in.entry.value = raw ? scale_sensor_value(in.kind, *raw) : std::nullopt;
    }
    for (auto& z : zones_) {
        const auto raw = z.temp.read_int();
        z.entry.temp_c = raw ? scale_sensor_value(SensorKind::Temp, *raw) : std::nullopt;
    }
}

void HwmonCollector::sample(const RootFs& fs, protocol::Sample& sample) {
    const auto now = std::chrono::steady_clock::now();
    if (samples_since_scan_ < 0 || (++samples_since_scan_ >= kRescanEvery && now - scanned_at_ >= kRescanMinPeriod)) {
        if (rescan(fs)) {
            readings_due_ = {};  // new sensors get their first reading now
            relist_ = true;      // and their labels and limits may differ under the same name
        }
        scanned_at_ = now;
    }
    if (now >= readings_due_) {
        read_all();
        readings_due_ = now + kSlowReadingsEvery;
    }
    // Most samples list the same sensors as the last one, in the same Sample: then only the value
    // is written, not the six strings of each entry (148 sensors on a large server).
    std::size_t sensors = 0;
    for (const auto& in : inputs_) {
        if (!in.entry.value) continue;
        if (!relist_ && sensors < sample.sensors.size() && sample.sensors[sensors].hwmon == in.entry.hwmon &&
            sample.sensors[sensors].input == in.entry.input)
            sample.sensors[sensors].value = in.entry.value;
        else
            put_at(sample.sensors, sensors, in.entry);
        ++sensors;
    }
    sample.sensors.resize(sensors);
    relist_ = false;
    std::size_t zones = 0;
    for (const auto& z : zones_)
        if (z.entry.temp_c) put_at(sample.thermal_zones, zones++, z.entry);
    sample.thermal_zones.resize(zones);
}

}  // namespace fleetdeck::agent
