#pragma once

#include <cstdint>
#include <vector>

#include "agent/collectors/collector.h"

namespace fleetdeck::agent {

// /proc/stat: total and per-core utilization from the deltas between two samples.
class CpuCollector : public Collector {
public:
    std::string_view name() const override { return "cpu"; }
    void sample(const RootFs& fs, Json& snapshot) override;

    struct Ticks {
        std::uint64_t busy = 0;
        std::uint64_t total = 0;
    };

private:
    bool primed_ = false;
    Ticks total_;
    std::vector<Ticks> cores_;
};

}  // namespace fleetdeck::agent
