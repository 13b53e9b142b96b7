#include "agent/collectors/polled_file.h"

#include <fcntl.h>
#include <sys/resource.h>
#include <unistd.h>

namespace fleetdeck::agent {
namespace {

constexpr std::size_t kMaxFileBytes = 4 << 20;  // the same guard as RootFs::read

int& files_kept_open() {
    static int count = 0;
    return count;
}

int keep_open_budget() {
    static const int budget = [] {
        rlimit limit{};
        if (::getrlimit(RLIMIT_NOFILE, &limit) != 0 || limit.rlim_cur == RLIM_INFINITY) return 512;
        return static_cast<int>(limit.rlim_cur / 2);
    }();
    return budget;
}

// A short attribute in one pread; sysfs values are far below this size.
std::optional<std::string_view> read_small(int fd, const std::string& path, char (&buf)[256]) {
    const bool transient = fd < 0;
    if (transient) fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return std::nullopt;
    const ssize_t n = ::pread(fd, buf, sizeof buf, 0);
    if (transient) ::close(fd);
    if (n < 0) return std::nullopt;  // EIO, ENODATA: the hardware cannot answer now
    return std::string_view(buf, static_cast<std::size_t>(n));
}

}  // namespace

PolledFile::PolledFile(const RootFs& fs, std::string_view absolute) : path_(fs.path(absolute)) {
    if (files_kept_open() >= keep_open_budget()) return;
    fd_ = ::open(path_.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd_ >= 0) ++files_kept_open();
}

PolledFile::~PolledFile() { close(); }

PolledFile::PolledFile(PolledFile&& other) noexcept : path_(std::move(other.path_)), fd_(other.fd_) {
    other.path_.clear();  // a moved-from file reads nothing
    other.fd_ = -1;
}

PolledFile& PolledFile::operator=(PolledFile&& other) noexcept {
    if (this != &other) {
        close();
        path_ = std::move(other.path_);
        fd_ = other.fd_;
        other.path_.clear();
        other.fd_ = -1;
    }
    return *this;
}

void PolledFile::close() {
    if (fd_ < 0) return;
    ::close(fd_);
    fd_ = -1;
    --files_kept_open();
}

bool PolledFile::read(std::string& out) const {
    out.clear();
    if (path_.empty()) return false;
    int fd = fd_ >= 0 ? fd_ : ::open(path_.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return false;
    if (out.capacity() < 4096) out.reserve(4096);
    bool ok = true;
    for (;;) {
        const std::size_t have = out.size();
        if (have >= kMaxFileBytes) break;
        out.resize(std::max(out.capacity(), have + 4096));
        const ssize_t n = ::pread(fd, out.data() + have, out.size() - have, static_cast<off_t>(have));
        if (n <= 0) {
            out.resize(have);
            ok = n == 0;
            break;
        }
        out.resize(have + static_cast<std::size_t>(n));
    }
    if (fd != fd_) ::close(fd);
    return ok;
}

std::optional<std::string> PolledFile::read_line() const {
    if (path_.empty()) return std::nullopt;
    char buf[256];
    const auto text = read_small(fd_, path_, buf);
    if (!text) return std::nullopt;
    return std::string(trim(text->substr(0, text->find('\n'))));
}

std::optional<std::int64_t> PolledFile::read_int() const {
    if (path_.empty()) return std::nullopt;
    char buf[256];
    const auto text = read_small(fd_, path_, buf);
    if (!text) return std::nullopt;
    return parse_int(text->substr(0, text->find('\n')));
}

}  // namespace fleetdeck::agent
