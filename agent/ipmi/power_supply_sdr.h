#pragma once

// The power supplies as the BMC lists them: the output of `ipmitool sdr type "Power Supply"`,
// one sensor a line, five columns separated by '|':
//
//   PS1 Status       | C8h | ok  | 10.1 | Presence detected
//   PS2 Status       | C9h | ok  | 10.2 | Presence detected, Power Supply AC lost
//   PS Redundancy    | 77h | ok  |  7.1 | Redundancy Lost
//
// (name, sensor number, status, entity id, the asserted states in the IPMI specification's
// words). The text comes from a BMC's firmware through a program: lines of any other shape are
// skipped, and what is kept is capped below.

#include <cstddef>
#include <string_view>

#include "agent/protocol/facts.h"

namespace fleetdeck::agent::ipmi {

struct SdrLimits {
    std::size_t max_units = 64;        // as protocol::FactsLimits::max_power_supplies
    std::size_t max_name_bytes = 32;   // ipmitool prints at most 16
    std::size_t max_events_bytes = 96;  // all seven power-supply states fit in about 150; cut, not dropped
};

// `status` "read" with the units, the count of those present and the redundancy state.
protocol::PowerSupplyFacts parse_power_supply_sdr(std::string_view text, const SdrLimits& limits = {});

}  // namespace fleetdeck::agent::ipmi
