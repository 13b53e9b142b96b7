// gpu.persistence — NVIDIA persistence mode on every GPU, through NVML. It lasts until the driver
// unloads; nvidia-persistenced is the way to keep it across reboots.
#include "agent/settings/kinds/kinds.h"
#include "agent/settings/kinds/nvidia_gpus.h"

namespace fleetdeck::agent::settings {
namespace {

class GpuPersistenceSetting : public SettingKind {
public:
    bool handles(std::string_view id) const override { return id == "gpu.persistence"; }

    std::variant<Instances, Problem> capture(const SettingContext& ctx, std::string_view id) const override {
        auto ready = ready_nvml(ctx, id);
        if (auto* p = std::get_if<Problem>(&ready)) return *p;
        const auto& nvml = *std::get<std::shared_ptr<gpu::NvmlLibrary>>(ready);
        Instances out = Json::object();
        for (unsigned i = 0; i < nvml.device_count(); ++i) {
            const auto mode = nvml.persistence_mode(nvml.device(i));
            if (!mode)
                return Problem{ErrorCode::NotSupported, std::string(id) + ": NVML cannot read persistence mode of gpu" +
                                                            std::to_string(i)};
            out["gpu" + std::to_string(i)] = *mode;
        }
        return out;
    }

    std::optional<Problem> write(const SettingContext& ctx, std::string_view id, const std::string& instance,
                                 const Json& value) const override {
        auto ready = ready_nvml(ctx, id);
        if (auto* p = std::get_if<Problem>(&ready)) return *p;
        const auto& nvml = *std::get<std::shared_ptr<gpu::NvmlLibrary>>(ready);
        if (auto problem = nvml.set_persistence_mode(gpu_device(nvml, instance), value.get<bool>()))
            return nvml_problem(id, instance, *problem);
        return std::nullopt;
    }

    std::vector<PersistentLine> persistent_lines(std::string_view, const Json&, const Instances&) const override {
        return {};
    }

    std::optional<std::string> persistence_note(std::string_view id) const override {
        return std::string(id) + " lasts until the NVIDIA driver unloads: enable nvidia-persistenced to keep it at boot";
    }
};

}  // namespace

std::unique_ptr<SettingKind> make_gpu_persistence_setting() { return std::make_unique<GpuPersistenceSetting>(); }

}  // namespace fleetdeck::agent::settings
