#include "agent/collectors/net.h"

#include <cmath>

#include "agent/gpu/pci_link.h"

namespace fleetdeck::agent {
namespace {

constexpr std::int64_t kArphrdLoopback = 772;

// speed is -1 (or unreadable, EINVAL) while the link is down: unknown, not a speed.
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

// "4: ACTIVE" -> "ACTIVE"; nothing after the colon is no state.
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

}  // namespace

std::vector<NetDevCounters> parse_net_dev(std::string_view text) {
    std::vector<NetDevCounters> out;
    for_each_line(text, [&out](std::string_view line) {
        const auto colon = line.rfind(':');
        if (colon == std::string_view::npos) return;
        const auto name = trim(line.substr(0, colon));
        const auto fields = split_ws(line.substr(colon + 1));
        if (name.empty() || fields.size() < 16) return;  // the two header lines
        std::uint64_t v[16];
        for (int i = 0; i < 16; ++i) {
            const auto n = parse_int(fields[i]);
            if (!n || *n < 0) return;
            v[i] = static_cast<std::uint64_t>(*n);
        }
        out.push_back({std::string(name), v[0], v[1], v[2], v[3], v[8], v[9], v[10], v[11]});
    });
    return out;
}

std::string link_type_name(std::int64_t arphrd) {
    switch (arphrd) {
    case 1: return "ethernet";
    case 32: return "infiniband";
    case kArphrdLoopback: return "loopback";
    default: return "arphrd_" + std::to_string(arphrd);
    }
}

void NetCollector::sample(const RootFs& fs, protocol::Sample& sample) {
    sample_at(fs, sample, std::chrono::steady_clock::now());
}

void NetCollector::rescan(const RootFs& fs, const std::vector<NetDevCounters>& counters) {
    interfaces_.clear();
    for (const auto& c : counters) {
        const std::string dir = "/sys/class/net/" + c.name;
        const auto type = fs.read_int(dir + "/type");
        interfaces_.emplace(c.name, Interface{type, type ? std::optional(link_type_name(*type)) : std::nullopt,
                                              PolledFile(fs, dir + "/speed"), PolledFile(fs, dir + "/operstate"),
                                              PolledFile(fs, dir + "/mtu")});
    }
    ports_.clear();
    for (auto& entry : infiniband_ports(fs)) {
        const std::string dir = "/sys/class/infiniband/" + entry.device + "/ports/" + std::to_string(entry.port.value_or(0));
        ports_.push_back({std::move(entry), PolledFile(fs, dir + "/state"), PolledFile(fs, dir + "/phys_state"),
                          PolledFile(fs, dir + "/rate")});
    }
    samples_since_scan_ = 0;
}

void NetCollector::read_nic(const NetDevCounters& c, const Interface& itf, double seconds, protocol::NicSample& nic) const {
    nic.name = c.name;
    nic.type = itf.type_name;
    nic.speed_mbps = positive(itf.speed.read_int());
    nic.operstate = non_empty(itf.operstate.read_line());
    nic.mtu = itf.mtu.read_int();
    nic.rx_bytes = static_cast<std::int64_t>(c.rx_bytes);  // parse_net_dev read them as non-negative int64
    nic.tx_bytes = static_cast<std::int64_t>(c.tx_bytes);
    nic.rx_bytes_per_s.reset();
    nic.tx_bytes_per_s.reset();
    if (const auto before = previous_.find(c.name); primed_ && before != previous_.end()) {
        nic.rx_bytes_per_s = rate(before->second.rx, c.rx_bytes, seconds);
        nic.tx_bytes_per_s = rate(before->second.tx, c.tx_bytes, seconds);
    }
}

void NetCollector::sample_at(const RootFs& fs, protocol::Sample& sample, std::chrono::steady_clock::time_point now) {
    if (samples_since_scan_ < 0) net_dev_ = PolledFile(fs, "/proc/net/dev");
    const bool have_text = net_dev_.read(net_dev_text_);
    const auto counters = have_text ? parse_net_dev(net_dev_text_) : std::vector<NetDevCounters>{};
    bool known = samples_since_scan_ >= 0 && ++samples_since_scan_ < kRescanEvery && counters.size() == interfaces_.size();
    for (std::size_t i = 0; known && i < counters.size(); ++i) known = interfaces_.contains(counters[i].name);
    if (!known) rescan(fs, counters);

    const double seconds = std::chrono::duration<double>(now - previous_time_).count();
    std::map<std::string, Bytes, std::less<>> current;
    std::size_t nics = 0;
    for (const auto& c : counters) {
        const Interface& itf = interfaces_.find(c.name)->second;
        if (itf.type == kArphrdLoopback) continue;
        if (nics == sample.nics.size()) sample.nics.emplace_back();
        read_nic(c, itf, seconds, sample.nics[nics++]);
        current.emplace(c.name, Bytes{c.rx_bytes, c.tx_bytes});
    }
    sample.nics.resize(nics);
    std::size_t ports = 0;
    for (const auto& p : ports_) {
        protocol::InfinibandPortSample& port = put_at(sample.infiniband, ports++, p.entry);
        port.state = after_colon(p.state.read_line());
        port.phys_state = after_colon(p.phys_state.read_line());
        port.rate_gbps = rate_gbps(p.rate.read_line());
    }
    sample.infiniband.resize(ports);
    previous_ = std::move(current);
    previous_time_ = now;
    primed_ = have_text;
}

std::vector<protocol::InfinibandPortSample> infiniband_ports(const RootFs& fs) {
    std::vector<protocol::InfinibandPortSample> ports;
    for (const auto& device : fs.list("/sys/class/infiniband")) {
        const std::string ports_dir = "/sys/class/infiniband/" + device + "/ports";
        for (const auto& port : fs.list(ports_dir)) {
            const std::string dir = ports_dir + "/" + port;
            protocol::InfinibandPortSample& p = ports.emplace_back();
            p.device = device;
            p.port = parse_int(port);
            p.state = after_colon(fs.read_line(dir + "/state"));
            p.phys_state = after_colon(fs.read_line(dir + "/phys_state"));
            p.rate_gbps = rate_gbps(fs.read_line(dir + "/rate"));
            p.link_layer = non_empty(fs.read_line(dir + "/link_layer"));
        }
    }
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
