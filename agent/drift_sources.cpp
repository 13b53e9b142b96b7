#include "agent/drift_sources.h"

#include <algorithm>
#include <map>
#include <set>

namespace fleetdeck::agent {
namespace {

std::string collapse_ws(std::string_view s) {
    std::string out;
    bool space = false;
    for (const char c : trim(s)) {
        if (c == ' ' || c == '\t') {
            space = true;
            continue;
        }
        if (space && !out.empty()) out += ' ';
        space = false;
        out += c;
    }
    return out;
}

std::optional<ConfAssignment> assignment_of(std::string_view line) {
    const auto eq = line.find('=');
    if (eq == std::string_view::npos) return std::nullopt;
    std::string_view key = trim(line.substr(0, eq));
    if (!key.empty() && key.front() == '-') key = trim(key.substr(1));
    if (key.empty()) return std::nullopt;
    return ConfAssignment{normalize_sysctl_key(key), collapse_ws(line.substr(eq + 1))};
}

// A tuned profile name as it may appear in a path: no separators, no dot-only names, no variables.
bool plausible_profile_name(std::string_view name) {
    if (name.empty() || name.size() > 128 || name == "." || name == "..") return false;
    return std::all_of(name.begin(), name.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_' || c == '.';
    });
}

// Reads a config file for drift.explain: nothing when absent, a note when it is too large.
std::optional<std::string> read_config(const RootFs& fs, const std::string& path, const DriftSourceLimits& limits,
                                       std::vector<std::string>& notes) {
    auto text = fs.read(path, limits.max_file_bytes + 1);
    if (text && text->size() > limits.max_file_bytes) {
        if (notes.size() < limits.answer.max_notes)
            notes.push_back(path + ": larger than " + std::to_string(limits.max_file_bytes) + " bytes, not read");
        return std::nullopt;
    }
    return text;
}

class TunedReader {
public:
    TunedReader(const RootFs& fs, const DriftSourceLimits& limits, std::vector<std::string>& notes)
        : fs_(fs), limits_(limits), notes_(notes) {}

    // A profile's includes first, then its own [sysctl] lines: later values win, as in tuned.
    void read(const std::string& name, int depth) {
        if (!plausible_profile_name(name)) return note("tuned profile name '" + name.substr(0, 128) + "' not read");
        if (seen_.count(name)) return;  // an include cycle, or a profile included twice
        if (depth > limits_.max_include_depth) return note("tuned include chain deeper than " + std::to_string(limits_.max_include_depth) + " at " + name);
        if (read_.size() >= limits_.answer.max_profiles) return note("more than " + std::to_string(limits_.answer.max_profiles) + " tuned profiles: " + name + " not read");
        seen_.insert(name);
        std::optional<std::string> text;
        std::string path;
        for (const char* dir : {"/etc/tuned/", "/usr/lib/tuned/"}) {
            path = std::string(dir) + name + "/tuned.conf";
            if ((text = read_config(fs_, path, limits_, notes_))) break;
        }
        if (!text) return note("tuned profile " + name + ": no tuned.conf in /etc/tuned or /usr/lib/tuned");
        read_.push_back(path);
        const TunedConf conf = parse_tuned_conf(*text, limits_.max_assignments);
        for (const auto& include : conf.includes) read(include, depth + 1);
        for (const auto& a : conf.sysctl) values_[a.key] = a.value;
    }

    std::vector<std::string> profiles_read() const { return read_; }
    const std::map<std::string, std::string>& values() const { return values_; }

private:
    void note(std::string text) {
        if (notes_.size() < limits_.answer.max_notes) notes_.push_back(std::move(text));
    }

    const RootFs& fs_;
    const DriftSourceLimits& limits_;
    std::vector<std::string>& notes_;
    std::set<std::string> seen_;
    std::vector<std::string> read_;
    std::map<std::string, std::string> values_;
};

protocol::TunedSysctl tuned_sysctl(const RootFs& fs, const std::set<std::string>& keys, const DriftSourceLimits& limits,
                                   std::vector<std::string>& notes) {
    protocol::TunedSysctl out;
    const auto active = fs.read_line("/etc/tuned/active_profile");
    if (!active || active->empty()) return out;
    out.profile = active->substr(0, limits.answer.max_text_bytes);
    TunedReader reader(fs, limits, notes);
    // tuned takes several profiles separated by spaces ("throughput-performance my-overrides"),
    // merged left to right.
    for (const auto word : split_ws(*active)) reader.read(std::string(word), 0);
    out.profiles_read = reader.profiles_read();
    for (const auto& [key, value] : reader.values())
        if (keys.count(key)) out.sysctl[key] = value.substr(0, limits.answer.max_text_bytes);
    return out;
}

// systemd-sysctl's files: *.conf of every directory, one per file name (a name in /etc hides the
// same name in /run and /usr/lib), sorted by file name. /etc/sysctl.conf is read through Debian's
// /etc/sysctl.d/99-sysctl.conf link; where no file has that name it takes that place itself.
std::vector<std::string> sysctl_files_in_order(const RootFs& fs, const DriftSourceLimits& limits,
                                               std::vector<std::string>& notes) {
    std::map<std::string, std::string> by_name;
    for (const char* dir : {"/etc/sysctl.d", "/run/sysctl.d", "/usr/lib/sysctl.d"}) {
        const auto names = fs.list(dir);
        std::size_t taken = 0;
        for (const auto& name : names) {
            if (!name.ends_with(".conf")) continue;
            if (++taken > limits.max_dir_entries) {
                if (notes.size() < limits.answer.max_notes)
                    notes.push_back(std::string(dir) + ": more than " + std::to_string(limits.max_dir_entries) + " files, the rest not read");
                break;
            }
            by_name.emplace(name, std::string(dir) + "/" + name);  // the first directory wins
        }
    }
    if (fs.exists("/etc/sysctl.conf")) by_name.emplace("99-sysctl.conf", "/etc/sysctl.conf");
    std::vector<std::string> paths;
    for (const auto& [name, path] : by_name) paths.push_back(path);
    return paths;
}

}  // namespace

