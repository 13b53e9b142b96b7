#include "agent/settings/sysfs_knob.h"

#include <algorithm>
#include <cerrno>

namespace fleetdeck::agent::settings {

std::variant<Instances, Problem> capture_knobs(const RootFs& fs, std::string_view id, const std::vector<KnobFile>& knobs,
                                               std::string_view none_reason) {
    if (knobs.empty()) return Problem{ErrorCode::NotSupported, std::string(id) + ": " + std::string(none_reason)};
    Instances out = Json::object();
    for (const auto& k : knobs) {
        const auto text = fs.read_line(k.path);
        if (!text)
            return Problem{ErrorCode::NotSupported, std::string(id) + ": cannot read " + k.path};
        auto value = normalized(id, Json(*text), k.path);
        if (auto* p = std::get_if<Problem>(&value)) return *p;
        out[k.instance] = std::get<Json>(value);
    }
    return out;
}

Problem write_problem(std::string_view id, const FsError& error) {
    if (error.permission())
        return {ErrorCode::PermissionDenied, std::string(id) + ": " + error.message + " (the agent needs root)"};
    if (error.error_number == ENOENT) return {ErrorCode::NotSupported, std::string(id) + ": " + error.message};
    return {ErrorCode::ApplyFailed, std::string(id) + ": the kernel refused the value: " + error.message};
}

std::optional<Problem> write_knob(const RootFs& fs, std::string_view id, const std::vector<KnobFile>& knobs,
                                  const std::string& instance, const Json& value) {
    const auto it = std::find_if(knobs.begin(), knobs.end(), [&](const KnobFile& k) { return k.instance == instance; });
    if (it == knobs.end())
        return Problem{ErrorCode::NotSupported, std::string(id) + ": " + instance + " is gone from this host"};
    // With a newline, as `echo value > knob` writes it: every sysfs and sysctl parser accepts it.
    if (auto error = fs.write(it->path, knob_text(value) + "\n")) return write_problem(id, *error);
    return std::nullopt;
}

std::vector<std::string> offered_words(const RootFs& fs, const std::string& path) {
    std::vector<std::string> words;
    const auto text = fs.read_line(path);
    if (!text) return words;
    for (auto w : split_ws(*text)) {
        if (!w.empty() && w.front() == '[') w.remove_prefix(1);
        if (!w.empty() && w.back() == ']') w.remove_suffix(1);
        if (!w.empty()) words.emplace_back(w);
    }
    return words;
}

std::optional<Problem> check_offered(const RootFs& fs, std::string_view id, const Json& value,
                                     const std::vector<std::string>& offered_paths) {
    const std::string wanted = knob_text(value);
    for (const auto& path : offered_paths) {
        const auto words = offered_words(fs, path);
        if (words.empty()) continue;  // the driver does not list its choices; the read-back decides
        if (std::find(words.begin(), words.end(), wanted) == words.end()) {
            std::string list;
            for (const auto& w : words) list += (list.empty() ? "" : " ") + w;
            return Problem{ErrorCode::NotSupported,
                           std::string(id) + ": this host does not offer " + wanted + " (" + path + " lists: " + list + ")"};
        }
    }
    return std::nullopt;
}

}  // namespace fleetdeck::agent::settings
