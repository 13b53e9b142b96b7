#include "agent/collectors/disks.h"

#include <algorithm>
#include <cmath>

namespace fleetdeck::agent {
namespace {

// /proc/diskstats counts the block layer's 512-byte sectors (SECTOR_SHIFT 9) whatever the device's
// own sector size, as node_exporter's unixSectorSize (collector/diskstats_linux.go) takes them.
constexpr double kSectorBytes = 512;
constexpr std::size_t kMaxNamesKept = 4096;

// loopN, ramN, zramN: files and memory posing as disks, not storage a workload waits on.
bool pseudo_device(std::string_view name) {
    for (const std::string_view prefix : {"loop", "ram", "zram"}) {
        if (!name.starts_with(prefix) || name.size() == prefix.size()) continue;
        const auto rest = name.substr(prefix.size());
        if (std::all_of(rest.begin(), rest.end(), [](char c) { return c >= '0' && c <= '9'; })) return true;
    }
    return false;
}

std::optional<double> delta(std::uint64_t before, std::uint64_t now) {
    if (now < before) return std::nullopt;  // counter reset or wrapped (32-bit on some kernels)
    return static_cast<double>(now - before);
}

double round_to(double v, double step) { return std::round(v / step) * step; }

}  // namespace

void parse_diskstats_into(std::string_view text, std::vector<DiskCounters>& out) {
    std::size_t count = 0;
    for_each_line(text, [&out, &count](std::string_view line) {
        // "major minor name" then the fields; only the first 11 are looked at.
        std::string_view words[14];
        std::size_t n = 0;
        std::size_t i = 0;
        while (n < 14) {
            while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
            if (i == line.size()) break;
            std::size_t end = i;
            while (end < line.size() && line[end] != ' ' && line[end] != '\t') ++end;
            words[n++] = line.substr(i, end - i);
            i = end;
        }
        if (n < 14) return;
        const auto field = [&words](int f) { return parse_int(words[2 + f]); };
        const auto read = field(3), written = field(7), io = field(10), weighted = field(11);
        if (!read || !written || !io || !weighted || *read < 0 || *written < 0 || *io < 0 || *weighted < 0) return;
        if (count == out.size()) out.emplace_back();
        DiskCounters& c = out[count++];
        c.name.assign(words[2]);
        c.sectors_read = static_cast<std::uint64_t>(*read);
        c.sectors_written = static_cast<std::uint64_t>(*written);
        c.io_ms = static_cast<std::uint64_t>(*io);
        c.weighted_io_ms = static_cast<std::uint64_t>(*weighted);
    });
    out.resize(count);
}

bool DiskCollector::whole_disk(const RootFs& fs, const std::string& name) {
    if (const auto known = whole_.find(name); known != whole_.end()) return known->second;
    if (whole_.size() >= kMaxNamesKept) whole_.clear();
    // A name with '/' (cciss/c0d0) is "cciss!c0d0" in sysfs: lib/kobject.c, kobject_set_name_vargs,
    // replaces '/' with '!'.
    std::string sysfs_name = name;
    std::replace(sysfs_name.begin(), sysfs_name.end(), '/', '!');
    const bool whole = !pseudo_device(name) && fs.exists("/sys/block/" + sysfs_name);
    whole_.emplace(name, whole);
    return whole;
}

void DiskCollector::read_disk(const DiskCounters& now, const DiskCounters* before, double seconds,
                              protocol::DiskSample& disk) const {
    disk.name = now.name;
    disk.read_bytes_per_s.reset();
    disk.write_bytes_per_s.reset();
    disk.util_pct.reset();
    disk.queue_depth.reset();
    if (!before || seconds <= 0) return;
    const double ms = seconds * 1000.0;
    if (const auto d = delta(before->sectors_read, now.sectors_read)) disk.read_bytes_per_s = round_to(*d * kSectorBytes / seconds, 0.1);
    if (const auto d = delta(before->sectors_written, now.sectors_written))
        disk.write_bytes_per_s = round_to(*d * kSectorBytes / seconds, 0.1);
    // Field 10 counts the milliseconds in which at least one request was in flight, so its share of
    // the time is the device's busy share ("%util" of iostat); it can pass 100 by a tick.
    if (const auto d = delta(before->io_ms, now.io_ms)) disk.util_pct = round_to(std::min(100.0, *d / ms * 100.0), 0.1);
    // Field 11 adds each request's time in flight: over the time, the mean number in flight
    // (iostat's aqu-sz).
    if (const auto d = delta(before->weighted_io_ms, now.weighted_io_ms)) disk.queue_depth = round_to(*d / ms, 0.01);
}

void DiskCollector::sample(const RootFs& fs, protocol::Sample& sample) {
    sample_at(fs, sample, std::chrono::steady_clock::now());
}

void DiskCollector::sample_at(const RootFs& fs, protocol::Sample& sample, std::chrono::steady_clock::time_point now) {
    if (!opened_) {
        diskstats_ = PolledFile(fs, "/proc/diskstats");
        opened_ = true;
    }
    counters_.clear();
    const bool have_text = diskstats_.read(text_);
    if (have_text) parse_diskstats_into(text_, counters_);
    const double seconds = std::chrono::duration<double>(now - previous_time_).count();
    std::size_t disks = 0;
    for (std::size_t i = 0; i < counters_.size(); ++i) {
        const DiskCounters& c = counters_[i];
        if (!whole_disk(fs, c.name)) continue;
        // The same device is almost always at the same line as before.
        const DiskCounters* before = nullptr;
        if (primed_) {
            if (i < previous_.size() && previous_[i].name == c.name) before = &previous_[i];
            else if (const auto it = std::find_if(previous_.begin(), previous_.end(), [&c](const DiskCounters& p) { return p.name == c.name; });
                     it != previous_.end())
                before = &*it;
        }
        if (disks == sample.disks.size()) sample.disks.emplace_back();
        read_disk(c, before, seconds, sample.disks[disks++]);
    }
    sample.disks.resize(disks);
    counters_.swap(previous_);
    previous_time_ = now;
    primed_ = have_text;
}

}  // namespace fleetdeck::agent
