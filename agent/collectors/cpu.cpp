#include "agent/collectors/cpu.h"

#include <algorithm>
#include <cmath>

namespace fleetdeck::agent {
namespace {

// "cpu3 user nice system idle iowait irq softirq steal guest guest_nice": guest time is already
// counted in user and nice, so it is left out of the total. `fields` holds the line's first
// `count` words (at most 9: the name and eight counters).
std::optional<CpuCollector::Ticks> parse_ticks(const std::string_view* fields, std::size_t count) {
    if (count < 5) return std::nullopt;
    std::uint64_t values[8] = {};
    for (std::size_t i = 1; i < count; ++i) {
        const auto v = parse_int(fields[i]);
        if (!v || *v < 0) return std::nullopt;
        values[i - 1] = static_cast<std::uint64_t>(*v);
    }
    CpuCollector::Ticks t;
    const std::uint64_t idle = values[3] + values[4];  // idle + iowait
    for (const auto v : values) t.total += v;
    t.busy = t.total - idle;
    return t;
}

std::optional<double> utilization(const CpuCollector::Ticks& before, const CpuCollector::Ticks& now) {
    if (now.total <= before.total || now.busy < before.busy) return std::nullopt;
    const double pct = 100.0 * static_cast<double>(now.busy - before.busy) /
                       static_cast<double>(now.total - before.total);
    return std::round(std::min(100.0, pct) * 10.0) / 10.0;
}

// Up to N whitespace-separated words of `line`, without allocating (this runs for every CPU).
template <std::size_t N>
std::size_t first_words(std::string_view line, std::string_view (&words)[N]) {
    std::size_t count = 0, i = 0;
    while (count < N && i < line.size()) {
        while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
        const std::size_t start = i;
        while (i < line.size() && line[i] != ' ' && line[i] != '\t') ++i;
        if (i > start) words[count++] = line.substr(start, i - start);
    }
    return count;
}

std::string cpufreq_path(int cpu) {
    return "/sys/devices/system/cpu/cpu" + std::to_string(cpu) + "/cpufreq/scaling_cur_freq";
}

}  // namespace

std::vector<HwmonSensor> cpu_package_sensors(const std::vector<HwmonChip>& chips) {
    std::vector<HwmonSensor> found;
    for (const auto& chip : chips) {
        if (chip.name == "coretemp") {
            for (const auto& s : chip.sensors)
                if (s.label && s.label->starts_with("Package id")) found.push_back(s);
        } else if (chip.name == "k10temp" || chip.name == "zenpower") {
            // Tctl carries a fan-control offset on some parts; Tdie, where present, is the die.
            const HwmonSensor* s = find_sensor(chip, "Tdie");
            if (!s) s = find_sensor(chip, "Tctl");
            if (s) found.push_back(*s);
        }
    }
    return found;
}

void CpuCollector::rescan(const RootFs& fs) {
    package_sensors_.clear();
    for (auto& s : cpu_package_sensors(scan_hwmon(fs))) {
        PolledFile file(fs, s.input_path);
        package_sensors_.emplace_back(std::move(s), std::move(file));
    }
    cpufreq_.clear();
    for (const auto& core : cores_) {
        if (!fs.exists(cpufreq_path(core.cpu))) continue;
        if (cpufreq_.size() <= static_cast<std::size_t>(core.cpu)) cpufreq_.resize(core.cpu + 1);
        cpufreq_[core.cpu] = PolledFile(fs, cpufreq_path(core.cpu));
    }
    samples_since_scan_ = 0;
}

std::optional<double> CpuCollector::package_temp() const {
    std::optional<double> hottest;
    for (const auto& [sensor, file] : package_sensors_) {
        const auto raw = file.read_int();
        const auto v = raw ? scale_sensor_value(sensor.kind, *raw) : std::nullopt;
        if (v && (!hottest || *v > *hottest)) hottest = v;
    }
    return hottest;
}

void CpuCollector::read_core(const Core& now, std::size_t position, protocol::CoreSample& core,
                             std::optional<double>& freq_sum, int& freq_count) const {
    core.index = now.cpu;
    core.util_pct.reset();
    core.freq_mhz.reset();
    if (primed_ && position < cores_.size() && cores_[position].cpu == now.cpu)
        core.util_pct = utilization(cores_[position].ticks, now.ticks);
    if (static_cast<std::size_t>(now.cpu) < freq_khz_.size()) {
        if (const auto khz = freq_khz_[now.cpu]; khz && *khz > 0) {
            const double mhz = std::round(static_cast<double>(*khz) / 1000.0);
            core.freq_mhz = static_cast<std::int64_t>(mhz);
            freq_sum = freq_sum.value_or(0.0) + mhz;
            ++freq_count;
        }
    }
}

void CpuCollector::read_stat(std::vector<Core>& cores, Ticks& total, bool& have_total) {
    cores.clear();
    if (!stat_.read(stat_text_)) return;
    for_each_line(stat_text_, [&](std::string_view line) {
        if (!line.starts_with("cpu")) return;
        std::string_view fields[9];
        const auto ticks = parse_ticks(fields, first_words(line, fields));
        if (!ticks) return;
        if (fields[0] == "cpu") {
            total = *ticks;
            have_total = true;
        } else if (const auto n = parse_int(fields[0].substr(3)); n && *n >= 0) {
            cores.push_back({static_cast<int>(*n), *ticks});
        }
    });
}

void CpuCollector::sample(const RootFs& fs, protocol::Sample& sample) {
    if (samples_since_scan_ < 0) stat_ = PolledFile(fs, "/proc/stat", PolledFile::Shape::OneRecord);
    protocol::CpuSample& cpu = sample.cpu ? *sample.cpu : sample.cpu.emplace();
    cpu.util_pct.reset();
    cpu.freq_mhz.reset();
    cpu.package_temp_c.reset();
    Ticks total{};
    bool have_total = false;
    std::vector<Core>& cores = reading_;
    read_stat(cores, total, have_total);
    const bool cores_changed = cores.size() != cores_.size();
    const auto now = std::chrono::steady_clock::now();
    if (samples_since_scan_ < 0 || cores_changed ||
        (++samples_since_scan_ >= kRescanEvery && now - scanned_at_ >= kRescanMinPeriod)) {
        cores_.swap(cores);
        rescan(fs);  // needs the current core list
        cores_.swap(cores);
        scanned_at_ = now;
    }
    if (samples_since_scan_ == 0 || now >= readings_due_) {  // just rescanned, or due
        freq_khz_.resize(cpufreq_.size());
        for (std::size_t i = 0; i < cpufreq_.size(); ++i) freq_khz_[i] = cpufreq_[i].read_int();
        package_temp_c_ = package_temp();
        readings_due_ = now + kSlowReadingsEvery;
    }
    if (primed_ && have_total) cpu.util_pct = utilization(total_, total);
    std::optional<double> freq_sum;
    int freq_count = 0;
    cpu.cores.resize(cores.size());
    for (std::size_t i = 0; i < cores.size(); ++i) read_core(cores[i], i, cpu.cores[i], freq_sum, freq_count);
    if (freq_sum) cpu.freq_mhz = static_cast<std::int64_t>(std::round(*freq_sum / freq_count));
    cpu.package_temp_c = package_temp_c_;
    primed_ = have_total;
    total_ = total;
    cores_.swap(cores);  // the previous reading's buffer is the next one's
}

}  // namespace fleetdeck::agent
