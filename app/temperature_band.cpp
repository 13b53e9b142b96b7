#include "app/temperature_band.h"

#include <atomic>

#include <QCoreApplication>
#include <QLocale>

namespace fleetdeck {
namespace {

std::atomic<double> gTargetLowC{kTargetBandLowC};
std::atomic<double> gTargetHighC{kTargetBandHighC};

QString bandDegrees(double c) { return QLocale().toString(c, 'f', 0); }

struct BandWords {
    const char* name;
    const char* word;
};

// The names carry the band's bounds as %1 (and %2) (translated in the "TemperatureBand" context).
BandWords bandWords(TemperatureBand band) {
    switch (band) {
    case TemperatureBand::NoData: return {QT_TRANSLATE_NOOP("TemperatureBand", "no data"), ""};
    case TemperatureBand::Cool: return {QT_TRANSLATE_NOOP("TemperatureBand", "below %1 °C"), QT_TRANSLATE_NOOP("TemperatureBand", "cool")};
    case TemperatureBand::Target:
        return {QT_TRANSLATE_NOOP("TemperatureBand", "%1–%2 °C target"), QT_TRANSLATE_NOOP("TemperatureBand", "target")};
    case TemperatureBand::Hot: return {QT_TRANSLATE_NOOP("TemperatureBand", "above %1 °C"), QT_TRANSLATE_NOOP("TemperatureBand", "HOT")};
    case TemperatureBand::Slowdown:
        return {QT_TRANSLATE_NOOP("TemperatureBand", "at slowdown threshold"), QT_TRANSLATE_NOOP("TemperatureBand", "SLOWDOWN")};
    }
    return {"", ""};
}

QString bandTr(const char* text) { return *text ? QCoreApplication::translate("TemperatureBand", text) : QString(); }

}  // namespace

TemperatureBand temperatureBand(std::optional<double> tempC, std::optional<double> slowdownC) {
    if (!tempC) return TemperatureBand::NoData;
    if (slowdownC && *tempC >= *slowdownC) return TemperatureBand::Slowdown;
    const TargetBand target = targetBand();
    if (*tempC > target.highC) return TemperatureBand::Hot;
    if (*tempC >= target.lowC) return TemperatureBand::Target;
    return TemperatureBand::Cool;
}

TargetBand targetBand() { return {gTargetLowC.load(std::memory_order_relaxed), gTargetHighC.load(std::memory_order_relaxed)}; }

void setTargetBand(TargetBand band) {
    if (!(band.lowC < band.highC)) return;
    gTargetLowC.store(band.lowC, std::memory_order_relaxed);
    gTargetHighC.store(band.highC, std::memory_order_relaxed);
}

QString bandName(TemperatureBand band) {
    const TargetBand target = targetBand();
    QString name = bandTr(bandWords(band).name);
    if (band == TemperatureBand::Cool) return name.arg(bandDegrees(target.lowC));
    if (band == TemperatureBand::Target) return name.arg(bandDegrees(target.lowC), bandDegrees(target.highC));
    if (band == TemperatureBand::Hot) return name.arg(bandDegrees(target.highC));
    return name;
}
QString bandWord(TemperatureBand band) { return bandTr(bandWords(band).word); }

ThrottleKind throttleKind(const QString& reason) {
    if (reason == QLatin1String("sw_thermal") || reason == QLatin1String("hw_thermal")) return ThrottleKind::Thermal;
    if (reason == QLatin1String("sw_power_cap") || reason == QLatin1String("hw_power_brake")) return ThrottleKind::Power;
    if (reason == QLatin1String("gpu_idle") || reason.isEmpty()) return ThrottleKind::None;
    return ThrottleKind::Other;
}

int throttleSeverity(const QString& reason) {
    static const char* const kOrder[] = {"hw_thermal", "sw_thermal", "hw_power_brake", "hw_slowdown", "sw_power_cap",
                                         "sync_boost", "app_clocks", "display_clock"};
    const int n = static_cast<int>(std::size(kOrder));
    for (int i = 0; i < n; ++i)
        if (reason == QLatin1String(kOrder[i])) return n - i;
    return 0;  // gpu_idle and unknown names
}

QString throttleLabel(const QString& reason) {
    // NVML's reason names, in words (translated in the "Throttle" context).
    static const std::pair<const char*, const char*> kLabels[] = {
        {"hw_thermal", QT_TRANSLATE_NOOP("Throttle", "HW thermal slowdown")},
        {"sw_thermal", QT_TRANSLATE_NOOP("Throttle", "SW thermal slowdown")},
        {"hw_power_brake", QT_TRANSLATE_NOOP("Throttle", "power brake")},
        {"hw_slowdown", QT_TRANSLATE_NOOP("Throttle", "HW slowdown")},
        {"sw_power_cap", QT_TRANSLATE_NOOP("Throttle", "power cap")},
        {"sync_boost", QT_TRANSLATE_NOOP("Throttle", "sync boost")},
        {"app_clocks", QT_TRANSLATE_NOOP("Throttle", "application clocks")},
        {"display_clock", QT_TRANSLATE_NOOP("Throttle", "display clock")},
        {"gpu_idle", QT_TRANSLATE_NOOP("Throttle", "idle")},
    };
    for (const auto& [name, label] : kLabels)
        if (reason == QLatin1String(name)) return QCoreApplication::translate("Throttle", label);
    return reason;
}

QString worstThrottle(const QStringList& reasons) {
    QString worst;
    for (const QString& r : reasons)
        if (throttleSeverity(r) > throttleSeverity(worst)) worst = r;
    return worst;
}

}  // namespace fleetdeck
