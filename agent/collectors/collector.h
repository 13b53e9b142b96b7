#pragma once

#include <chrono>
#include <memory>
#include <span>
#include <string_view>
#include <vector>

#include "agent/json/json.h"

#include "agent/protocol/sample.h"
#include "agent/root_fs.h"

namespace fleetdeck::agent {

using Json = nlohmann::json;

// Discovery (which cores have cpufreq, which hwmon chips and labels, which interfaces and ports) is
// repeated every this many samples rather than on every one: hardware appears only with hotplug,
// driver loads and containers (net also rescans at once when /proc/net/dev shows a new interface).
constexpr int kRescanEvery = 60;
// ...and no sooner than this after the last one, so a 100 ms subscription does not rediscover
// every 6 s. A rescan lists directories and keeps the files it already has open; it reads
// labels, limits and attributes only of what is new or whose directory changed.
constexpr std::chrono::seconds kRescanMinPeriod{10};

// Sensor readings (hwmon inputs, thermal zones, the CPU package temperature) and per-core
// frequencies are read at most this often, a little under a second so that a 1 s subscription
// still reads them for every sample; a faster one repeats the last reading in between. Most
// hwmon drivers refresh their registers only every second or two anyway (coretemp, nct6775),
// and on a 256-CPU server with 150 sensors these are 400 reads, most of a 100 ms sample's cost.
constexpr std::chrono::milliseconds kSlowReadingsEvery{900};

// One source of telemetry. sample() fills this collector's part of a sample (agent/protocol/
// sample.h), replacing what an earlier call left there: the machine hands every collector the
// same Sample each time, so its lists and strings keep their capacity from one sample to the
// next. The GPU collectors share `gpus`, each its own vendor's run (vendor_gpus()). Collectors
// that report rates keep their previous counters and leave the rate empty until they have two
// readings. Every field a collector fills is documented in docs/protocol.md.
class Collector {
public:
    virtual ~Collector() = default;
    virtual std::string_view name() const = 0;
    virtual void sample(const RootFs& fs, protocol::Sample& sample) = 0;
    // Whether the coming samples need per-core readings (a subscription with per_core: false does
    // not); a collector may skip reading what only feeds them. Nothing to skip by default.
    virtual void set_per_core(bool) {}
};

// Puts `entry` at position `i` of a list that is being refilled (i <= list.size()): an element
// left there by the previous sample is assigned over, so its strings keep their buffers.
template <class T>
T& put_at(std::vector<T>& list, std::size_t i, const T& entry) {
    if (i < list.size()) return list[i] = entry;
    return list.emplace_back(entry);
}

// The GPUs of `vendor` in `sample.gpus`, made `count` long, for a GPU collector to write over: the
// run of that vendor's entries the previous sample left (kept, so their strings and NVLink lists
// are reused rather than freed and built again), grown or shrunk, or a new run at the end.
std::span<protocol::GpuSample> vendor_gpus(protocol::Sample& sample, std::string_view vendor, std::size_t count);

// The explicit list of collectors, in the order their keys appear (collectors/registry.cpp).
std::vector<std::unique_ptr<Collector>> make_collectors();

}  // namespace fleetdeck::agent
