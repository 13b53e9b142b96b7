// thp.enabled / thp.defrag — transparent huge pages; persisted as tmpfiles.d `w` lines.
#include "agent/settings/kinds/kinds.h"
#include "agent/settings/sysfs_knob.h"

namespace fleetdeck::agent::settings {
namespace {

std::string thp_path(std::string_view id) {
    return std::string("/sys/kernel/mm/transparent_hugepage/") + (id == "thp.enabled" ? "enabled" : "defrag");
}

class ThpSetting : public SettingKind {
public:
    bool handles(std::string_view id) const override { return id == "thp.enabled" || id == "thp.defrag"; }

    std::variant<Instances, Problem> capture(const SettingContext& ctx, std::string_view id) const override {
        if (!ctx.fs.exists(thp_path(id)))
            return Problem{ErrorCode::NotSupported, std::string(id) + ": this kernel has no transparent huge pages"};
        return capture_knobs(ctx.fs, id, {{"host", thp_path(id)}}, "");
    }

    // The file itself lists the choices: "always [madvise] never".
    std::optional<Problem> check(const SettingContext& ctx, std::string_view id, const Json& value) const override {
        return check_offered(ctx.fs, id, value, {thp_path(id)});
    }

    std::optional<Problem> write(const SettingContext& ctx, std::string_view id, const std::string& instance,
                                 const Json& value) const override {
        return write_knob(ctx.fs, id, {{"host", thp_path(id)}}, instance, value);
    }

    std::vector<PersistentLine> persistent_lines(std::string_view id, const Json& value, const Instances&) const override {
        return {tmpfiles_line(thp_path(id), value)};
    }
};

}  // namespace

std::unique_ptr<SettingKind> make_thp_setting() { return std::make_unique<ThpSetting>(); }

}  // namespace fleetdeck::agent::settings
