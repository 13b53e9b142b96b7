#include "agent/collectors/hwmon_chips.h"

#include <algorithm>
#include <tuple>

namespace fleetdeck::agent {
namespace {

// Plausible ranges: a reading outside them is a driver placeholder, not a measurement.
constexpr double kMinTempC = -40.0;
constexpr double kMaxTempC = 150.0;
constexpr double kMaxFanRpm = 50000.0;
constexpr double kMaxPowerW = 10000.0;

struct InputName {
    SensorKind kind;
    int number;
    std::string attribute;  // "input" or "average"
};

// "temp3_input" -> {Temp, 3, "input"}; "power1_average" -> {Power, 1, "average"}.
std::optional<InputName> parse_input_name(std::string_view file) {
    static constexpr std::pair<std::string_view, SensorKind> kPrefixes[] = {
        {"temp", SensorKind::Temp}, {"fan", SensorKind::Fan}, {"power", SensorKind::Power}};
    for (const auto& [prefix, kind] : kPrefixes) {
        if (!file.starts_with(prefix)) continue;
        const auto underscore = file.find('_');
        if (underscore == std::string_view::npos) return std::nullopt;
        const auto number = parse_int(file.substr(prefix.size(), underscore - prefix.size()));
        const std::string_view attribute = file.substr(underscore + 1);
        const bool is_value = attribute == "input" || (kind == SensorKind::Power && attribute == "average");
        if (!number || !is_value) return std::nullopt;
        return InputName{kind, static_cast<int>(*number), std::string(attribute)};
    }
    return std::nullopt;
}

std::optional<double> read_limit(const RootFs& fs, const std::string& base, std::string_view attribute,
                                 SensorKind kind) {
    const auto raw = fs.read_int(base + std::string(attribute));
    if (!raw) return std::nullopt;
    return scale_sensor_value(kind, *raw);
}

HwmonSensor describe_sensor(const RootFs& fs, const std::string& dir, const InputName& in) {
    HwmonSensor s;
    s.kind = in.kind;
    s.input = std::string(sensor_kind_name(in.kind)) + std::to_string(in.number);
    s.input_path = dir + "/" + s.input + "_" + in.attribute;
    const std::string base = dir + "/" + s.input + "_";
    if (auto label = fs.read_line(base + "label"); label && !label->empty()) s.label = std::move(label);
    switch (in.kind) {
    case SensorKind::Temp:
        s.max = read_limit(fs, base, "max", in.kind);
        s.crit = read_limit(fs, base, "crit", in.kind);
        break;
    case SensorKind::Fan:
        s.max = read_limit(fs, base, "max", in.kind);
        break;
    case SensorKind::Power:
        // amdgpu calls its limit power1_cap; other drivers power1_max.
        s.max = read_limit(fs, base, "cap", in.kind);
        if (!s.max) s.max = read_limit(fs, base, "max", in.kind);
        s.crit = read_limit(fs, base, "crit", in.kind);
        break;
    }
    return s;
}

}  // namespace

const char* sensor_kind_name(SensorKind kind) {
    switch (kind) {
    case SensorKind::Temp: return "temp";
    case SensorKind::Fan: return "fan";
    case SensorKind::Power: return "power";
    }
    return "temp";
}

const char* sensor_unit(SensorKind kind) {
    switch (kind) {
    case SensorKind::Temp: return "C";
    case SensorKind::Fan: return "rpm";
    case SensorKind::Power: return "W";
    }
    return "";
}

// The hwmon sysfs units (Linux Documentation/hwmon/sysfs-interface.rst): temp*_input in
// millidegrees Celsius, fan*_input in RPM, power*_input and power*_average in microwatts.
std::optional<double> scale_sensor_value(SensorKind kind, std::int64_t raw) {
    switch (kind) {
    case SensorKind::Temp: {
        const double c = static_cast<double>(raw) / 1000.0;
        if (c < kMinTempC || c > kMaxTempC) return std::nullopt;
        return c;
    }
    case SensorKind::Fan:
        if (raw < 0 || static_cast<double>(raw) > kMaxFanRpm) return std::nullopt;
        return static_cast<double>(raw);
    case SensorKind::Power: {
        const double w = static_cast<double>(raw) / 1e6;
        if (w < 0 || w > kMaxPowerW) return std::nullopt;
        return w;
    }
    }
    return std::nullopt;
}

namespace {

// One chip from its directory's listing (RootFs::list of `dir`).
HwmonChip scan_listed_chip(const RootFs& fs, const std::string& dir, const std::vector<std::string>& listing) {
    HwmonChip chip;
    chip.dir = dir;
    chip.hwmon = dir.substr(dir.rfind('/') + 1);
    chip.name = fs.read_line(dir + "/name").value_or("");
    std::vector<InputName> inputs;
    for (const auto& file : listing) {
        auto in = parse_input_name(file);
        if (!in) continue;
        // power1_average and power1_input both present: the average is the steadier number.
        const auto same = std::find_if(inputs.begin(), inputs.end(), [&](const InputName& o) {
            return o.kind == in->kind && o.number == in->number;
        });
        if (same == inputs.end()) inputs.push_back(std::move(*in));
        else if (in->attribute == "average") *same = std::move(*in);
    }
    std::sort(inputs.begin(), inputs.end(), [](const InputName& a, const InputName& b) {
        return std::tie(a.kind, a.number) < std::tie(b.kind, b.number);
    });
    for (const auto& in : inputs) chip.sensors.push_back(describe_sensor(fs, dir, in));
    return chip;
}

// The hwmonN entries of `hwmon_dir`, hwmon10 after hwmon9 as the kernel numbers them.
std::vector<std::string> chip_names(const RootFs& fs, const std::string& hwmon_dir) {
    std::vector<std::string> names;
    for (auto& name : fs.list(hwmon_dir))
        if (name.starts_with("hwmon") && parse_int(std::string_view(name).substr(5))) names.push_back(name);
    std::sort(names.begin(), names.end(), [](const std::string& a, const std::string& b) {
        return std::pair(a.size(), a) < std::pair(b.size(), b);
    });
    return names;
}

}  // namespace

HwmonChip scan_hwmon_chip(const RootFs& fs, const std::string& dir) { return scan_listed_chip(fs, dir, fs.list(dir)); }

std::vector<HwmonChip> scan_hwmon_under(const RootFs& fs, const std::string& hwmon_dir) {
    std::vector<HwmonChip> chips;
    for (const auto& name : chip_names(fs, hwmon_dir)) chips.push_back(scan_hwmon_chip(fs, hwmon_dir + "/" + name));
    return chips;
}

bool HwmonChipScan::update(const RootFs& fs) {
    const std::string root = "/sys/class/hwmon";
    const auto names = chip_names(fs, root);
    bool changed = !scanned_ || names.size() != chips_.size();
    scanned_ = true;
    std::vector<HwmonChip> chips;
    std::vector<std::vector<std::string>> listings;
    chips.reserve(names.size());
    listings.reserve(names.size());
    for (std::size_t i = 0; i < names.size(); ++i) {
        const std::string dir = root + "/" + names[i];
        auto listing = fs.list(dir);
        const auto known = std::find_if(chips_.begin(), chips_.end(), [&](const HwmonChip& c) { return c.hwmon == names[i]; });
        const auto at = static_cast<std::size_t>(known - chips_.begin());
        if (known != chips_.end() && listings_[at] == listing) {
            chips.push_back(std::move(*known));
            if (at != i) changed = true;
        } else {
            chips.push_back(scan_listed_chip(fs, dir, listing));
            changed = true;
        }
        listings.push_back(std::move(listing));
    }
    chips_ = std::move(chips);
    listings_ = std::move(listings);
    return changed;
}

std::vector<HwmonChip> scan_hwmon(const RootFs& fs) { return scan_hwmon_under(fs, "/sys/class/hwmon"); }

std::optional<double> read_sensor(const RootFs& fs, const HwmonSensor& sensor) {
    const auto raw = fs.read_int(sensor.input_path);
    if (!raw) return std::nullopt;
    return scale_sensor_value(sensor.kind, *raw);
}

const HwmonSensor* find_sensor(const HwmonChip& chip, std::string_view label) {
    for (const auto& s : chip.sensors)
        if (s.label && *s.label == label) return &s;
    return nullptr;
}

}  // namespace fleetdeck::agent
