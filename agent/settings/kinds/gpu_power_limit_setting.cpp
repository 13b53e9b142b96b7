// gpu.power_limit_w — the NVML power management limit of every GPU, within each board's min/max
// constraints. Lost when the driver unloads; rollback writes the limit found before.
#include "agent/settings/kinds/kinds.h"
#include "agent/settings/kinds/nvidia_gpus.h"

namespace fleetdeck::agent::settings {
namespace {

class GpuPowerLimitSetting : public SettingKind {
public:
    bool handles(std::string_view id) const override { return id == "gpu.power_limit_w"; }

    std::variant<Instances, Problem> capture(const SettingContext& ctx, std::string_view id) const override {
        auto ready = ready_nvml(ctx, id);
        if (auto* p = std::get_if<Problem>(&ready)) return *p;
        const auto& nvml = *std::get<std::shared_ptr<gpu::NvmlLibrary>>(ready);
        Instances out = Json::object();
        for (unsigned i = 0; i < nvml.device_count(); ++i) {
            auto* d = nvml.device(i);
            auto mw = nvml.power_limit_mw(d);
            if (!mw) mw = nvml.enforced_power_limit_mw(d);
            if (!mw)
                return Problem{ErrorCode::NotSupported,
                               std::string(id) + ": NVML cannot read the power limit of gpu" + std::to_string(i)};
            out["gpu" + std::to_string(i)] = static_cast<std::int64_t>((*mw + 500) / 1000);
        }
        return out;
    }

    std::optional<Problem> check(const SettingContext& ctx, std::string_view id, const Json& value) const override {
        auto ready = ready_nvml(ctx, id);
        if (auto* p = std::get_if<Problem>(&ready)) return *p;
        const auto& nvml = *std::get<std::shared_ptr<gpu::NvmlLibrary>>(ready);
        const auto wanted_mw = value.get<std::int64_t>() * 1000;
        for (unsigned i = 0; i < nvml.device_count(); ++i) {
            const auto c = nvml.power_limit_constraints(nvml.device(i));
            if (!c) continue;  // the board does not say; NVML itself refuses values out of range
            if (wanted_mw < c->min_mw || wanted_mw > c->max_mw)
                return Problem{ErrorCode::ValidationFailed,
                               std::string(id) + ": " + value.dump() + " W is outside gpu" + std::to_string(i) +
                                   "'s range " + std::to_string(c->min_mw / 1000) + ".." +
                                   std::to_string(c->max_mw / 1000) + " W"};
        }
        return std::nullopt;
    }

    std::optional<Problem> write(const SettingContext& ctx, std::string_view id, const std::string& instance,
                                 const Json& value) const override {
        auto ready = ready_nvml(ctx, id);
        if (auto* p = std::get_if<Problem>(&ready)) return *p;
        const auto& nvml = *std::get<std::shared_ptr<gpu::NvmlLibrary>>(ready);
        const auto mw = static_cast<unsigned>(value.get<std::int64_t>() * 1000);
        if (auto problem = nvml.set_power_limit_mw(gpu_device(nvml, instance), mw))
            return nvml_problem(id, instance, *problem);
        return std::nullopt;
    }

    std::vector<PersistentLine> persistent_lines(std::string_view, const Json&, const Instances&) const override {
        return {};
    }

    std::optional<std::string> persistence_note(std::string_view id) const override {
        return std::string(id) + " lasts until the NVIDIA driver unloads: a systemd unit after nvidia-persistenced "
                                 "keeps it at boot";
    }
};

}  // namespace

std::unique_ptr<SettingKind> make_gpu_power_limit_setting() { return std::make_unique<GpuPowerLimitSetting>(); }

}  // namespace fleetdeck::agent::settings
