#pragma once

#include <optional>
#include <vector>

#include <QString>
#include <QStringList>

#include <nlohmann/json.hpp>

namespace fleetdeck {

// One GPU as the views need it, read from a snapshot's `gpus[]`.
struct GpuStatus {
    int index = 0;
    QString name;
    std::optional<double> tempC, slowdownC, utilPct, powerW, powerLimitW, fanPct, smClockMhz;
    std::optional<double> memUsedBytes, memTotalBytes;
    std::optional<int> pcieGen, pcieGenMax, pcieWidth, pcieWidthMax;
    std::optional<QStringList> throttle;  // nullopt: the driver does not say

    bool thermalThrottled() const;
    bool powerThrottled() const;
    bool linkNarrowed() const;  // trained below its maximum width (generation drops when idle are normal)
};

// The headline numbers of one snapshot, computed once on the fleet thread when it arrives, so the
// views copy a few hundred bytes per host instead of the whole snapshot.
struct HostSummary {
    std::optional<double> cpuUtilPct;
    std::optional<double> hottestCpuTempC;
    QString hottestCpuSensor;  // "coretemp Package id 1"
    std::optional<double> memUsedBytes, memTotalBytes;
    std::vector<GpuStatus> gpus;
    std::optional<double> gpuUtilMeanPct, gpuUtilMaxPct, gpuTempMeanC, gpuTempMaxC;
    std::optional<double> gpuPowerW;      // all GPUs together
    QString worstThrottle;                // agent's name, empty when none matters
    std::optional<int> worstThrottleGpu;  // which GPU has it
    std::optional<double> nicRxBytesPerS, nicTxBytesPerS;  // all NICs together
};

HostSummary summarizeSnapshot(const nlohmann::json& snapshot);

// "1.3 GB/s", "820 kB/s": network rates in decimal units, as link speeds are quoted.
QString formatRate(double bytesPerS);
// "5.21 kW", "612 W".
QString formatPower(double watts);

}  // namespace fleetdeck
