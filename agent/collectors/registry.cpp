#include "agent/collectors/collector.h"
#include "agent/collectors/cpu.h"
#include "agent/collectors/memory.h"

namespace fleetdeck::agent {

std::vector<std::unique_ptr<Collector>> make_collectors() {
    std::vector<std::unique_ptr<Collector>> list;
    list.push_back(std::make_unique<CpuCollector>());
    list.push_back(std::make_unique<MemoryCollector>());
    return list;
}

}  // namespace fleetdeck::agent
