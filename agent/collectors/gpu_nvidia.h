#pragma once

#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "agent/collectors/collector.h"
#include "agent/gpu/gpu_sample.h"
#include "agent/gpu/kernel_log.h"
#include "agent/gpu/nvml_health.h"
#include "agent/gpu/nvml_library.h"
#include "agent/gpu/nvml_usage.h"
#include "agent/gpu/process_identity.h"
#include "agent/gpu/xid_history.h"

namespace fleetdeck::agent {

// NVIDIA GPUs through NVML, appended to `gpus[]`, with `gpu_pci_count` and `xid_events`. Device
// handles and the fields that do not change while the driver is loaded (name, uuid, bus id,
// thresholds, power-limit range, maximum link, NVLink count) are read once; the rest on every
// sample, the slow health counters every 10 s (gpu/nvml_health.h), the process lists every 5 s
// (gpu/nvml_usage.h). The first sample waits 110 ms after discovery so that GPM already has two
// samples to compare. A GPU that NVML reports lost
// keeps its place with `state: lost`. No library is not an error: `facts` says why.
class NvidiaGpuCollector : public Collector {
public:
    NvidiaGpuCollector();  // uses NvmlLibrary::shared() on the first sample
    explicit NvidiaGpuCollector(std::shared_ptr<gpu::NvmlLibrary> nvml);
    ~NvidiaGpuCollector() override;

    std::string_view name() const override { return "gpu-nvidia"; }
    void sample(const RootFs& fs, protocol::Sample& sample) override;

private:
    struct Device {
        gpu::NvmlLibrary::Device* handle = nullptr;  // nullptr: NVML answered GPU_IS_LOST for it at start
        gpu::GpuSample fixed;                        // the static fields, copied into every sample
        std::unique_ptr<gpu::NvmlHealthReader> health;
        std::unique_ptr<gpu::NvmlUsageReader> usage;
    };
    void discover();
    // Over what `out` held.
    void read(Device& device, const RootFs& fs, bool lists_due, std::chrono::steady_clock::time_point now,
              gpu::GpuSample& out);
    void collect_xids(const RootFs& fs);

    std::shared_ptr<gpu::NvmlLibrary> nvml_;
    std::vector<Device> devices_;
    std::unique_ptr<gpu::NvmlLibrary::XidWatch> xid_watch_;  // declared after nvml_, so freed before it
    std::unique_ptr<gpu::KernelXidLog> kernel_log_;
    gpu::XidHistory xids_;
    std::optional<std::int64_t> last_xid_poll_ms_;  // wall clock of the previous XID poll
    std::optional<std::int64_t> pci_count_;
    int samples_until_rescan_ = 0;
    std::vector<std::string> pci_listing_;  // /sys/bus/pci/devices at the last count
    bool pci_listed_ = false;
    std::chrono::steady_clock::time_point pci_scanned_at_{};
    bool discovered_ = false;
    gpu::ProcessIdentity identity_;  // names the processes on the GPUs
    std::optional<std::chrono::steady_clock::time_point> lists_read_at_;
    std::optional<std::chrono::steady_clock::time_point> gpm_started_at_;  // the first GPM samples, at discovery
};

}  // namespace fleetdeck::agent
