#include "app/temperature_band.h"

namespace fleetdeck {
namespace {

struct BandWords {
    const char* name;
    const char* word;
};

BandWords bandWords(TemperatureBand band) {
    switch (band) {
    case TemperatureBand::NoData: return {"no data", ""};
    case TemperatureBand::Cool: return {"below 60 °C", "cool"};
    case TemperatureBand::Target: return {"60–80 °C target", "target"};
    case TemperatureBand::Hot: return {"above 80 °C", "HOT"};
    case TemperatureBand::Slowdown: return {"at slowdown threshold", "SLOWDOWN"};
    }
    return {"", ""};
}

}  // namespace

TemperatureBand temperatureBand(std::optional<double> tempC, std::optional<double> slowdownC) {
    if (!tempC) return TemperatureBand::NoData;
    if (slowdownC && *tempC >= *slowdownC) return TemperatureBand::Slowdown;
    if (*tempC > kTargetBandHighC) return TemperatureBand::Hot;
    if (*tempC >= kTargetBandLowC) return TemperatureBand::Target;
    return TemperatureBand::Cool;
}

QString bandName(TemperatureBand band) { return QString::fromUtf8(bandWords(band).name); }
QString bandWord(TemperatureBand band) { return QString::fromUtf8(bandWords(band).word); }

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
    if (reason == QLatin1String("hw_thermal")) return QStringLiteral("HW thermal slowdown");
    if (reason == QLatin1String("sw_thermal")) return QStringLiteral("SW thermal slowdown");
    if (reason == QLatin1String("hw_power_brake")) return QStringLiteral("power brake");
    if (reason == QLatin1String("hw_slowdown")) return QStringLiteral("HW slowdown");
    if (reason == QLatin1String("sw_power_cap")) return QStringLiteral("power cap");
    if (reason == QLatin1String("sync_boost")) return QStringLiteral("sync boost");
    if (reason == QLatin1String("app_clocks")) return QStringLiteral("application clocks");
    if (reason == QLatin1String("display_clock")) return QStringLiteral("display clock");
    if (reason == QLatin1String("gpu_idle")) return QStringLiteral("idle");
    return reason;
}

QString worstThrottle(const QStringList& reasons) {
    QString worst;
    for (const QString& r : reasons)
        if (throttleSeverity(r) > throttleSeverity(worst)) worst = r;
    return worst;
}

}  // namespace fleetdeck
