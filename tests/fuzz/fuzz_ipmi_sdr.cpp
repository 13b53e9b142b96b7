// The reader of `ipmitool sdr type "Power Supply"` (agent/ipmi/power_supply_sdr.h) on arbitrary
// text: it comes from a BMC's firmware through a program. Whatever it holds, the reader keeps to
// its limits, every state is one of the documented words, and the result writes as JSON.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "agent/ipmi/power_supply_sdr.h"

using namespace fleetdeck::agent;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    for (const std::size_t max_units : {std::size_t{64}, std::size_t{2}}) {
        ipmi::SdrLimits limits;
        limits.max_units = max_units;
        const auto p = ipmi::parse_power_supply_sdr(text, limits);
        if (p.status != "read" || p.units.size() > max_units) std::abort();
        if (p.count && (*p.count < 0 || *p.count > static_cast<std::int64_t>(p.units.size()))) std::abort();
        if (p.redundancy && *p.redundancy != "full" && *p.redundancy != "degraded" && *p.redundancy != "lost") std::abort();
        for (const auto& u : p.units) {
            if (u.name.empty() || u.name.size() > limits.max_name_bytes) std::abort();
            if (u.events && u.events->size() > limits.max_events_bytes) std::abort();
            static constexpr std::string_view kStates[] = {"ok", "warning", "failed", "absent", "unknown"};
            bool known = false;
            for (const auto s : kStates) known = known || u.state == s;
            if (!known) std::abort();
        }
        (void)fleetdeck::protocol::to_json(p).dump(-1, ' ', false, nlohmann::json::error_handler_t::strict);  // printable ASCII only
    }
    return 0;
}
