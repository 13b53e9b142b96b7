#include "agent/settings/persistent_files.h"

#include <algorithm>

namespace fleetdeck::agent::settings {
namespace {

constexpr const char* kHeader =
    "# Managed by FleetDeck (fleetdeck-agent tune.apply). A later push rewrites this file;\n"
    "# tune.rollback restores what it held before. Edit settings in FleetDeck, not here.\n";

// The key of an entry line in `path`: what makes two lines set the same thing.
std::string key_of(const std::string& path, std::string_view line) {
    line = trim(line);
    if (path.starts_with("/etc/sysctl.d/")) return std::string(trim(line.substr(0, line.find('='))));
    const auto words = split_ws(line);
    if (path.starts_with("/etc/tmpfiles.d/")) return words.size() > 1 ? std::string(words[1]) : std::string(line);
    if (path.starts_with("/etc/security/limits.d/") && words.size() >= 3)
        return std::string(words[0]) + " " + std::string(words[1]) + " " + std::string(words[2]);
    return words.empty() ? std::string() : std::string(words[0]);
}

struct Entry {
    std::string key;
    std::string line;
};

std::vector<Entry> parse_entries(const std::string& path, const std::optional<std::string>& text) {
    std::vector<Entry> entries;
    if (!text) return entries;
    for_each_line(*text, [&](std::string_view line) {
        const auto t = trim(line);
        if (t.empty() || t.front() == '#' || t.front() == ';') return;
        entries.push_back({key_of(path, t), std::string(t)});
    });
    return entries;
}

}  // namespace

const std::vector<std::string>& persistent_file_paths() {
    static const std::vector<std::string> paths = {
        "/etc/sysctl.d/90-fleetdeck.conf",
        "/etc/tmpfiles.d/fleetdeck.conf",
        "/etc/security/limits.d/90-fleetdeck.conf",
        "/etc/modules-load.d/fleetdeck.conf",
    };
    return paths;
}

std::vector<FileChange> plan_file_changes(const RootFs& fs, const std::vector<PersistentLine>& lines) {
    std::vector<FileChange> changes;
    for (const auto& path : persistent_file_paths()) {
        if (std::none_of(lines.begin(), lines.end(), [&](const PersistentLine& l) { return l.path == path; })) continue;
        FileChange change{path, fs.read(path), std::nullopt};
        auto entries = parse_entries(path, change.before);
        for (const auto& l : lines) {
            if (l.path != path) continue;
            const auto it = std::find_if(entries.begin(), entries.end(), [&](const Entry& e) { return e.key == l.key; });
            if (l.line.empty()) {
                if (it != entries.end()) entries.erase(it);
            } else if (it != entries.end()) {
                it->line = l.line;
            } else {
                entries.push_back({l.key, l.line});
            }
        }
        if (!entries.empty()) {
            std::string text = kHeader;
            for (const auto& e : entries) text += e.line + "\n";
            change.after = std::move(text);
        }
        if (change.after != change.before) changes.push_back(std::move(change));
    }
    return changes;
}

protocol::TunedStatus tuned_status(const RootFs& fs) {
    const auto profile = fs.read_line("/etc/tuned/active_profile");
    const bool active = profile && !profile->empty();
    bool reapply_sysctl = true;  // tuned's default
    if (const auto conf = fs.read("/etc/tuned/tuned-main.conf")) {
        for_each_line(*conf, [&](std::string_view line) {
            const auto eq = line.find('=');
            if (eq == std::string_view::npos || trim(line.substr(0, eq)) != "reapply_sysctl") return;
            const auto v = trim(line.substr(eq + 1));
            reapply_sysctl = !(v == "0" || v == "false" || v == "no");
        });
    }
    protocol::TunedStatus out;
    out.active = active;
    if (active) out.profile = *profile;
    out.reapply_sysctl = reapply_sysctl;
    if (active) {
        std::string message = "tuned profile " + *profile +
                              " is active: it sets the CPU governor, huge pages and read-ahead itself and may undo "
                              "these changes when it restarts";
        message += reapply_sysctl ? "; /etc/sysctl.d still wins over its sysctl values (reapply_sysctl=1)"
                                  : "; reapply_sysctl=0, so its sysctl values override /etc/sysctl.d";
        out.message = message;
    }
    return out;
}

}  // namespace fleetdeck::agent::settings
