// cpu.governor — scaling_governor of every CPU with cpufreq; persisted as one tmpfiles.d glob line.
#include "agent/settings/kinds/kinds.h"
#include "agent/settings/sysfs_knob.h"

namespace fleetdeck::agent::settings {
namespace {

constexpr const char* kGovernorGlob = "/sys/devices/system/cpu/cpu*/cpufreq/scaling_governor";

bool is_cpu_dir(const std::string& name) {
    return name.size() > 3 && name.starts_with("cpu") && name.find_first_not_of("0123456789", 3) == std::string::npos;
}

std::vector<KnobFile> governor_knobs(const RootFs& fs) {
    std::vector<KnobFile> knobs;
    for (const auto& name : fs.list("/sys/devices/system/cpu")) {
        const std::string path = "/sys/devices/system/cpu/" + name + "/cpufreq/scaling_governor";
        if (is_cpu_dir(name) && fs.exists(path)) knobs.push_back({name, path});
    }
    return knobs;
}

class CpuGovernorSetting : public SettingKind {
public:
    bool handles(std::string_view id) const override { return id == "cpu.governor"; }

    std::variant<Instances, Problem> capture(const SettingContext& ctx, std::string_view id) const override {
        return capture_knobs(ctx.fs, id, governor_knobs(ctx.fs),
                             "no CPU has cpufreq here (a VM guest leaves frequency to the hypervisor)");
    }

    std::optional<Problem> check(const SettingContext& ctx, std::string_view id, const Json& value) const override {
        std::vector<std::string> offered;
        for (const auto& k : governor_knobs(ctx.fs))
            offered.push_back("/sys/devices/system/cpu/" + k.instance + "/cpufreq/scaling_available_governors");
        return check_offered(ctx.fs, id, value, offered);
    }

    std::optional<Problem> write(const SettingContext& ctx, std::string_view id, const std::string& instance,
                                 const Json& value) const override {
        return write_knob(ctx.fs, id, governor_knobs(ctx.fs), instance, value);
    }

    std::vector<PersistentLine> persistent_lines(std::string_view, const Json& value, const Instances&) const override {
        return {tmpfiles_line(kGovernorGlob, value)};
    }
};

}  // namespace

std::unique_ptr<SettingKind> make_cpu_governor_setting() { return std::make_unique<CpuGovernorSetting>(); }

}  // namespace fleetdeck::agent::settings
