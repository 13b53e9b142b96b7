#pragma once

#include <memory>
#include <optional>
#include <vector>

#include <QString>
#include <QStringList>

#include "agent/protocol/sample.h"

namespace fleetdeck {

// One GPU as the agent reports it (agent/protocol/sample.h), and what the views ask of it.
using protocol::GpuSample;
bool thermalThrottled(const GpuSample& gpu);
bool powerThrottled(const GpuSample& gpu);
bool linkNarrowed(const GpuSample& gpu);  // trained below its maximum width (generation drops when idle are normal)
QStringList throttleReasons(const GpuSample& gpu);  // empty when not throttled or not known
QString gpuName(const GpuSample& gpu);               // "NVIDIA H100 80GB HBM3", empty when unknown

// A summary's GPUs: those of the host's last sample, shared with it (HostRecord::latest), with
// their lists (NVLinks, processes, MIG instances). Summaries are copied into every view at every
// refresh; with eight GPUs a host, copying the GPUs into each was most of the app's CPU at a
// thousand hosts (docs/BENCHMARKS.md, "The real app over SSH"). Read-only, like the sample.
class SummaryGpus {
public:
    using const_iterator = std::vector<GpuSample>::const_iterator;
    SummaryGpus() = default;
    // The GPUs of `sample`, which they keep alive.
    explicit SummaryGpus(std::shared_ptr<const protocol::Sample> sample);
    // GPUs of their own (a test's, a view's stand-in).
    SummaryGpus& operator=(std::vector<GpuSample> gpus);

    const_iterator begin() const { return list().begin(); }
    const_iterator end() const { return list().end(); }
    std::size_t size() const { return list().size(); }
    bool empty() const { return list().empty(); }
    const GpuSample& front() const { return list().front(); }
    const GpuSample& operator[](std::size_t i) const { return list()[i]; }
    const GpuSample& at(std::size_t i) const { return list().at(i); }

private:
    const std::vector<GpuSample>& list() const;
    std::shared_ptr<const std::vector<GpuSample>> gpus_;
};

// The headline numbers of one snapshot, computed once on the fleet thread when it arrives, so the
// views copy a few hundred bytes per host instead of the whole snapshot.
struct HostSummary {
    std::optional<double> cpuUtilPct;
    std::optional<double> hottestCpuTempC;
    QString hottestCpuSensor;  // "coretemp Package id 1"
    std::optional<double> memUsedBytes, memTotalBytes;
    SummaryGpus gpus;
    std::optional<double> gpuUtilMeanPct, gpuUtilMaxPct, gpuTempMeanC, gpuTempMaxC;
    std::optional<double> gpuPowerW;      // all GPUs together
    QString worstThrottle;                // agent's name, empty when none matters
    std::optional<int> worstThrottleGpu;  // which GPU has it
    std::optional<double> nicRxBytesPerS, nicTxBytesPerS;  // all NICs together
    // The BMC's reading (sample `bmc`; docs/power.md): the server's input power and where it came
    // from ("dcmi", "power_sensor", "estimated"), the highest the BMC saw over its period, the
    // coolest inlet and hottest exhaust, the chassis fans' median speed; empty without a BMC.
    std::optional<double> powerW, powerMaxW;
    QString powerSource;
    std::optional<double> inletC, exhaustC;
    std::optional<double> fanMedianRpm, fanMedianPct;
    QString bmcError;  // why the BMC could not be read, when it could not
};

// The summary of a sample, its GPUs shared with it.
HostSummary summarizeSample(std::shared_ptr<const protocol::Sample> sample);
// The same without the GPUs (`gpus` and the GPU figures empty): for a reader that takes them from
// the sample itself and need not copy them.
HostSummary summarizeHost(const protocol::Sample& sample);

// "1.3 GB/s", "820 kB/s": network rates in decimal units, as link speeds are quoted.
QString formatRate(double bytesPerS);
// "5.21 kW", "612 W".
QString formatPower(double watts);

}  // namespace fleetdeck
