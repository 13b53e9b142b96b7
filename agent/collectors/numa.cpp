#include "agent/collectors/numa.h"

#include <algorithm>

namespace fleetdeck::agent {
namespace {

constexpr int kMaxCpu = 1 << 16;  // far above any server; guards the table against a hostile tree

}  // namespace

// The kernel writes these with "%*pbl" (lib/vsprintf.c, bitmap_list_string): ranges "a-b" and
// single numbers, comma-separated, ascending.
std::optional<std::vector<int>> parse_cpu_list(std::string_view text) {
    std::vector<int> cpus;
    text = trim(text);
    while (!text.empty()) {
        const auto comma = text.find(',');
        const auto part = text.substr(0, comma);
        text = comma == std::string_view::npos ? std::string_view() : text.substr(comma + 1);
        const auto dash = part.find('-');
        const auto first = parse_int(part.substr(0, dash));
        const auto last = dash == std::string_view::npos ? first : parse_int(part.substr(dash + 1));
        if (!first || !last || *first < 0 || *last < *first || *last >= kMaxCpu) return std::nullopt;
        for (auto c = *first; c <= *last; ++c) cpus.push_back(static_cast<int>(c));
    }
    std::sort(cpus.begin(), cpus.end());
    cpus.erase(std::unique(cpus.begin(), cpus.end()), cpus.end());
    return cpus;
}

void NumaCollector::rescan(const RootFs& fs) {
    struct Found {
        int node;
        std::vector<int> cpus;
    };
    std::vector<Found> found;
    for (const auto& entry : fs.list("/sys/devices/system/node")) {
        if (!entry.starts_with("node")) continue;
        const auto number = parse_int(std::string_view(entry).substr(4));
        if (!number || *number < 0 || *number > INT32_MAX) continue;
        auto cpus = parse_cpu_list(fs.read("/sys/devices/system/node/" + entry + "/cpulist").value_or(""));
        found.push_back({static_cast<int>(*number), cpus ? std::move(*cpus) : std::vector<int>{}});
    }
    // The listing is by name ("node10" before "node2"); the sample lists nodes by number.
    std::sort(found.begin(), found.end(), [](const Found& a, const Found& b) { return a.node < b.node; });
    std::vector<Node> previous = std::move(nodes_);
    nodes_.clear();
    node_of_cpu_.clear();
    gpu_nodes_.clear();
    for (const auto& f : found) {
        Node node{f.node, static_cast<int>(f.cpus.size()), std::nullopt, -1};
        // A node that keeps its CPUs keeps its last ticks: a rescan does not cost a reading.
        const auto kept = std::find_if(previous.begin(), previous.end(),
                                       [&node](const Node& p) { return p.node == node.node && p.cpus == node.cpus; });
        if (kept != previous.end()) {
            node.previous = kept->previous;
            node.counted = kept->counted;
        }
        for (const int c : f.cpus) {
            const auto cpu = static_cast<std::size_t>(c);
            if (node_of_cpu_.size() <= cpu) node_of_cpu_.resize(cpu + 1, -1);
            node_of_cpu_[cpu] = static_cast<int>(nodes_.size());
        }
        nodes_.push_back(node);
    }
    // Per-node sums need each core's ticks only where there is more than one node; with one, its
    // CPUs are all of them and its figure is the CPU collector's total.
    cpu_.keep_core_ticks(nodes_.size() > 1);
    samples_since_scan_ = 0;
}

std::optional<int> NumaCollector::gpu_node(const RootFs& fs, const std::string& pci_bus_id) {
    if (const auto known = gpu_nodes_.find(pci_bus_id); known != gpu_nodes_.end()) return known->second;
    // -1 where the platform gives no locality (a single-node machine, many VMs).
    std::optional<int> node;
    if (const auto n = fs.read_int("/sys/bus/pci/devices/" + pci_bus_id + "/numa_node"); n && *n >= 0 && *n <= INT32_MAX)
        node = static_cast<int>(*n);
    gpu_nodes_.emplace(pci_bus_id, node);
    return node;
}

void NumaCollector::sample(const RootFs& fs, protocol::Sample& sample) {
    const auto now = std::chrono::steady_clock::now();
    if (samples_since_scan_ < 0 || (++samples_since_scan_ >= kRescanEvery && now - scanned_at_ >= kRescanMinPeriod)) {
        rescan(fs);
        scanned_at_ = now;
    }
    sums_.assign(nodes_.size(), {});
    counted_.assign(nodes_.size(), 0);
    const auto cores = cpu_.core_ticks();
    for (const auto& core : cores) {
        const auto cpu = static_cast<std::size_t>(core.cpu);
        if (cpu >= node_of_cpu_.size() || node_of_cpu_[cpu] < 0) continue;
        const auto at = static_cast<std::size_t>(node_of_cpu_[cpu]);
        sums_[at].busy += core.ticks.busy;
        sums_[at].total += core.ticks.total;
        ++counted_[at];
    }
    sample.numa.resize(nodes_.size());
    for (std::size_t i = 0; i < nodes_.size(); ++i) {
        Node& node = nodes_[i];
        protocol::NumaNodeSample& out = sample.numa[i];
        out.node = node.node;
        out.cpu_util_pct.reset();
        out.gpus.clear();
        if (nodes_.size() == 1) {
            if (node.cpus > 0 && sample.cpu) out.cpu_util_pct = sample.cpu->util_pct;
        } else if (counted_[i] > 0) {
            // Compare with the last sample that added up as many of the node's CPUs: one going
            // offline or coming back (/proc/stat lists online CPUs only) starts the comparison again.
            if (node.previous && node.counted == counted_[i])
                out.cpu_util_pct = CpuCollector::utilization(*node.previous, sums_[i]);
            node.previous = sums_[i];
        } else {
            node.previous.reset();  // no CPUs, or a sample without per-core ticks
        }
        node.counted = counted_[i];
    }
    for (const auto& gpu : sample.gpus) {
        if (!gpu.pci_bus_id) continue;
        const auto node = gpu_node(fs, *gpu.pci_bus_id);
        if (!node) continue;
        for (auto& out : sample.numa)
            if (out.node == *node) out.gpus.push_back(*gpu.pci_bus_id);
    }
}

}  // namespace fleetdeck::agent
