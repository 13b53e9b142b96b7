// The SMBIOS structure table parser (agent/dmi/smbios.h) on arbitrary bytes: the table is
// firmware's, and on a recorded tree anyone's. Whatever it holds, the parser reads only inside it,
// keeps to its limits and hands back modules that write as JSON. The input is parsed whole, and
// again under small limits so that the caps themselves are exercised.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "agent/dmi/smbios.h"
#include "agent/protocol/json_fields.h"

using namespace fleetdeck::agent;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view table(reinterpret_cast<const char*>(data), size);
    const dmi::SmbiosLimits defaults;
    const dmi::MemoryDevices devices = dmi::parse_memory_devices(table, defaults);
    if (devices.dimms.size() > defaults.max_dimms || devices.slot_count < static_cast<std::int64_t>(devices.dimms.size()))
        std::abort();
    nlohmann::json out = nlohmann::json::array();
    for (const auto& dimm : devices.dimms) {
        for (const auto* text : {&dimm.locator, &dimm.bank_locator, &dimm.manufacturer, &dimm.part_number, &dimm.serial})
            if (*text && (text->value().empty() || text->value().size() > defaults.max_string_bytes)) std::abort();
        if (dimm.size_bytes && *dimm.size_bytes < 0) std::abort();
        out.push_back(fleetdeck::protocol::to_json(dimm));
    }
    (void)out.dump(-1, ' ', false, nlohmann::json::error_handler_t::strict);  // printable ASCII only: never throws

    dmi::SmbiosLimits small;
    small.max_table_bytes = size / 2;
    small.max_dimms = 3;
    small.max_string_bytes = 4;
    const dmi::MemoryDevices capped = dmi::parse_memory_devices(table, small);
    if (capped.dimms.size() > 3) std::abort();
    return 0;
}
