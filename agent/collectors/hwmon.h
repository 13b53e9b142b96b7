#pragma once

#include <vector>

#include "agent/collectors/collector.h"
#include "agent/collectors/hwmon_chips.h"

namespace fleetdeck::agent {

// Every hwmon chip (/sys/class/hwmon) as `sensors[]`, and the kernel's thermal zones
// (/sys/class/thermal) as `thermal_zones[]`. Implausible readings are left out.
class HwmonCollector : public Collector {
public:
    std::string_view name() const override { return "hwmon"; }
    void sample(const RootFs& fs, Json& snapshot) override;

private:
    struct Zone {
        std::string zone;  // "thermal_zone0"
        std::string type;  // "acpitz", "x86_pkg_temp"
    };
    void rescan(const RootFs& fs);

    std::vector<HwmonChip> chips_;
    std::vector<Zone> zones_;
    int samples_since_scan_ = -1;
};

}  // namespace fleetdeck::agent
