#pragma once

// The CPU packages' power from the kernel's RAPL energy counters, for a host without a BMC: the
// sample's `bmc` then carries the packages' power plus the GPUs' board power as `estimated`, never
// shown as if it were the wall draw (docs/power.md, "Without a BMC").
//
// Layout: Linux Documentation/power/powercap/powercap.rst — one power zone per CPU package,
// /sys/class/powercap/intel-rapl:N with `name` "package-N", `energy_uj` (a counter in microjoules
// that wraps at `max_energy_range_uj`) and subzones intel-rapl:N:M (core, uncore, dram) that the
// package already contains. AMD Family 17h/19h processors expose the same zones through the same
// driver since Linux 5.11 (commits 43756a298928, 8a9d881f22d7). Since Linux 5.10 `energy_uj` is
// readable by root only (CVE-2020-8694): an agent without root reads no estimate.

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "agent/root_fs.h"

namespace fleetdeck::agent::ipmi {

class RaplMeter {
public:
    // The packages' mean power since the previous call, in W; nullopt on the first call, when no
    // package zone can be read, or when less than 100 ms passed.
    std::optional<double> watts(const RootFs& fs, std::chrono::steady_clock::time_point now);

private:
    struct Zone {
        std::string dir;
        std::uint64_t range_uj = 0;
        std::uint64_t last_uj = 0;
    };
    bool scanned_ = false;
    std::vector<Zone> zones_;
    std::optional<std::chrono::steady_clock::time_point> last_;
};

// "intel-rapl:0" is a package zone; "intel-rapl:0:1" (a subzone) and "intel-rapl" are not.
bool is_package_zone(std::string_view dir_name);

}  // namespace fleetdeck::agent::ipmi
