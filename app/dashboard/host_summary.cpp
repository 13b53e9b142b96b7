#include "app/dashboard/host_summary.h"

#include <algorithm>

#include "app/dashboard/temperature_band.h"
#include "app/json_fields.h"

namespace fleetdeck {
namespace {

using Json = nlohmann::json;

std::optional<int> integer(const Json& j, const char* key) {
    const auto v = numberAt(j, key);
    return v ? std::optional<int>(static_cast<int>(*v)) : std::nullopt;
}

GpuStatus gpuStatus(const Json& g) {
    GpuStatus s;
    s.index = integer(g, "index").value_or(0);
    s.name = textAt(g, "name");
    s.tempC = numberAt(g, "temp_c");
    s.slowdownC = numberAt(g, "temp_slowdown_c");
    s.utilPct = numberAt(g, "util_pct");
    s.powerW = numberAt(g, "power_w");
    s.powerLimitW = numberAt(g, "power_limit_w");
    s.fanPct = numberAt(g, "fan_pct");
    s.smClockMhz = numberAt(g, "sm_clock_mhz");
    s.memUsedBytes = numberAt(g, "mem_used_bytes");
    s.memTotalBytes = numberAt(g, "mem_total_bytes");
    s.pcieGen = integer(g, "pcie_gen");
    s.pcieGenMax = integer(g, "pcie_gen_max");
    s.pcieWidth = integer(g, "pcie_width");
    s.pcieWidthMax = integer(g, "pcie_width_max");
    if (const auto t = g.find("throttle"); t != g.end() && t->is_array()) {
        QStringList reasons;
        for (const auto& r : *t)
            if (r.is_string()) reasons << QString::fromStdString(r.get<std::string>());
        s.throttle = reasons;
    }
    return s;
}

// The CPU's own sensors: coretemp packages and cores, k10temp/zenpower dies.
bool isCpuSensor(const QString& chip) {
    return chip == QLatin1String("coretemp") || chip == QLatin1String("k10temp") || chip == QLatin1String("zenpower");
}

void summarizeCpu(const Json& snapshot, HostSummary& s) {
    if (const auto cpu = snapshot.find("cpu"); cpu != snapshot.end() && cpu->is_object()) {
        s.cpuUtilPct = numberAt(*cpu, "util_pct");
        if ((s.hottestCpuTempC = numberAt(*cpu, "package_temp_c"))) s.hottestCpuSensor = QStringLiteral("CPU package");
    }
    if (const auto sensors = snapshot.find("sensors"); sensors != snapshot.end() && sensors->is_array()) {
        for (const auto& e : *sensors) {
            if (!e.is_object() || textAt(e, "kind") != QLatin1String("temp") || !isCpuSensor(textAt(e, "chip"))) continue;
            const auto v = numberAt(e, "value");
            if (v && (!s.hottestCpuTempC || *v >= *s.hottestCpuTempC)) {
                s.hottestCpuTempC = v;
                s.hottestCpuSensor = QStringLiteral("%1 %2").arg(textAt(e, "chip"), textAt(e, "label")).trimmed();
            }
        }
    }
    if (const auto mem = snapshot.find("memory"); mem != snapshot.end() && mem->is_object()) {
        s.memUsedBytes = numberAt(*mem, "used_bytes");
        s.memTotalBytes = numberAt(*mem, "total_bytes");
    }
}

void summarizeGpus(HostSummary& s) {
    double utilSum = 0, tempSum = 0, power = 0;
    int utilCount = 0, tempCount = 0, powerCount = 0;
    for (const GpuStatus& g : s.gpus) {
        if (g.utilPct) {
            utilSum += *g.utilPct;
            ++utilCount;
            s.gpuUtilMaxPct = std::max(s.gpuUtilMaxPct.value_or(*g.utilPct), *g.utilPct);
        }
        if (g.tempC) {
            tempSum += *g.tempC;
            ++tempCount;
            s.gpuTempMaxC = std::max(s.gpuTempMaxC.value_or(*g.tempC), *g.tempC);
        }
        if (g.powerW) {
            power += *g.powerW;
            ++powerCount;
        }
        if (g.throttle) {
            const QString worst = worstThrottle(*g.throttle);
            if (throttleSeverity(worst) > throttleSeverity(s.worstThrottle)) {
                s.worstThrottle = worst;
                s.worstThrottleGpu = g.index;
            }
        }
    }
    if (utilCount) s.gpuUtilMeanPct = utilSum / utilCount;
    if (tempCount) s.gpuTempMeanC = tempSum / tempCount;
    if (powerCount) s.gpuPowerW = power;
}

}  // namespace

bool GpuStatus::thermalThrottled() const {
    return throttle && std::any_of(throttle->begin(), throttle->end(),
                                   [](const QString& r) { return throttleKind(r) == ThrottleKind::Thermal; });
}

bool GpuStatus::powerThrottled() const {
    return throttle && std::any_of(throttle->begin(), throttle->end(),
                                   [](const QString& r) { return throttleKind(r) == ThrottleKind::Power; });
}

bool GpuStatus::linkNarrowed() const { return pcieWidth && pcieWidthMax && *pcieWidth < *pcieWidthMax; }

HostSummary summarizeSnapshot(const Json& snapshot) {
    HostSummary s;
    if (!snapshot.is_object()) return s;
    summarizeCpu(snapshot, s);
    if (const auto gpus = snapshot.find("gpus"); gpus != snapshot.end() && gpus->is_array())
        for (const auto& g : *gpus)
            if (g.is_object()) s.gpus.push_back(gpuStatus(g));
    summarizeGpus(s);
    if (const auto nics = snapshot.find("nics"); nics != snapshot.end() && nics->is_array()) {
        for (const auto& n : *nics) {
            if (!n.is_object()) continue;
            if (const auto rx = numberAt(n, "rx_bytes_per_s")) s.nicRxBytesPerS = s.nicRxBytesPerS.value_or(0) + *rx;
            if (const auto tx = numberAt(n, "tx_bytes_per_s")) s.nicTxBytesPerS = s.nicTxBytesPerS.value_or(0) + *tx;
        }
    }
    return s;
}

QString formatRate(double bytesPerS) {
    static const char* units[] = {"B/s", "kB/s", "MB/s", "GB/s", "TB/s"};
    int u = 0;
    while (bytesPerS >= 1000.0 && u < 4) {
        bytesPerS /= 1000.0;
        ++u;
    }
    return QStringLiteral("%1 %2").arg(bytesPerS, 0, 'f', bytesPerS < 10 && u > 0 ? 1 : 0).arg(QLatin1String(units[u]));
}

QString formatPower(double watts) {
    if (watts >= 1000.0) return QStringLiteral("%1 kW").arg(watts / 1000.0, 0, 'f', 2);
    return QStringLiteral("%1 W").arg(watts, 0, 'f', 0);
}

}  // namespace fleetdeck
