#pragma once

#include <chrono>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "agent/collectors/collector.h"
#include "agent/collectors/polled_file.h"

namespace fleetdeck::agent {

// The counters of one /proc/diskstats line that the sample turns into rates (Linux
// Documentation/admin-guide/iostats.rst, "Disk statistics"): after "major minor name", field 3
// sectors read, 7 sectors written, 10 milliseconds spent doing I/Os, 11 weighted milliseconds.
struct DiskCounters {
    std::string name;
    std::uint64_t sectors_read = 0, sectors_written = 0, io_ms = 0, weighted_io_ms = 0;
};
// Every line with at least 11 fields (kernels before 4.18 write 11, 5.5 and later 17), into `out`
// (its entries and their name buffers reused from the previous call).
void parse_diskstats_into(std::string_view text, std::vector<DiskCounters>& out);

// Whole block devices from /proc/diskstats (`disks[]`): those with a /sys/block/NAME entry, so
// partitions are left out, and neither loop, ram nor zram devices. Rates and shares are taken
// between two samples; the first sample after the agent starts (or after a device appears, or its
// counters went backwards) has them null.
class DiskCollector : public Collector {
public:
    std::string_view name() const override { return "disks"; }
    void sample(const RootFs& fs, protocol::Sample& sample) override;
    // The same, with the time of the reading given (tests use a scripted clock).
    void sample_at(const RootFs& fs, protocol::Sample& sample, std::chrono::steady_clock::time_point now);

private:
    bool whole_disk(const RootFs& fs, const std::string& name);
    void read_disk(const DiskCounters& now, const DiskCounters* before, double seconds, protocol::DiskSample& disk) const;

    bool opened_ = false;
    PolledFile diskstats_;
    std::string text_;
    std::vector<DiskCounters> counters_, previous_;  // this sample's lines and the last one's
    // Whether a name is a whole disk, looked up in /sys/block once per name (a name does not change
    // from partition to disk); cleared when it grows past what a server has.
    std::map<std::string, bool, std::less<>> whole_;
    std::chrono::steady_clock::time_point previous_time_{};
    bool primed_ = false;
};

}  // namespace fleetdeck::agent
