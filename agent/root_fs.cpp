#include "agent/root_fs.h"

#include <algorithm>
#include <charconv>
#include <cstdlib>

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace fleetdeck::agent {

RootFs::RootFs(std::string root) : root_(std::move(root)) {
    while (root_.size() > 1 && root_.back() == '/') root_.pop_back();
    if (root_ == "/") root_.clear();
}

std::string RootFs::path(std::string_view absolute) const {
    std::string p = root_;
    p.append(absolute);
    return p;
}

std::optional<std::string> RootFs::read(std::string_view absolute, std::size_t max_bytes) const {
    const int fd = ::open(path(absolute).c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return std::nullopt;
    std::string out;
    char buf[4096];
    for (;;) {
        const ssize_t n = ::read(fd, buf, sizeof buf);
        if (n < 0) {
            ::close(fd);
            return std::nullopt;  // EIO from a sysfs attribute the hardware cannot answer
        }
        if (n == 0) break;
        out.append(buf, static_cast<std::size_t>(n));
        if (out.size() >= max_bytes) {
            out.resize(max_bytes);
            break;
        }
    }
    ::close(fd);
    return out;
}

std::optional<std::string> RootFs::read_line(std::string_view absolute) const {
    auto text = read(absolute, 64 * 1024);
    if (!text) return std::nullopt;
    std::string_view v = *text;
    v = v.substr(0, v.find('\n'));
    return std::string(trim(v));
}

std::optional<std::int64_t> RootFs::read_int(std::string_view absolute) const {
    const auto line = read_line(absolute);
    if (!line) return std::nullopt;
    return parse_int(*line);
}

std::vector<std::string> RootFs::list(std::string_view absolute_dir) const {
    std::vector<std::string> names;
    DIR* dir = ::opendir(path(absolute_dir).c_str());
    if (!dir) return names;
    while (const dirent* e = ::readdir(dir)) {
        const std::string_view name = e->d_name;
        if (name != "." && name != "..") names.emplace_back(name);
    }
    ::closedir(dir);
    std::sort(names.begin(), names.end());
    return names;
}

bool RootFs::exists(std::string_view absolute) const {
    struct stat st {};
    return ::stat(path(absolute).c_str(), &st) == 0;
}

std::optional<std::string> RootFs::link_target(std::string_view absolute) const {
    char buf[4096];
    const ssize_t n = ::readlink(path(absolute).c_str(), buf, sizeof buf - 1);
    if (n <= 0) return std::nullopt;
    std::string_view target(buf, static_cast<std::size_t>(n));
    const auto slash = target.rfind('/');
    return std::string(slash == std::string_view::npos ? target : target.substr(slash + 1));
}

std::string_view trim(std::string_view s) {
    const auto is_space = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\0'; };
    while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
    while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
    return s;
}

std::optional<std::int64_t> parse_int(std::string_view s) {
    s = trim(s);
    if (!s.empty() && s.front() == '+') s.remove_prefix(1);
    std::int64_t v = 0;
    const auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc() || ptr != s.data() + s.size() || s.empty()) return std::nullopt;
    return v;
}

std::optional<double> parse_double(std::string_view s) {
    s = trim(s);
    double v = 0;
    const auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc() || ptr != s.data() + s.size() || s.empty()) return std::nullopt;
    return v;
}

std::optional<std::string> non_empty(std::optional<std::string> text) {
    if (text && text->empty()) return std::nullopt;
    return text;
}

std::vector<std::string_view> split_ws(std::string_view s) {
    std::vector<std::string_view> out;
    std::size_t i = 0;
    while (i < s.size()) {
        while (i < s.size() && (s[i] == ' ' || s[i] == '\t')) ++i;
        const std::size_t start = i;
        while (i < s.size() && s[i] != ' ' && s[i] != '\t') ++i;
        if (i > start) out.push_back(s.substr(start, i - start));
    }
    return out;
}

}  // namespace fleetdeck::agent
