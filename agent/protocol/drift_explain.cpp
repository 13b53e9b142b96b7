#include "agent/protocol/drift_explain.h"

#include "agent/protocol/decode.h"

namespace fleetdeck::protocol {
namespace {

using Json = nlohmann::json;

std::string bounded_text(const Json& value, const std::string& path, std::size_t max_bytes) {
    if (!value.is_string()) throw DecodeError(path + ": expected string");
    std::string text = value.get<std::string>();
    if (text.size() > max_bytes) throw DecodeError(path + ": longer than " + std::to_string(max_bytes) + " bytes");
    return text;
}

const Json& object_member(const Json& object, const char* key) {
    static const Json null;
    const auto it = object.find(key);
    return it == object.end() ? null : *it;
}

void check_size(const Json& list, std::size_t max, const std::string& path) {
    if (list.size() > max) throw DecodeError(path + ": more than " + std::to_string(max) + " entries");
}

TunedSysctl drift_tuned_from(const Json& value, const DriftExplainLimits& limits, const std::string& path) {
    TunedSysctl tuned;
    if (value.is_null()) return tuned;
    if (!value.is_object()) throw DecodeError(path + ": expected object");
    if (const Json& p = object_member(value, "profile"); !p.is_null())
        tuned.profile = bounded_text(p, path + ".profile", limits.max_text_bytes);
    if (const Json& read = object_member(value, "profiles_read"); !read.is_null()) {
        if (!read.is_array()) throw DecodeError(path + ".profiles_read: expected array");
        check_size(read, limits.max_profiles, path + ".profiles_read");
        for (std::size_t i = 0; i < read.size(); ++i)
            tuned.profiles_read.push_back(
                bounded_text(read[i], path + ".profiles_read[" + std::to_string(i) + "]", limits.max_text_bytes));
    }
    if (const Json& sysctl = object_member(value, "sysctl"); !sysctl.is_null()) {
        if (!sysctl.is_object()) throw DecodeError(path + ".sysctl: expected object");
        check_size(sysctl, limits.max_tuned_keys, path + ".sysctl");
        for (const auto& [key, v] : sysctl.items()) {
            if (key.size() > limits.max_text_bytes) throw DecodeError(path + ".sysctl: a key longer than " + std::to_string(limits.max_text_bytes) + " bytes");
            tuned.sysctl[key] = bounded_text(v, path + ".sysctl." + key, limits.max_text_bytes);
        }
    }
    return tuned;
}

}  // namespace

Json to_json(const DriftExplain& e) {
    Json files = Json::object();
    for (const auto& [key, list] : e.sysctl_files) {
        Json rows = Json::array();
        for (const auto& f : list) rows.push_back({{"path", f.path}, {"value", f.value}});
        files[key] = std::move(rows);
    }
    Json tuned_sysctl = Json::object();
    for (const auto& [key, value] : e.tuned.sysctl) tuned_sysctl[key] = value;
    return {{"boot", to_json(e.boot)},
            {"tuned", {{"profile", e.tuned.profile ? Json(*e.tuned.profile) : Json()},
                       {"profiles_read", e.tuned.profiles_read},
                       {"sysctl", std::move(tuned_sysctl)}}},
            {"sysctl_files", std::move(files)},
            {"notes", e.notes}};
}

DriftExplain drift_explain_from_json(const Json& result, const DriftExplainLimits& limits, const std::string& path) {
    if (!result.is_object()) throw DecodeError(path + ": expected object");
    DriftExplain e;
    e.boot = boot_facts_from_json(object_member(result, "boot"), path + ".boot");
    e.tuned = drift_tuned_from(object_member(result, "tuned"), limits, path + ".tuned");
    if (const Json& files = object_member(result, "sysctl_files"); !files.is_null()) {
        if (!files.is_object()) throw DecodeError(path + ".sysctl_files: expected object");
        check_size(files, limits.max_keys, path + ".sysctl_files");
        for (const auto& [key, rows] : files.items()) {
            const std::string at = path + ".sysctl_files." + key;
            if (key.size() > limits.max_text_bytes) throw DecodeError(path + ".sysctl_files: a key longer than " + std::to_string(limits.max_text_bytes) + " bytes");
            if (!rows.is_array()) throw DecodeError(at + ": expected array");
            check_size(rows, limits.max_files_per_key, at);
            auto& out = e.sysctl_files[key];
            for (std::size_t i = 0; i < rows.size(); ++i) {
                const ParamReader r(rows[i], at + "[" + std::to_string(i) + "]");
                out.push_back({bounded_text(r.raw("path"), r.path() + ".path", limits.max_text_bytes),
                               bounded_text(r.raw("value"), r.path() + ".value", limits.max_text_bytes)});
            }
        }
    }
    if (const Json& notes = object_member(result, "notes"); !notes.is_null()) {
        if (!notes.is_array()) throw DecodeError(path + ".notes: expected array");
        check_size(notes, limits.max_notes, path + ".notes");
        for (std::size_t i = 0; i < notes.size(); ++i)
            e.notes.push_back(bounded_text(notes[i], path + ".notes[" + std::to_string(i) + "]", limits.max_text_bytes));
    }
    return e;
}

}  // namespace fleetdeck::protocol
