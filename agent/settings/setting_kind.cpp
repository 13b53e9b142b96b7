#include "agent/settings/setting_kind.h"

#include "agent/setting_catalog/setting_catalog.h"

namespace fleetdeck::agent::settings {

std::optional<Problem> SettingKind::check(const SettingContext&, std::string_view, const Json&) const {
    return std::nullopt;
}

std::optional<std::string> SettingKind::left_as_is(std::string_view, const Json&, const Json&) const {
    return std::nullopt;
}

std::optional<std::string> SettingKind::persistence_note(std::string_view) const { return std::nullopt; }

const SettingKind* find_kind(std::string_view id) {
    for (const auto& kind : setting_kinds())
        if (kind->handles(id)) return kind.get();
    return nullptr;
}

std::string knob_text(const Json& value) {
    if (value.is_boolean()) return value.get<bool>() ? "1" : "0";
    if (value.is_string()) return value.get<std::string>();
    return value.dump();
}

PersistentLine tmpfiles_line(const std::string& path, const Json& value) {
    return {"/etc/tmpfiles.d/fleetdeck.conf", path, "w " + path + " - - - - " + knob_text(value)};
}

std::variant<Json, Problem> normalized(std::string_view id, const Json& raw, std::string_view where) {
    if (auto v = ::fleetdeck::settings::normalize_setting_value(id, raw)) return *v;
    return Problem{ErrorCode::NotSupported, std::string(id) + ": cannot read " + raw.dump() + " from " + std::string(where)};
}

}  // namespace fleetdeck::agent::settings
