#pragma once

#include <chrono>
#include <memory>
#include <optional>

#include "agent/gpu/nvml_library.h"
#include "agent/protocol/sample.h"

namespace fleetdeck::agent::gpu {

// GPM figures of one GPU or of one MIG GPU instance: two sample buffers, the time of the last
// sample, and the figures between the last two. A read takes a sample and compares it with the one
// before once kMinInterval has passed; between two reads closer than that (a fast subscription),
// the last figures stand.
class GpmSeries {
public:
    // GPM samples closer than this are not compared (nvml.h:13861, 13932: "greater than 100ms").
    static constexpr std::chrono::milliseconds kMinInterval{110};

    // The whole device (nvmlGpmSampleGet) or, with `gpu_instance_id`, one of its GPU instances
    // (nvmlGpmMigSampleGet). nullptr where the driver gives no GPM buffers. `nvml` must outlive it.
    static std::unique_ptr<GpmSeries> open(const NvmlLibrary& nvml, NvmlLibrary::Device* device,
                                           std::optional<unsigned> gpu_instance_id = std::nullopt);

    // Takes the first sample, so that the first read() can already compare two; true when it did.
    bool start(std::chrono::steady_clock::time_point now);
    std::optional<NvmlLibrary::GpmMetrics> read(std::chrono::steady_clock::time_point now);

private:
    GpmSeries(const NvmlLibrary& nvml, NvmlLibrary::Device* device, std::optional<unsigned> gpu_instance_id,
              std::unique_ptr<NvmlLibrary::GpmBuffer> previous, std::unique_ptr<NvmlLibrary::GpmBuffer> next);
    bool sample(NvmlLibrary::GpmBuffer& into) const;

    const NvmlLibrary* nvml_;
    NvmlLibrary::Device* device_;
    std::optional<unsigned> gpu_instance_id_;
    std::unique_ptr<NvmlLibrary::GpmBuffer> previous_, next_;
    std::optional<std::chrono::steady_clock::time_point> previous_at_;
    std::optional<NvmlLibrary::GpmMetrics> last_;
};

// GPM figures as the sample's `prof` (source "gpm"): activities as NVML gives them, PCIe and
// NVLink from MiB/s to bytes per second.
protocol::GpuProfSample prof_from_gpm(const NvmlLibrary::GpmMetrics& m);

}  // namespace fleetdeck::agent::gpu
