#pragma once

// One point of recorded history and how it is kept on disk: the same shape as the app's in-memory
// SamplePoint (app/telemetry_store.h), plus, for the downsampled tiers, each metric's minimum and
// maximum over the interval (a 1-minute point still shows a 87 °C spike) and each GPU's throttle
// categories. docs/history.md, "Schema", describes the byte layout.

#include <array>
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include <QByteArray>
#include <QString>
#include <QStringList>

#include "agent/protocol/sample.h"
#include "app/telemetry_store.h"
#include "app/utilization/verdict.h"

namespace fleetdeck::history {

// The resolutions history is kept at, finest first.
enum class Tier { Raw = 0, TenSeconds = 1, Minute = 2 };
// The nominal distance between points: 1 s for raw (the sample interval), 10 s, 60 s.
std::int64_t tierStepMs(Tier tier);
QString toString(Tier tier);  // "raw", "10s", "1min"

// The throttle categories a GPU was in (for a downsampled point: at any moment of its interval).
enum ThrottleBits : std::uint8_t { kThrottleThermal = 1, kThrottlePower = 2, kThrottleHwSlowdown = 4 };
// sw_thermal/hw_thermal → thermal; sw_power_cap/hw_power_brake → power; hw_slowdown without either
// → hw_slowdown; gpu_idle, app_clocks, sync_boost, display_clock and unknown names count for nothing.
std::uint8_t throttleBits(const protocol::GpuSample& gpu);
QStringList throttleNames(std::uint8_t bits);  // "thermal", "power", "hw_slowdown"

// What one GPU's time went to at one point (schema 5 and later; docs/history.md, "Schema"): the
// verdict the engine gave it then, whether a process held memory on it, and its SM active. For a
// downsampled point: the verdict most of its interval had, held when it was held at any moment,
// SM active the mean.
struct GpuUsagePoint {
    std::optional<utilization::Verdict> verdict;  // nullopt: not judged (an older point, too few samples)
    bool held = false;
    std::optional<float> smActivePct;

    bool operator==(const GpuUsagePoint&) const = default;
};

struct HistoryPoint {
    SamplePoint value;                      // raw: the sample; downsampled: the means (timeMs = interval start)
    std::optional<SamplePoint> min, max;    // downsampled tiers only: each metric's extremes in the interval
    std::vector<std::uint8_t> gpuThrottle;  // ThrottleBits, by GPU position as in value.gpus
    std::vector<GpuUsagePoint> gpuUsage;    // by GPU position as in value.gpus; empty in older points
};

// Means, minima and maxima of the samples of one interval. A metric missing in every sample of the
// interval stays missing; GPUs are matched by position.
class Downsampler {
public:
    void add(const SamplePoint& point, const std::vector<std::uint8_t>& gpuThrottle, const std::vector<GpuUsagePoint>& gpuUsage = {});
    bool empty() const { return count_ == 0; }
    HistoryPoint result(std::int64_t startMs) const;
    void clear();

private:
    struct Stat {
        double sum = 0, min = 0, max = 0;
        int count = 0;
        void add(const std::optional<double>& v);
    };
    struct GpuStats {
        Stat temp, util, power, clock, smActive;
        std::uint8_t throttle = 0;
        std::array<int, std::size(utilization::kVerdicts)> verdicts{};  // samples with each verdict
        bool held = false, usage = false;
    };
    Stat cpu_, mem_, cpuTemp_, rx_, tx_, power_, inlet_;
    std::vector<GpuStats> gpus_;
    int count_ = 0;
};

// The compact bytes of one point without its time (a row of the `points` table): quantized to
// 0.01 % for utilization, 0.1 °C, 0.1 W and 1 MHz; `withRange` adds minimum and maximum. A point
// with gpuUsage ends with each GPU's usage (schema 5); one without is read as before. A point
// with the host's BMC power or inlet air ends with them (a marker byte, then per layer the power in
// whole watts and the inlet in 0.1 °C); one without is read as before, and the lengths tell the
// two endings apart.
QByteArray encodePoint(const HistoryPoint& point, bool withRange);
// nullopt when the bytes do not have the layout encodePoint() writes.
std::optional<HistoryPoint> decodePoint(const QByteArray& bytes, std::int64_t timeMs, bool withRange);

// A run of encoded points of the same length, as one compressed BLOB (a row of the `chunks` table):
// the times as deltas, the points' bytes transposed and delta-coded column by column, then zlib.
using EncodedPoint = std::pair<std::int64_t, QByteArray>;
QByteArray encodeChunk(const std::vector<EncodedPoint>& points);
std::vector<EncodedPoint> decodeChunk(const QByteArray& blob);  // empty when the blob is damaged

}  // namespace fleetdeck::history
