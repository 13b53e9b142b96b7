#pragma once

#include <chrono>
#include <memory>
#include <optional>
#include <vector>

#include "agent/gpu/gpu_sample.h"
#include "agent/gpu/nvml_library.h"
#include "agent/gpu/process_identity.h"

namespace fleetdeck::agent::gpu {

// Who uses one NVIDIA GPU and how (docs/protocol.md: gpus[].processes, prof, energy_mj,
// violation_ns). The process lists, their /proc attribution and the pre-Hopper PCIe throughput
// (each of its calls samples the bus for 20 ms inside the driver) are read every
// kListsEvery and repeated in between; the per-process SM shares, the GPM figures, the energy
// and the clock-limit times on every sample.
class NvmlUsageReader {
public:
    static constexpr std::chrono::seconds kListsEvery{5};
    static constexpr std::size_t kMaxProcesses = 64;  // SampleLimits::max_gpu_processes
    // GPM samples closer than this are not compared (nvml.h:13861: "greater than 100ms").
    static constexpr std::chrono::milliseconds kGpmMinInterval{110};

    // `nvml` must outlive the reader. Finds out once whether the GPU has GPM.
    NvmlUsageReader(const NvmlLibrary& nvml, NvmlLibrary::Device* device);

    // Takes the first GPM sample, so that the first read() can already compare two; true when it
    // did (the caller then lets kGpmMinInterval pass before that read).
    bool start_gpm(std::chrono::steady_clock::time_point now);
    void read(const RootFs& fs, ProcessIdentity& identity, bool lists_due, std::chrono::steady_clock::time_point now,
              GpuSample& out);

private:
    void read_lists(const RootFs& fs, ProcessIdentity& identity);
    void read_sm_shares();
    std::optional<protocol::GpuProfSample> read_prof(std::chrono::steady_clock::time_point now);

    const NvmlLibrary* nvml_;
    NvmlLibrary::Device* device_;
    std::optional<std::vector<protocol::GpuProcess>> processes_;
    std::uint64_t sm_last_seen_us_ = 0;
    bool lists_read_ = false;
    std::optional<unsigned> pcie_tx_kb_, pcie_rx_kb_;  // basic profiling, read with the lists
    // GPM: the previous sample and when it was taken; the figures between the last two.
    bool gpm_ = false;
    std::unique_ptr<NvmlLibrary::GpmBuffer> gpm_previous_, gpm_next_;
    std::optional<std::chrono::steady_clock::time_point> gpm_previous_at_;
    std::optional<NvmlLibrary::GpmMetrics> gpm_last_;
};

}  // namespace fleetdeck::agent::gpu
