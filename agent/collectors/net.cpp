#include "agent/collectors/net.h"

#include <algorithm>
#include <cmath>

#include "agent/gpu/pci_link.h"

namespace fleetdeck::agent {
namespace {

// ARPHRD_* of include/uapi/linux/if_arp.h, as /sys/class/net/IF/type gives them.
constexpr std::int64_t kArphrdEther = 1, kArphrdInfiniband = 32, kArphrdLoopback = 772;

// speed is in Mb/s, and -1 (or unreadable, EINVAL) while the link is down: unknown, not a speed
// (Linux Documentation/ABI/testing/sysfs-class-net).
std::optional<std::int64_t> positive(const std::optional<std::int64_t>& speed) {
    if (!speed || *speed <= 0) return std::nullopt;
    return speed;
}

std::optional<std::int64_t> link_speed_mbps(const RootFs& fs, const std::string& dir) {
    return positive(fs.read_int(dir + "/speed"));
}

std::optional<double> rate(std::uint64_t before, std::uint64_t now, double seconds) {
    if (now < before || seconds <= 0) return std::nullopt;  // counter reset or wrapped
    return std::round(static_cast<double>(now - before) / seconds * 10.0) / 10.0;
}

// "4: ACTIVE" -> "ACTIVE"; nothing after the colon is no state (the ports' state and phys_state,
// Linux Documentation/ABI/stable/sysfs-class-infiniband).
std::optional<std::string> after_colon(const std::optional<std::string>& v) {
    if (!v) return std::nullopt;
    const auto colon = v->find(':');
    return non_empty(std::string(trim(colon == std::string::npos ? std::string_view(*v) : std::string_view(*v).substr(colon + 1))));
}

// "100 Gb/sec (4X EDR)" -> 100; "2.5 Gb/sec (1X SDR)" -> 2.5.
std::optional<double> rate_gbps(const std::optional<std::string>& v) {
    if (!v) return std::nullopt;
    const auto fields = split_ws(*v);
    if (fields.empty()) return std::nullopt;
    return parse_double(fields[0]);
}

// A counter file's value: a count, or nothing for "N/A (no PMA)" (a port without a performance
// agent) and anything else that is not a count.
std::optional<std::int64_t> counter_value(std::optional<std::int64_t> v) {
    if (v && *v < 0) return std::nullopt;
    return v;
}

}  // namespace

void parse_net_dev_into(std::string_view text, std::vector<NetDevCounters>& out) {
    std::size_t count = 0;
    for_each_line(text, [&out, &count](std::string_view line) {
        const auto colon = line.rfind(':');
        if (colon == std::string_view::npos) return;
        const auto name = trim(line.substr(0, colon));
        // The 16 counters, word by word: no list of words per line (this runs every sample). The
        // layout is net/core/net-procfs.c's dev_seq_printf_stats: receive bytes packets errs drop
        // fifo frame compressed multicast, then transmit bytes packets errs drop fifo colls
        // carrier compressed.
        std::uint64_t v[16];
        std::string_view rest = line.substr(colon + 1);
        int fields = 0;
        while (fields < 16) {
            std::size_t i = 0;
            while (i < rest.size() && (rest[i] == ' ' || rest[i] == '\t')) ++i;
            std::size_t end = i;
            while (end < rest.size() && rest[end] != ' ' && rest[end] != '\t') ++end;
            if (end == i) break;
            const auto n = parse_int(rest.substr(i, end - i));
            if (!n || *n < 0) return;
            v[fields++] = static_cast<std::uint64_t>(*n);
            rest.remove_prefix(end);
        }
        if (name.empty() || fields < 16) return;  // the two header lines
        if (count == out.size()) out.emplace_back();
        NetDevCounters& c = out[count++];
        c.name.assign(name);  // over the name this entry held: no allocation when it fits
        c.rx_bytes = v[0], c.rx_packets = v[1], c.rx_errors = v[2], c.rx_dropped = v[3];
        c.tx_bytes = v[8], c.tx_packets = v[9], c.tx_errors = v[10], c.tx_dropped = v[11];
    });
    out.resize(count);
}

std::vector<NetDevCounters> parse_net_dev(std::string_view text) {
    std::vector<NetDevCounters> out;
    parse_net_dev_into(text, out);
    return out;
}

std::string link_type_name(std::int64_t arphrd) {
    switch (arphrd) {
    case kArphrdEther: return "ethernet";
    case kArphrdInfiniband: return "infiniband";
    case kArphrdLoopback: return "loopback";
    default: return "arphrd_" + std::to_string(arphrd);
    }
}

void NetCollector::sample(const RootFs& fs, protocol::Sample& sample) {
    sample_at(fs, sample, std::chrono::steady_clock::now());
}

void NetCollector::rescan(const RootFs& fs, const std::vector<NetDevCounters>& counters) {
    // An interface still listed keeps its open files and last readings, unless its operstate
    // could not be read (a device removed and created again under the same name: the old files
    // answer ENODEV), so a periodic rescan costs a few directory reads, not a reopen of everything.
    auto previous = std::move(interfaces_);
    interfaces_.clear();
    for (const auto& c : counters) {
        if (auto kept = previous.find(c.name);
            kept != previous.end() && (kept->second.state || kept->second.type == kArphrdLoopback)) {
            interfaces_.emplace(c.name, std::move(kept->second));
            continue;
        }
        const std::string dir = "/sys/class/net/" + c.name;
        Interface& itf = interfaces_[c.name];
        itf.type = fs.read_int(dir + "/type");
        if (itf.type) itf.type_name = link_type_name(*itf.type);
        if (itf.type == kArphrdLoopback) continue;  // left out of samples: nothing to poll
        itf.speed = PolledFile(fs, dir + "/speed");
        itf.operstate = PolledFile(fs, dir + "/operstate");
        itf.mtu = PolledFile(fs, dir + "/mtu");
        itf.carrier_changes = PolledFile(fs, dir + "/carrier_changes");
    }
    // Likewise a port still listed whose state answered is kept as it is; only new ports are read.
    std::vector<Port> previous_ports = std::move(ports_);
    ports_.clear();
    for (const auto& device : fs.list("/sys/class/infiniband")) {
        for (const auto& port : fs.list("/sys/class/infiniband/" + device + "/ports")) {
            const auto number = parse_int(port);
            const auto same = [&](const Port& p) { return p.entry.device == device && p.entry.port == number; };
            if (auto kept = std::find_if(previous_ports.begin(), previous_ports.end(), same);
                kept != previous_ports.end() && kept->entry.state) {
                ports_.push_back(std::move(*kept));
                continue;
            }
            const std::string dir = "/sys/class/infiniband/" + device + "/ports/" + port;
            Port& added = ports_.emplace_back(Port{infiniband_port(fs, device, port), PolledFile(fs, dir + "/state"),
                                                   PolledFile(fs, dir + "/phys_state"), PolledFile(fs, dir + "/rate"), {}});
            for (const auto& f : protocol::kIbErrorCounterFields) {
                const std::string file = dir + "/counters/" + std::string(f.name);
                if (fs.exists(file)) added.counters.push_back({f.member, PolledFile(fs, file)});
            }
        }
    }
    samples_since_scan_ = 0;
}

void NetCollector::refresh_link(Interface& itf, Clock::time_point now) {
    if (now >= itf.state_due) {
        auto state = non_empty(itf.operstate.read_line());
        if (state != itf.state) itf.attributes_due = {};  // a link that came up has a new speed
        itf.state = std::move(state);
        itf.carrier_changes_count = itf.carrier_changes.read_int();
        itf.state_due = now + kLinkStateEvery;
    }
    if (now >= itf.attributes_due) {
        itf.speed_mbps = positive(itf.speed.read_int());
        itf.mtu_bytes = itf.mtu.read_int();
        itf.attributes_due = now + kLinkAttributesEvery;
    }
}

void NetCollector::refresh_port(Port& port, Clock::time_point now) {
    if (now >= port.state_due) {
        auto state = after_colon(port.state.read_line());
        if (state != port.entry.state) port.rate_due = {};
        port.entry.state = std::move(state);
        port.entry.phys_state = after_colon(port.phys_state.read_line());
        for (const auto& c : port.counters) port.entry.errors.*c.member = counter_value(c.file.read_int());
        port.state_due = now + kLinkStateEvery;
    }
    if (now >= port.rate_due) {
        port.entry.rate_gbps = rate_gbps(port.rate.read_line());
        port.rate_due = now + kLinkAttributesEvery;
    }
}

void NetCollector::read_nic(const NetDevCounters& c, Interface& itf, double seconds, protocol::NicSample& nic) const {
    nic.name = c.name;
    nic.type = itf.type_name;
    nic.speed_mbps = itf.speed_mbps;
    nic.operstate = itf.state;
    nic.mtu = itf.mtu_bytes;
    nic.carrier_changes = itf.carrier_changes_count;
    nic.rx_bytes = static_cast<std::int64_t>(c.rx_bytes);  // parse_net_dev read them as non-negative int64
    nic.tx_bytes = static_cast<std::int64_t>(c.tx_bytes);
    nic.rx_errors = static_cast<std::int64_t>(c.rx_errors);
    nic.rx_dropped = static_cast<std::int64_t>(c.rx_dropped);
    nic.tx_errors = static_cast<std::int64_t>(c.tx_errors);
    nic.tx_dropped = static_cast<std::int64_t>(c.tx_dropped);
    nic.rx_bytes_per_s.reset();
    nic.tx_bytes_per_s.reset();
    if (primed_ && itf.previous) {
        nic.rx_bytes_per_s = rate(itf.previous->rx, c.rx_bytes, seconds);
        nic.tx_bytes_per_s = rate(itf.previous->tx, c.tx_bytes, seconds);
    }
    itf.previous = Bytes{c.rx_bytes, c.tx_bytes};
}

void NetCollector::sample_at(const RootFs& fs, protocol::Sample& sample, std::chrono::steady_clock::time_point now) {
    if (samples_since_scan_ < 0) net_dev_ = PolledFile(fs, "/proc/net/dev");
    const bool have_text = net_dev_.read(net_dev_text_);
    counters_.clear();
    if (have_text) parse_net_dev_into(net_dev_text_, counters_);
    const auto& counters = counters_;
    bool known = samples_since_scan_ >= 0 && counters.size() == interfaces_.size() &&
                 (++samples_since_scan_ < kRescanEvery || now - scanned_at_ < kRescanMinPeriod);
    for (std::size_t i = 0; known && i < counters.size(); ++i) known = interfaces_.contains(counters[i].name);
    if (!known) {
        rescan(fs, counters);
        scanned_at_ = now;
    }
    if (!have_text)  // no counters to compare the next reading with
        for (auto& [name, itf] : interfaces_) itf.previous.reset();

    const double seconds = std::chrono::duration<double>(now - previous_time_).count();
    std::size_t nics = 0;
    for (const auto& c : counters) {
        Interface& itf = interfaces_.find(c.name)->second;
        if (itf.type == kArphrdLoopback) continue;
        refresh_link(itf, now);
        if (nics == sample.nics.size()) sample.nics.emplace_back();
        read_nic(c, itf, seconds, sample.nics[nics++]);
    }
    sample.nics.resize(nics);
    std::size_t ports = 0;
    for (auto& p : ports_) {
        refresh_port(p, now);
        put_at(sample.infiniband, ports++, p.entry);
    }
    sample.infiniband.resize(ports);
    previous_time_ = now;
    primed_ = have_text;
}

protocol::InfinibandPortSample infiniband_port(const RootFs& fs, const std::string& device, const std::string& port) {
    const std::string dir = "/sys/class/infiniband/" + device + "/ports/" + port;
    protocol::InfinibandPortSample p;
    p.device = device;
    p.port = parse_int(port);
    p.state = after_colon(fs.read_line(dir + "/state"));
    p.phys_state = after_colon(fs.read_line(dir + "/phys_state"));
    p.rate_gbps = rate_gbps(fs.read_line(dir + "/rate"));
    p.link_layer = non_empty(fs.read_line(dir + "/link_layer"));
    for (const auto& f : protocol::kIbErrorCounterFields)
        p.errors.*f.member = counter_value(fs.read_int(dir + "/counters/" + std::string(f.name)));
    return p;
}

std::vector<protocol::InfinibandPortSample> infiniband_ports(const RootFs& fs) {
    std::vector<protocol::InfinibandPortSample> ports;
    for (const auto& device : fs.list("/sys/class/infiniband"))
        for (const auto& port : fs.list("/sys/class/infiniband/" + device + "/ports"))
            ports.push_back(infiniband_port(fs, device, port));
    return ports;
}

std::vector<protocol::NicFact> nic_facts(const RootFs& fs) {
    std::vector<protocol::NicFact> nics;
    for (const auto& name : fs.list("/sys/class/net")) {
        const std::string dir = "/sys/class/net/" + name;
        const auto device = fs.link_target(dir + "/device");
        if (!device) continue;  // virtual: bridges, veth, bonds, tunnels
        protocol::NicFact& nic = nics.emplace_back();
        nic.name = name;
        if (const auto type = fs.read_int(dir + "/type")) nic.type = link_type_name(*type);
        nic.speed_mbps = link_speed_mbps(fs, dir);
        nic.mtu = fs.read_int(dir + "/mtu");
        nic.driver = non_empty(fs.link_target(dir + "/device/driver"));
        nic.mac = non_empty(fs.read_line(dir + "/address"));
        if (device->find(':') != std::string::npos) {
            nic.pci_bus_id = *device;
            const gpu::PciLink link = gpu::read_pci_link(fs, dir + "/device");
            nic.pcie_gen = link.gen;
            nic.pcie_width = link.width;
            nic.pcie_gen_max = link.gen_max;
            nic.pcie_width_max = link.width_max;
        }
    }
    return nics;
}

}  // namespace fleetdeck::agent
