#pragma once

// The pieces of NodeMetrics (node_metrics.h), one file per group of node_exporter collectors:
// node_system.cpp (stat, cpu, meminfo, vmstat, loadavg, pressure, filefd, entropy, uname, time,
// timex, and the agent's own process), node_network.cpp (netdev, netclass, netstat, sockstat,
// softnet, arp, conntrack, infiniband's rate), node_storage.cpp (diskstats, filesystem).

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "agent/collectors/polled_file.h"
#include "agent/metrics/exposition.h"
#include "agent/metrics/node_metrics.h"
#include "agent/protocol/sample.h"
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

// A field of /proc/net/{netstat,snmp} the netstat family writes: where it is, and its names.
struct NetstatPick {
    std::size_t line = 0, column = 0;  // the line of its value, and the value's field in it
    std::string field;                 // "TcpInSegs": as the kernel spells it
    std::string metric, help;          // "node_netstat_Tcp_InSegs", "Statistic TcpInSegs."
};
struct NetstatPlan {
    std::string headers;  // the name lines the plan was made from (netstat, snmp)
    std::vector<NetstatPick> picks;
};
NetstatPick netstat_pick(std::size_t line, std::size_t column, std::string_view protocol, std::string_view name);

struct NodeMetrics::Files {
    explicit Files(const RootFs& fs);

    // node_system.cpp
    ScrapedFile stat, meminfo, vmstat, loadavg, file_nr, entropy_avail, entropy_poolsize;
    ScrapedFile pressure_cpu, pressure_io, pressure_memory;
    // node_network.cpp
    ScrapedFile net_dev, net_snmp, net_netstat, sockstat, sockstat6, softnet, arp;
    ScrapedFile conntrack_count, conntrack_max;
    std::vector<NetClassDevice> netclass;
    NetstatPlan netstat_plan, snmp_plan;
    // node_storage.cpp
    ScrapedFile diskstats, mounts;

    // node_cpu_seconds_total never goes back (node_exporter's cpu_linux.go updateCPUStats): the
    // last value of each CPU's mode, in USER_HZ ticks.
    std::vector<std::vector<double>> cpu_seconds;
    // The agent's own /proc/self/stat (write_process).
    ScrapedFile self_stat;
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
bool write_process(ExpositionWriter& w, NodeMetrics::Files& f);

bool write_netdev(ExpositionWriter& w, NodeMetrics::Files& f);
bool write_netclass(ExpositionWriter& w, NodeMetrics::Files& f, const RootFs& fs);
bool write_netstat(ExpositionWriter& w, NodeMetrics::Files& f);
bool write_sockstat(ExpositionWriter& w, NodeMetrics::Files& f);
bool write_softnet(ExpositionWriter& w, NodeMetrics::Files& f);
bool write_arp(ExpositionWriter& w, NodeMetrics::Files& f);
bool write_conntrack(ExpositionWriter& w, NodeMetrics::Files& f);
bool write_infiniband(ExpositionWriter& w, const RootFs& fs);

// node_exporter's families for the InfiniBand error counters the agent reads, in the order of
// protocol::kIbErrorCounterFields: names and help texts of v1.5.0's collector/infiniband_linux.go
// (the version Debian 12 ships), checked line by line against its own recorded output in
// tests/prometheus/node_metrics_test.cpp.
struct IbErrorFamily {
    std::string_view counter;  // the file in counters/
    std::string_view metric;
    std::string_view help;
};
inline constexpr std::array<IbErrorFamily, protocol::kIbErrorCounterFields.size()> kIbErrorFamilies{{
    {"excessive_buffer_overrun_errors", "node_infiniband_excessive_buffer_overrun_errors_total",
     "Number of times that OverrunErrors consecutive flow control update periods occurred, each having at least one overrun error."},
    {"link_downed", "node_infiniband_link_downed_total", "Number of times the link failed to recover from an error state and went down"},
    {"link_error_recovery", "node_infiniband_link_error_recovery_total",
     "Number of times the link successfully recovered from an error state"},
    {"local_link_integrity_errors", "node_infiniband_local_link_integrity_errors_total",
     "Number of times that the count of local physical errors exceeded the threshold specified by LocalPhyErrors."},
    {"port_rcv_errors", "node_infiniband_port_errors_received_total",
     "Number of packets containing an error that were received on this port"},
    {"port_rcv_remote_physical_errors", "node_infiniband_port_receive_remote_physical_errors_total",
     "Number of packets marked with the EBP (End of Bad Packet) delimiter received on the port."},
    {"port_xmit_discards", "node_infiniband_port_discards_transmitted_total",
     "Number of outbound packets discarded by the port because the port is down or congested"},
    {"symbol_error", "node_infiniband_symbol_error_total", "Number of minor link errors detected on one or more physical lanes."},
}};
static_assert([] {
    for (std::size_t i = 0; i < kIbErrorFamilies.size(); ++i)
        if (kIbErrorFamilies[i].counter != protocol::kIbErrorCounterFields[i].name) return false;
    return true;
}());

// The InfiniBand families of `ports` (the rate and the error counters), as node_exporter writes
// them: the sample path of a simulated host and the live tree's path share it.
void write_infiniband_ports(ExpositionWriter& w, const std::vector<protocol::InfinibandPortSample>& ports);

bool write_diskstats(ExpositionWriter& w, NodeMetrics::Files& f);
bool write_filesystem(ExpositionWriter& w, NodeMetrics::Files& f, const RootFs& fs);

// Shared by the groups: the fields of a line (split at runs of spaces and tabs) into `out`,
// cleared first and its capacity kept, so a file's lines reuse one buffer; and a number as
// node_exporter parses it (a float).
void split_fields(std::vector<std::string_view>& out, std::string_view line);
bool all_digits(std::string_view s);  // non-empty and only 0-9
std::optional<double> parse_number(std::string_view s);

// The kernel's page size in bytes, from the auxiliary vector (getauxval(AT_PAGESZ), glibc 2.16):
// not sysconf(_SC_PAGESIZE), which Debian's symbols file dates to glibc 2.34, and the agent's
// package must install on 2.17 (tests/packaging/check_debs.sh).
double page_size_bytes();

}  // namespace fleetdeck::agent::metrics
