// The writing half of RootFs: used only by the settings engine (tune.apply, tune.rollback and the
// journal). Kept apart from the readers so collectors never link anything that writes.
#include <cerrno>
#include <cstring>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "agent/root_fs.h"

namespace fleetdeck::agent {
namespace {

FsError fs_error(int error_number, std::string_view what, const std::string& path) {
    return {error_number, std::string(what) + " " + path + ": " + std::strerror(error_number)};
}

// Writes all of `content`; false with errno set on failure.
bool write_all(int fd, std::string_view content) {
    while (!content.empty()) {
        const ssize_t n = ::write(fd, content.data(), content.size());
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) return false;
        content.remove_prefix(static_cast<std::size_t>(n));
    }
    return true;
}

std::string parent_of(const std::string& path) {
    const auto slash = path.rfind('/');
    return slash == std::string::npos || slash == 0 ? std::string("/") : path.substr(0, slash);
}

// mkdir -p for the directory part of `path` (host path, root already applied).
std::optional<FsError> make_parents(const std::string& path) {
    const std::string dir = parent_of(path);
    struct stat st {};
    if (::stat(dir.c_str(), &st) == 0) return std::nullopt;
    if (auto problem = make_parents(dir)) return problem;
    if (::mkdir(dir.c_str(), 0755) != 0 && errno != EEXIST) return fs_error(errno, "cannot create directory", dir);
    return std::nullopt;
}

void sync_directory(const std::string& dir) {
    const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) return;
    ::fsync(fd);
    ::close(fd);
}

}  // namespace

bool FsError::permission() const {
    return error_number == EACCES || error_number == EPERM || error_number == EROFS;
}

std::optional<FsError> RootFs::write(std::string_view absolute, std::string_view content) const {
    const std::string p = path(absolute);
    // O_TRUNC matters for a recorded tree (regular files); sysfs and procfs ignore it.
    const int fd = ::open(p.c_str(), O_WRONLY | O_TRUNC | O_CLOEXEC | O_NOFOLLOW);
    if (fd < 0) return fs_error(errno, "cannot open", p);
    // One write() call: a sysfs attribute takes the value from a single write.
    const bool ok = write_all(fd, content);
    const int saved = errno;
    const bool closed = ::close(fd) == 0;
    if (!ok) return fs_error(saved, "cannot write", p);
    if (!closed) return fs_error(errno, "cannot write", p);
    return std::nullopt;
}

std::optional<FsError> RootFs::write_atomic(std::string_view absolute, std::string_view content, unsigned mode) const {
    const std::string p = path(absolute);
    if (auto problem = make_parents(p)) return problem;
    const std::string tmp = p + ".fleetdeck-new";
    const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, mode);
    if (fd < 0) return fs_error(errno, "cannot create", tmp);
    if (!write_all(fd, content) || ::fchmod(fd, mode) != 0 || ::fsync(fd) != 0) {
        const int saved = errno;
        ::close(fd);
        ::unlink(tmp.c_str());
        return fs_error(saved, "cannot write", tmp);
    }
    ::close(fd);
    if (::rename(tmp.c_str(), p.c_str()) != 0) {
        const int saved = errno;
        ::unlink(tmp.c_str());
        return fs_error(saved, "cannot replace", p);
    }
    sync_directory(parent_of(p));
    return std::nullopt;
}

std::optional<FsError> RootFs::create_directories(std::string_view absolute_dir) const {
    return make_parents(path(absolute_dir) + "/.");
}

std::optional<FsError> RootFs::remove(std::string_view absolute) const {
    const std::string p = path(absolute);
    if (::unlink(p.c_str()) != 0 && errno != ENOENT) return fs_error(errno, "cannot remove", p);
    sync_directory(parent_of(p));
    return std::nullopt;
}

std::optional<FsError> RootFs::append_durably(std::string_view absolute, std::string_view line) const {
    const std::string p = path(absolute);
    if (auto problem = make_parents(p)) return problem;
    struct stat st {};
    const bool existed = ::stat(p.c_str(), &st) == 0;
    const int fd = ::open(p.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600);
    if (fd < 0) return fs_error(errno, "cannot open", p);
    if (!existed) sync_directory(parent_of(p));  // the new file's name must survive a crash too
    std::string text(line);
    text.push_back('\n');
    if (!write_all(fd, text) || ::fdatasync(fd) != 0) {
        const int saved = errno;
        ::close(fd);
        return fs_error(saved, "cannot append to", p);
    }
    ::close(fd);
    return std::nullopt;
}

}  // namespace fleetdeck::agent
