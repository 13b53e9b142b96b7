#include "agent/collectors/pressure.h"

namespace fleetdeck::agent {
namespace {

// The number after "avg10=" in a line's "key=value" words (psi.rst, "Pressure interface": "some
// avg10=0.00 avg60=0.00 avg300=0.00 total=0"), a percentage of the last 10 s.
std::optional<double> avg10(std::string_view line) {
    constexpr std::string_view kKey = "avg10=";
    for (const auto word : split_ws(line))
        if (word.starts_with(kKey)) return parse_double(word.substr(kKey.size()));
    return std::nullopt;
}

}  // namespace

std::optional<protocol::PressureLine> parse_pressure(std::string_view text) {
    protocol::PressureLine line;
    for_each_line(text, [&line](std::string_view l) {
        if (l.starts_with("some ")) line.some_avg10 = avg10(l);
        else if (l.starts_with("full ")) line.full_avg10 = avg10(l);
    });
    if (!line.some_avg10 && !line.full_avg10) return std::nullopt;
    return line;
}

void PressureCollector::sample(const RootFs& fs, protocol::Sample& sample) {
    sample_at(fs, sample, std::chrono::steady_clock::now());
}

void PressureCollector::sample_at(const RootFs& fs, protocol::Sample& sample, std::chrono::steady_clock::time_point now) {
    if (!opened_) {
        // Each file is produced whole by the kernel (psi.c's single_open), hence OneRecord.
        cpu_ = PolledFile(fs, "/proc/pressure/cpu", PolledFile::Shape::OneRecord);
        io_ = PolledFile(fs, "/proc/pressure/io", PolledFile::Shape::OneRecord);
        memory_ = PolledFile(fs, "/proc/pressure/memory", PolledFile::Shape::OneRecord);
        opened_ = true;
    }
    if (now >= due_) {
        due_ = now + kSlowReadingsEvery;
        const auto read = [this](const PolledFile& file) -> std::optional<protocol::PressureLine> {
            if (!file.read(text_)) return std::nullopt;
            return parse_pressure(text_);
        };
        protocol::PressureSample p{read(cpu_), read(io_), read(memory_)};
        if (p.cpu || p.io || p.memory) last_ = p;
        else last_.reset();
    }
    sample.pressure = last_;
}

}  // namespace fleetdeck::agent
