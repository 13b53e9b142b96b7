#pragma once

#include <array>
#include <chrono>
#include <optional>
#include <vector>

#include "agent/gpu/gpu_sample.h"
#include "agent/gpu/nvml_library.h"

namespace fleetdeck::agent::gpu {

// The health readings of one NVIDIA GPU (docs/protocol.md: gpus[].ecc, remapped_rows,
// retired_pages, pcie_replays, nvlinks). ECC mode, the volatile ECC counts, PCIe replays and the
// NVLink states are read every sample. The counters that move over days, not seconds — aggregate
// ECC counts, remapped rows, retired pages, NVLink error counters — are read every
// kSlowCountersEvery and repeated in between: they cost most of the calls (three per link).
class NvmlHealthReader {
public:
    static constexpr std::chrono::seconds kSlowCountersEvery{10};

    // Finds the GPU's NVLinks: 0, 1, ... up to NVML_NVLINK_MAX_LINKS − 1, stopping at the first
    // it does not have. `nvml` must outlive the reader.
    NvmlHealthReader(const NvmlLibrary& nvml, NvmlLibrary::Device* device);

    void read(GpuSample& out, std::chrono::steady_clock::time_point now);

private:
    struct SlowCounters {
        std::optional<std::uint64_t> corrected_aggregate, uncorrected_aggregate;
        std::optional<protocol::RemappedRows> remapped_rows;
        std::optional<protocol::RetiredPages> retired_pages;
        std::vector<std::array<std::optional<std::int64_t>, 3>> link_errors;  // replay, recovery, CRC
    };
    void read_slow_counters();

    const NvmlLibrary* nvml_;
    NvmlLibrary::Device* device_;
    unsigned links_ = 0;
    SlowCounters slow_;
    std::optional<std::chrono::steady_clock::time_point> slow_read_at_;
};

}  // namespace fleetdeck::agent::gpu
