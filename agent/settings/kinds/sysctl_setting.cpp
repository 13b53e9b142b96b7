// sysctl:KEY — a /proc/sys knob from the catalogue's explicit list; persisted in sysctl.d.
#include "agent/settings/kinds/kinds.h"
#include "agent/settings/sysfs_knob.h"

namespace fleetdeck::agent::settings {
namespace {

constexpr std::string_view kPrefix = "sysctl:";
constexpr const char* kSysctlFile = "/etc/sysctl.d/90-fleetdeck.conf";

// "sysctl:net.core.somaxconn" -> "/proc/sys/net/core/somaxconn". Keys come from the catalogue
// only, so they hold no "/" or "..".
std::string proc_path(std::string_view id) {
    std::string key(id.substr(kPrefix.size()));
    for (auto& c : key)
        if (c == '.') c = '/';
    return "/proc/sys/" + key;
}

class SysctlSetting : public SettingKind {
public:
    bool handles(std::string_view id) const override { return id.starts_with(kPrefix); }

    std::variant<Instances, Problem> capture(const SettingContext& ctx, std::string_view id) const override {
        if (!ctx.fs.exists(proc_path(id)))
            return Problem{ErrorCode::NotSupported, std::string(id) + ": " + proc_path(id) + " does not exist on this kernel"};
        return capture_knobs(ctx.fs, id, knobs(id), "");
    }

    std::optional<Problem> write(const SettingContext& ctx, std::string_view id, const std::string& instance,
                                 const Json& value) const override {
        return write_knob(ctx.fs, id, knobs(id), instance, value);
    }

    std::vector<PersistentLine> persistent_lines(std::string_view id, const Json& value, const Instances&) const override {
        const std::string key(id.substr(kPrefix.size()));
        return {{kSysctlFile, key, key + " = " + knob_text(value)}};
    }

private:
    static std::vector<KnobFile> knobs(std::string_view id) { return {{"host", proc_path(id)}}; }
};

}  // namespace

std::unique_ptr<SettingKind> make_sysctl_setting() { return std::make_unique<SysctlSetting>(); }

}  // namespace fleetdeck::agent::settings
