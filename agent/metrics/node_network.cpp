// node_exporter 1.5.0's netdev, netclass, netstat, sockstat, softnet, arp and conntrack
// collectors (collector/<name>_linux.go, cited at each family). Its udp_queues collector is left
// out: /proc/net/udp and udp6 make the kernel walk every slot of the UDP hash tables, whose size
// follows the memory and not the sockets (35 µs a scrape for both files on the 23 GiB build VM,
// more on a large server), for the one dashboard panel that reads them.
#include <unistd.h>

#include <algorithm>
#include <array>
#include <climits>
#include <cstdint>
#include <map>

#include "agent/collectors/net.h"
#include "agent/metrics/node_families.h"

namespace fleetdeck::agent::metrics {
namespace {

std::string device_label(std::string_view name) { return label_text({{"device", std::string(name)}}); }

}  // namespace

// collector/netdev_linux.go and netdev_common.go: every device of /proc/net/dev (the default
// filter excludes none), the 16 counters under their legacy names (netdev_common.go `legacy`:
// /proc/net/dev already sums the detailed error counters the same way), as "<name>_total".
// 1.5.0 reads them over rtnetlink by default, which adds receive_nohandler: that one comes from
// /sys/class/net/<device>/statistics/rx_nohandler (write_netclass), the same kernel counter.
bool write_netdev(ExpositionWriter& w, NodeMetrics::Files& f) {
    const std::string* text = f.net_dev.read();
    if (!text) return false;
    static constexpr std::array<const char*, 16> kNames = {
        "receive_bytes",  "receive_packets",  "receive_errs",  "receive_drop",  "receive_fifo",  "receive_frame",
        "receive_compressed", "receive_multicast", "transmit_bytes", "transmit_packets", "transmit_errs", "transmit_drop",
        "transmit_fifo", "transmit_colls", "transmit_carrier", "transmit_compressed"};
    struct Device {
        std::string labels;
        std::array<std::optional<double>, 16> values;
    };
    std::vector<Device> devices;
    std::vector<std::string_view> fields;
    for_each_line(*text, [&](std::string_view line) {
        const auto colon = line.find(':');
        if (colon == std::string_view::npos) return;  // the two header lines have '|', not ':'
        split_fields(fields, line.substr(colon + 1));
        if (fields.size() < kNames.size()) return;
        Device d{device_label(trim(line.substr(0, colon))), {}};
        for (std::size_t i = 0; i < kNames.size(); ++i) d.values[i] = parse_number(fields[i]);
        devices.push_back(std::move(d));
    });
    std::string name, help;
    for (std::size_t i = 0; i < kNames.size(); ++i) {
        name.assign("node_network_").append(kNames[i]).append("_total");
        help.assign("Network device statistic ").append(kNames[i]).append(".");
        w.family(name, MetricType::Counter, help);
        for (const auto& d : devices)
            if (d.values[i]) w.sample_text(d.labels, *d.values[i]);
    }
    return !devices.empty();
}

namespace {

// collector/netclass_linux.go, the properties it pushes for each /sys/class/net device (the
// default --collector.netclass.ignored-devices "^$" ignores none), with prometheus/procfs
// sysfs/net_class.go's file for each. Numbers as procfs parses them (ParseInt base 0, so
// "0x1003" for flags). Of its 18 properties the agent writes those a fleet dashboard reads (Node
// Exporter Full: up, carrier, mtu, speed; info for the address and state) and the few that say
// what a link is (type, flags, index, queue length, carrier changes): every file here is read at
// every scrape, on a host with hundreds of containers' veths too. Left out: address_assign_type,
// carrier_up/down_changes_total, device_id, dormant, iface_link, iface_link_mode,
// name_assign_type, net_dev_group.
struct NetClassFile {
    const char* file;
    const char* metric;  // "" for the text files that go into node_network_info / up
    MetricType type;
};
constexpr NetClassFile kNetClassFiles[] = {
    {"operstate", "", MetricType::Gauge},
    {"address", "", MetricType::Gauge},
    {"broadcast", "", MetricType::Gauge},
    {"duplex", "", MetricType::Gauge},
    {"ifalias", "", MetricType::Gauge},
    {"carrier", "carrier", MetricType::Gauge},
    {"carrier_changes", "carrier_changes_total", MetricType::Counter},
    {"flags", "flags", MetricType::Gauge},
    {"ifindex", "iface_id", MetricType::Gauge},
    {"mtu", "mtu_bytes", MetricType::Gauge},
    {"speed", "speed_bytes", MetricType::Gauge},
    {"tx_queue_len", "transmit_queue_length", MetricType::Gauge},
    {"type", "protocol_type", MetricType::Gauge},
    {"statistics/rx_nohandler", "", MetricType::Counter},
};
constexpr std::size_t kNetClassCount = sizeof kNetClassFiles / sizeof kNetClassFiles[0];
constexpr std::size_t kOperstate = 0, kAddress = 1, kBroadcast = 2, kDuplex = 3, kIfalias = 4, kSpeed = 10, kNohandler = 13;
static_assert(std::string_view(kNetClassFiles[kSpeed].file) == "speed" &&
              std::string_view(kNetClassFiles[kNohandler].file) == "statistics/rx_nohandler");

std::optional<double> parse_sysfs_number(std::string_view text) {
    text = trim(text);
    if (text.starts_with("0x")) {
        std::uint64_t v = 0;
        if (text.size() == 2 || text.size() > 18) return std::nullopt;
        for (const char c : text.substr(2)) {
            const int digit = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
            if (digit < 0) return std::nullopt;
            v = v * 16 + static_cast<std::uint64_t>(digit);
        }
        return static_cast<double>(v);
    }
    return parse_number(text);
}

}  // namespace

bool write_netclass(ExpositionWriter& w, NodeMetrics::Files& f, const RootFs& fs) {
    // Devices come and go (VLANs, containers' veths): the list is read every scrape and a device
    // seen before keeps its open files.
    const auto names = fs.list("/sys/class/net");
    std::vector<NetClassDevice> devices;
    devices.reserve(names.size());
    for (const auto& name : names) {
        const auto known = std::find_if(f.netclass.begin(), f.netclass.end(), [&](const NetClassDevice& d) { return d.name == name; });
        if (known != f.netclass.end()) {
            devices.push_back(std::move(*known));
            continue;
        }
        NetClassDevice d{name, {}};
        d.files.reserve(kNetClassCount);
        for (const auto& file : kNetClassFiles) d.files.emplace_back(fs, "/sys/class/net/" + name + "/" + file.file);
        devices.push_back(std::move(d));
    }
    f.netclass = std::move(devices);

    // Read each file once, then write family by family.
    std::vector<std::array<std::optional<std::string>, kNetClassCount>> values(f.netclass.size());
    for (std::size_t d = 0; d < f.netclass.size(); ++d)
        for (std::size_t i = 0; i < kNetClassCount; ++i) values[d][i] = f.netclass[d].files[i].read_line();
    std::vector<std::string> labels;
    labels.reserve(f.netclass.size());
    for (const auto& d : f.netclass) labels.push_back(device_label(d.name));

    w.family("node_network_up", MetricType::Gauge, "Value is 1 if operstate is 'up', 0 otherwise.");
    for (std::size_t d = 0; d < values.size(); ++d) w.sample_text(labels[d], values[d][kOperstate] == "up" ? 1 : 0);
    w.family("node_network_info", MetricType::Gauge, "Non-numeric data from /sys/class/net/<iface>, value is always 1.");
    for (std::size_t d = 0; d < values.size(); ++d) {
        const auto& v = values[d];
        w.sample({{"address", v[kAddress].value_or("")},
                  {"broadcast", v[kBroadcast].value_or("")},
                  {"device", f.netclass[d].name},
                  {"duplex", v[kDuplex].value_or("")},
                  {"ifalias", v[kIfalias].value_or("")},
                  {"operstate", v[kOperstate].value_or("")}},
                 1);
    }
    std::string name, help;
    for (std::size_t i = 0; i < kNetClassCount; ++i) {
        const auto& file = kNetClassFiles[i];
        if (!*file.metric) continue;
        name.assign("node_network_").append(file.metric);
        help.assign("Network device property: ").append(file.metric);
        w.family(name, file.type, help);
        for (std::size_t d = 0; d < values.size(); ++d) {
            if (!values[d][i]) continue;  // EINVAL: carrier and speed of a device that is down
            auto v = parse_sysfs_number(*values[d][i]);
            if (!v) continue;
            // Mb/s -> bytes/s. A virtual device's -1 ("unknown") goes out as -125000 too: 1.5.0
            // drops it only with --collector.netclass.ignore-invalid-speed, off by default.
            if (i == kSpeed) *v = *v * 1000 * 1000 / 8;
            w.sample_text(labels[d], *v);
        }
    }
    w.family("node_network_receive_nohandler_total", MetricType::Counter, "Network device statistic receive_nohandler.");
    for (std::size_t d = 0; d < values.size(); ++d)
        if (values[d][kNohandler])
            if (const auto v = parse_number(*values[d][kNohandler])) w.sample_text(labels[d], *v);
    return !f.netclass.empty();
}

namespace {

// node_exporter's default --collector.netstat.fields:
// ^(.*_(InErrors|InErrs)|Ip_Forwarding|Ip(6|Ext)_(InOctets|OutOctets)|Icmp6?_(InMsgs|OutMsgs)|
//   TcpExt_(Listen.*|Syncookies.*|TCPSynRetrans|TCPTimeouts)|
//   Tcp_(ActiveOpens|InSegs|OutSegs|OutRsts|PassiveOpens|RetransSegs|CurrEstab)|
//   Udp6?_(InDatagrams|OutDatagrams|NoPorts|RcvbufErrors|SndbufErrors))$
bool netstat_wanted(std::string_view protocol, std::string_view name) {
    const auto any = [name](std::initializer_list<std::string_view> names) {
        for (const auto n : names)
            if (n == name) return true;
        return false;
    };
    if (name == "InErrors" || name == "InErrs") return true;
    if (protocol == "Ip") return name == "Forwarding";
    if (protocol == "Ip6" || protocol == "IpExt") return any({"InOctets", "OutOctets"});
    if (protocol == "Icmp" || protocol == "Icmp6") return any({"InMsgs", "OutMsgs"});
    if (protocol == "TcpExt")
        return name.starts_with("Listen") || name.starts_with("Syncookies") || any({"TCPSynRetrans", "TCPTimeouts"});
    if (protocol == "Tcp") return any({"ActiveOpens", "InSegs", "OutSegs", "OutRsts", "PassiveOpens", "RetransSegs", "CurrEstab"});
    if (protocol == "Udp" || protocol == "Udp6") return any({"InDatagrams", "OutDatagrams", "NoPorts", "RcvbufErrors", "SndbufErrors"});
    return false;
}

// The lines of `text`.
void split_lines(std::vector<std::string_view>& out, std::string_view text) {
    out.clear();
    for_each_line(text, [&out](std::string_view line) { out.push_back(line); });
}

// Where the wanted fields are in /proc/net/netstat and /proc/net/snmp: "Proto: Name Name …"
// lines, each followed by "Proto: 1 2 …". The names are the kernel's and change only with it, so
// the plan is made again only when the name lines differ from the ones it was made from.
void plan_name_value_pairs(NetstatPlan& plan, const std::vector<std::string_view>& lines) {
    std::string headers;
    for (std::size_t i = 0; i + 1 < lines.size(); i += 2) headers.append(lines[i]).append("\n");
    if (headers == plan.headers) return;
    plan.headers = std::move(headers);
    plan.picks.clear();
    std::vector<std::string_view> names;
    for (std::size_t i = 0; i + 1 < lines.size(); i += 2) {
        const auto colon = lines[i].find(':');
        if (colon == std::string_view::npos || lines[i + 1].substr(0, colon + 1) != lines[i].substr(0, colon + 1)) continue;
        const std::string_view protocol = lines[i].substr(0, colon);
        split_fields(names, lines[i].substr(colon + 1));
        for (std::size_t c = 0; c < names.size(); ++c)
            if (netstat_wanted(protocol, names[c])) plan.picks.push_back(netstat_pick(i + 1, c, protocol, names[c]));
    }
}

void write_picks(ExpositionWriter& w, const NetstatPlan& plan, const std::vector<std::string_view>& lines) {
    std::vector<std::string_view> fields;
    std::size_t split_line = SIZE_MAX;
    for (const auto& pick : plan.picks) {
        if (pick.line >= lines.size()) continue;
        if (pick.line != split_line) {
            const auto line = lines[pick.line];
            const auto colon = line.find(':');
            split_fields(fields, colon == std::string_view::npos ? line : line.substr(colon + 1));
            split_line = pick.line;
        }
        if (pick.column >= fields.size()) continue;
        if (const auto v = parse_number(fields[pick.column])) {
            w.family(pick.metric, MetricType::Untyped, pick.help);
            w.sample_text({}, *v);
        }
    }
}

}  // namespace

NetstatPick netstat_pick(std::size_t line, std::size_t column, std::string_view protocol, std::string_view name) {
    NetstatPick pick;
    pick.line = line;
    pick.column = column;
    pick.field = std::string(protocol) + std::string(name);
    pick.metric = "node_netstat_" + std::string(protocol) + "_" + std::string(name);
    pick.help = "Statistic " + pick.field + ".";
    return pick;
}

// collector/netstat_linux.go: /proc/net/netstat and /proc/net/snmp, the fields of the default
// filter, "node_netstat_<Proto>_<Name>", untyped, "Statistic <ProtoName>.". node_exporter also
// reads /proc/net/snmp6 for the Ip6, Icmp6 and Udp6 fields; the agent does not: no dashboard it
// is checked against reads them, and the kernel takes about as long to write that file (16 µs on
// the build VM) as the agent takes for the rest of a scrape's network families.
bool write_netstat(ExpositionWriter& w, NodeMetrics::Files& f) {
    std::vector<std::string_view> lines;
    const std::string* netstat = f.net_netstat.read();
    if (netstat) {
        split_lines(lines, *netstat);
        plan_name_value_pairs(f.netstat_plan, lines);
        write_picks(w, f.netstat_plan, lines);
    }
    const std::string* snmp = f.net_snmp.read();
    if (snmp) {
        split_lines(lines, *snmp);
        plan_name_value_pairs(f.snmp_plan, lines);
        write_picks(w, f.snmp_plan, lines);
    }
    return netstat && snmp;
}

// collector/sockstat_linux.go: /proc/net/sockstat and sockstat6, "PROTO: key value key value";
// node_sockstat_<PROTO>_<key>, "mem" (pages) also as mem_bytes, and sockets' "used" as
// node_sockstat_sockets_used.
bool write_sockstat(ExpositionWriter& w, NodeMetrics::Files& f) {
    static const double page_size = page_size_bytes();
    const std::string* v4 = f.sockstat.read();
    if (!v4) return false;
    std::string text = *v4;
    if (const std::string* v6 = f.sockstat6.read()) text += *v6;
    std::string name, help;
    std::vector<std::string_view> fields;
    for_each_line(text, [&](std::string_view line) {
        const auto colon = line.find(':');
        if (colon == std::string_view::npos) return;
        const std::string_view protocol = line.substr(0, colon);
        split_fields(fields, line.substr(colon + 1));
        for (std::size_t i = 0; i + 1 < fields.size(); i += 2) {
            const auto value = parse_number(fields[i + 1]);
            if (!value) continue;
            if (protocol == "sockets") {
                if (fields[i] != "used") continue;
                w.family("node_sockstat_sockets_used", MetricType::Gauge, "Number of IPv4 sockets in use.");
                w.sample({}, *value);
                continue;
            }
            const auto one = [&](std::string_view key, double v) {
                name.assign("node_sockstat_").append(protocol).append("_").append(key);
                help.assign("Number of ").append(protocol).append(" sockets in state ").append(key).append(".");
                w.family(name, MetricType::Gauge, help);
                w.sample({}, v);
            };
            one(fields[i], *value);
            if (fields[i] == "mem") one("mem_bytes", *value * page_size);
        }
    });
    return true;
}

// collector/softnet_linux.go: /proc/net/softnet_stat, a line per CPU of hex columns: processed,
// dropped, time_squeezed first.
bool write_softnet(ExpositionWriter& w, NodeMetrics::Files& f) {
    const std::string* text = f.softnet.read();
    if (!text) return false;
    std::vector<std::array<double, 3>> cpus;
    std::vector<std::string_view> fields;
    for_each_line(*text, [&](std::string_view line) {
        split_fields(fields, line);
        if (fields.size() < 3) return;
        std::array<double, 3> v{};
        for (std::size_t i = 0; i < 3; ++i) v[i] = static_cast<double>(std::strtoull(std::string(fields[i]).c_str(), nullptr, 16));
        cpus.push_back(v);
    });
    static const char* const kNames[3][2] = {{"node_softnet_processed_total", "Number of processed packets"},
                                             {"node_softnet_dropped_total", "Number of dropped packets"},
                                             {"node_softnet_times_squeezed_total", "Number of times processing packets ran out of quota"}};
    for (std::size_t i = 0; i < 3; ++i) {
        w.family(kNames[i][0], MetricType::Counter, kNames[i][1]);
        for (std::size_t c = 0; c < cpus.size(); ++c) w.sample({{"cpu", std::to_string(c)}}, cpus[c][i]);
    }
    return !cpus.empty();
}

// collector/arp_linux.go: the entries of /proc/net/arp (after its header line) by device, the
// line's last column.
bool write_arp(ExpositionWriter& w, NodeMetrics::Files& f) {
    const std::string* text = f.arp.read();
    if (!text) return false;
    std::map<std::string, int> entries;
    bool header = true;
    std::vector<std::string_view> fields;
    for_each_line(*text, [&](std::string_view line) {
        if (header) {
            header = false;
            return;
        }
        split_fields(fields, line);
        if (fields.size() >= 6) ++entries[std::string(fields.back())];
    });
    w.family("node_arp_entries", MetricType::Gauge, "ARP entries by device");
    for (const auto& [device, count] : entries) w.sample({{"device", device}}, count);
    return true;
}

// collector/conntrack_linux.go: the table's size and limit, where nf_conntrack is loaded.
bool write_conntrack(ExpositionWriter& w, NodeMetrics::Files& f) {
    const std::string* count = f.conntrack_count.read();
    const std::string* max = f.conntrack_max.read();
    if (!count || !max) return false;
    w.family("node_nf_conntrack_entries", MetricType::Gauge, "Number of currently allocated flow entries for connection tracking.");
    if (const auto v = parse_number(*count)) w.sample({}, *v);
    w.family("node_nf_conntrack_entries_limit", MetricType::Gauge, "Maximum size of connection tracking table.");
    if (const auto v = parse_number(*max)) w.sample({}, *v);
    return true;
}

// collector/infiniband_linux.go: node_infiniband_rate_bytes_per_second{device,port}, each port's
// `rate` ("100 Gb/sec (4X EDR)") in bytes/s (prometheus/procfs sysfs/class_infiniband.go
// parseRate: Gb/s x 125000000), and the error counters of kIbErrorFamilies where the port's
// counters/ file holds a count (procfs leaves out "N/A (no PMA)", and so does the agent). Read
// with the collector's own port reader, so /metrics and the sample agree.
bool write_infiniband(ExpositionWriter& w, const RootFs& fs) {
    write_infiniband_ports(w, infiniband_ports(fs));
    return true;
}

void write_infiniband_ports(ExpositionWriter& w, const std::vector<protocol::InfinibandPortSample>& ports) {
    w.family("node_infiniband_rate_bytes_per_second", MetricType::Gauge, "Maximum signal transfer rate");
    for (const auto& port : ports)
        if (port.rate_gbps && port.port)
            w.sample({{"device", port.device}, {"port", std::to_string(*port.port)}}, *port.rate_gbps * 125000000.0);
    for (std::size_t i = 0; i < kIbErrorFamilies.size(); ++i) {
        w.family(kIbErrorFamilies[i].metric, MetricType::Counter, kIbErrorFamilies[i].help);
        for (const auto& port : ports)
            if (const auto v = port.errors.*protocol::kIbErrorCounterFields[i].member; v && port.port)
                w.sample({{"device", port.device}, {"port", std::to_string(*port.port)}}, static_cast<double>(*v));
    }
}

}  // namespace fleetdeck::agent::metrics
