#pragma once

#include <optional>

#include <QString>
#include <QStringList>

namespace fleetdeck {

// The temperature bands every view uses (one palette everywhere, ui/dashboard/palette.cpp).
// Under load a GPU belongs in 60–80 °C (guide §2.3); at its slowdown threshold it loses clock.
enum class TemperatureBand {
    NoData,    // no reading: drawn as missing, never as cold
    Cool,      // below 60 °C
    Target,    // 60–80 °C, the band to run in under load
    Hot,       // above 80 °C
    Slowdown,  // at or above the device's slowdown threshold
};

constexpr double kTargetBandLowC = 60.0;
constexpr double kTargetBandHighC = 80.0;

// The target band the views use: the guide's 60–80 °C unless the user chose other bounds
// (Preferences → General). Process-wide, read by models on any thread.
struct TargetBand {
    double lowC = kTargetBandLowC;
    double highC = kTargetBandHighC;
    bool operator==(const TargetBand&) const = default;
};
TargetBand targetBand();
// Ignores bounds that make no band (low not below high).
void setTargetBand(TargetBand band);

TemperatureBand temperatureBand(std::optional<double> tempC, std::optional<double> slowdownC = std::nullopt);
// The band in words: its range, as the legends say it ("below 60 °C", "60–80 °C target", …), and
// the one word a tile carries beside its reading ("cool", "target", "HOT", "SLOWDOWN"; none for no data).
QString bandName(TemperatureBand band);
QString bandWord(TemperatureBand band);

// Why a GPU runs below its clocks, from the agent's throttle names (docs/protocol.md, gpus[].throttle).
enum class ThrottleKind { None, Other, Power, Thermal };
ThrottleKind throttleKind(const QString& reason);
// Rank for "worst active reason": thermal above power above the rest; gpu_idle is not a problem.
int throttleSeverity(const QString& reason);
// "HW thermal slowdown", "power cap", …
QString throttleLabel(const QString& reason);
// The most severe reason of the list, empty when none matters.
QString worstThrottle(const QStringList& reasons);

}  // namespace fleetdeck
