// The readers of `ipmitool sdr type "Power Supply"` (agent/ipmi/power_supply_sdr.h) and of the
// BMC's power, temperatures and fans (agent/ipmi/bmc_readings.h) on arbitrary text: it comes from
// a BMC's firmware through a program. Whatever it holds, the readers keep to their limits, every
// state is one of the documented words, names stay printable, and the result writes as JSON.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "agent/ipmi/bmc_readings.h"
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
    const auto printable = [](const std::string& s) {
        for (const char c : s)
            if (c < 0x20 || c >= 0x7f) return false;
        return s.size() <= 32;
    };
    const auto temps = ipmi::parse_temperatures(text, 8);
    if (temps.size() > 8) std::abort();
    for (const auto& t : temps)
        if (!printable(t.name) || (t.celsius && (*t.celsius < -1000 || *t.celsius > 1e6))) std::abort();
    const auto fans = ipmi::parse_fans(text, 8);
    if (fans.size() > 8) std::abort();
    for (const auto& f : fans)
        if (!printable(f.name)) std::abort();
    if (const auto dcmi = ipmi::parse_dcmi_power_reading(text))
        if (!dcmi->now_w || *dcmi->now_w < 0 || *dcmi->now_w > 1e6) std::abort();
    return 0;
}
