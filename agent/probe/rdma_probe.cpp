#include "agent/probe/rdma_probe.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <stdexcept>

#include <arpa/inet.h>
#include <netdb.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include "agent/exec/fixed_program.h"
#include "agent/net_addresses.h"

namespace fleetdeck::agent {
namespace {

constexpr std::string_view kClassDir = "/sys/class/infiniband";
// A RoCE v2 GID that carries an IPv4 address is that address mapped into IPv6 (::ffff:a.b.c.d),
// as the kernel writes it in gids/I: eight groups of four hex digits.
constexpr std::string_view kIpv4MappedPrefix = "0000:0000:0000:0000:0000:ffff:";

std::optional<double> rate_of(const std::optional<std::string>& text) {
    if (!text) return std::nullopt;
    const auto words = split_ws(*text);  // "400 Gb/sec (4X NDR)"
    if (words.size() < 2 || words[1] != "Gb/sec") return std::nullopt;
    return parse_double(words[0]);
}

std::vector<std::string> sorted(std::vector<std::string> v) {
    std::sort(v.begin(), v.end());
    return v;
}

// The port's "RoCE v2" GID index with an IPv4 address, on `netdev` when given; and its interface.
std::optional<std::pair<int, std::string>> roce_v2_gid(const RootFs& fs, const std::string& port_dir, const std::optional<std::string>& netdev) {
    for (const std::string& entry : fs.list(port_dir + "/gid_attrs/types")) {
        const auto index = parse_int(entry);
        if (!index || *index < 0 || *index > 65535) continue;
        if (fs.read_line(port_dir + "/gid_attrs/types/" + entry).value_or("") != "RoCE v2") continue;
        const std::string gid = fs.read_line(port_dir + "/gids/" + entry).value_or("");
        if (!gid.starts_with(kIpv4MappedPrefix)) continue;
        const std::string ndev = fs.read_line(port_dir + "/gid_attrs/ndevs/" + entry).value_or("");
        if (netdev && ndev != *netdev) continue;
        return std::pair{static_cast<int>(*index), ndev};
    }
    return std::nullopt;
}

std::optional<std::string> interface_with(const RootFs& fs, const std::string& address) {
    if (!fs.is_live() || address.empty()) return std::nullopt;
    for (const protocol::AddressFact& a : interface_addresses())
        if (a.address == address) return a.interface;
    return std::nullopt;
}

// A TCP port nothing listens on now, on `address` when this host has it (else every address):
// bound to port 0, read back, closed. ib_write_bw binds it a moment later.
std::pair<std::string, int> free_port(const std::string& address, bool ours) {
    addrinfo hints{};
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    hints.ai_flags = AI_PASSIVE | AI_NUMERICHOST;
    addrinfo* found = nullptr;
    if (::getaddrinfo(ours ? address.c_str() : nullptr, "0", &hints, &found) != 0 || !found)
        throw std::runtime_error("RDMA: cannot pick a port: no address " + address);
    const int fd = ::socket(found->ai_family, SOCK_STREAM | SOCK_CLOEXEC, 0);
    int port = 0;
    if (fd >= 0 && ::bind(fd, found->ai_addr, found->ai_addrlen) == 0) {
        sockaddr_storage bound{};
        socklen_t len = sizeof bound;
        if (::getsockname(fd, reinterpret_cast<sockaddr*>(&bound), &len) == 0)
            port = ntohs(bound.ss_family == AF_INET6 ? reinterpret_cast<sockaddr_in6*>(&bound)->sin6_port
                                                     : reinterpret_cast<sockaddr_in*>(&bound)->sin_port);
    }
    const std::string why = std::strerror(errno);
    if (fd >= 0) ::close(fd);
    ::freeaddrinfo(found);
    if (port == 0) throw std::runtime_error("RDMA: cannot pick a port: " + why);
    return {ours ? address : std::string("0.0.0.0"), port};
}

// Whether a socket listens on TCP `port` (/proc/net/tcp and tcp6: local_address "ADDR:PORT" in
// hex, st 0A = TCP_LISTEN; Linux Documentation/networking/proc_net_tcp.rst).
bool listening_on(int port) {
    char hex[8];
    std::snprintf(hex, sizeof hex, ":%04X", port);
    for (const char* table : {"/proc/net/tcp", "/proc/net/tcp6"}) {
        const auto text = RootFs().read(table, 1 << 20);
        if (!text) continue;
        bool found = false;
        for_each_line(*text, [&](std::string_view line) {
            const auto f = split_ws(line);
            if (f.size() > 3 && f[1].ends_with(hex) && f[3] == "0A") found = true;
        });
        if (found) return true;
    }
    return false;
}

std::vector<std::string> ib_write_bw_args(const RdmaPort& port, int tcp_port, std::int64_t duration_ms) {
    // -D: seconds, a whole number of at least 1; --report_gbits: Gb/s; -F: no CPU-frequency
    // warning (perftest's usage, ib_write_bw --help, perftest 6.06).
    std::vector<std::string> args = {"ib_write_bw", "-d", port.device, "-i", std::to_string(port.port), "-p", std::to_string(tcp_port),
                                     "-D", std::to_string(std::max<std::int64_t>(1, duration_ms / 1000)), "--report_gbits", "-F"};
    if (port.gid_index) {
        args.push_back("-x");
        args.push_back(std::to_string(*port.gid_index));
    }
    return args;
}

// The report from one end's run: its figure, or why there is none.
protocol::BwReport report_of(const ProgramRun& run, const RdmaPort& port, const std::string& what, std::chrono::seconds timeout) {
    protocol::BwReport r;
    r.interface = port.name();
    r.streams = 1;
    if (auto why = run_interrupted(run, "ib_write_bw", "ib_write_bw " + what, timeout)) {
        r.error = std::move(why);
        return r;
    }
    if (auto why = run_failed(run, "ib_write_bw " + what)) {
        r.error = std::move(why);
        return r;
    }
    const auto reading = parse_ib_write_bw(run.out);
    if (const auto* why = std::get_if<std::string>(&reading)) {
        r.error = "ib_write_bw " + what + ": " + *why;
        return r;
    }
    const auto& got = std::get<IbWriteBwReading>(reading);
    r.gbps = got.average_gbps;
    r.bytes = got.message_bytes * got.iterations;
    if (got.average_gbps > 0) r.seconds = static_cast<double>(r.bytes) * 8 / (got.average_gbps * 1e9);
    return r;
}

}  // namespace

std::variant<RdmaPort, std::string> choose_rdma_port(const RootFs& fs, const std::optional<std::string>& netdev) {
    if (!fs.exists(kClassDir)) return std::string("no InfiniBand or RoCE device (/sys/class/infiniband)");
    std::optional<RdmaPort> first;
    bool any_active = false;
    for (const std::string& device : sorted(fs.list(kClassDir))) {
        const std::string ports = std::string(kClassDir) + "/" + device + "/ports";
        for (const std::string& entry : sorted(fs.list(ports))) {
            const auto number = parse_int(entry);
            if (!number || *number < 1 || *number > 255) continue;
            const std::string dir = ports + "/" + entry;
            const std::string state = fs.read_line(dir + "/state").value_or("");
            if (state.find("ACTIVE") == std::string::npos) continue;
            any_active = true;
            RdmaPort p;
            p.device = device;
            p.port = static_cast<int>(*number);
            p.link_layer = fs.read_line(dir + "/link_layer").value_or("InfiniBand");
            p.rate_gbps = rate_of(fs.read_line(dir + "/rate"));
            if (p.link_layer == "Ethernet") {
                // RoCE: perftest's default GID index 0 is the RoCE v1 one (ib_write_bw --help:
                // "ETH - 0"); a routable test needs the v2 GID with the interface's IPv4 address.
                if (netdev) {
                    if (const auto gid = roce_v2_gid(fs, dir, netdev)) {
                        p.gid_index = gid->first;
                        p.netdev = gid->second;
                        return p;
                    }
                }
                const auto gid = roce_v2_gid(fs, dir, std::nullopt);
                if (!gid) continue;
                p.gid_index = gid->first;
                p.netdev = gid->second;
            }
            if (!first) first = p;
        }
    }
    if (first) return *first;
    return any_active ? std::string("no active port has a RoCE v2 GID with an IPv4 address (/sys/class/infiniband/*/ports/*/gid_attrs)")
                      : std::string("no InfiniBand or RoCE port is ACTIVE (/sys/class/infiniband/*/ports/*/state)");
}

std::variant<IbWriteBwReading, std::string> parse_ib_write_bw(std::string_view output) {
    std::optional<double> to_gbps;  // the factor from the header's unit
    std::optional<IbWriteBwReading> reading;
    bool truncated = false, table_done = false;
    for_each_line(output, [&](std::string_view line) {
        if (table_done || truncated) return;
        if (!to_gbps) {
            const auto at = line.find("BW average[");
            if (at == std::string_view::npos) return;
            const std::string_view unit = line.substr(at + 11, line.find(']', at) - at - 11);
            if (unit == "Gb/sec") to_gbps = 1.0;
            else if (unit == "MB/sec" || unit == "MiB/sec") to_gbps = 1048576.0 * 8 / 1e9;
            else truncated = true;  // a unit this reader does not know: no figure rather than a wrong one
            return;
        }
        const auto f = split_ws(line);
        if (f.empty()) return;
        if (f[0].starts_with("---")) {
            table_done = reading.has_value();  // the dashes under the rows
            return;
        }
        const auto bytes = parse_int(f[0]);
        if (!bytes) return;  // a warning between the header and the line
        const auto iterations = f.size() > 1 ? parse_int(f[1]) : std::nullopt;
        const auto peak = f.size() > 2 ? parse_double(f[2]) : std::nullopt;
        const auto average = f.size() > 3 ? parse_double(f[3]) : std::nullopt;
        // The message rate is the line's last field: without it the line was cut.
        if (!iterations || !peak || !average || f.size() < 5 || !parse_double(f[4]) || *bytes <= 0 || *iterations < 0 || *average < 0 ||
            *average * *to_gbps > 100000) {
            truncated = true;
            return;
        }
        // With -a it prints a row per size: the last, the largest, is the one a test is judged by.
        reading = IbWriteBwReading{*bytes, *iterations, *peak * *to_gbps, *average * *to_gbps};
    });
    if (reading) return *reading;
    if (truncated) return std::string("its result line is cut short or unreadable");
    if (!to_gbps) return std::string("no result table in its output");
    return std::string("no result line under its table's header");
}

RdmaReceiver::RdmaReceiver(const RootFs& fs, const protocol::BwListenParams& params) : params_(params) {
    const auto program = find_fixed_program(fs, kIbWriteBwPaths);
    if (!program) throw std::runtime_error("RDMA: perftest is not installed (" + kIbWriteBwPaths.front() + ")");
    if (auto why = untrusted_program(*program)) throw std::runtime_error("RDMA: " + *why);
    const auto netdev = interface_with(fs, params.address);
    auto chosen = choose_rdma_port(fs, netdev);
    if (const auto* why = std::get_if<std::string>(&chosen)) throw std::runtime_error("RDMA: " + *why);
    const RdmaPort port = std::get<RdmaPort>(chosen);
    // Not a structured binding: clang 14 cannot capture one in the lambda below.
    const std::pair<std::string, int> picked = free_port(params.address, netdev.has_value());
    const int tcp_port = picked.second;
    where_ = {picked.first, tcp_port, port.name()};
    const auto timeout = kAcceptWait + std::chrono::seconds(params.duration_ms / 1000 + 10);
    thread_ = std::thread([this, path = *program, port, tcp_port, timeout] {
        const ProgramRun run = run_fixed_program(path, ib_write_bw_args(port, tcp_port, params_.duration_ms),
                                                 {.timeout = timeout, .max_output_bytes = 64 * 1024}, &stop_);
        protocol::BwReport r = report_of(run, port, "server", timeout);
        if (!params_.name.empty()) r.name = params_.name;
        std::lock_guard lock(mutex_);
        report_ = std::move(r);
    });
    // The sender connects as soon as this answers: give the server up to 2 s to listen first.
    if (fs.is_live())
        for (int i = 0; i < 40 && !finished() && !listening_on(tcp_port); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(50));
}

RdmaReceiver::~RdmaReceiver() {
    stop_ = true;
    if (thread_.joinable()) thread_.join();
}

bool RdmaReceiver::finished() const {
    std::lock_guard lock(mutex_);
    return report_.has_value();
}

std::optional<protocol::BwReport> RdmaReceiver::wait_report(std::chrono::milliseconds wait) {
    const auto until = std::chrono::steady_clock::now() + wait;
    for (;;) {
        {
            std::lock_guard lock(mutex_);
            if (report_) return report_;
        }
        if (std::chrono::steady_clock::now() >= until) return std::nullopt;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
}

protocol::BwReport send_rdma(const RootFs& fs, const protocol::BwSendParams& params, const std::atomic<bool>& stop) {
    protocol::BwReport r;
    if (!params.name.empty()) r.name = params.name;
    const auto program = find_fixed_program(fs, kIbWriteBwPaths);
    if (!program) {
        r.error = "RDMA: perftest is not installed (" + kIbWriteBwPaths.front() + ")";
        return r;
    }
    if (auto why = untrusted_program(*program)) {
        r.error = "RDMA: " + *why;
        return r;
    }
    auto chosen = choose_rdma_port(fs);
    if (const auto* why = std::get_if<std::string>(&chosen)) {
        r.error = "RDMA: " + *why;
        return r;
    }
    const RdmaPort port = std::get<RdmaPort>(chosen);
    auto args = ib_write_bw_args(port, static_cast<int>(params.port), params.duration_ms);
    args.push_back(params.address);
    const auto timeout = std::chrono::seconds(params.duration_ms / 1000 + 20);
    const ProgramRun run = run_fixed_program(*program, args, {.timeout = timeout, .max_output_bytes = 64 * 1024}, &stop);
    protocol::BwReport out = report_of(run, port, "client", timeout);
    out.name = r.name;
    return out;
}

}  // namespace fleetdeck::agent
