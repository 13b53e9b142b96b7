#pragma once

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

// The headline numbers of one snapshot, computed once on the fleet thread when it arrives, so the
// views copy a few hundred bytes per host instead of the whole snapshot. Its GPUs are the sample's
// without their lists (NVLinks, processes, MIG instances): a reader of those takes them from the
// shared sample (HostRecord::latest). With eight GPUs a host, copying the lists into every summary,
// and again into every view's copy of it, was a third of the app's CPU at a thousand hosts
// (docs/BENCHMARKS.md, "The real app over SSH").
struct HostSummary {
    std::optional<double> cpuUtilPct;
    std::optional<double> hottestCpuTempC;
    QString hottestCpuSensor;  // "coretemp Package id 1"
    std::optional<double> memUsedBytes, memTotalBytes;
    std::vector<GpuSample> gpus;
    std::optional<double> gpuUtilMeanPct, gpuUtilMaxPct, gpuTempMeanC, gpuTempMaxC;
    std::optional<double> gpuPowerW;      // all GPUs together
    QString worstThrottle;                // agent's name, empty when none matters
    std::optional<int> worstThrottleGpu;  // which GPU has it
    std::optional<double> nicRxBytesPerS, nicTxBytesPerS;  // all NICs together
};

// The sample's lists are set aside while its GPUs are copied and put back: it is left as it was.
HostSummary summarizeSample(protocol::Sample& sample);
// The same without the GPUs (`gpus` and the GPU figures empty): for a reader that takes them from
// the sample itself and need not copy them.
HostSummary summarizeHost(const protocol::Sample& sample);

// "1.3 GB/s", "820 kB/s": network rates in decimal units, as link speeds are quoted.
QString formatRate(double bytesPerS);
// "5.21 kW", "612 W".
QString formatPower(double watts);

}  // namespace fleetdeck
