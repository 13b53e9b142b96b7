#pragma once

#include <optional>
#include <string>
#include <vector>

#include "agent/root_fs.h"

namespace fleetdeck::agent {

// What a hwmon input measures, and the unit its values are reported in after scaling.
enum class SensorKind { Temp, Fan, Power };
const char* sensor_kind_name(SensorKind kind);  // "temp", "fan", "power"
const char* sensor_unit(SensorKind kind);       // "C", "rpm", "W"

// One input of a hwmon chip ("temp3" of hwmon2). The label and limits are static in the kernel
// drivers, so they are read once when the chip is scanned; only `input_path` is read per sample.
struct HwmonSensor {
    SensorKind kind = SensorKind::Temp;
    std::string input;       // "temp3"
    std::string input_path;  // "/sys/class/hwmon/hwmon2/temp3_input"
    std::optional<std::string> label;
    std::optional<double> max;   // scaled, implausible values already dropped
    std::optional<double> crit;  // scaled, implausible values already dropped
};

struct HwmonChip {
    std::string hwmon;  // "hwmon2"
    std::string dir;    // "/sys/class/hwmon/hwmon2"
    std::string name;   // "coretemp", as the kernel gives it
    std::vector<HwmonSensor> sensors;  // temps, then fans, then power, each by number
};

// Every chip under /sys/class/hwmon, in hwmon order.
std::vector<HwmonChip> scan_hwmon(const RootFs& fs);
// The chips below one device directory ("/sys/class/drm/card1/device/hwmon").
std::vector<HwmonChip> scan_hwmon_under(const RootFs& fs, const std::string& hwmon_dir);
HwmonChip scan_hwmon_chip(const RootFs& fs, const std::string& dir);

// The chips under /sys/class/hwmon, rediscovered cheaply for collectors that rescan every few
// seconds. update() lists /sys/class/hwmon and each chip's directory (a getdents each, no file
// opened); a chip's name, labels and limits are read only when its hwmonN is new or the files in
// its directory differ from the last update (a driver load, a hotplug, a sensor enabled). A
// chip whose files stayed the same keeps what was read when it appeared.
class HwmonChipScan {
public:
    // True when the chips differ from the last update's (always on the first).
    bool update(const RootFs& fs);
    const std::vector<HwmonChip>& chips() const { return chips_; }

private:
    std::vector<HwmonChip> chips_;
    std::vector<std::vector<std::string>> listings_;  // each chip's directory, by position in chips_
    bool scanned_ = false;
};

// A raw sysfs number scaled to the sensor's unit (millidegrees -> °C, microwatts -> W), or nullopt
// when the value is not something a real sensor reads: NVMe reports 65261.85 °C and −273.15 °C in
// unused slots, ACPI zones −44 °C. Those are dropped rather than charted.
std::optional<double> scale_sensor_value(SensorKind kind, std::int64_t raw);
// The current value of a sensor, scaled and checked; nullopt when unreadable or implausible.
std::optional<double> read_sensor(const RootFs& fs, const HwmonSensor& sensor);
// The sensor of `chip` whose label is `label`, if any.
const HwmonSensor* find_sensor(const HwmonChip& chip, std::string_view label);

}  // namespace fleetdeck::agent
