// node_exporter 1.5.0's diskstats and filesystem collectors (collector/diskstats_linux.go,
// filesystem_linux.go, filesystem_common.go).
#include <sys/vfs.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cctype>
#include <chrono>
#include <future>
#include <memory>
#include <mutex>
#include <set>
#include <thread>
#include <tuple>

#include "agent/metrics/node_families.h"

namespace fleetdeck::agent::metrics {
namespace {

// diskstatsDefaultIgnoredDevices: ^(ram|loop|fd|(h|s|v|xv)d[a-z]|nvme\d+n\d+p)\d+$ — partitions
// and pseudo devices; whole disks (sda, nvme0n1, vda), dm-N, md, zram stay.
bool disk_ignored(std::string_view name) {
    auto digits = name.size();
    while (digits > 0 && name[digits - 1] >= '0' && name[digits - 1] <= '9') --digits;
    if (digits == name.size()) return false;  // no trailing number
    const std::string_view p = name.substr(0, digits);
    if (p == "ram" || p == "loop" || p == "fd") return true;
    const auto lower = [](char c) { return c >= 'a' && c <= 'z'; };
    if (p.size() == 3 && (p[0] == 'h' || p[0] == 's' || p[0] == 'v') && p[1] == 'd' && lower(p[2])) return true;
    if (p.size() == 4 && p.starts_with("xvd") && lower(p[3])) return true;
    // nvme\d+n\d+p
    if (!p.starts_with("nvme") || !p.ends_with("p")) return false;
    const std::string_view mid = p.substr(4, p.size() - 5);
    const auto n = mid.find('n');
    return n != std::string_view::npos && all_digits(mid.substr(0, n)) && all_digits(mid.substr(n + 1));
}

}  // namespace

// /proc/diskstats (Documentation/admin-guide/iostats.rst): major minor name, then 17 fields on
// kernels since 5.5 (11 before 4.18, 15 before 5.5). Sectors are 512 bytes whatever the device's
// sector size (unixSectorSize), times are milliseconds (secondsPerTick = 1/1000).
bool write_diskstats(ExpositionWriter& w, NodeMetrics::Files& f) {
    const std::string* text = f.diskstats.read();
    if (!text) return false;
    struct Field {
        const char* name;
        MetricType type;
        const char* help;
        double scale;
    };
    using T = MetricType;
    static constexpr std::array<Field, 17> kFields = {{
        {"node_disk_reads_completed_total", T::Counter, "The total number of reads completed successfully.", 1},
        {"node_disk_reads_merged_total", T::Counter, "The total number of reads merged.", 1},
        {"node_disk_read_bytes_total", T::Counter, "The total number of bytes read successfully.", 512},
        {"node_disk_read_time_seconds_total", T::Counter, "The total number of seconds spent by all reads.", 0.001},
        {"node_disk_writes_completed_total", T::Counter, "The total number of writes completed successfully.", 1},
        {"node_disk_writes_merged_total", T::Counter, "The number of writes merged.", 1},
        {"node_disk_written_bytes_total", T::Counter, "The total number of bytes written successfully.", 512},
        {"node_disk_write_time_seconds_total", T::Counter, "This is the total number of seconds spent by all writes.", 0.001},
        {"node_disk_io_now", T::Gauge, "The number of I/Os currently in progress.", 1},
        {"node_disk_io_time_seconds_total", T::Counter, "Total seconds spent doing I/Os.", 0.001},
        {"node_disk_io_time_weighted_seconds_total", T::Counter, "The weighted # of seconds spent doing I/Os.", 0.001},
        {"node_disk_discards_completed_total", T::Counter, "The total number of discards completed successfully.", 1},
        {"node_disk_discards_merged_total", T::Counter, "The total number of discards merged.", 1},
        {"node_disk_discarded_sectors_total", T::Counter, "The total number of sectors discarded successfully.", 1},
        {"node_disk_discard_time_seconds_total", T::Counter, "This is the total number of seconds spent by all discards.", 0.001},
        {"node_disk_flush_requests_total", T::Counter, "The total number of flush requests completed successfully", 1},
        {"node_disk_flush_requests_time_seconds_total", T::Counter, "This is the total number of seconds spent by all flush requests.",
         0.001},
    }};
    struct Disk {
        std::string labels;
        std::vector<std::string_view> fields;
    };
    std::vector<Disk> disks;
    std::vector<std::string_view> fields;
    for_each_line(*text, [&](std::string_view line) {
        split_fields(fields, line);
        if (fields.size() < 14 || disk_ignored(fields[2])) return;
        Disk d{label_text({{"device", std::string(fields[2])}}), {}};
        d.fields.assign(fields.begin() + 3, fields.end());
        disks.push_back(std::move(d));
    });
    for (std::size_t i = 0; i < kFields.size(); ++i) {
        w.family(kFields[i].name, kFields[i].type, kFields[i].help);
        for (const auto& d : disks)
            if (i < d.fields.size())
                if (const auto v = parse_number(d.fields[i])) w.sample_text(d.labels, *v * kFields[i].scale);
    }
    return true;
}

namespace {

// defMountPointsExcluded: ^/(dev|proc|run/credentials/.+|sys|var/lib/docker/.+|var/lib/containers/storage/.+)($|/)
bool mount_point_excluded(std::string_view m) {
    // `dir` itself or anything under it; `below`: only under it.
    const auto below = [m](std::string_view dir) {
        return m.size() > dir.size() + 1 && m.starts_with(dir) && m[dir.size()] == '/';
    };
    const auto under = [m](std::string_view dir) { return m == dir || (m.starts_with(dir) && m.size() > dir.size() && m[dir.size()] == '/'); };
    return under("/dev") || under("/proc") || under("/sys") || below("/run/credentials") || below("/var/lib/docker") ||
           below("/var/lib/containers/storage");
}

// defFSTypesExcluded.
bool fs_type_excluded(std::string_view t) {
    static constexpr std::string_view kTypes[] = {
        "autofs", "binfmt_misc", "bpf", "cgroup", "cgroup2", "configfs", "debugfs", "devpts", "devtmpfs", "fusectl", "hugetlbfs",
        "iso9660", "mqueue", "nsfs", "overlay", "proc", "procfs", "pstore", "rpc_pipefs", "securityfs", "selinuxfs", "squashfs",
        "sysfs", "tracefs"};
    return std::find(std::begin(kTypes), std::end(kTypes), t) != std::end(kTypes);
}

// fstab(5)'s escapes in a mount point, as filesystem_linux.go undoes them (\040 and \011 only).
std::string unescape_mount_point(std::string_view m) {
    if (m.find('\\') == std::string_view::npos) return std::string(m);
    std::string out;
    out.reserve(m.size());
    for (std::size_t i = 0; i < m.size(); ++i) {
        if (m.substr(i, 4) == "\\040") out += ' ', i += 3;
        else if (m.substr(i, 4) == "\\011") out += '\t', i += 3;
        else out += m[i];
    }
    return out;
}

// A statfs that may not come back (a hard NFS mount whose server is gone) must not hold up the
// scrape: node_exporter gives each mount 5 s (--collector.filesystem.mount-timeout) and skips a
// mount that did not answer until its call returns. The agent does the same, with a shorter wait,
// for file systems that go over the network; local ones are asked directly.
bool over_network(std::string_view type) {
    static constexpr std::string_view kTypes[] = {"nfs", "nfs4", "cifs", "smb3", "smbfs", "ceph", "glusterfs", "9p", "afs", "lustre"};
    return std::find(std::begin(kTypes), std::end(kTypes), type) != std::end(kTypes) || type.starts_with("fuse.");
}

std::mutex& stuck_mutex() {
    static std::mutex m;
    return m;
}
std::set<std::string>& stuck_mounts() {
    static std::set<std::string> s;
    return s;
}

std::optional<struct statfs> statfs_of(const std::string& path, std::string_view type) {
    if (!over_network(type)) {
        struct statfs buf{};
        if (::statfs(path.c_str(), &buf) != 0) return std::nullopt;
        return buf;
    }
    {
        std::lock_guard lock(stuck_mutex());
        if (stuck_mounts().count(path)) return std::nullopt;
        stuck_mounts().insert(path);  // until the call below returns
    }
    auto promise = std::make_shared<std::promise<std::optional<struct statfs>>>();
    auto result = promise->get_future();
    std::thread([path, promise] {
        struct statfs buf{};
        const bool ok = ::statfs(path.c_str(), &buf) == 0;
        {
            std::lock_guard lock(stuck_mutex());
            stuck_mounts().erase(path);
        }
        promise->set_value(ok ? std::optional<struct statfs>(buf) : std::nullopt);
    }).detach();
    if (result.wait_for(std::chrono::seconds(1)) != std::future_status::ready) return std::nullopt;
    return result.get();
}

}  // namespace

// collector/filesystem_linux.go and filesystem_common.go: the mounts of /proc/1/mounts (or
// /proc/mounts) less the default exclusions, each (device, mountpoint, fstype) once; statfs
// through the root (--path.rootfs); a mount statfs fails on gets device_error 1 and nothing else.
bool write_filesystem(ExpositionWriter& w, NodeMetrics::Files& f, const RootFs& fs) {
    const std::string* text = f.mounts.read();
    if (!text) return false;
    struct Mount {
        std::string labels;
        std::optional<struct statfs> st;
        bool readonly = false;
    };
    std::vector<Mount> mounts;
    std::set<std::tuple<std::string, std::string, std::string>> seen;
    std::vector<std::string_view> fields;
    for_each_line(*text, [&](std::string_view line) {
        split_fields(fields, line);
        if (fields.size() < 4) return;
        const std::string mount_point = unescape_mount_point(fields[1]);
        if (mount_point_excluded(mount_point) || fs_type_excluded(fields[2])) return;
        if (!seen.emplace(std::string(fields[0]), mount_point, std::string(fields[2])).second) return;
        Mount m;
        m.labels = label_text({{"device", std::string(fields[0])}, {"fstype", std::string(fields[2])}, {"mountpoint", mount_point}});
        m.st = statfs_of(fs.path(mount_point), fields[2]);
        for (std::string_view options = fields[3]; !options.empty();) {
            const auto comma = options.find(',');
            if (options.substr(0, comma) == "ro") m.readonly = true;
            if (comma == std::string_view::npos) break;
            options.remove_prefix(comma + 1);
        }
        mounts.push_back(std::move(m));
    });
    w.family("node_filesystem_device_error", MetricType::Gauge, "Whether an error occurred while getting statistics for the given device.");
    for (const auto& m : mounts) w.sample_text(m.labels, m.st ? 0 : 1);
    struct Family {
        const char* name;
        const char* help;
        double (*value)(const struct statfs&);
    };
    // unix.Statfs's Blocks, Bfree, Bavail times Bsize; Files and Ffree.
    static const Family kFamilies[] = {
        {"node_filesystem_size_bytes", "Filesystem size in bytes.",
         [](const struct statfs& s) { return static_cast<double>(s.f_blocks) * static_cast<double>(s.f_bsize); }},
        {"node_filesystem_free_bytes", "Filesystem free space in bytes.",
         [](const struct statfs& s) { return static_cast<double>(s.f_bfree) * static_cast<double>(s.f_bsize); }},
        {"node_filesystem_avail_bytes", "Filesystem space available to non-root users in bytes.",
         [](const struct statfs& s) { return static_cast<double>(s.f_bavail) * static_cast<double>(s.f_bsize); }},
        {"node_filesystem_files", "Filesystem total file nodes.", [](const struct statfs& s) { return static_cast<double>(s.f_files); }},
        {"node_filesystem_files_free", "Filesystem total free file nodes.",
         [](const struct statfs& s) { return static_cast<double>(s.f_ffree); }},
    };
    for (const auto& family : kFamilies) {
        w.family(family.name, MetricType::Gauge, family.help);
        for (const auto& m : mounts)
            if (m.st) w.sample_text(m.labels, family.value(*m.st));
    }
    w.family("node_filesystem_readonly", MetricType::Gauge, "Filesystem read-only status.");
    for (const auto& m : mounts)
        if (m.st) w.sample_text(m.labels, m.readonly ? 1 : 0);
    return true;
}

}  // namespace fleetdeck::agent::metrics
