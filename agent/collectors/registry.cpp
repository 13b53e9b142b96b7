#include "agent/collectors/collector.h"

#include <algorithm>

#include "agent/collectors/cpu.h"
#include "agent/collectors/gpu_amd.h"
#include "agent/collectors/gpu_nvidia.h"
#include "agent/collectors/hwmon.h"
#include "agent/collectors/memory.h"
#include "agent/collectors/net.h"

namespace fleetdeck::agent {

std::span<protocol::GpuSample> vendor_gpus(protocol::Sample& sample, std::string_view vendor, std::size_t count) {
    auto& gpus = sample.gpus;
    const auto ours = [vendor](const protocol::GpuSample& g) { return g.vendor == vendor; };
    const auto first = std::find_if(gpus.begin(), gpus.end(), ours);
    const auto last = std::find_if_not(first, gpus.end(), ours);
    const auto at = static_cast<std::size_t>(first - gpus.begin());
    const auto have = static_cast<std::size_t>(last - first);
    if (have > count) gpus.erase(first + static_cast<std::ptrdiff_t>(count), last);
    else if (have < count) gpus.insert(last, count - have, protocol::GpuSample{});
    return std::span(gpus).subspan(at, count);
}

std::vector<std::unique_ptr<Collector>> make_collectors() {
    std::vector<std::unique_ptr<Collector>> list;
    list.push_back(std::make_unique<CpuCollector>());
    list.push_back(std::make_unique<MemoryCollector>());
    list.push_back(std::make_unique<HwmonCollector>());
    list.push_back(std::make_unique<NetCollector>());
    list.push_back(std::make_unique<NvidiaGpuCollector>());
    list.push_back(std::make_unique<AmdGpuCollector>());
    return list;
}

}  // namespace fleetdeck::agent
