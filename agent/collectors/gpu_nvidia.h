#pragma once

#include <memory>
#include <vector>

#include "agent/collectors/collector.h"
#include "agent/gpu/gpu_sample.h"
#include "agent/gpu/nvml_library.h"

namespace fleetdeck::agent {

// NVIDIA GPUs through NVML, appended to `gpus[]`. Device handles and the fields that do not change
// while the driver is loaded (name, uuid, bus id, thresholds, power-limit range, maximum link) are
// read once; the rest on every sample. No library is not an error: `facts` says why.
class NvidiaGpuCollector : public Collector {
public:
    NvidiaGpuCollector() = default;  // uses NvmlLibrary::shared() on the first sample
    explicit NvidiaGpuCollector(std::shared_ptr<gpu::NvmlLibrary> nvml) : nvml_(std::move(nvml)) {}

    std::string_view name() const override { return "gpu-nvidia"; }
    void sample(const RootFs& fs, Json& snapshot) override;

private:
    struct Device {
        gpu::NvmlLibrary::Device* handle = nullptr;
        gpu::GpuSample fixed;  // the static fields, copied into every sample
    };
    void discover();
    gpu::GpuSample read(const Device& device) const;

    std::shared_ptr<gpu::NvmlLibrary> nvml_;
    std::vector<Device> devices_;
    bool discovered_ = false;
};

}  // namespace fleetdeck::agent
