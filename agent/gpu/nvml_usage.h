#pragma once

#include <chrono>
#include <memory>
#include <optional>
#include <vector>

#include "agent/gpu/gpm_series.h"
#include "agent/gpu/gpu_sample.h"
#include "agent/gpu/nvml_library.h"
#include "agent/gpu/nvml_mig.h"
#include "agent/gpu/process_identity.h"

namespace fleetdeck::agent::gpu {

// Who uses one NVIDIA GPU and how (docs/protocol.md: gpus[].processes, prof, energy_mj,
// violation_ns, mig). The process lists, their /proc attribution, the pre-Hopper PCIe throughput
// (each of its calls samples the bus for 20 ms inside the driver) and the MIG instances are read
// every kListsEvery and repeated in between; the per-process SM shares, the GPM figures, the
// energy, the clock-limit times and the NVLink counters on every sample.
class NvmlUsageReader {
public:
    static constexpr std::chrono::seconds kListsEvery{5};
    static constexpr std::size_t kMaxProcesses = 64;  // SampleLimits::max_gpu_processes
    static constexpr std::chrono::milliseconds kGpmMinInterval = GpmSeries::kMinInterval;
    // NVLink counter readings closer than this (NVML's timestamps) give no new rate: the last stands.
    static constexpr std::chrono::milliseconds kRateMinInterval{100};

    // `nvml` must outlive the reader. Finds out once whether the GPU has GPM.
    NvmlUsageReader(const NvmlLibrary& nvml, NvmlLibrary::Device* device);

    // Takes the first GPM samples (the GPU's and its MIG instances') and the first NVLink counter
    // readings, so that the first read() can already compare two; true when it took any (the
    // caller then lets kGpmMinInterval pass before that read).
    bool start(std::chrono::steady_clock::time_point now);
    void read(const RootFs& fs, ProcessIdentity& identity, bool lists_due, std::chrono::steady_clock::time_point now,
              GpuSample& out);

    // A cumulative counter of KiB (NVML's NVLink throughput fields) as bytes per second between two
    // readings at least kRateMinInterval apart.
    class KibRate {
    public:
        // nullopt `reading`: the counter did not answer; the rate is unknown until two readings do.
        void add(const std::optional<NvmlLibrary::FieldReading>& reading, std::chrono::steady_clock::time_point now);
        std::optional<double> bytes_per_s() const { return bytes_per_s_; }
        bool has_reading() const { return previous_.has_value(); }

    private:
        std::optional<NvmlLibrary::FieldReading> previous_;
        std::chrono::steady_clock::time_point previous_at_{};
        std::optional<double> bytes_per_s_;
    };

private:
    void read_lists(const RootFs& fs, ProcessIdentity& identity, std::chrono::steady_clock::time_point now);
    void read_sm_shares();
    // One nvmlDeviceGetFieldValues call: the clock-limit times and, without GPM, the NVLink counters.
    void read_fields(std::chrono::steady_clock::time_point now, GpuSample& out);
    std::optional<protocol::GpuProfSample> read_prof(std::chrono::steady_clock::time_point now);

    const NvmlLibrary* nvml_;
    NvmlLibrary::Device* device_;
    std::optional<std::vector<protocol::GpuProcess>> processes_;
    std::uint64_t sm_last_seen_us_ = 0;
    bool lists_read_ = false;
    std::optional<unsigned> pcie_tx_kb_, pcie_rx_kb_;  // basic profiling, read with the lists
    KibRate nvlink_tx_, nvlink_rx_;                   // basic profiling, from the field values
    std::unique_ptr<GpmSeries> gpm_;                  // nullptr: no GPM
    NvmlMigReader mig_;
};

}  // namespace fleetdeck::agent::gpu
