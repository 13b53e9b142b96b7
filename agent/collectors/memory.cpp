#include "agent/collectors/memory.h"

#include <cstdint>


namespace fleetdeck::agent {

namespace {

// The next whitespace-separated word of `rest`, taken off its front ("" when none is left);
// without a list of words per line, this runs for every line of every sample.
std::string_view take_meminfo_word(std::string_view& rest) {
    std::size_t i = 0;
    while (i < rest.size() && (rest[i] == ' ' || rest[i] == '\t')) ++i;
    std::size_t end = i;
    while (end < rest.size() && rest[end] != ' ' && rest[end] != '\t') ++end;
    const std::string_view word = rest.substr(i, end - i);
    rest.remove_prefix(end);
    return word;
}

}  // namespace

MemInfo parse_meminfo(std::string_view text) {
    MemInfo m;
    for_each_line(text, [&m](std::string_view line) {
        const auto colon = line.find(':');
        if (colon == std::string_view::npos) return;
        const std::string_view key = line.substr(0, colon);
        std::string_view rest = line.substr(colon + 1);
        const std::string_view number = take_meminfo_word(rest);
        if (number.empty()) return;
        auto value = parse_int(number);
        if (!value || *value < 0) return;
        // /proc/meminfo prints sizes in "kB", which are KiB (proc.rst, "meminfo"; fs/proc/meminfo.c).
        if (take_meminfo_word(rest) == "kB") {
            // A value no kernel reports (over 8 EiB) is unknown, not a wrapped-around number.
            if (*value > INT64_MAX / 1024) return;
            *value *= 1024;
        }
        if (key == "MemTotal") m.total = value;
        else if (key == "MemAvailable") m.available = value;
        else if (key == "MemFree") m.free = value;
        else if (key == "Buffers") m.buffers = value;
        else if (key == "Cached") m.cached = value;
        else if (key == "SwapTotal") m.swap_total = value;
        else if (key == "SwapFree") m.swap_free = value;
    });
    return m;
}

void MemoryCollector::sample(const RootFs& fs, protocol::Sample& sample) {
    if (!opened_) {
        meminfo_ = PolledFile(fs, "/proc/meminfo", PolledFile::Shape::OneRecord);
        opened_ = true;
    }
    const MemInfo m = meminfo_.read(text_) ? parse_meminfo(text_) : MemInfo{};
    protocol::MemorySample& memory = sample.memory ? *sample.memory : sample.memory.emplace();
    memory.total_bytes = m.total;
    memory.available_bytes = m.available;
    memory.used_bytes.reset();
    if (m.total && m.available) memory.used_bytes = *m.total - *m.available;
    memory.swap_total_bytes = m.swap_total;
    memory.swap_used_bytes.reset();
    if (m.swap_total && m.swap_free) memory.swap_used_bytes = *m.swap_total - *m.swap_free;
}

}  // namespace fleetdeck::agent
