#include "agent/probe/read_speed_probe.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <climits>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <memory>

namespace fleetdeck::agent {
namespace {

using Clock = std::chrono::steady_clock;

// Reads in 4 MiB requests, aligned for O_DIRECT (4096 covers every logical block size in use).
constexpr std::size_t kReadChunk = std::size_t{4} << 20;
constexpr std::size_t kReadAlign = 4096;

std::string failed_because(const std::string& what) { return what + ": " + std::strerror(errno); }

bool octal(char c, char top = '7') { return c >= '0' && c <= top; }

// "\040" in a mounts field is a space: the kernel writes space, tab, newline and backslash as
// three octal digits (fs/proc_namespace.c, mangle(): seq_escape(m, s, " \t\n\\")).
std::string unescape(std::string_view f) {
    std::string out;
    for (std::size_t i = 0; i < f.size(); ++i) {
        if (f[i] == '\\' && i + 3 < f.size() && octal(f[i + 1], '3') && octal(f[i + 2]) && octal(f[i + 3])) {
            out += static_cast<char>((f[i + 1] - '0') * 64 + (f[i + 2] - '0') * 8 + (f[i + 3] - '0'));
            i += 3;
        } else {
            out += f[i];
        }
    }
    return out;
}

bool under(const std::string& path, const std::string& mount_point) {
    if (mount_point == "/") return true;
    return path.compare(0, mount_point.size(), mount_point) == 0 && (path.size() == mount_point.size() || path[mount_point.size()] == '/');
}

std::string read_small_file(const std::string& path) {
    std::string text;
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return text;
    char buf[65536];
    for (ssize_t n; (n = ::read(fd, buf, sizeof buf)) > 0 && text.size() < (std::size_t{8} << 20);) text.append(buf, static_cast<std::size_t>(n));
    ::close(fd);
    return text;
}

struct ReadFd {
    int fd = -1;
    ~ReadFd() {
        if (fd >= 0) ::close(fd);
    }
};

// The file the agent wrote: removed when the test ends, however it ends.
struct RemovedAtEnd {
    std::string path;
    ~RemovedAtEnd() {
        if (!path.empty()) ::unlink(path.c_str());
    }
};

std::string gigabytes(double bytes) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f GB", bytes / 1e9);
    return buf;
}

// A name no other test (or file) has: the pid and the clock, created with O_EXCL.
std::string test_file_name(int attempt) {
    const auto ns = std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now().time_since_epoch()).count();
    return ".fleetdeck-read-test-" + std::to_string(::getpid()) + "-" + std::to_string(ns) + "-" + std::to_string(attempt);
}

// Opens `path` for reading, O_DIRECT when the file system takes it (EINVAL when it does not).
// `no_links` false only for the agent's own /proc/self/fd link to its unnamed test file.
int open_for_read(const std::string& path, bool& direct, bool no_links = true) {
    const int nofollow = no_links ? O_NOFOLLOW : 0;
    int fd = ::open(path.c_str(), O_RDONLY | nofollow | O_CLOEXEC | O_DIRECT);
    direct = fd >= 0;
    if (fd < 0 && errno == EINVAL) fd = ::open(path.c_str(), O_RDONLY | nofollow | O_CLOEXEC);
    if (fd >= 0 && !direct) ::posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);  // what is cached is read from the device again
    return fd;
}

}  // namespace

std::optional<MountOf> mount_of(std::string_view mounts, const std::string& path) {
    std::optional<MountOf> best;
    while (!mounts.empty()) {
        const auto nl = mounts.find('\n');
        std::string_view line = mounts.substr(0, nl);
        mounts.remove_prefix(nl == std::string_view::npos ? mounts.size() : nl + 1);
        std::string_view fields[3];
        std::size_t n = 0;
        while (n < 3 && !line.empty()) {
            const auto space = line.find(' ');
            fields[n++] = line.substr(0, space);
            line.remove_prefix(space == std::string_view::npos ? line.size() : space + 1);
        }
        if (n < 3) continue;
        MountOf m{unescape(fields[0]), unescape(fields[1]), std::string(fields[2])};
        // The last of equal mount points wins: it is mounted over the earlier ones.
        if (under(path, m.mount_point) && (!best || m.mount_point.size() >= best->mount_point.size())) best = std::move(m);
    }
    return best;
}

