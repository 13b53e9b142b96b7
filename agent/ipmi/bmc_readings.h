#pragma once

// What the BMC says of the server's power and air, read in-band with ipmitool (docs/power.md):
//
// - `ipmitool dcmi power reading`: DCMI's Get Power Reading, printed by ipmitool
//   (lib/ipmi_dcmi.c, ipmi_dcmi_pwr_rd, at be11d94) as
//       Instantaneous power reading:                   240 Watts
//       Minimum during sampling period:                 84 Watts
//       Maximum during sampling period:                504 Watts
//       Average power reading over sample period:      238 Watts
//       IPMI timestamp:                           …
//       Sampling period:                          00000001 Seconds.
//       Power reading state is:                   activated
//   ("deactivated": the BMC measures nothing, and the figures are not readings).
// - `ipmitool sdr type Temperature` and `sdr type Fan`: one sensor a line, five columns separated
//   by '|' (name, sensor number, status, entity id as "ID.INSTANCE", the reading:
//   "23 degrees C", "5880 RPM", "no reading").
//
// The text comes from a BMC's firmware through a program: lines of any other shape are skipped,
// names are capped and made printable, and nothing is guessed: a sensor the classifier cannot place
// keeps its own name under class "other".

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace fleetdeck::agent::ipmi {

// One line of `ipmitool sdr type …` / `sdr elist`, its columns trimmed; nullopt for a line of
// another shape. `name` is printable ASCII of at most 32 bytes.
struct SdrRow {
    std::string name;
    std::string status;   // "ok", "ns", "cr", "nc", "nr", "lnc", …
    std::optional<int> entity_id;  // the part before the '.' of "55.1"
    std::string reading;  // "23 degrees C", "5880 RPM", "no reading"
};
std::optional<SdrRow> parse_sdr_row(std::string_view line);

struct DcmiPowerReading {
    std::optional<double> now_w, min_w, max_w, avg_w;
    std::optional<std::int64_t> period_s;
    bool active = false;   // "Power reading state is: activated"
};
// nullopt: no "Instantaneous power reading" line (DCMI not answered, an error, other text).
std::optional<DcmiPowerReading> parse_dcmi_power_reading(std::string_view text);

// Where a temperature sensor sits, for the air it measures.
enum class TempClass { Inlet, Exhaust, Cpu, Memory, Board, Other };
std::string_view to_string(TempClass c);

// By entity first, where the BMC gives a telling one — the IPMI entity IDs as ipmitool names them
// (lib/ipmi_strings.c entity_id_vals at be11d94, from IPMI v2.0's entity ID table): 55 (37h) "Air
// Inlet", 3 "Processor", 32 (20h) "Memory Device"; and DCMI's temperature entities
// (lib/ipmi_dcmi.c dcmi_temp_read_vals): 64 (40h) "Inlet air temperature", 65 (41h) "CPU
// temperature sensors", 66 (42h) "Baseboard temperature sensors" — then by name as vendors spell it ("Inlet Temp", "Ambient Temp", "01-Inlet Ambient", "Exhaust Temp",
// "Outlet Temp", "CPU1 Temp", "DIMM …", "System Temp", "MB Temp", "PCH Temp").
TempClass classify_temperature(std::string_view name, std::optional<int> entity_id);

struct TempSensor {
    std::string name;
    TempClass cls = TempClass::Other;
    std::optional<double> celsius;  // null: "no reading", "disabled", a reading in another unit
    std::string status;
};
struct FanSensor {
    std::string name;
    std::optional<double> rpm;      // null without a reading; a percentage-only fan too
    std::optional<double> percent;  // "35 percent", where the BMC gives duty instead of RPM
    std::string status;
};

// `sdr type Temperature` / `sdr type Fan` (or any list of rows: other types are skipped by unit).
// At most `max` of each.
std::vector<TempSensor> parse_temperatures(std::string_view text, std::size_t max = 64);
std::vector<FanSensor> parse_fans(std::string_view text, std::size_t max = 64);

// The inlet air: the lowest reading of the sensors classed inlet (a chassis with several front
// sensors reads the coolest as the supply air); the exhaust: the highest of those classed exhaust.
std::optional<double> inlet_celsius(const std::vector<TempSensor>& sensors);
std::optional<double> exhaust_celsius(const std::vector<TempSensor>& sensors);

}  // namespace fleetdeck::agent::ipmi