std::string normalize_sysctl_key(std::string_view key) {
    std::string out(key);
    // systemd-sysctl: when the first separator is '/', '/' separates and '.' is part of a name
    // (net/ipv4/conf/eth0.100/forwarding); swap them so every key reads with dots.
    const auto first = out.find_first_of("./");
    if (first != std::string::npos && out[first] == '/')
        for (char& c : out) c = c == '/' ? '.' : c == '.' ? '/' : c;
    return out;
}

std::vector<ConfAssignment> parse_sysctl_conf(std::string_view text, std::size_t max) {
    std::vector<ConfAssignment> out;
    for_each_line(text, [&](std::string_view line) {
        const auto t = trim(line);
        if (t.empty() || t.front() == '#' || t.front() == ';' || out.size() >= max) return;
        if (auto a = assignment_of(t)) out.push_back(std::move(*a));
    });
    return out;
}

TunedConf parse_tuned_conf(std::string_view text, std::size_t max) {
    TunedConf conf;
    std::string section;
    for_each_line(text, [&](std::string_view line) {
        const auto t = trim(line);
        if (t.empty() || t.front() == '#' || t.front() == ';') return;
        if (t.front() == '[') {
            const auto close = t.find(']');
            section = std::string(trim(t.substr(1, close == std::string_view::npos ? std::string_view::npos : close - 1)));
            return;
        }
        if (section == "main") {
            const auto eq = t.find('=');
            if (eq == std::string_view::npos || trim(t.substr(0, eq)) != "include") return;
            std::string list(t.substr(eq + 1));
            std::replace(list.begin(), list.end(), ',', ' ');
            for (const auto word : split_ws(list))
                if (conf.includes.size() < max) conf.includes.emplace_back(word);
        } else if (section == "sysctl" && conf.sysctl.size() < max) {
            if (auto a = assignment_of(t)) conf.sysctl.push_back(std::move(*a));
        }
    });
    return conf;
}

protocol::BootFacts read_boot(const RootFs& fs) {
    protocol::BootFacts boot;
    if (auto id = fs.read_line("/proc/sys/kernel/random/boot_id"); id && !id->empty() && id->size() <= 64) boot.id = *id;
    if (const auto stat = fs.read("/proc/stat")) {
        for_each_line(*stat, [&](std::string_view line) {
            if (line.starts_with("btime "))
                if (const auto s = parse_int(trim(line.substr(6)))) boot.time_ms = *s * 1000;
        });
    }
    if (const auto up = fs.read_line("/proc/uptime")) {
        const auto words = split_ws(*up);
        if (!words.empty())
            if (const auto s = parse_double(words[0]); s && *s >= 0) boot.uptime_s = static_cast<std::int64_t>(*s);
    }
    return boot;
}

protocol::DriftExplain explain_drift(const RootFs& fs, const std::vector<std::string>& keys, const DriftSourceLimits& limits) {
    protocol::DriftExplain out;
    out.boot = read_boot(fs);
    std::set<std::string> wanted;
    for (const auto& k : keys) wanted.insert(normalize_sysctl_key(k));
    out.tuned = tuned_sysctl(fs, wanted, limits, out.notes);
    for (const auto& path : sysctl_files_in_order(fs, limits, out.notes)) {
        const auto text = read_config(fs, path, limits, out.notes);
        if (!text) continue;
        for (auto& a : parse_sysctl_conf(*text, limits.max_assignments)) {
            if (!wanted.count(a.key)) continue;
            auto& list = out.sysctl_files[a.key];
            if (list.size() >= limits.answer.max_files_per_key) list.erase(list.begin());  // the earliest matter least
            a.value.resize(std::min(a.value.size(), limits.answer.max_text_bytes));
            list.push_back({path, std::move(a.value)});
        }
    }
    return out;
}

}  // namespace fleetdeck::agent
