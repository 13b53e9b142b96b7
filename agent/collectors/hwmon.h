#pragma once

#include <vector>

#include "agent/collectors/collector.h"
#include "agent/collectors/hwmon_chips.h"
#include "agent/collectors/polled_file.h"

namespace fleetdeck::agent {

// Every hwmon chip (/sys/class/hwmon) as `sensors[]`, and the kernel's thermal zones
// (/sys/class/thermal) as `thermal_zones[]`. Implausible readings are left out.
class HwmonCollector : public Collector {
public:
    std::string_view name() const override { return "hwmon"; }
    void sample(const RootFs& fs, protocol::Sample& sample) override;

private:
    // One sensor input: its kind, its open input file, and its entry without the value, built
    // once at scan time (labels and limits do not change), copied into each sample.
    struct Input {
        SensorKind kind;
        PolledFile file;
        protocol::SensorSample entry;  // with the last reading as its value
    };
    struct Zone {
        PolledFile temp;
        protocol::ThermalZoneSample entry;  // zone, type and the last reading
    };
    // Rediscovery: inputs and zones are rebuilt only when the chips or /sys/class/thermal changed,
    // so the files already open stay open. True when anything was rebuilt.
    bool rescan(const RootFs& fs);
    void read_all();

    HwmonChipScan chips_;
    std::vector<std::string> thermal_listing_;  // /sys/class/thermal at the last rescan
    bool zones_scanned_ = false;
    bool relist_ = false;  // a rescan changed the inputs: the next sample copies whole entries
    std::vector<Input> inputs_;
    std::vector<Zone> zones_;
    int samples_since_scan_ = -1;
    std::chrono::steady_clock::time_point readings_due_{};  // kSlowReadingsEvery
    std::chrono::steady_clock::time_point scanned_at_{};
};

}  // namespace fleetdeck::agent