protocol::ReadSpeedResult measure_read_speed(const protocol::ReadSpeedParams& params, const std::string& root,
                                             const std::atomic<bool>& stop) {
    protocol::ReadSpeedResult r;
    r.path = params.path;
    char resolved[PATH_MAX];
    if (!::realpath((root + params.path).c_str(), resolved)) {
        r.error = failed_because(params.path);
        return r;
    }
    const std::string dir = resolved;
    if (!root.empty()) {  // under --root, never outside the tree ("/../.." resolves above it)
        char tree[PATH_MAX];
        if (!::realpath(root.c_str(), tree) || (dir != tree && dir.rfind(std::string(tree) + "/", 0) != 0)) {
            r.error = params.path + ": outside the tree the agent reads";
            return r;
        }
        r.path = dir.substr(std::strlen(tree));
    } else {
        r.path = dir;
    }
    if (r.path.empty()) r.path = "/";
    struct stat st {};
    if (::stat(dir.c_str(), &st) != 0 || !S_ISDIR(st.st_mode)) {
        r.error = params.path + ": not a directory";
        return r;
    }
    // This thread's mounts (Linux 3.17 and later), else the process's.
    std::string mounts = read_small_file("/proc/thread-self/mounts");
    if (mounts.empty()) mounts = read_small_file("/proc/self/mounts");
    if (const auto m = mount_of(mounts, dir)) {
        r.filesystem = m->type;
        r.source = m->source;
    }

    ReadFd in;
    RemovedAtEnd written;
    if (params.file) {
        r.file = *params.file;
        const std::string path = dir + "/" + *params.file;
        in.fd = open_for_read(path, r.direct);
        if (in.fd < 0) {
            r.error = failed_because(*params.file);
            return r;
        }
        struct stat fs {};
        if (::fstat(in.fd, &fs) != 0 || !S_ISREG(fs.st_mode)) {
            r.error = *params.file + ": not a regular file";
            return r;
        }
    } else {
        struct statvfs vfs {};
        if (::statvfs(dir.c_str(), &vfs) != 0) {
            r.error = failed_because("statvfs " + params.path);
            return r;
        }
        const double free_bytes = static_cast<double>(vfs.f_bavail) * static_cast<double>(vfs.f_frsize);
        if (free_bytes < 2.0 * static_cast<double>(params.size_bytes)) {
            r.error = "refused: " + r.path + " has " + gigabytes(free_bytes) + " free, the test file needs " +
                      gigabytes(2.0 * static_cast<double>(params.size_bytes)) + " (twice its size)";
            return r;
        }
        // An unnamed file where the file system makes one (O_TMPFILE: Linux 3.11, ext4, xfs, btrfs,
        // tmpfs; open(2)): nothing is left behind even when the agent is killed mid-test. Else a
        // named one, removed at the end (NFS and older kernels answer EOPNOTSUPP or EINVAL).
        ReadFd out;
        out.fd = ::open(dir.c_str(), O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
        for (int attempt = 0; attempt < 8 && out.fd < 0; ++attempt) {
            r.file = test_file_name(attempt);
            out.fd = ::open((dir + "/" + *r.file).c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
            if (out.fd < 0 && errno != EEXIST) break;
        }
        if (out.fd < 0) {
            r.error = failed_because("create a test file in " + r.path);
            r.file.reset();
            return r;
        }
        // A named file is removed at the end; the unnamed one goes with its last descriptor and is
        // opened again for reading through that descriptor's /proc link.
        if (r.file) written.path = dir + "/" + *r.file;
        const std::string reopen = r.file ? written.path : "/proc/self/fd/" + std::to_string(out.fd);
        r.written = true;
        // Data that neither compresses nor deduplicates (ZFS, btrfs, filers): an xorshift stream.
        std::unique_ptr<char[]> block(new char[kReadChunk]);
        std::uint64_t x = 0x9e3779b97f4a7c15ULL ^ static_cast<std::uint64_t>(::getpid());
        for (std::size_t i = 0; i + 8 <= kReadChunk; i += 8) {
            x ^= x << 13, x ^= x >> 7, x ^= x << 17;
            std::memcpy(block.get() + i, &x, 8);
        }
        for (std::int64_t left = params.size_bytes; left > 0;) {
            if (stop) {
                r.error = "stopped while writing the test file";
                return r;
            }
            const auto want = static_cast<std::size_t>(std::min<std::int64_t>(left, static_cast<std::int64_t>(kReadChunk)));
            const ssize_t n = ::write(out.fd, block.get(), want);
            if (n <= 0) {
                r.error = failed_because("write the test file in " + r.path);
                return r;
            }
            left -= n;
        }
        if (::fdatasync(out.fd) != 0) {
            r.error = failed_because("flush the test file in " + r.path);
            return r;
        }
        in.fd = open_for_read(reopen, r.direct, r.file.has_value());  // the written pages, clean now, dropped
        if (in.fd < 0) {
            r.error = failed_because("reopen the test file");
            return r;
        }
    }

    void* raw = nullptr;
    if (::posix_memalign(&raw, kReadAlign, kReadChunk) != 0) {
        r.error = "out of memory for the read buffer";
        return r;
    }
    std::unique_ptr<char, decltype(&std::free)> buffer(static_cast<char*>(raw), &std::free);
    const auto start = Clock::now();
    const auto until = start + std::chrono::milliseconds(params.max_ms);
    auto second_ends = start + std::chrono::seconds(1);
    std::int64_t this_second = 0;
    Clock::time_point last = start;
    while (r.bytes < params.size_bytes && !stop) {
        const ssize_t n = ::pread(in.fd, buffer.get(), kReadChunk, static_cast<off_t>(r.bytes));
        if (n < 0) {
            if (errno == EINTR) continue;
            r.error = failed_because("read " + r.file.value_or("?"));
            break;
        }
        if (n == 0) break;  // the end of the file
        r.bytes += n;
        this_second += n;
        last = Clock::now();
        while (last >= second_ends && r.per_second_mb.size() < protocol::ReadSpeedResult::kMaxSeconds) {
            r.per_second_mb.push_back(std::round(static_cast<double>(this_second) / 1e6 * 10) / 10);
            this_second = 0;
            second_ends += std::chrono::seconds(1);
        }
        if (last >= until) break;
    }
    r.seconds = std::chrono::duration<double>(last - start).count();
    if (r.bytes > 0 && r.seconds > 0) r.mb_per_s = std::round(static_cast<double>(r.bytes) / r.seconds / 1e6 * 10) / 10;
    if (stop && !r.error) r.error = "stopped";
    return r;
}

}  // namespace fleetdeck::agent
