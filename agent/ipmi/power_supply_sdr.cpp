#include "agent/ipmi/power_supply_sdr.h"

#include <algorithm>
#include <cctype>
#include <string>
#include <vector>

#include "agent/root_fs.h"

namespace fleetdeck::agent::ipmi {
namespace {

std::string lower_ascii(std::string_view s) {
    std::string out(s);
    std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return out;
}

// Printable ASCII only, at most `max` bytes: the text is shown to the operator as it is.
std::string capped_text(std::string_view s, std::size_t max) {
    std::string out;
    for (const char c : s.substr(0, max)) out.push_back(c >= 0x20 && c < 0x7f ? c : '?');
    return out;
}

std::vector<std::string_view> sdr_columns(std::string_view line) {
    std::vector<std::string_view> columns;
    while (true) {
        const auto bar = line.find('|');
        columns.push_back(trim(line.substr(0, bar)));
        if (bar == std::string_view::npos) break;
        line.remove_prefix(bar + 1);
    }
    return columns;
}

// A threshold sensor of the same type ("PS1 Input Power | 60h | ok | 10.1 | 240 Watts") carries a
// reading, not states.
bool is_reading(std::string_view events) {
    return !events.empty() && (std::isdigit(static_cast<unsigned char>(events[0])) ||
                               (events[0] == '-' && events.size() > 1 && std::isdigit(static_cast<unsigned char>(events[1]))));
}

bool has(const std::string& text, std::string_view word) { return text.find(word) != std::string::npos; }

// The redundancy sensor's state, from the generic redundancy states (event/reading type 0Bh,
// IPMI 2.0 table 42-2) in ipmitool's words (include/ipmitool/ipmi_sel.h, generic_event_types, at
// be11d94): "Fully Redundant", "Redundancy Lost", "Redundancy Degraded", "Non-Redundant: Sufficient
// from Redundant", "Non-Redundant: Sufficient from Insufficient", "Non-Redundant: Insufficient
// Resources", "Redundancy Degraded from Fully Redundant", "Redundancy Degraded from
// Non-Redundant". The last means resources were regained and the unit is redundant again, if not
// fully: degraded, not lost. nullopt: this sensor is not about redundancy.
std::optional<std::string> redundancy_state(const std::string& name, std::string events) {
    if (!has(events, "redundan") && !has(name, "redundan")) return std::nullopt;
    static constexpr std::string_view kRegained = "redundancy degraded from non-redundant";
    for (auto at = events.find(kRegained); at != std::string::npos; at = events.find(kRegained))
        events.replace(at, kRegained.size(), "redundancy degraded");
    if (has(events, "redundancy lost") || has(events, "non-redundant") || has(events, "insufficient")) return "lost";
    if (has(events, "degraded")) return "degraded";
    if (has(events, "fully redundant")) return "full";
    return std::string();  // a redundancy sensor with no reading
}

// A supply's state from the sensor-specific states of sensor type 08h (IPMI 2.0 table 42-3) in
// ipmitool's words (ipmi_sel.h, sensor_specific_event_types): "Presence detected", "Failure
// detected", "Predictive failure", "Power Supply AC lost", "AC lost or out-of-range", "AC
// out-of-range, but present", "Config Error[: ...]", "Power Supply Inactive" (a supply in standby:
// present and sound). A BMC that models presence with the generic availability states (reading
// type 08h, table 42-2) prints "Device Present" or "Device Absent" instead.
std::string unit_state(std::string_view status, const std::string& events) {
    if (has(events, "failure detected") || has(events, "ac lost") || has(events, "input lost") ||
        has(events, "lost or out-of-range") || has(events, "config"))
        return "failed";
    if (has(events, "predictive") || has(events, "out-of-range")) return "warning";
    if (has(events, "presence detected") || has(events, "device present") || has(events, "power supply inactive"))
        return "ok";
    if (status == "ns") return "unknown";  // no reading: the BMC cannot tell
    return "absent";                       // "Device Absent", or a slot sensor with nothing asserted
}

}  // namespace

protocol::PowerSupplyFacts parse_power_supply_sdr(std::string_view text, const SdrLimits& limits) {
    protocol::PowerSupplyFacts out;
    out.status = "read";
    std::optional<std::string> redundancy;
    std::int64_t present = 0;
    for_each_line(text, [&](std::string_view line) {
        const auto columns = sdr_columns(line);
        if (columns.size() != 5 || columns[0].empty() || is_reading(columns[4])) return;
        const std::string name = lower_ascii(columns[0]);
        const std::string events = lower_ascii(columns[4]);
        if (auto r = redundancy_state(name, events)) {
            // Several redundancy sensors (one per power domain): the worst one counts.
            static constexpr std::string_view kOrder[] = {"", "full", "degraded", "lost"};
            const auto rank = [](const std::string& s) { return std::find(std::begin(kOrder), std::end(kOrder), s) - std::begin(kOrder); };
            if (!r->empty() && (!redundancy || rank(*r) > rank(*redundancy))) redundancy = *r;
            return;
        }
        if (out.units.size() >= limits.max_units) return;
        protocol::PowerSupplyFact& unit = out.units.emplace_back();
        unit.name = capped_text(columns[0], limits.max_name_bytes);
        unit.state = unit_state(columns[2], events);
        if (!columns[4].empty()) unit.events = capped_text(columns[4], limits.max_events_bytes);
        if (unit.state != "absent" && unit.state != "unknown") ++present;
    });
    out.redundancy = redundancy;
    if (!out.units.empty()) out.count = present;
    return out;
}

}  // namespace fleetdeck::agent::ipmi
