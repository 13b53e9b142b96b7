#pragma once

#include <memory>
#include <variant>

#include "agent/gpu/nvml_library.h"
#include "agent/settings/setting_kind.h"

namespace fleetdeck::agent::settings {

// NVML, ready, with at least one GPU; or why GPU settings cannot be used on this host.
std::variant<std::shared_ptr<gpu::NvmlLibrary>, Problem> ready_nvml(const SettingContext& ctx, std::string_view id);
// "gpu3" -> the NVML device 3, or nullptr.
gpu::NvmlLibrary::Device* gpu_device(const gpu::NvmlLibrary& nvml, const std::string& instance);
// A setter's failure as a problem (no permission -> permission_denied, ...).
Problem nvml_problem(std::string_view id, const std::string& instance, const gpu::NvmlLibrary::SetProblem& p);

}  // namespace fleetdeck::agent::settings
