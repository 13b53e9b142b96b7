#include "agent/settings/kinds/nvidia_gpus.h"

namespace fleetdeck::agent::settings {

std::variant<std::shared_ptr<gpu::NvmlLibrary>, Problem> ready_nvml(const SettingContext& ctx, std::string_view id) {
    auto nvml = ctx.nvml ? ctx.nvml() : nullptr;
    if (!nvml || !nvml->ready())
        return Problem{ErrorCode::NotSupported,
                       std::string(id) + ": " + (nvml ? nvml->message() : std::string("NVML is not available"))};
    if (nvml->device_count() == 0) return Problem{ErrorCode::NotSupported, std::string(id) + ": NVML sees no NVIDIA GPU"};
    return nvml;
}

gpu::NvmlLibrary::Device* gpu_device(const gpu::NvmlLibrary& nvml, const std::string& instance) {
    if (!instance.starts_with("gpu")) return nullptr;
    const auto index = parse_int(std::string_view(instance).substr(3));
    if (!index || *index < 0 || *index >= static_cast<std::int64_t>(nvml.device_count())) return nullptr;
    return nvml.device(static_cast<unsigned>(*index));
}

Problem nvml_problem(std::string_view id, const std::string& instance, const gpu::NvmlLibrary::SetProblem& p) {
    using Kind = gpu::NvmlLibrary::SetProblem::Kind;
    const std::string text = std::string(id) + ": " + instance + ": " + p.message;
    switch (p.kind) {
    case Kind::NoPermission: return {ErrorCode::PermissionDenied, text + " (the agent needs root)"};
    case Kind::NotExported:
    case Kind::NotSupported: return {ErrorCode::NotSupported, text};
    case Kind::InvalidArgument:
    case Kind::Failed: break;
    }
    return {ErrorCode::ApplyFailed, text};
}

}  // namespace fleetdeck::agent::settings
