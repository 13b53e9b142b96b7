#pragma once

#include <optional>
#include <string>
#include <vector>

#include "agent/collectors/collector.h"
#include "agent/collectors/hwmon_chips.h"
#include "agent/gpu/gpu_sample.h"

namespace fleetdeck::agent {

// AMD GPUs through the amdgpu driver's sysfs (/sys/class/drm/cardN/device and its hwmon chip),
// appended to `gpus[]`. The cards and their static fields are found once.
class AmdGpuCollector : public Collector {
public:
    std::string_view name() const override { return "gpu-amd"; }
    void sample(const RootFs& fs, protocol::Sample& sample) override;

private:
    struct Card {
        std::string device_dir;  // "/sys/class/drm/card1/device"
        std::optional<HwmonChip> hwmon;
        gpu::GpuSample fixed;
    };
    void discover(const RootFs& fs);
    void read(const RootFs& fs, const Card& card, gpu::GpuSample& out) const;  // over what `out` held

    std::vector<Card> cards_;
    bool discovered_ = false;
};

}  // namespace fleetdeck::agent
