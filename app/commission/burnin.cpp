#include "app/commission/burnin.h"

#include <algorithm>
#include <cmath>

#include "app/commission/shown_text.h"

namespace fleetdeck::commission {
namespace {

bool isLoaded(const BurnInPoint& p, const BurnInRules& rules) { return p.util_pct && *p.util_pct >= rules.loadedUtilPct; }

bool hasReason(const BurnInPoint& p, std::initializer_list<const char*> names) {
    return std::any_of(p.throttle.begin(), p.throttle.end(), [&](const std::string& reason) {
        return std::any_of(names.begin(), names.end(), [&](const char* n) { return reason == n; });
    });
}

double medianOf(std::vector<double> values) {
    std::sort(values.begin(), values.end());
    const std::size_t n = values.size();
    return n % 2 == 1 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

double percentileOf(std::vector<double> values, double pct) {
    std::sort(values.begin(), values.end());
    // Nearest rank: the smallest value with at least pct % of the values at or below it.
    const auto rank = static_cast<std::size_t>(std::ceil(pct / 100.0 * static_cast<double>(values.size())));
    return values[std::clamp<std::size_t>(rank, 1, values.size()) - 1];
}

QString pctText(double share) { return QStringLiteral("%1 %").arg(std::lround(share * 100)); }
QString degreesText(double c) { return QStringLiteral("%1 °C").arg(c, 0, 'f', 0); }
ShownText secondsText(double s) {
    return s >= 120 ? std::move(ShownText(QT_TRANSLATE_NOOP("commission", "%1 min")).arg(QString::number(s / 60, 'f', 1)))
                    : std::move(ShownText(QT_TRANSLATE_NOOP("commission", "%1 s")).arg(static_cast<std::int64_t>(std::lround(s))));
}

AcceptanceFinding gpuFinding(FindingSeverity severity, const char* kind, int gpu, const ShownText& text, QString expected = {},
                             QString actual = {}) {
    AcceptanceFinding f;
    f.severity = severity;
    f.kind = QString::fromLatin1(kind);
    f.gpu = gpu;
    const ShownText sentence = std::move(ShownText(QT_TRANSLATE_NOOP("commission", "GPU %1: %2")).arg(gpu).arg(text));
    f.text = sentence.english();
    f.shownText = sentence.shown();
    f.expected = std::move(expected);
    f.actual = std::move(actual);
    return f;
}

AcceptanceFinding hostFinding(FindingSeverity severity, const char* kind, const ShownText& text, QString expected = {},
                              QString actual = {}) {
    AcceptanceFinding f;
    f.severity = severity;
    f.kind = QString::fromLatin1(kind);
    f.text = text.english();
    f.shownText = text.shown();
    f.expected = std::move(expected);
    f.actual = std::move(actual);
    return f;
}

// Slowdowns, power cap, clock drop and fans: one GPU's series on its own. `referenceClockMhz`:
// its maximum SM clock, or the highest any GPU of its model reached under load in the rack.
void judgeGpu(const GpuBurnIn& gpu, std::optional<std::int64_t> referenceClockMhz, const BurnInRules& rules,
              std::vector<AcceptanceFinding>& out) {
    const double total = static_cast<double>(gpu.points.size());
    if (gpu.points.empty()) return;
    int thermal = 0, hw = 0, capped = 0, loaded = 0, fanMax = 0;
    std::optional<double> hottestThermal;
    std::vector<double> loadedClocks;
    double fanTop = 0;
    for (const BurnInPoint& p : gpu.points) {
        if (hasReason(p, {"sw_thermal", "hw_thermal", "sw_thermal_slowdown", "hw_thermal_slowdown"})) {
            ++thermal;
            if (p.temp_c) hottestThermal = std::max(hottestThermal.value_or(*p.temp_c), *p.temp_c);
        }
        if (hasReason(p, {"hw_slowdown", "hw_power_brake", "hw_power_brake_slowdown"})) ++hw;
        if (p.fan_pct) {
            fanTop = std::max(fanTop, *p.fan_pct);
            if (*p.fan_pct >= rules.fanMaxPct) ++fanMax;
        }
        if (!isLoaded(p, rules)) continue;
        ++loaded;
        if (hasReason(p, {"sw_power_cap"})) ++capped;
        if (p.sm_clock_mhz) loadedClocks.push_back(static_cast<double>(*p.sm_clock_mhz));
    }
    if (thermal > 0) {
        ShownText text = std::move(ShownText(QT_TRANSLATE_NOOP("commission", "thermal slowdown in %1 of %2 samples (%3)"))
                                       .arg(thermal)
                                       .arg(static_cast<std::int64_t>(gpu.points.size()))
                                       .arg(pctText(thermal / total)));
        if (hottestThermal) text = text + std::move(ShownText(QT_TRANSLATE_NOOP("commission", ", at up to %1")).arg(degreesText(*hottestThermal)));
        if (gpu.slowdown_c)
            text = text + std::move(ShownText(QT_TRANSLATE_NOOP("commission", "; slowdown threshold %1")).arg(degreesText(*gpu.slowdown_c)));
        out.push_back(gpuFinding(FindingSeverity::Critical, "burnin_thermal_slowdown", gpu.index, text,
                                 QStringLiteral("no thermal slowdown"), QStringLiteral("%1 of samples").arg(pctText(thermal / total))));
    }
    if (hw > 0)
        out.push_back(gpuFinding(FindingSeverity::Critical, "burnin_hw_slowdown", gpu.index,
                                 std::move(ShownText(QT_TRANSLATE_NOOP("commission", "hardware slowdown in %1 of %2 samples (%3)"))
                                               .arg(hw)
                                               .arg(static_cast<std::int64_t>(gpu.points.size()))
                                               .arg(pctText(hw / total))),
                                 QStringLiteral("no hardware slowdown"), QStringLiteral("%1 of samples").arg(pctText(hw / total))));
    if (loaded > 0 && static_cast<double>(capped) / loaded > rules.powerCapShare) {
        const double share = static_cast<double>(capped) / loaded;
        out.push_back(gpuFinding(FindingSeverity::Warning, "burnin_power_cap", gpu.index,
                                 std::move(ShownText(QT_TRANSLATE_NOOP("commission", "at its power cap %1 of the time under load")).arg(pctText(share))),
                                 QStringLiteral("≤ %1 of the loaded time").arg(pctText(rules.powerCapShare)), pctText(share)));
    }
    if (!loadedClocks.empty() && referenceClockMhz && *referenceClockMhz > 0) {
        const double median = medianOf(loadedClocks);
        const double reference = static_cast<double>(*referenceClockMhz);
        if (median < rules.clockDropShare * reference)
            out.push_back(gpuFinding(FindingSeverity::Warning, "burnin_clock_drop", gpu.index,
                                     std::move(ShownText(QT_TRANSLATE_NOOP("commission", "SM clock under load %1 MHz (median), %2 of %3 MHz"))
                                                   .arg(static_cast<std::int64_t>(std::lround(median)))
                                                   .arg(pctText(median / reference))
                                                   .arg(static_cast<std::int64_t>(*referenceClockMhz))),
                                     QStringLiteral("≥ %1 MHz").arg(std::lround(rules.clockDropShare * reference)),
                                     QStringLiteral("%1 MHz").arg(std::lround(median))));
    }
    if (fanMax / total > rules.fanMaxShare)
        out.push_back(gpuFinding(FindingSeverity::Warning, "burnin_fan_max", gpu.index,
                                 std::move(ShownText(QT_TRANSLATE_NOOP("commission", "fan at %1 or more in %2 of the samples (up to %3 %)"))
                                               .arg(QStringLiteral("%1 %").arg(rules.fanMaxPct))
                                               .arg(pctText(fanMax / total))
                                               .arg(static_cast<std::int64_t>(std::lround(fanTop)))),
                                 QStringLiteral("≤ %1 of the samples").arg(pctText(rules.fanMaxShare)), pctText(fanMax / total)));
}

std::optional<ShownText> loadFailure(const LoadOutcome& load) {
    if (!load.started)
        return load.error.isEmpty() ? ShownText(QT_TRANSLATE_NOOP("commission", "the load command did not start"))
                                    : std::move(ShownText(QT_TRANSLATE_NOOP("commission", "the load command did not start: %1")).arg(load.error));
    if (!load.stopped && load.exitStatus && *load.exitStatus != 0) {
        ShownText text = std::move(ShownText(QT_TRANSLATE_NOOP("commission", "the load command exited with status %1")).arg(*load.exitStatus));
        if (!load.error.isEmpty()) text = text + ShownText::same(QStringLiteral(" (%1)").arg(load.error));
        if (!load.lastLines.isEmpty()) text = text + ShownText::same(QStringLiteral(": %1").arg(load.lastLines.back()));
        return text;
    }
    return std::nullopt;
}

}  // namespace

std::optional<double> loadedTemperatureC(const GpuBurnIn& gpu, const BurnInRules& rules) {
    std::vector<double> temps;
    for (const BurnInPoint& p : gpu.points)
        if (isLoaded(p, rules) && p.temp_c) temps.push_back(*p.temp_c);
    if (temps.empty()) return std::nullopt;
    return percentileOf(std::move(temps), rules.loadedTempPercentile);
}

std::vector<AcceptanceFinding> inletFindings(const HostObservation& observed, const HostBurnIn* burnIn) {
    // ASHRAE TC 9.9, Thermal Guidelines for Data Processing Environments, 5th ed. (2021), table 2.1:
    // recommended 18–27 °C at the equipment's inlet.
    constexpr double kLowC = 18.0, kHighC = 27.0;
    std::optional<double> low, high;
    const auto take = [&](std::optional<double> c) {
        if (!c) return;
        low = std::min(low.value_or(*c), *c);
        high = std::max(high.value_or(*c), *c);
    };
    if (observed.sample && observed.sample->bmc) take(observed.sample->bmc->inlet_c);
    if (burnIn) {
        take(burnIn->inletMinC);
        take(burnIn->inletMaxC);
    }
    std::vector<AcceptanceFinding> out;
    const QString band = QStringLiteral("18–27 °C");
    if (high && *high > kHighC)
        out.push_back(hostFinding(FindingSeverity::Critical, "air_inlet_hot",
                                  std::move(ShownText(QT_TRANSLATE_NOOP("commission", "inlet air reached %1, above ASHRAE's recommended %2: "
                                                                                    "check the cold aisle at this unit before the rack goes live"))
                                                .arg(degreesText(*high)).arg(band)),
                                  band, degreesText(*high)));
    if (low && *low < kLowC)
        out.push_back(hostFinding(FindingSeverity::Critical, "air_inlet_cold",
                                  std::move(ShownText(QT_TRANSLATE_NOOP("commission", "inlet air at %1, below ASHRAE's recommended %2: "
                                                                                    "check the room's set point and the floor tile in front"))
                                                .arg(degreesText(*low)).arg(band)),
                                  band, degreesText(*low)));
    return out;
}

std::map<QString, std::vector<AcceptanceFinding>> judgeBurnIn(const std::map<QString, HostBurnIn>& rack, const BurnInRules& rules) {
    // Across the rack, per GPU model: the loaded temperatures and the highest loaded SM clock.
    struct ModelSeen {
        std::vector<double> temps;
        std::optional<std::int64_t> topClockMhz;
    };
    std::map<std::string, ModelSeen> models;
    for (const auto& [host, burnIn] : rack)
        for (const GpuBurnIn& gpu : burnIn.gpus) {
            ModelSeen& seen = models[gpu.model];
            if (const auto t = loadedTemperatureC(gpu, rules)) seen.temps.push_back(*t);
            for (const BurnInPoint& p : gpu.points)
                if (isLoaded(p, rules) && p.sm_clock_mhz) seen.topClockMhz = std::max(seen.topClockMhz.value_or(0), *p.sm_clock_mhz);
        }
    struct Spread {
        double median = 0, mad = 0;
    };
    std::map<std::string, Spread> spread;
    for (const auto& [model, seen] : models) {
        if (static_cast<int>(seen.temps.size()) < rules.outlierMinGpus) continue;
        const double median = medianOf(seen.temps);
        std::vector<double> deviations;
        for (double t : seen.temps) deviations.push_back(std::abs(t - median));
        spread[model] = {median, medianOf(std::move(deviations))};
    }

    std::map<QString, std::vector<AcceptanceFinding>> out;
    for (const auto& [host, burnIn] : rack) {
        std::vector<AcceptanceFinding> list;
        if (!burnIn.error.isEmpty())
            list.push_back(hostFinding(FindingSeverity::Critical, "burnin_incomplete",
                                       std::move(ShownText(QT_TRANSLATE_NOOP("commission", "Burn-in incomplete: recording stopped after %1: %2"))
                                                     .arg(secondsText(burnIn.recordedS))
                                                     .arg(burnIn.error)),
                                       {}, secondsText(burnIn.recordedS).english()));
        if (burnIn.load)
            if (const auto why = loadFailure(*burnIn.load))
                list.push_back(hostFinding(FindingSeverity::Critical, "burnin_load_failed",
                                           std::move(ShownText(QT_TRANSLATE_NOOP("commission", "Burn-in load failed: %1")).arg(*why))));
        QStringList idle;
        for (const GpuBurnIn& gpu : burnIn.gpus)
            if (std::none_of(gpu.points.begin(), gpu.points.end(), [&](const BurnInPoint& p) { return isLoaded(p, rules); }))
                idle << QString::number(gpu.index);
        if (!burnIn.gpus.empty() && !idle.isEmpty()) {
            const ShownText under =
                std::move(ShownText(QT_TRANSLATE_NOOP("commission", "under load (≥ %1 % utilization)")).arg(QString::number(rules.loadedUtilPct)));
            list.push_back(hostFinding(FindingSeverity::Warning, "burnin_not_loaded",
                                       idle.size() == static_cast<int>(burnIn.gpus.size())
                                           ? std::move(ShownText(QT_TRANSLATE_NOOP("commission", "No GPU was %1 during the burn-in; it proves little")).arg(under))
                                           : std::move(ShownText(QT_TRANSLATE_NOOP("commission", "GPU %1 never %2 during the burn-in"))
                                                           .arg(idle.join(QStringLiteral(", ")))
                                                           .arg(under))));
        }
        for (const GpuBurnIn& gpu : burnIn.gpus) {
            const ModelSeen& seen = models[gpu.model];
            judgeGpu(gpu, gpu.sm_clock_max_mhz ? gpu.sm_clock_max_mhz : seen.topClockMhz, rules, list);
            const auto s = spread.find(gpu.model);
            const auto temp = loadedTemperatureC(gpu, rules);
            if (s == spread.end() || !temp) continue;
            const double excess = *temp - s->second.median;
            if (excess > rules.outlierMads * s->second.mad && excess >= rules.outlierMinC)
                list.push_back(gpuFinding(FindingSeverity::Critical, "burnin_hot_outlier", gpu.index,
                                          std::move(ShownText(QT_TRANSLATE_NOOP("commission", "%1 under load, %2 hotter than the median %3 of the rack's %4 %5 GPUs (MAD %6)"))
                                                        .arg(degreesText(*temp))
                                                        .arg(degreesText(excess))
                                                        .arg(degreesText(s->second.median))
                                                        .arg(static_cast<std::int64_t>(models[gpu.model].temps.size()))
                                                        .arg(QString::fromStdString(gpu.model))
                                                        .arg(QStringLiteral("%1 °C").arg(s->second.mad, 0, 'f', 1))),
                                          QStringLiteral("≤ %1").arg(degreesText(s->second.median + std::max(rules.outlierMads * s->second.mad, rules.outlierMinC))),
                                          degreesText(*temp)));
        }
        if (!list.empty()) out[host] = std::move(list);
    }
    return out;
}

GpuBurnIn gpuBurnInOf(const protocol::GpuSample& g) {
    GpuBurnIn gpu;
    gpu.index = g.index;
    gpu.model = g.name.value_or(std::string());
    gpu.slowdown_c = g.temp_slowdown_c;
    return gpu;
}

BurnInPoint burnInPointOf(const protocol::GpuSample& g, double t_s) {
    BurnInPoint p;
    p.t_s = t_s;
    p.temp_c = g.temp_c;
    p.power_w = g.power_w;
    p.power_limit_w = g.power_limit_w;
    p.fan_pct = g.fan_pct;
    p.util_pct = g.util_pct;
    p.sm_clock_mhz = g.sm_clock_mhz;
    if (g.throttle) p.throttle = *g.throttle;
    return p;
}

}  // namespace fleetdeck::commission
