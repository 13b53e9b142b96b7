#include "agent/gpu/kernel_log.h"

#include <cctype>
#include <cerrno>
#include <cstring>
#include <ctime>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "agent/gpu/nvml_library.h"

namespace fleetdeck::agent::gpu {
namespace {

// The driver's XID line, NVIDIA/open-gpu-kernel-modules src/nvidia/src/kernel/gpu/rc/kernel_rc.c,
// in one of three forms:
//   "NVRM: Xid (PCI:%04x:%02x:%02x GPU-I:%02u GPU-CI:%02u): %d, pid=%s, name=%s, %s"
//   "NVRM: Xid (PCI:%04x:%02x:%02x GPU-I:%02u): %d, pid=%s, name=%s, %s"   (MIG, GPU instance)
//   "NVRM: Xid (PCI:%04x:%02x:%02x): %d, pid=%s, name=%s, %s"              (no MIG attribution)
constexpr std::string_view kXidPrefix = "NVRM: Xid (PCI:";
// /dev/kmsg records (Documentation/ABI/testing/dev-kmsg): "prio,seq,usec,flags;message" where
// prio is the syslog prefix, facility * 8 + level (include/linux/printk.h, syslog(3)).
constexpr std::int64_t kFacilityUnit = 8;
constexpr std::size_t kMaxLine = 64 * 1024;

std::optional<std::string> open_problem(int error_number) {
    if (error_number == EPERM || error_number == EACCES) return "not readable (dmesg_restrict)";
    return "not readable (" + std::string(std::strerror(error_number)) + ")";
}

std::int64_t clock_ms(clockid_t clock) {
    timespec ts{};
    ::clock_gettime(clock, &ts);
    return static_cast<std::int64_t>(ts.tv_sec) * 1000 + ts.tv_nsec / 1'000'000;
}

// The digits at the front of `s`, consumed.
std::optional<std::int64_t> take_number(std::string_view& s) {
    std::size_t n = 0;
    while (n < s.size() && s[n] >= '0' && s[n] <= '9') ++n;
    const auto value = n > 0 && n <= 18 ? parse_int(s.substr(0, n)) : std::nullopt;
    s.remove_prefix(n);
    return value;
}

bool hex_digits(std::string_view s, std::size_t n) {
    if (s.size() != n) return false;
    for (const char c : s)
        if (!std::isxdigit(static_cast<unsigned char>(c))) return false;
    return true;
}

// "dddd:bb:dd" or "dddd:bb:dd.f", hexadecimal in either case: the %04x:%02x:%02x the driver prints.
bool is_kernel_bus_id(std::string_view id) {
    if (id.size() == 12) {
        if (id[10] != '.' || id[11] < '0' || id[11] > '7') return false;
        id = id.substr(0, 10);
    }
    return id.size() == 10 && hex_digits(id.substr(0, 4), 4) && id[4] == ':' && hex_digits(id.substr(5, 2), 2) &&
           id[7] == ':' && hex_digits(id.substr(8, 2), 2);
}

}  // namespace

std::int64_t boot_time_ms(const RootFs& fs) {
    if (!fs.is_live()) {
        if (const auto stat = fs.read("/proc/stat")) {
            std::optional<std::int64_t> btime;
            for_each_line(*stat, [&](std::string_view line) {
                if (line.starts_with("btime ")) btime = parse_int(trim(line.substr(6)));
            });
            if (btime) return *btime * 1000;
        }
    }
    // kmsg stamps records with the kernel's monotonic clock (local_clock), which stops in suspend
    // as CLOCK_MONOTONIC does.
    return clock_ms(CLOCK_REALTIME) - clock_ms(CLOCK_MONOTONIC);
}

std::optional<protocol::XidEvent> parse_kmsg_xid(std::string_view record, std::int64_t boot_ms) {
    // "6,1052,8123456,-;NVRM: Xid (PCI:0000:2a:00): 13, pid=48211, name=python3, Graphics ..."
    const auto semicolon = record.find(';');
    if (semicolon == std::string_view::npos) return std::nullopt;
    std::string_view prefix = record.substr(0, semicolon);  // prio,seq,usec,flags[,caller=...]
    std::optional<std::int64_t> prio, usec;
    for (int field = 0; field < 3; ++field) {
        const auto comma = prefix.find(',');
        const std::string_view value = prefix.substr(0, comma);
        if (field == 0) prio = parse_int(value);
        if (field == 2) usec = parse_int(value);
        if (comma == std::string_view::npos) break;
        prefix.remove_prefix(comma + 1);
    }
    // The driver's printk is the kernel facility (0), so prio is the level alone: 0 to 7. A
    // message from user space (/dev/kmsg writes default to facility 1, LOG_USER) is not an XID.
    if (!prio || *prio < 0 || *prio >= kFacilityUnit) return std::nullopt;

    // The driver starts its message with the prefix; text that quotes it further in (exec's
    // "process '%s' launched '%s' with NULL argv" names a path anyone can choose) is not an XID.
    std::string_view message = record.substr(semicolon + 1);
    if (!message.starts_with(kXidPrefix)) return std::nullopt;
    message.remove_prefix(kXidPrefix.size());
    const auto close = message.find("): ");
    if (close == std::string_view::npos || close == 0) return std::nullopt;
    // A MIG attribution follows the device after a space: "0000:01:00 GPU-I:05 GPU-CI:01".
    std::string_view device = message.substr(0, close);
    const auto space = device.find(' ');
    if (space != std::string_view::npos && !device.substr(space).starts_with(" GPU-I:")) return std::nullopt;
    device = device.substr(0, space);
    message.remove_prefix(close + 3);
    if (!is_kernel_bus_id(device)) return std::nullopt;
    const auto code = take_number(message);
    if (!code) return std::nullopt;
    if (message.starts_with(",")) message.remove_prefix(1);
    // The kernel names the device without its function ("0000:3b:00"); sysfs with it.
    std::string bus(device);
    if (bus.find('.') == std::string::npos) bus += ".0";

    protocol::XidEvent x;
    x.time_ms = boot_ms + usec.value_or(0) / 1000;
    x.pci_bus_id = normalize_pci_bus_id(bus);
    x.code = *code;
    x.message = std::string(trim(message));
    x.source = "kernel";
    return x;
}

KernelXidLog::KernelXidLog(const RootFs& fs) : boot_time_ms_(boot_time_ms(fs)) {
    fd_ = ::open(fs.path("/dev/kmsg").c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd_ < 0) {
        problem_ = open_problem(errno);
        return;
    }
    struct stat st{};
    is_device_ = ::fstat(fd_, &st) == 0 && S_ISCHR(st.st_mode);
}

KernelXidLog::~KernelXidLog() {
    if (fd_ >= 0) ::close(fd_);
}

void KernelXidLog::take_lines(std::string_view chunk, std::vector<protocol::XidEvent>& out) {
    for_each_line(chunk, [&](std::string_view line) {
        // Lines starting with a space continue the record before them (" SUBSYSTEM=pci").
        if (line.empty() || line.front() == ' ') return;
        auto x = parse_kmsg_xid(line, boot_time_ms_);
        if (!x) return;
        // A record that arrived since the last read was logged moments ago: the wall clock now is
        // closer to its time than boot + its stamp, which printk takes from local_clock (not
        // NTP-disciplined, so it drifts from the wall clock over weeks of uptime). It also puts
        // the kernel's copy of an XID at the time NVML's copy gets, so the two merge.
        if (backlog_read_) x->time_ms = clock_ms(CLOCK_REALTIME);
        out.push_back(std::move(*x));
    });
}

std::vector<protocol::XidEvent> KernelXidLog::read_new() {
    std::vector<protocol::XidEvent> out;
    if (fd_ < 0) return out;
    // /dev/kmsg hands out one record per read and refuses (EINVAL) a buffer smaller than it;
    // records are at most about 1 KiB of text plus the device's key=value lines.
    char buf[8192];
    for (;;) {
        const ssize_t n = ::read(fd_, buf, sizeof buf);
        if (n < 0) {
            if (errno == EINTR) continue;
            if (errno == EPIPE) continue;  // records were overwritten before we read them: go on with the next
            if (errno == EPERM || errno == EACCES) problem_ = open_problem(errno);
            break;  // EAGAIN: nothing more for now
        }
        if (n == 0) break;  // end of a recorded file
        const std::string_view chunk(buf, static_cast<std::size_t>(n));
        if (is_device_) {
            take_lines(chunk, out);
            continue;
        }
        partial_.append(chunk);
        const auto last_newline = partial_.rfind('\n');
        if (last_newline == std::string::npos) {
            if (partial_.size() > kMaxLine) partial_.clear();  // not a log: a record is never this long
            continue;
        }
        take_lines(std::string_view(partial_).substr(0, last_newline), out);
        partial_.erase(0, last_newline + 1);
    }
    backlog_read_ = true;
    return out;
}

std::optional<std::string> kernel_log_problem(const RootFs& fs) {
    const int fd = ::open(fs.path("/dev/kmsg").c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) return open_problem(errno);
    ::close(fd);
    return std::nullopt;
}

}  // namespace fleetdeck::agent::gpu
