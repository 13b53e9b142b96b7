#pragma once

#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "agent/gpu/gpm_series.h"
#include "agent/gpu/nvml_library.h"
#include "agent/protocol/sample.h"

namespace fleetdeck::agent::gpu {

// The GPU instances of one GPU in MIG mode (docs/protocol.md: gpus[].mig[]) and, on a GPU with
// GPM, each one's figures (nvmlGpmMigSampleGet, compared as the whole GPU's are). Whether the GPU
// is partitioned and into which instances is read with the process lists (every
// NvmlUsageReader::kListsEvery): MIG is reconfigured rarely, and only on an idle GPU. An instance
// destroyed in between has its figures null until the next enumeration drops it.
class NvmlMigReader {
public:
    // `nvml` must outlive the reader; `gpm`: the GPU has GPM (nvmlGpmQueryDeviceSupport).
    NvmlMigReader(const NvmlLibrary& nvml, NvmlLibrary::Device* device, bool gpm);

    // Reads the MIG mode and the instances; a new instance's series takes its first GPM sample.
    // True when one did (a read kMinInterval later has figures).
    bool enumerate(std::chrono::steady_clock::time_point now);
    // nullopt on a GPU not in MIG mode.
    std::optional<std::vector<protocol::GpuMigInstance>> read(std::chrono::steady_clock::time_point now);

private:
    struct Instance {
        unsigned gpu_instance_id = 0;
        std::optional<std::string> profile;
        std::unique_ptr<GpmSeries> gpm;  // nullptr without GPM
    };

    const NvmlLibrary* nvml_;
    NvmlLibrary::Device* device_;
    bool gpm_;
    std::optional<std::vector<Instance>> instances_;  // nullopt: not in MIG mode
};

// "3g.40gb" from a MIG device's name as NVML gives it ("NVIDIA H100 80GB HBM3 MIG 3g.40gb"): what
// follows the last "MIG "; nullopt where there is none.
std::optional<std::string> mig_profile_of(const std::string& mig_device_name);

}  // namespace fleetdeck::agent::gpu
