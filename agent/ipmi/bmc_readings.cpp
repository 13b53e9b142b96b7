#include "agent/ipmi/bmc_readings.h"

#include <algorithm>
#include <cctype>

#include "agent/root_fs.h"

namespace fleetdeck::agent::ipmi {
namespace {

std::string lowered(std::string_view s) {
    std::string out(s);
    std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return out;
}

bool mentions(const std::string& text, std::string_view word) { return text.find(word) != std::string::npos; }

// "240 Watts" → 240; the label's value after the first ':' of a DCMI line.
std::optional<double> watts_after_colon(std::string_view line) {
    const auto colon = line.find(':');
    if (colon == std::string_view::npos) return std::nullopt;
    const auto words = split_ws(line.substr(colon + 1));
    if (words.size() < 2 || words[1] != "Watts") return std::nullopt;
    const auto v = parse_double(words[0]);
    if (!v || *v < 0 || *v > 1e6) return std::nullopt;
    return v;
}

// "23 degrees C" → 23 in "degrees C", "5880 RPM" → 5880 in "RPM"; what follows a comma is the
// sensor's states ("19.60 percent, Transition to Running" on an HPE iLO 4).
std::optional<double> reading_in(std::string_view reading, std::string_view unit) {
    const std::string_view value = reading.substr(0, reading.find(','));
    const auto words = split_ws(value);
    if (words.size() < 2) return std::nullopt;
    std::string rest;
    for (std::size_t i = 1; i < words.size(); ++i) rest += (i > 1 ? " " : "") + std::string(words[i]);
    if (rest != unit) return std::nullopt;
    const auto v = parse_double(words[0]);
    if (!v || *v < -1000 || *v > 1e6) return std::nullopt;
    return v;
}

}  // namespace

std::optional<SdrRow> parse_sdr_row(std::string_view line) {
    std::vector<std::string_view> columns;
    while (columns.size() < 6) {
        const auto bar = line.find('|');
        columns.push_back(trim(line.substr(0, bar)));
        if (bar == std::string_view::npos) break;
        line.remove_prefix(bar + 1);
    }
    if (columns.size() != 5 || columns[0].empty()) return std::nullopt;
    SdrRow row;
    for (const char c : columns[0].substr(0, 32)) row.name.push_back(c >= 0x20 && c < 0x7f ? c : '?');
    row.status = std::string(columns[2].substr(0, 8));
    if (const auto dot = columns[3].find('.'); dot != std::string_view::npos)
        if (const auto id = parse_int(columns[3].substr(0, dot)); id && *id >= 0 && *id <= 255) row.entity_id = static_cast<int>(*id);
    row.reading = std::string(columns[4].substr(0, 64));
    return row;
}

std::optional<DcmiPowerReading> parse_dcmi_power_reading(std::string_view text) {
    DcmiPowerReading r;
    bool found = false;
    for_each_line(text, [&](std::string_view raw) {
        const std::string_view line = trim(raw);
        if (line.starts_with("Instantaneous power reading:")) {
            r.now_w = watts_after_colon(line);
            found = r.now_w.has_value();
        } else if (line.starts_with("Minimum during sampling period:")) {
            r.min_w = watts_after_colon(line);
        } else if (line.starts_with("Maximum during sampling period:")) {
            r.max_w = watts_after_colon(line);
        } else if (line.starts_with("Average power reading over sample period:")) {
            r.avg_w = watts_after_colon(line);
        } else if (const auto at = line.find("Sampling period:"); at != std::string_view::npos) {
            // "00000001 Seconds." (the plain reading); an enhanced one prints the period's name.
            // Where the timestamp's text ends without a newline (ipmitool's ipmi_timestamp_numeric
            // in some releases: recorded on an HPE DL360 Gen9), it follows on the same line.
            const std::string_view rest = line.substr(at);
            const auto words = split_ws(rest.substr(rest.find(':') + 1));
            if (words.size() >= 2 && words[1].starts_with("Seconds"))
                if (const auto s = parse_int(words[0]); s && *s >= 0) r.period_s = *s;
        } else if (line.starts_with("Power reading state is:")) {
            r.active = trim(line.substr(line.find(':') + 1)) == "activated";
        }
    });
    if (!found) return std::nullopt;
    return r;
}

std::string_view to_string(TempClass c) {
    switch (c) {
    case TempClass::Inlet: return "inlet";
    case TempClass::Exhaust: return "exhaust";
    case TempClass::Cpu: return "cpu";
    case TempClass::Memory: return "memory";
    case TempClass::Board: return "board";
    case TempClass::Other: return "other";
    }
    return "other";
}

TempClass classify_temperature(std::string_view name, std::optional<int> entity_id) {
    if (entity_id) {
        switch (*entity_id) {
        case 0x37:
        case 0x40: return TempClass::Inlet;
        case 0x41:
        case 0x03: return TempClass::Cpu;
        case 0x20: return TempClass::Memory;
        case 0x42: return TempClass::Board;
        // A power supply's or power module's own sensors ("11-PS 1 Inlet" on an HPE DL360 Gen9 is
        // the supply's intake, 12 °C above the chassis's): not the rack's air.
        case 0x0A:
        case 0x14: return TempClass::Other;
        default: break;  // a system board entity (7) holds inlet, exhaust and board sensors alike
        }
    }
    const std::string n = lowered(name);
    // Air first: "System Board Inlet Temp" is an inlet, "CPU Exhaust" an exhaust.
    if (mentions(n, "inlet") || mentions(n, "ambient") || mentions(n, "intake") || mentions(n, "front panel") || n.starts_with("fp temp") ||
        n.starts_with("front"))
        return TempClass::Inlet;
    if (mentions(n, "exhaust") || mentions(n, "outlet")) return TempClass::Exhaust;
    if (mentions(n, "cpu") || mentions(n, "proc") || mentions(n, "socket") || mentions(n, "vrm")) return TempClass::Cpu;
    if (mentions(n, "dimm") || mentions(n, "mem")) return TempClass::Memory;
    if (mentions(n, "system") || mentions(n, "board") || n.starts_with("mb ") || mentions(n, "pch") || mentions(n, "baseboard")) return TempClass::Board;
    return TempClass::Other;
}

std::vector<TempSensor> parse_temperatures(std::string_view text, std::size_t max) {
    std::vector<TempSensor> out;
    for_each_line(text, [&](std::string_view line) {
        if (out.size() >= max) return;
        const auto row = parse_sdr_row(line);
        if (!row) return;
        const auto c = reading_in(row->reading, "degrees C");
        const std::string said = lowered(row->reading);
        if (!c && said.find("degrees") != std::string::npos) return;  // Fahrenheit or other: not a Celsius reading
        // "No Reading", "Disabled" (status ns): a temperature sensor without a value where its name
        // says so; anything else is another type's row ("UID | 01h | ok | 23.1 |", a disabled
        // supply in a whole `sdr elist`).
        if (!c) {
            const std::string n = lowered(row->name);
            if (said != "no reading" && said != "disabled") return;
            if (!mentions(n, "temp") && !mentions(n, "ambient") && !mentions(n, "inlet") && !mentions(n, "exhaust") && !mentions(n, "outlet"))
                return;
        }
        out.push_back({row->name, classify_temperature(row->name, row->entity_id), c, row->status});
    });
    return out;
}

std::vector<FanSensor> parse_fans(std::string_view text, std::size_t max) {
    std::vector<FanSensor> out;
    for_each_line(text, [&](std::string_view line) {
        if (out.size() >= max) return;
        const auto row = parse_sdr_row(line);
        if (!row) return;
        FanSensor f{row->name, reading_in(row->reading, "RPM"), reading_in(row->reading, "percent"), row->status};
        const std::string said = lowered(row->reading);
        // Without a figure only a fan that says it has none; not "Fan Redundancy | … | Fully
        // Redundant", nor another type's disabled sensor in a whole `sdr elist`.
        if (!f.rpm && !f.percent && ((said != "no reading" && said != "disabled") || !mentions(lowered(row->name), "fan"))) return;
        out.push_back(std::move(f));
    });
    return out;
}

std::optional<double> inlet_celsius(const std::vector<TempSensor>& sensors) {
    std::optional<double> out;
    for (const TempSensor& s : sensors)
        if (s.cls == TempClass::Inlet && s.celsius) out = out ? std::min(*out, *s.celsius) : *s.celsius;
    return out;
}

std::optional<double> exhaust_celsius(const std::vector<TempSensor>& sensors) {
    std::optional<double> out;
    for (const TempSensor& s : sensors)
        if (s.cls == TempClass::Exhaust && s.celsius) out = out ? std::max(*out, *s.celsius) : *s.celsius;
    return out;
}

}  // namespace fleetdeck::agent::ipmi
