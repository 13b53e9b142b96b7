#pragma once

// The SMBIOS structure table (/sys/firmware/dmi/tables/DMI, the table itself without its entry
// point), read for the memory modules, without dmidecode. The table comes from firmware and, on a
// recorded tree, from a file anyone could write: the parser reads only inside the bytes it is
// given, stops at the first record that does not fit, and keeps to the limits below whatever the
// table claims.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "agent/protocol/facts.h"

namespace fleetdeck::agent::dmi {

struct SmbiosLimits {
    std::size_t max_table_bytes = 1 << 20;  // real tables are a few KiB; SMBIOS 3 allows 4 GiB
    std::size_t max_dimms = 1024;           // as protocol::FactsLimits::max_dimms
    std::size_t max_string_bytes = 64;      // a locator, part number or serial is under 40
};

struct MemoryDevices {
    std::int64_t slot_count = 0;             // Memory Device records of system memory, installed or empty
    std::vector<protocol::DimmFact> dimms;   // the installed ones, in table order, at most max_dimms
};

// The Memory Device records (type 17) of `table`. Records that belong to a Physical Memory Array
// (type 16) used for something other than system memory (flash, video memory) are left out.
MemoryDevices parse_memory_devices(std::string_view table, const SmbiosLimits& limits = {});

// SMBIOS 3.7 table 76 (Memory Device — Type): "DDR4", "DDR5", "LPDDR5", "HBM3", ...; nullopt for
// "Unknown" and values the specification does not define.
std::optional<std::string_view> memory_type_name(std::uint8_t code);

}  // namespace fleetdeck::agent::dmi
