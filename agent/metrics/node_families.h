#pragma once

// The pieces of NodeMetrics (node_metrics.h), one file per group of node_exporter collectors:
// node_system.cpp (stat, cpu, meminfo, vmstat, loadavg, pressure, filefd, entropy, uname, time,
// timex), node_network.cpp (netdev, netclass, netstat, sockstat, softnet, arp, conntrack,
// udp_queues), node_storage.cpp (diskstats, filesystem).

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "agent/collectors/polled_file.h"
#include "agent/metrics/exposition.h"
#include "agent/metrics/node_metrics.h"
#include "agent/root_fs.h"

namespace fleetdeck::agent::metrics {

// A file a scrape reads every time: kept open, its buffer reused, read once per scrape.
class ScrapedFile {
public:
    ScrapedFile(const RootFs& fs, std::string_view absolute, PolledFile::Shape shape = PolledFile::Shape::Records)
        : file_(fs, absolute, shape) {}
    // The whole text (PolledFile's 4 MiB cap), or nullptr when the file cannot be read.
    const std::string* read() {
        if (!file_.read(text_)) return nullptr;
        return &text_;
    }

private:
    PolledFile file_;
    std::string text_;
};

// What a collector of node_exporter's reports about itself (node_scrape_collector_*): the agent
// reports its own collectors under the same names, so the dashboard's "scrape time" panels read it.
struct CollectorRun {
    const char* name;
    double seconds;
    bool ok;
};

// One interface of /sys/class/net with its attribute files kept open (node_network.cpp).
struct NetClassDevice {
    std::string name;
    std::vector<PolledFile> files;  // in the order of node_network.cpp's kNetClassFiles
};

struct NodeMetrics::Files {
    explicit Files(const RootFs& fs);

    // node_system.cpp
    ScrapedFile stat, meminfo, vmstat, loadavg, file_nr, entropy_avail, entropy_poolsize;
    ScrapedFile pressure_cpu, pressure_io, pressure_memory;
    // node_network.cpp
    ScrapedFile net_dev, net_snmp, net_netstat, net_snmp6, sockstat, sockstat6, softnet, arp;
    ScrapedFile conntrack_count, conntrack_max, udp, udp6;
    std::vector<NetClassDevice> netclass;
    // node_storage.cpp
    ScrapedFile diskstats, mounts;

    // node_cpu_seconds_total never goes back (node_exporter's cpu_linux.go updateCPUStats): the
    // last value of each CPU's mode, in USER_HZ ticks.
    std::vector<std::vector<double>> cpu_seconds;
};

bool write_stat(ExpositionWriter& w, NodeMetrics::Files& f);
bool write_meminfo(ExpositionWriter& w, NodeMetrics::Files& f);
bool write_vmstat(ExpositionWriter& w, NodeMetrics::Files& f);
bool write_loadavg(ExpositionWriter& w, NodeMetrics::Files& f);
bool write_pressure(ExpositionWriter& w, NodeMetrics::Files& f);
bool write_filefd(ExpositionWriter& w, NodeMetrics::Files& f);
bool write_entropy(ExpositionWriter& w, NodeMetrics::Files& f);
bool write_uname(ExpositionWriter& w, const RootFs& fs);
bool write_time(ExpositionWriter& w);
bool write_timex(ExpositionWriter& w, const RootFs& fs);

bool write_netdev(ExpositionWriter& w, NodeMetrics::Files& f);
bool write_netclass(ExpositionWriter& w, NodeMetrics::Files& f, const RootFs& fs);
bool write_netstat(ExpositionWriter& w, NodeMetrics::Files& f);
bool write_sockstat(ExpositionWriter& w, NodeMetrics::Files& f);
bool write_softnet(ExpositionWriter& w, NodeMetrics::Files& f);
bool write_arp(ExpositionWriter& w, NodeMetrics::Files& f);
bool write_conntrack(ExpositionWriter& w, NodeMetrics::Files& f);
bool write_udp_queues(ExpositionWriter& w, NodeMetrics::Files& f);

bool write_diskstats(ExpositionWriter& w, NodeMetrics::Files& f);
bool write_filesystem(ExpositionWriter& w, NodeMetrics::Files& f, const RootFs& fs);

// Shared by the groups: the fields of a line, and a number node_exporter parses as a float.
std::optional<double> parse_number(std::string_view s);

}  // namespace fleetdeck::agent::metrics
