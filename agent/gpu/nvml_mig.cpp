#include "agent/gpu/nvml_mig.h"

#include <algorithm>

namespace fleetdeck::agent::gpu {

std::optional<std::string> mig_profile_of(const std::string& mig_device_name) {
    const auto at = mig_device_name.rfind("MIG ");
    if (at == std::string::npos || (at > 0 && mig_device_name[at - 1] != ' ')) return std::nullopt;
    std::string profile = mig_device_name.substr(at + 4);
    if (profile.empty()) return std::nullopt;
    return profile;
}

NvmlMigReader::NvmlMigReader(const NvmlLibrary& nvml, NvmlLibrary::Device* device, bool gpm)
    : nvml_(&nvml), device_(device), gpm_(gpm) {}

bool NvmlMigReader::enumerate(std::chrono::steady_clock::time_point now) {
    const auto listed = nvml_->mig_enabled(device_).value_or(false) ? nvml_->mig_instances(device_) : std::nullopt;
    if (!listed) {
        instances_.reset();
        return false;
    }
    bool started = false;
    std::vector<Instance> next;
    next.reserve(listed->size());
    for (const auto& m : *listed) {
        Instance& instance = next.emplace_back();
        instance.gpu_instance_id = m.gpu_instance_id;
        if (const auto name = nvml_->name(m.handle)) instance.profile = mig_profile_of(*name);
        // An instance seen before keeps its series (and its previous sample).
        if (instances_)
            for (auto& old : *instances_)
                if (old.gpu_instance_id == m.gpu_instance_id && old.gpm) instance.gpm = std::move(old.gpm);
        if (!instance.gpm && gpm_) {
            instance.gpm = GpmSeries::open(*nvml_, device_, m.gpu_instance_id);
            if (instance.gpm && instance.gpm->start(now)) started = true;
        }
    }
    instances_ = std::move(next);
    return started;
}

std::optional<std::vector<protocol::GpuMigInstance>> NvmlMigReader::read(std::chrono::steady_clock::time_point now) {
    if (!instances_) return std::nullopt;
    std::vector<protocol::GpuMigInstance> out;
    out.reserve(instances_->size());
    for (auto& instance : *instances_) {
        protocol::GpuMigInstance& m = out.emplace_back();
        m.gpu_instance_id = instance.gpu_instance_id;
        m.profile = instance.profile;
        if (instance.gpm)
            if (const auto metrics = instance.gpm->read(now)) m.prof = prof_from_gpm(*metrics);
    }
    return out;
}

}  // namespace fleetdeck::agent::gpu
