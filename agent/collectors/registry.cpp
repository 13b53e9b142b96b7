#include "agent/collectors/collector.h"
#include "agent/collectors/cpu.h"
#include "agent/collectors/gpu_amd.h"
#include "agent/collectors/gpu_nvidia.h"
#include "agent/collectors/hwmon.h"
#include "agent/collectors/memory.h"
#include "agent/collectors/net.h"

namespace fleetdeck::agent {

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
