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
        zones_.push_back({PolledFile(fs, dir + "/temp"), {name, type && !type->empty() ? type : std::nullopt, std::nullopt}});
    }
    samples_since_scan_ = 0;
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
        rescan(fs);
        scanned_at_ = now;
        readings_due_ = {};
    }
    if (now >= readings_due_) {
        read_all();
        readings_due_ = now + kSlowReadingsEvery;
    }
    std::size_t sensors = 0;
    for (const auto& in : inputs_)
        if (in.entry.value) put_at(sample.sensors, sensors++, in.entry);
    sample.sensors.resize(sensors);
    std::size_t zones = 0;
    for (const auto& z : zones_)
        if (z.entry.temp_c) put_at(sample.thermal_zones, zones++, z.entry);
    sample.thermal_zones.resize(zones);
}

}  // namespace fleetdeck::agent
