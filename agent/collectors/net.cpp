#include "agent/collectors/net.h"

#include <cmath>

namespace fleetdeck::agent {
namespace {

constexpr std::int64_t kArphrdLoopback = 772;

Json or_null(const std::optional<std::string>& v) { return v && !v->empty() ? Json(*v) : Json(); }

Json int_or_null(const std::optional<std::int64_t>& v) { return v ? Json(*v) : Json(); }

// speed is -1 (or unreadable, EINVAL) while the link is down: unknown, not a speed.
std::optional<std::int64_t> link_speed_mbps(const RootFs& fs, const std::string& dir) {
    const auto speed = fs.read_int(dir + "/speed");
    if (!speed || *speed <= 0) return std::nullopt;
    return speed;
}

Json rate(std::uint64_t before, std::uint64_t now, double seconds) {
    if (now < before || seconds <= 0) return nullptr;  // counter reset or wrapped
    return std::round(static_cast<double>(now - before) / seconds * 10.0) / 10.0;
}

// "4: ACTIVE" -> "ACTIVE".
std::optional<std::string> after_colon(const std::optional<std::string>& v) {
    if (!v) return std::nullopt;
    const auto colon = v->find(':');
    return std::string(trim(colon == std::string::npos ? std::string_view(*v) : std::string_view(*v).substr(colon + 1)));
}

// "100 Gb/sec (4X EDR)" -> 100; "2.5 Gb/sec (1X SDR)" -> 2.5.
Json rate_gbps(const std::optional<std::string>& v) {
    if (!v) return nullptr;
    const auto fields = split_ws(*v);
    if (fields.empty()) return nullptr;
    const auto gbps = parse_double(fields[0]);
    return gbps ? Json(*gbps) : Json();
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

void NetCollector::sample(const RootFs& fs, Json& snapshot) { sample_at(fs, snapshot, std::chrono::steady_clock::now()); }

void NetCollector::sample_at(const RootFs& fs, Json& snapshot, std::chrono::steady_clock::time_point now) {
    const auto text = fs.read("/proc/net/dev");
    const auto counters = text ? parse_net_dev(*text) : std::vector<NetDevCounters>{};
    const double seconds = std::chrono::duration<double>(now - previous_time_).count();
    Json nics = Json::array();
    std::map<std::string, Bytes, std::less<>> current;
    for (const auto& c : counters) {
        const std::string dir = "/sys/class/net/" + c.name;
        const auto type = fs.read_int(dir + "/type");
        if (type == kArphrdLoopback) continue;
        Json nic = {
            {"name", c.name},
            {"type", type ? Json(link_type_name(*type)) : Json()},
            {"speed_mbps", int_or_null(link_speed_mbps(fs, dir))},
            {"operstate", or_null(fs.read_line(dir + "/operstate"))},
            {"mtu", int_or_null(fs.read_int(dir + "/mtu"))},
            {"rx_bytes", c.rx_bytes},
            {"tx_bytes", c.tx_bytes},
            {"rx_bytes_per_s", nullptr},
            {"tx_bytes_per_s", nullptr},
        };
        if (const auto before = previous_.find(c.name); primed_ && before != previous_.end()) {
            nic["rx_bytes_per_s"] = rate(before->second.rx, c.rx_bytes, seconds);
            nic["tx_bytes_per_s"] = rate(before->second.tx, c.tx_bytes, seconds);
        }
        current.emplace(c.name, Bytes{c.rx_bytes, c.tx_bytes});
        nics.push_back(std::move(nic));
    }
    previous_ = std::move(current);
    previous_time_ = now;
    primed_ = text.has_value();
    snapshot["nics"] = std::move(nics);
    snapshot["infiniband"] = infiniband_ports(fs);
}

Json infiniband_ports(const RootFs& fs) {
    Json ports = Json::array();
    for (const auto& device : fs.list("/sys/class/infiniband")) {
        const std::string ports_dir = "/sys/class/infiniband/" + device + "/ports";
        for (const auto& port : fs.list(ports_dir)) {
            const std::string dir = ports_dir + "/" + port;
            ports.push_back({
                {"device", device},
                {"port", int_or_null(parse_int(port))},
                {"state", or_null(after_colon(fs.read_line(dir + "/state")))},
                {"phys_state", or_null(after_colon(fs.read_line(dir + "/phys_state")))},
                {"rate_gbps", rate_gbps(fs.read_line(dir + "/rate"))},
                {"link_layer", or_null(fs.read_line(dir + "/link_layer"))},
            });
        }
    }
    return ports;
}

Json nic_facts(const RootFs& fs) {
    Json nics = Json::array();
    for (const auto& name : fs.list("/sys/class/net")) {
        const std::string dir = "/sys/class/net/" + name;
        const auto device = fs.link_target(dir + "/device");
        if (!device) continue;  // virtual: bridges, veth, bonds, tunnels
        const auto type = fs.read_int(dir + "/type");
        nics.push_back({
            {"name", name},
            {"type", type ? Json(link_type_name(*type)) : Json()},
            {"speed_mbps", int_or_null(link_speed_mbps(fs, dir))},
            {"mtu", int_or_null(fs.read_int(dir + "/mtu"))},
            {"driver", or_null(fs.link_target(dir + "/device/driver"))},
            {"pci_bus_id", device->find(':') != std::string::npos ? Json(*device) : Json()},
        });
    }
    return nics;
}

}  // namespace fleetdeck::agent
