#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace fleetdeck::agent {

// Why a write failed: the errno and a sentence naming the file.
struct FsError {
    int error_number = 0;  // EACCES, EROFS, ENOENT, EINVAL (a knob that refused the value), ...
    std::string message;
    bool permission() const;  // EACCES, EPERM or EROFS: the agent may not write there
};

// Every read of /proc, /sys and /etc goes through here, so `--root DIR` and the tests run the same
// collectors on a recorded tree. Paths are given as on the live system ("/proc/stat").
class RootFs {
public:
    explicit RootFs(std::string root = {});

    const std::string& root() const { return root_; }
    bool is_live() const { return root_.empty(); }
    std::string path(std::string_view absolute) const;

    // Whole file (sysfs and procfs files are small; the cap guards against a hostile tree).
    std::optional<std::string> read(std::string_view absolute, std::size_t max_bytes = 4 << 20) const;
    // First line without surrounding whitespace.
    std::optional<std::string> read_line(std::string_view absolute) const;
    std::optional<std::int64_t> read_int(std::string_view absolute) const;
    // Entry names in a directory, sorted, without "." and "..". Empty when it does not exist.
    std::vector<std::string> list(std::string_view absolute_dir) const;
    bool exists(std::string_view absolute) const;
    // Last component of a symlink's target ("../../devices/.../hwmon3" -> "hwmon3").
    std::optional<std::string> link_target(std::string_view absolute) const;

    // Writing, for the settings engine. Each returns why it failed, or nothing on success.
    // Overwrites an existing file in place (a /proc/sys or /sys knob); never creates one.
    std::optional<FsError> write(std::string_view absolute, std::string_view content) const;
    // Replaces a configuration file whole: a temporary file beside it, fsync, rename, fsync of the
    // directory. Missing parent directories are created (mode 0755), the file gets `mode`.
    std::optional<FsError> write_atomic(std::string_view absolute, std::string_view content,
                                        unsigned mode = 0644) const;
    // mkdir -p (mode 0755).
    std::optional<FsError> create_directories(std::string_view absolute_dir) const;
    // Removes a file; a file that is already gone is not an error.
    std::optional<FsError> remove(std::string_view absolute) const;
    // Appends `line` and a newline, then fdatasync: when this returns, the line is on disk.
    std::optional<FsError> append_durably(std::string_view absolute, std::string_view line) const;

private:
    std::string root_;
};

// Small parsing helpers shared by collectors.
std::string_view trim(std::string_view s);
std::optional<std::int64_t> parse_int(std::string_view s);
std::optional<double> parse_double(std::string_view s);
std::vector<std::string_view> split_ws(std::string_view s);
// A text reading where an empty file is no reading either: "" becomes nullopt (sent as null).
std::optional<std::string> non_empty(std::optional<std::string> text);
// Each line of `text` passed to `fn(line)`.
template <class Fn>
void for_each_line(std::string_view text, Fn&& fn) {
    while (!text.empty()) {
        const auto nl = text.find('\n');
        fn(text.substr(0, nl));
        if (nl == std::string_view::npos) break;
        text.remove_prefix(nl + 1);
    }
}

}  // namespace fleetdeck::agent
