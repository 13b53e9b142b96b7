#pragma once

#include <string>

#include "agent/collectors/collector.h"
#include "agent/collectors/polled_file.h"

namespace fleetdeck::agent {

// /proc/meminfo: total, available (MemAvailable, the kernel's own estimate), swap. The file stays
// open (PolledFile): one pread per sample, into a buffer kept between samples.
class MemoryCollector : public Collector {
public:
    std::string_view name() const override { return "memory"; }
    void sample(const RootFs& fs, protocol::Sample& sample) override;

private:
    PolledFile meminfo_;
    bool opened_ = false;
    std::string text_;
};

// "Key:   123 kB" lines as bytes; missing keys are absent from the map.
struct MemInfo {
    std::optional<std::int64_t> total, available, free, buffers, cached, swap_total, swap_free;
};
MemInfo parse_meminfo(std::string_view text);

}  // namespace fleetdeck::agent
