// cpu.epp — energy_performance_preference of every cpufreq policy (active intel_pstate or
// amd-pstate only); persisted as one tmpfiles.d glob line.
#include "agent/settings/kinds/kinds.h"
#include "agent/settings/sysfs_knob.h"

namespace fleetdeck::agent::settings {
namespace {

constexpr const char* kDir = "/sys/devices/system/cpu/cpufreq";
constexpr const char* kEppGlob = "/sys/devices/system/cpu/cpufreq/policy*/energy_performance_preference";

std::vector<KnobFile> epp_knobs(const RootFs& fs) {
    std::vector<KnobFile> knobs;
    for (const auto& name : fs.list(kDir)) {
        const std::string path = std::string(kDir) + "/" + name + "/energy_performance_preference";
        if (name.starts_with("policy") && fs.exists(path)) knobs.push_back({name, path});
    }
    return knobs;
}

class CpuEppSetting : public SettingKind {
public:
    bool handles(std::string_view id) const override { return id == "cpu.epp"; }

    std::variant<Instances, Problem> capture(const SettingContext& ctx, std::string_view id) const override {
        return capture_knobs(ctx.fs, id, epp_knobs(ctx.fs),
                             "no energy_performance_preference: the CPU frequency driver is not an active "
                             "intel_pstate or amd-pstate");
    }

    std::optional<Problem> check(const SettingContext& ctx, std::string_view id, const Json& value) const override {
        std::vector<std::string> offered;
        for (const auto& k : epp_knobs(ctx.fs))
            offered.push_back(std::string(kDir) + "/" + k.instance + "/energy_performance_available_preferences");
        return check_offered(ctx.fs, id, value, offered);
    }

    std::optional<Problem> write(const SettingContext& ctx, std::string_view id, const std::string& instance,
                                 const Json& value) const override {
        return write_knob(ctx.fs, id, epp_knobs(ctx.fs), instance, value);
    }

    std::vector<PersistentLine> persistent_lines(std::string_view, const Json& value, const Instances&) const override {
        return {tmpfiles_line(kEppGlob, value)};
    }
};

}  // namespace

std::unique_ptr<SettingKind> make_cpu_epp_setting() { return std::make_unique<CpuEppSetting>(); }

}  // namespace fleetdeck::agent::settings
