// limits.nofile / limits.memlock — login limits for every user ("*") in limits.d. They exist only
// as a file (pam_limits reads it at each login), so runtime mode refuses them.
#include "agent/settings/kinds/kinds.h"

namespace fleetdeck::agent::settings {
namespace {

constexpr const char* kLimitsFile = "/etc/security/limits.d/90-fleetdeck.conf";

std::string item_of(std::string_view id) { return id == "limits.nofile" ? "nofile" : "memlock"; }

// The value pam_limits would apply to every user for `item`'s hard limit: the last "*" line in
// limits.conf, then limits.d/*.conf in name order. Null when none sets it.
Json configured_hard_limit(const RootFs& fs, const std::string& item) {
    std::vector<std::string> files = {"/etc/security/limits.conf"};
    for (const auto& name : fs.list("/etc/security/limits.d"))
        if (name.ends_with(".conf")) files.push_back("/etc/security/limits.d/" + name);
    Json value;
    for (const auto& file : files) {
        const auto text = fs.read(file);
        if (!text) continue;
        for_each_line(*text, [&](std::string_view line) {
            line = line.substr(0, line.find('#'));
            const auto w = split_ws(trim(line));
            if (w.size() != 4 || w[0] != "*" || (w[1] != "hard" && w[1] != "-") || w[2] != item) return;
            if (const auto n = parse_int(w[3])) value = *n;
            else if (w[3] == "unlimited" || w[3] == "infinity") value = "unlimited";
        });
    }
    return value;
}

class LimitsSetting : public SettingKind {
public:
    bool handles(std::string_view id) const override { return id == "limits.nofile" || id == "limits.memlock"; }

    std::variant<Instances, Problem> capture(const SettingContext& ctx, std::string_view id) const override {
        return Instances{{"hard", configured_hard_limit(ctx.fs, item_of(id))}};
    }

    std::optional<Problem> write(const SettingContext&, std::string_view id, const std::string&, const Json&) const override {
        return Problem{ErrorCode::NotSupported, std::string(id) + ": login limits exist only in limits.d: apply persistently"};
    }

    std::vector<PersistentLine> persistent_lines(std::string_view id, const Json& value, const Instances&) const override {
        const std::string item = item_of(id);
        std::vector<PersistentLine> lines;
        // The soft nofile limit stays as it is: raising it breaks programs that still use select().
        if (item == "memlock") lines.push_back({kLimitsFile, "* soft memlock", "* soft memlock " + knob_text(value)});
        lines.push_back({kLimitsFile, "* hard " + item, "* hard " + item + " " + knob_text(value)});
        return lines;
    }

    bool has_runtime_form() const override { return false; }
};

}  // namespace

std::unique_ptr<SettingKind> make_limits_setting() { return std::make_unique<LimitsSetting>(); }

}  // namespace fleetdeck::agent::settings
