#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "agent/collectors/collector.h"
#include "agent/collectors/hwmon_chips.h"
#include "agent/collectors/polled_file.h"

namespace fleetdeck::agent {

// /proc/stat: total and per-core utilization from the deltas between two samples; the current
// frequency of each core from cpufreq; the package temperature when a CPU sensor provides one
// (coretemp "Package id N", k10temp/zenpower "Tdie" or "Tctl").
class CpuCollector : public Collector {
public:
    std::string_view name() const override { return "cpu"; }
    void sample(const RootFs& fs, protocol::Sample& sample) override;
    // Without per-core readings, `cores` stays empty and only the "cpu" line of /proc/stat is
    // parsed (the others are counted, for hotplug); the total, the mean frequency and the package
    // temperature are the same. The first per-core sample after such samples has null per-core
    // utilisation: it has no earlier per-core counters to compare with.
    void set_per_core(bool on) override { per_core_ = on; }
    // Parse every core's ticks even for samples without per-core readings: the NUMA collector adds
    // them up per node (on a machine with more than one).
    void keep_core_ticks(bool on) { keep_core_ticks_ = on; }

    struct Ticks {
        std::uint64_t busy = 0;
        std::uint64_t total = 0;
    };
    struct Core {
        int cpu = 0;  // N of "cpuN"
        Ticks ticks;
    };
    // The busy share between two readings, 0-100 to a tenth; nothing when the counters did not
    // move forward (the same reading twice, a counter reset).
    static std::optional<double> utilization(const Ticks& before, const Ticks& now);

    // This sample's cores with their ticks, in the order of /proc/stat; empty when this sample
    // parsed no per-core ticks (neither per-core readings nor keep_core_ticks).
    std::span<const Core> core_ticks() const {
        return core_ticks_ ? std::span<const Core>(cores_) : std::span<const Core>();
    }

private:
    // True when it opened anything new (its readings are then taken at once).
    bool rescan(const RootFs& fs);
    // The cores of this reading into `cores` (cleared first; its capacity kept between samples).
    // Without `per_core`, each core's ticks are left at zero.
    void read_stat(std::vector<Core>& cores, Ticks& total, bool& have_total, bool per_core);
    void read_core(const Core& now, std::size_t position, protocol::CoreSample& core, std::optional<double>& freq_sum,
                   int& freq_count) const;
    std::optional<double> package_temp() const;

    bool primed_ = false;
    bool per_core_ = true;
    bool keep_core_ticks_ = false;
    bool core_ticks_ = false;  // cores_ holds per-core ticks (the last sample parsed them)
    Ticks total_;
    std::vector<Core> cores_;
    std::vector<Core> reading_;  // this sample's cores, swapped with cores_ once used
    PolledFile stat_;
    std::string stat_text_;
    // Found by rescan(): scaling_cur_freq by CPU number (empty where there is no cpufreq), and
    // the package sensors with their input files.
    std::vector<PolledFile> cpufreq_;
    std::vector<std::pair<HwmonSensor, PolledFile>> package_sensors_;
    HwmonChipScan chips_;
    int samples_since_scan_ = -1;
    // The last frequency (kHz) read for each CPU number, and the package temperature: read every
    // kSlowReadingsEvery, not every sample.
    std::vector<std::optional<std::int64_t>> freq_khz_;
    std::optional<double> package_temp_c_;
    std::chrono::steady_clock::time_point readings_due_{};
    std::chrono::steady_clock::time_point scanned_at_{};
};

// The package-temperature sensors among the hwmon chips, one per socket.
std::vector<HwmonSensor> cpu_package_sensors(const std::vector<HwmonChip>& chips);

}  // namespace fleetdeck::agent
