#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace fleetdeck::agent {

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

private:
    std::string root_;
};

// Small parsing helpers shared by collectors.
std::string_view trim(std::string_view s);
std::optional<std::int64_t> parse_int(std::string_view s);
std::optional<double> parse_double(std::string_view s);
std::vector<std::string_view> split_ws(std::string_view s);
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
