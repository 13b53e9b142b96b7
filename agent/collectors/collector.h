#pragma once

#include <memory>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "agent/root_fs.h"

namespace fleetdeck::agent {

using Json = nlohmann::json;

// Discovery (which cores have cpufreq, which hwmon chips and labels, which interfaces and ports) is
// repeated every this many samples rather than on every one: hardware appears only with hotplug,
// driver loads and containers (net also rescans at once when /proc/net/dev shows a new interface).
constexpr int kRescanEvery = 60;

// One source of telemetry. sample() adds this collector's keys to a snapshot; collectors that
// report rates keep their previous counters and report null until they have two readings.
// Every key a collector writes is documented in docs/protocol.md.
class Collector {
public:
    virtual ~Collector() = default;
    virtual std::string_view name() const = 0;
    virtual void sample(const RootFs& fs, Json& snapshot) = 0;
};

// The explicit list of collectors, in the order their keys appear (collectors/registry.cpp).
std::vector<std::unique_ptr<Collector>> make_collectors();

}  // namespace fleetdeck::agent
