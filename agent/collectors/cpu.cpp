#include "agent/collectors/cpu.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>

namespace fleetdeck::agent {
namespace {

// The counters after a "cpuN" name: "user nice system idle iowait irq softirq steal guest
// guest_nice" (Linux Documentation/filesystems/proc.rst, "Miscellaneous kernel statistics in
// /proc/stat"). Guest time is already counted in user and nice, so only the first eight are summed.
// At least four must be there, each a plain decimal number; this runs for every CPU of every
// sample (257 lines on a 256-CPU server), so it reads the digits in place.
std::optional<CpuCollector::Ticks> parse_ticks(std::string_view rest) {
    std::uint64_t values[8] = {};
    std::size_t count = 0;
    const char* p = rest.data();
    const char* const end = p + rest.size();
    while (count < 8) {
        while (p < end && (*p == ' ' || *p == '\t')) ++p;
        if (p == end) break;
        std::uint64_t v = 0;
        const auto [next, ec] = std::from_chars(p, end, v);
        if (ec != std::errc() || (next < end && *next != ' ' && *next != '\t') ||
            v > static_cast<std::uint64_t>(INT64_MAX))
            return std::nullopt;
        values[count++] = v;
        p = next;
    }
    if (count < 4) return std::nullopt;
    CpuCollector::Ticks t;
    const std::uint64_t idle = values[3] + values[4];  // idle + iowait
    for (const auto v : values) t.total += v;
    t.busy = t.total - idle;
    return t;
}

std::string cpufreq_path(int cpu) {
    return "/sys/devices/system/cpu/cpu" + std::to_string(cpu) + "/cpufreq/scaling_cur_freq";
}

}  // namespace

std::optional<double> CpuCollector::utilization(const Ticks& before, const Ticks& now) {
    if (now.total <= before.total || now.busy < before.busy) return std::nullopt;
    const double pct = 100.0 * static_cast<double>(now.busy - before.busy) /
                       static_cast<double>(now.total - before.total);
    return std::round(std::min(100.0, pct) * 10.0) / 10.0;
}

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

// Keeps what is already open: the package sensors unless the hwmon chips changed, and the cpufreq
// file of every CPU whose last reading answered. Only CPUs without a reading (new ones, or no
// cpufreq driver yet) are looked up again.
bool CpuCollector::rescan(const RootFs& fs) {
    bool changed = false;
    if (chips_.update(fs)) {
        changed = true;
        package_sensors_.clear();
        for (auto& s : cpu_package_sensors(chips_.chips())) {
            PolledFile file(fs, s.input_path);
            package_sensors_.emplace_back(std::move(s), std::move(file));
        }
    }
    std::vector<PolledFile> cpufreq;
    for (const auto& core : cores_) {
        const auto cpu = static_cast<std::size_t>(core.cpu);
        const bool answered = cpu < cpufreq_.size() && cpu < freq_khz_.size() && freq_khz_[cpu];
        if (!answered && !fs.exists(cpufreq_path(core.cpu))) continue;
        if (cpufreq.size() <= cpu) cpufreq.resize(cpu + 1);
        if (answered) {
            cpufreq[cpu] = std::move(cpufreq_[cpu]);
        } else {
            cpufreq[cpu] = PolledFile(fs, cpufreq_path(core.cpu));
            changed = true;
        }
    }
    if (cpufreq.size() != cpufreq_.size()) changed = true;
    cpufreq_ = std::move(cpufreq);
    samples_since_scan_ = 0;
    return changed;
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
    if (primed_ && per_core_ && core_ticks_ && position < cores_.size() && cores_[position].cpu == now.cpu)
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

// The "cpu" and "cpuN" lines, which the kernel writes first; the lines after them (intr, ctxt,
// softirq, ...: the longest part of the file on a large server) are not looked at.
void CpuCollector::read_stat(std::vector<Core>& cores, Ticks& total, bool& have_total, bool per_core) {
    cores.clear();
    if (!stat_.read(stat_text_)) return;
    const char* p = stat_text_.data();
    const char* const end = p + stat_text_.size();
    bool in_cpu_lines = false;
    while (p < end) {
        const char* line_end = static_cast<const char*>(std::memchr(p, '\n', static_cast<std::size_t>(end - p)));
        if (!line_end) line_end = end;
        const char* const line = p;
        p = line_end == end ? end : line_end + 1;
        if (line_end - line < 3 || line[0] != 'c' || line[1] != 'p' || line[2] != 'u') {
            if (in_cpu_lines) break;
            continue;
        }
        in_cpu_lines = true;
        // "cpu" and a blank is the total, "cpuN" a core. Read with pointers and the digits in
        // place: with string_view's searches and parse_int this loop took three times as long in
        // the agent's -Os build, and it runs over every CPU's line of every sample, per_core or not.
        const char* name_end = line + 3;
        int cpu = -1;  // the total line
        if (name_end < line_end && *name_end != ' ' && *name_end != '\t') {
            std::int64_t n = 0;
            while (name_end < line_end && static_cast<unsigned char>(*name_end - '0') < 10 && n <= INT32_MAX)
                n = n * 10 + (*name_end++ - '0');
            const bool blank_after = name_end == line_end || *name_end == ' ' || *name_end == '\t';
            if (name_end == line + 3 || n > INT32_MAX || !blank_after) continue;
            cpu = static_cast<int>(n);
        }
        const std::string_view counters(name_end, static_cast<std::size_t>(line_end - name_end));
        if (cpu < 0) {
            if (const auto ticks = parse_ticks(counters)) {
                total = *ticks;
                have_total = true;
            }
        } else if (!per_core) {
            cores.push_back({cpu, {}});
        } else if (const auto ticks = parse_ticks(counters)) {
            cores.push_back({cpu, *ticks});
        }
    }
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
    const bool ticks = per_core_ || keep_core_ticks_;
    read_stat(cores, total, have_total, ticks);
    const bool cores_changed = cores.size() != cores_.size();
    const auto now = std::chrono::steady_clock::now();
    if (samples_since_scan_ < 0 || cores_changed ||
        (++samples_since_scan_ >= kRescanEvery && now - scanned_at_ >= kRescanMinPeriod)) {
        cores_.swap(cores);
        if (rescan(fs)) readings_due_ = {};  // needs the current core list; new files are read now
        cores_.swap(cores);
        scanned_at_ = now;
    }
    if (now >= readings_due_) {
        freq_khz_.resize(cpufreq_.size());
        for (std::size_t i = 0; i < cpufreq_.size(); ++i) freq_khz_[i] = cpufreq_[i].read_int();
        package_temp_c_ = package_temp();
        readings_due_ = now + kSlowReadingsEvery;
    }
    if (primed_ && have_total) cpu.util_pct = utilization(total_, total);
    std::optional<double> freq_sum;
    int freq_count = 0;
    cpu.cores.resize(per_core_ ? cores.size() : 0);
    protocol::CoreSample unused;
    for (std::size_t i = 0; i < cores.size(); ++i)
        read_core(cores[i], i, per_core_ ? cpu.cores[i] : unused, freq_sum, freq_count);
    if (freq_sum) cpu.freq_mhz = static_cast<std::int64_t>(std::round(*freq_sum / freq_count));
    cpu.package_temp_c = package_temp_c_;
    primed_ = have_total;
    core_ticks_ = ticks;
    total_ = total;
    cores_.swap(cores);  // the previous reading's buffer is the next one's
}

}  // namespace fleetdeck::agent
