#include "app/host_summary.h"

#include <algorithm>
#include <cmath>
#include <string_view>
#include <utility>

#include <QCoreApplication>

#include "app/temperature_band.h"

namespace fleetdeck {
namespace {

// The CPU's own sensors: coretemp packages and cores, k10temp/zenpower dies.
bool isCpuSensor(std::string_view chip) { return chip == "coretemp" || chip == "k10temp" || chip == "zenpower"; }

void summarizeCpu(const protocol::Sample& sample, HostSummary& s) {
    const protocol::SensorSample* hottest = nullptr;  // named once, at the end
    if (sample.cpu) {
        s.cpuUtilPct = sample.cpu->util_pct;
        if ((s.hottestCpuTempC = sample.cpu->package_temp_c)) s.hottestCpuSensor = QCoreApplication::translate("HostSummary", "CPU package");
    }
    for (const protocol::SensorSample& e : sample.sensors) {
        if (e.kind != "temp" || !isCpuSensor(e.chip)) continue;
        if (e.value && (!s.hottestCpuTempC || *e.value >= *s.hottestCpuTempC)) {
            s.hottestCpuTempC = e.value;
            hottest = &e;
        }
    }
    if (hottest)
        s.hottestCpuSensor = QStringLiteral("%1 %2").arg(QString::fromStdString(hottest->chip), QString::fromStdString(hottest->label.value_or(""))).trimmed();
    if (sample.memory) {
        s.memUsedBytes = sample.memory->used_bytes;
        s.memTotalBytes = sample.memory->total_bytes;
    }
}

void summarizeGpus(HostSummary& s) {
    double utilSum = 0, tempSum = 0, power = 0;
    int utilCount = 0, tempCount = 0, powerCount = 0;
    for (const GpuSample& g : s.gpus) {
        if (g.util_pct) {
            utilSum += *g.util_pct;
            ++utilCount;
            s.gpuUtilMaxPct = std::max(s.gpuUtilMaxPct.value_or(*g.util_pct), *g.util_pct);
        }
        if (g.temp_c) {
            tempSum += *g.temp_c;
            ++tempCount;
            s.gpuTempMaxC = std::max(s.gpuTempMaxC.value_or(*g.temp_c), *g.temp_c);
        }
        if (g.power_w) {
            power += *g.power_w;
            ++powerCount;
        }
        if (g.throttle) {
            const QString worst = worstThrottle(throttleReasons(g));
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

bool throttledBy(const GpuSample& g, ThrottleKind kind) {
    return g.throttle && std::any_of(g.throttle->begin(), g.throttle->end(), [kind](const std::string& r) {
               return throttleKind(QString::fromStdString(r)) == kind;
           });
}

}  // namespace

QStringList throttleReasons(const GpuSample& g) {
    QStringList out;
    if (g.throttle)
        for (const std::string& r : *g.throttle) out << QString::fromStdString(r);
    return out;
}

QString gpuName(const GpuSample& g) { return QString::fromStdString(g.name.value_or("")); }

bool thermalThrottled(const GpuSample& g) { return throttledBy(g, ThrottleKind::Thermal); }

bool powerThrottled(const GpuSample& g) { return throttledBy(g, ThrottleKind::Power); }

bool linkNarrowed(const GpuSample& g) { return g.pcie_width && g.pcie_width_max && *g.pcie_width < *g.pcie_width_max; }

// The median of the values present, none when there are none.
std::optional<double> medianPresent(std::vector<double> values) {
    if (values.empty()) return std::nullopt;
    const auto mid = values.begin() + static_cast<std::ptrdiff_t>(values.size() / 2);
    std::nth_element(values.begin(), mid, values.end());
    if (values.size() % 2 == 1) return *mid;
    return (*mid + *std::max_element(values.begin(), mid)) / 2.0;
}

void summarizeBmc(const protocol::Sample& sample, HostSummary& s) {
    if (!sample.bmc) return;
    const protocol::BmcSample& b = *sample.bmc;
    s.powerW = b.power_w;
    s.powerMaxW = b.power_max_w;
    if (b.power_w && b.power_source) s.powerSource = QString::fromStdString(*b.power_source);
    s.inletC = b.inlet_c;
    s.exhaustC = b.exhaust_c;
    std::vector<double> rpm, pct;
    for (const protocol::BmcFanReading& f : b.fans) {
        if (f.rpm) rpm.push_back(*f.rpm);
        if (f.percent) pct.push_back(*f.percent);
    }
    s.fanMedianRpm = medianPresent(std::move(rpm));
    s.fanMedianPct = medianPresent(std::move(pct));
    if (b.error) s.bmcError = QString::fromStdString(*b.error);
}

HostSummary summarizeHost(const protocol::Sample& sample) {
    HostSummary s;
    summarizeCpu(sample, s);
    summarizeBmc(sample, s);
    for (const protocol::NicSample& n : sample.nics) {
        if (n.rx_bytes_per_s) s.nicRxBytesPerS = s.nicRxBytesPerS.value_or(0) + *n.rx_bytes_per_s;
        if (n.tx_bytes_per_s) s.nicTxBytesPerS = s.nicTxBytesPerS.value_or(0) + *n.tx_bytes_per_s;
    }
    return s;
}

HostSummary summarizeSample(std::shared_ptr<const protocol::Sample> sample) {
    HostSummary s = summarizeHost(*sample);
    s.gpus = SummaryGpus(std::move(sample));
    summarizeGpus(s);
    return s;
}

SummaryGpus::SummaryGpus(std::shared_ptr<const protocol::Sample> sample) {
    if (sample) gpus_ = std::shared_ptr<const std::vector<GpuSample>>(sample, &sample->gpus);  // shares its ownership
}

SummaryGpus& SummaryGpus::operator=(std::vector<GpuSample> gpus) {
    gpus_ = std::make_shared<const std::vector<GpuSample>>(std::move(gpus));
    return *this;
}

const std::vector<GpuSample>& SummaryGpus::list() const {
    static const std::vector<GpuSample> none;
    return gpus_ ? *gpus_ : none;
}

QString formatRate(double bytesPerS) {
    static const char* units[] = {"B/s", "kB/s", "MB/s", "GB/s", "TB/s"};
    int u = 0;
    while (bytesPerS >= 1000.0 && u < 4) {
        bytesPerS /= 1000.0;
        ++u;
    }
    return QStringLiteral("%L1 %2").arg(bytesPerS, 0, 'f', bytesPerS < 10 && u > 0 ? 1 : 0).arg(QLatin1String(units[u]));
}

QString formatPower(double watts) {
    if (std::abs(watts) >= 1000.0) return QStringLiteral("%L1 kW").arg(watts / 1000.0, 0, 'f', 2);
    return QStringLiteral("%L1 W").arg(watts, 0, 'f', 0);
}

}  // namespace fleetdeck
