#include "agent/collectors/collector.h"

#include <algorithm>

#include "agent/collectors/cpu.h"
#include "agent/collectors/disks.h"
#include "agent/collectors/gpu_amd.h"
#include "agent/collectors/gpu_nvidia.h"
#include "agent/collectors/hwmon.h"
#include "agent/collectors/memory.h"
#include "agent/collectors/net.h"
#include "agent/collectors/numa.h"
#include "agent/collectors/pressure.h"

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
    auto cpu = std::make_unique<CpuCollector>();
    auto numa = std::make_unique<NumaCollector>(*cpu);  // after the CPU and GPUs: it reads theirs
    list.push_back(std::move(cpu));
    list.push_back(std::make_unique<MemoryCollector>());
    list.push_back(std::make_unique<HwmonCollector>());
    list.push_back(std::make_unique<NetCollector>());
    list.push_back(std::make_unique<PressureCollector>());
    list.push_back(std::make_unique<DiskCollector>());
    list.push_back(std::make_unique<NvidiaGpuCollector>());
    list.push_back(std::make_unique<AmdGpuCollector>());
    list.push_back(std::move(numa));
    return list;
}

}  // namespace fleetdeck::agent
