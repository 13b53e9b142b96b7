#include "agent/collectors/polled_file.h"

#include <fcntl.h>
#include <sys/resource.h>
#include <sys/vfs.h>
#include <unistd.h>

namespace fleetdeck::agent {
namespace {

constexpr std::size_t kMaxFileBytes = 4 << 20;  // the same guard as RootFs::read
constexpr long kProcSuperMagic = 0x9fa0;          // PROC_SUPER_MAGIC, <linux/magic.h>
// A seq_file's kernel buffer is at least a page; its longest line in a file read here (a
// /proc/net/dev line: a name and 16 counters of up to 20 digits) is well under 512 bytes.
constexpr std::size_t kSeqBufferBytes = 4096;
constexpr std::size_t kMaxRecordBytes = 512;

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

PolledFile::PolledFile(const RootFs& fs, std::string_view absolute, Shape shape) : path_(fs.path(absolute)) {
    if (files_kept_open() >= keep_open_budget()) return;
    fd_ = ::open(path_.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd_ < 0) return;
    ++files_kept_open();
    struct statfs where{};
    whole_ = shape == Shape::OneRecord ||
             (::fstatfs(fd_, &where) == 0 && static_cast<long>(where.f_type) != kProcSuperMagic);
}

PolledFile::~PolledFile() { close(); }

PolledFile::PolledFile(PolledFile&& other) noexcept
    : path_(std::move(other.path_)), fd_(other.fd_), whole_(other.whole_) {
    other.path_.clear();  // a moved-from file reads nothing
    other.fd_ = -1;
}

PolledFile& PolledFile::operator=(PolledFile&& other) noexcept {
    if (this != &other) {
        close();
        path_ = std::move(other.path_);
        fd_ = other.fd_;
        whole_ = other.whole_;
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

// `got` bytes came back from a read that asked for more. A file opened for this read only (beyond
// the budget) was not looked at, so it gets the rule that holds for every kind.
bool PolledFile::short_read_ends(std::size_t got) const {
    return (whole_ && fd_ >= 0) || got + kMaxRecordBytes <= kSeqBufferBytes;
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
        const std::size_t asked = out.size() - have;
        const ssize_t n = ::pread(fd, out.data() + have, asked, static_cast<off_t>(have));
        if (n <= 0) {
            out.resize(have);
            ok = n == 0;
            break;
        }
        out.resize(have + static_cast<std::size_t>(n));
        // No second pread just to be told 0 when this one already reached the end.
        if (static_cast<std::size_t>(n) < asked && short_read_ends(static_cast<std::size_t>(n))) break;
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
