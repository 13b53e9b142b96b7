#pragma once

#include <chrono>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "agent/collectors/collector.h"
#include "agent/collectors/cpu.h"

namespace fleetdeck::agent {

// NUMA nodes (`numa[]`): /sys/devices/system/node/nodeN with its `cpulist`, how busy those CPUs
// were since the sample before (from the CPU collector's /proc/stat reading, so the file is read
// once), and which GPUs sit on the node: those whose PCI device's `numa_node` is N
// (Linux Documentation/ABI/stable/sysfs-devices-node, ABI/testing/sysfs-bus-pci). It runs after the
// CPU and GPU collectors (registry.cpp) and reads their part of the sample.
class NumaCollector : public Collector {
public:
    explicit NumaCollector(CpuCollector& cpu) : cpu_(cpu) {}
    std::string_view name() const override { return "numa"; }
    void sample(const RootFs& fs, protocol::Sample& sample) override;

private:
    struct Node {
        int node = 0;
        int cpus = 0;                                 // CPUs in its cpulist
        std::optional<CpuCollector::Ticks> previous;  // its CPUs' ticks added up, last sample
        int counted = -1;                             // how many of its CPUs that sample had
    };
    void rescan(const RootFs& fs);
    std::optional<int> gpu_node(const RootFs& fs, const std::string& pci_bus_id);

    CpuCollector& cpu_;
    std::vector<Node> nodes_;
    std::vector<int> node_of_cpu_;  // position in nodes_ by CPU number, -1 for none
    // Each GPU's node by pci_bus_id, read once per rescan (a device's node does not change).
    std::map<std::string, std::optional<int>, std::less<>> gpu_nodes_;
    std::vector<CpuCollector::Ticks> sums_;  // this sample's, by position in nodes_
    std::vector<int> counted_;
    int samples_since_scan_ = -1;
    std::chrono::steady_clock::time_point scanned_at_{};
};

// A sysfs CPU list ("0-15,32-47", "3", "" for a node without CPUs), each CPU number once;
// nothing when the text is not such a list.
std::optional<std::vector<int>> parse_cpu_list(std::string_view text);

}  // namespace fleetdeck::agent
