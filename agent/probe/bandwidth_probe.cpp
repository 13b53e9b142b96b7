#include "agent/probe/bandwidth_probe.h"

#include "agent/net_addresses.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <linux/tcp.h>  // struct tcp_info with tcpi_segs_out (include/uapi/linux/tcp.h); TCP_INFO
#include <netdb.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstddef>
#include <cstring>
#include <sstream>
#include <stdexcept>
#include <vector>

namespace fleetdeck::agent {
namespace {

using Clock = std::chrono::steady_clock;
constexpr std::size_t kReadBytes = 256 * 1024;
constexpr std::size_t kSendBytes = 128 * 1024;  // iperf3's TCP block (its --len default)

std::string errno_text(int err) { return std::strerror(err); }

double seconds_between(Clock::time_point a, Clock::time_point b) { return std::chrono::duration<double>(b - a).count(); }

// The rate of each whole second of a test that lasted `seconds`; a partial last second is left out.
std::vector<double> per_second(const std::vector<std::int64_t>& buckets, double seconds) {
    std::vector<double> out;
    const std::size_t whole = std::min(buckets.size(), static_cast<std::size_t>(std::max(0.0, seconds)));
    for (std::size_t i = 0; i < whole && i < protocol::BwReport::kMaxSeconds; ++i) out.push_back(static_cast<double>(buckets[i]) * 8 / 1e9);
    return out;
}

void add_to_bucket(std::vector<std::int64_t>& buckets, Clock::time_point start, Clock::time_point now, std::int64_t bytes) {
    const auto second = static_cast<std::size_t>(std::chrono::duration_cast<std::chrono::seconds>(now - start).count());
    if (second >= protocol::BwReport::kMaxSeconds + 1) return;
    if (buckets.size() <= second) buckets.resize(second + 1, 0);
    buckets[second] += bytes;
}

std::string numeric_host(const sockaddr_storage& addr) {
    char host[NI_MAXHOST] = {};
    if (getnameinfo(reinterpret_cast<const sockaddr*>(&addr), sizeof addr, host, sizeof host, nullptr, 0, NI_NUMERICHOST) != 0)
        return "?";
    return host;
}

// The interface that has the local address `addr`, from the addresses `facts` reports
// (interface_addresses(): interfaces that are up); nullopt for none.
std::optional<std::string> interface_of(const sockaddr_storage& addr) {
    const std::string text = numeric_host(addr);
    for (const protocol::AddressFact& a : interface_addresses())
        if (a.address == text) return a.interface;
    return std::nullopt;
}

// The numeric address `text` as a socket address, or nullopt when it is a name or not ours to bind.
std::optional<sockaddr_storage> numeric_address(const std::string& text) {
    addrinfo hints{};
    hints.ai_flags = AI_NUMERICHOST;
    hints.ai_socktype = SOCK_STREAM;
    addrinfo* res = nullptr;
    if (text.empty() || getaddrinfo(text.c_str(), nullptr, &hints, &res) != 0) return std::nullopt;
    sockaddr_storage out{};
    std::memcpy(&out, res->ai_addr, res->ai_addrlen);
    freeaddrinfo(res);
    return out;
}

// Compares the whole length whatever differs first, so the time taken says nothing of the token.
bool same_secret(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    unsigned char diff = 0;
    for (std::size_t i = 0; i < a.size(); ++i) diff |= static_cast<unsigned char>(a[i] ^ b[i]);
    return diff == 0;
}

struct Fd {
    int fd = -1;
    explicit Fd(int f = -1) : fd(f) {}
    Fd(Fd&& o) noexcept : fd(o.fd) { o.fd = -1; }
    Fd& operator=(Fd&& o) noexcept {
        if (this != &o) {
            reset();
            fd = o.fd;
            o.fd = -1;
        }
        return *this;
    }
    ~Fd() { reset(); }
    void reset() {
        if (fd >= 0) ::close(fd);
        fd = -1;
    }
};

}  // namespace

std::optional<std::int64_t> tcp_retrans_segs(std::string_view snmp) {
    std::istringstream in{std::string(snmp)};
    std::string header, values;
    while (std::getline(in, header)) {
        if (!header.starts_with("Tcp: ")) continue;
        if (!std::getline(in, values) || !values.starts_with("Tcp: ")) return std::nullopt;
        std::istringstream names(header), numbers(values);
        std::string name, number;
        names >> name;
        numbers >> number;  // the "Tcp:" labels
        while (names >> name && numbers >> number) {
            if (name != "RetransSegs") continue;
            try {
                std::size_t used = 0;
                const long long v = std::stoll(number, &used);
                if (used != number.size() || v < 0) return std::nullopt;
                return v;
            } catch (const std::exception&) {
                return std::nullopt;
            }
        }
        return std::nullopt;
    }
    return std::nullopt;
}

std::optional<std::int64_t> read_tcp_retrans_segs() {
    // read(2), not an ifstream: libstdc++'s file streams call fstat64, newer than the portable
    // agent's glibc floor (agent/portable/glibc_compat.cpp).
    const int fd = ::open("/proc/net/snmp", O_RDONLY | O_CLOEXEC);
    if (fd < 0) return std::nullopt;
    std::string text;
    char buf[4096];
    ssize_t n = 0;
    while (text.size() < 64 * 1024 && (n = ::read(fd, buf, sizeof buf)) > 0) text.append(buf, static_cast<std::size_t>(n));
    ::close(fd);
    return tcp_retrans_segs(text);
}

// ---- Receiver ----

BandwidthReceiver::BandwidthReceiver(const protocol::BwListenParams& params) : params_(params) {
    // The mesh address when this host has it (binding fails with EADDRNOTAVAIL otherwise, as behind
    // NAT), else every address of its family.
    std::optional<sockaddr_storage> bind_to = numeric_address(params.address);
    int family = bind_to ? bind_to->ss_family : AF_INET6;
    Fd fd(::socket(family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0));
    if (fd.fd < 0 && family == AF_INET6) {
        family = AF_INET;
        fd = Fd(::socket(family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0));
    }
    if (fd.fd < 0) throw std::runtime_error("cannot open a socket: " + errno_text(errno));
    const auto bind_any = [&] {
        sockaddr_storage any{};
        any.ss_family = static_cast<sa_family_t>(family);
        return ::bind(fd.fd, reinterpret_cast<const sockaddr*>(&any), family == AF_INET6 ? sizeof(sockaddr_in6) : sizeof(sockaddr_in));
    };
    bool bound_all = true;
    if (bind_to && ::bind(fd.fd, reinterpret_cast<const sockaddr*>(&*bind_to),
                          family == AF_INET6 ? sizeof(sockaddr_in6) : sizeof(sockaddr_in)) == 0) {
        bound_all = false;
    } else if (bind_any() != 0) {
        throw std::runtime_error("cannot bind a port: " + errno_text(errno));
    }
    if (::listen(fd.fd, static_cast<int>(params.streams) + 4) != 0) throw std::runtime_error("cannot listen: " + errno_text(errno));
    sockaddr_storage local{};
    socklen_t len = sizeof local;
    if (::getsockname(fd.fd, reinterpret_cast<sockaddr*>(&local), &len) != 0)
        throw std::runtime_error("cannot read the bound port: " + errno_text(errno));
    where_.address = numeric_host(local);
    where_.port = ntohs(local.ss_family == AF_INET6 ? reinterpret_cast<const sockaddr_in6*>(&local)->sin6_port
                                                     : reinterpret_cast<const sockaddr_in*>(&local)->sin_port);
    if (!bound_all) where_.interface = interface_of(local);
    listen_fd_ = fd.fd;
    fd.fd = -1;
    thread_ = std::thread([this] { run(); });
}

BandwidthReceiver::~BandwidthReceiver() {
    stop_ = true;
    if (thread_.joinable()) thread_.join();
    if (listen_fd_ >= 0) ::close(listen_fd_);
}

bool BandwidthReceiver::finished() const {
    std::lock_guard lock(mutex_);
    return report_.has_value();
}

std::optional<protocol::BwReport> BandwidthReceiver::wait_report(std::chrono::milliseconds wait) {
    // Looked at every 10 ms rather than a condition variable: libstdc++'s timed waits call
    // pthread_cond_clockwait, newer than the portable agent's glibc floor.
    const auto until = Clock::now() + wait;
    for (;;) {
        {
            std::lock_guard lock(mutex_);
            if (report_ || Clock::now() >= until) return report_;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
}

void BandwidthReceiver::run() {
    struct Stream {
        Fd fd;
        std::string line;  // the token line as it arrives
        bool admitted = false;
        Clock::time_point since;
    };
    const std::string expected = params_.token + "\n";
    const Clock::time_point listening = Clock::now();
    const Clock::time_point deadline = listening + std::chrono::milliseconds(params_.duration_ms) + kGrace;
    std::vector<Stream> streams;
    std::vector<std::int64_t> buckets;
    std::vector<char> buffer(kReadBytes);
    std::optional<Clock::time_point> first, last;
    std::int64_t bytes = 0, admitted = 0, refused = 0;
    std::optional<std::string> stopped, error;
    bool accepting = true;
    for (;;) {
        const Clock::time_point now = Clock::now();
        if (stop_) {
            stopped = "cancelled";
            break;
        }
        if (now >= deadline) {
            if (bytes == 0) error = "no sender connected with the token within " + std::to_string((deadline - listening) / std::chrono::seconds(1)) + " s";
            else stopped = "timeout";
            break;
        }
        if (bytes > params_.max_bytes) {
            stopped = "max_bytes";
            break;
        }
        // Closed connections (refused strays, ended streams) are forgotten: a sender that keeps
        // connecting without the token costs nothing that grows.
        std::erase_if(streams, [](const Stream& s) { return s.fd.fd < 0; });
        if (admitted == params_.streams && streams.empty()) break;
        if (admitted == params_.streams && accepting) {
            // Every stream is here: nobody else gets in.
            ::close(listen_fd_);
            listen_fd_ = -1;
            accepting = false;
        }
        std::vector<pollfd> fds;
        if (accepting) fds.push_back({listen_fd_, POLLIN, 0});
        for (const Stream& s : streams) fds.push_back({s.fd.fd, POLLIN, 0});
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - now).count();
        ::poll(fds.data(), fds.size(), static_cast<int>(std::min<std::int64_t>(left, 50)));
        // Stream i's entry in fds; streams accepted below were not polled and count as ready.
        const std::size_t polled = streams.size(), base = accepting ? 1 : 0;
        if (accepting && (fds.front().revents & POLLIN)) {
            for (;;) {
                const int c = ::accept4(listen_fd_, nullptr, nullptr, SOCK_NONBLOCK | SOCK_CLOEXEC);
                if (c < 0) break;
                std::size_t waiting = 0;
                for (const Stream& s : streams) waiting += s.fd.fd >= 0 && !s.admitted;
                if (waiting + static_cast<std::size_t>(admitted) >= static_cast<std::size_t>(params_.streams) + 4) {
                    ::close(c);  // more than the test's streams and a few strays at once
                    ++refused;
                    continue;
                }
                streams.push_back({Fd(c), {}, false, Clock::now()});
            }
        }
        for (std::size_t i = 0; i < streams.size(); ++i) {
            Stream& s = streams[i];
            if (s.fd.fd < 0) continue;
            // Read only what poll said has something (data, the end or an error): a read of each
            // quiet stream at every wake-up was a wasted system call.
            const bool ready = i >= polled || fds[i + base].revents != 0;
            if (!ready) {
                if (!s.admitted && Clock::now() - s.since > kTokenWait) {
                    s.fd.reset();
                    ++refused;
                }
                continue;
            }
            if (!s.admitted) {
                char c[protocol::kBwTokenLength + 1];
                const ssize_t n = ::read(s.fd.fd, c, expected.size() - s.line.size());
                if (n > 0) s.line.append(c, static_cast<std::size_t>(n));
                const bool ended = n == 0 || (n < 0 && errno != EAGAIN && errno != EINTR);
                if (s.line.size() == expected.size() && same_secret(s.line, expected) && admitted < params_.streams) {
                    s.admitted = true;
                    ++admitted;
                } else if (s.line.size() == expected.size() || ended || Clock::now() - s.since > kTokenWait) {
                    s.fd.reset();
                    ++refused;
                }
                continue;
            }
            for (int reads = 0; reads < 8; ++reads) {
                const ssize_t n = ::read(s.fd.fd, buffer.data(), buffer.size());
                if (n > 0) {
                    const Clock::time_point t = Clock::now();
                    if (!first) first = t;
                    last = t;
                    bytes += n;
                    add_to_bucket(buckets, *first, t, n);
                    continue;
                }
                if (n == 0 || (errno != EAGAIN && errno != EINTR)) s.fd.reset();
                break;
            }
        }
    }
    streams.clear();
    if (listen_fd_ >= 0) {
        ::close(listen_fd_);
        listen_fd_ = -1;
    }
    protocol::BwReport report;
    report.name = params_.name.empty() ? std::nullopt : std::optional(params_.name);
    report.bytes = bytes;
    report.seconds = first && last ? seconds_between(*first, *last) : 0;
    if (report.seconds > 0) report.gbps = static_cast<double>(bytes) * 8 / report.seconds / 1e9;
    report.per_second_gbps = per_second(buckets, report.seconds);
    report.streams = admitted;
    report.refused = refused;
    report.interface = where_.interface;
    report.stopped = stopped;
    report.error = error;
    std::lock_guard lock(mutex_);
    report_ = std::move(report);
}

// ---- Sender ----

protocol::BwReport send_bandwidth(const protocol::BwSendParams& params, const std::atomic<bool>& stop) {
    protocol::BwReport report;
    report.name = params.name.empty() ? std::nullopt : std::optional(params.name);
    const std::string where = params.address + ":" + std::to_string(params.port);
    addrinfo hints{};
    hints.ai_socktype = SOCK_STREAM;
    addrinfo* res = nullptr;
    if (const int rc = getaddrinfo(params.address.c_str(), std::to_string(params.port).c_str(), &hints, &res); rc != 0) {
        report.error = "cannot resolve " + params.address + ": " + gai_strerror(rc);
        return report;
    }
    sockaddr_storage peer{};
    socklen_t peer_len = static_cast<socklen_t>(res->ai_addrlen);
    std::memcpy(&peer, res->ai_addr, res->ai_addrlen);
    const int family = res->ai_family;
    freeaddrinfo(res);

    // Connect every stream at once, then wait (at most 3 s) for all of them.
    std::vector<Fd> fds;
    for (std::int64_t i = 0; i < params.streams; ++i) {
        Fd fd(::socket(family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0));
        if (fd.fd < 0) {
            report.error = "cannot open a socket: " + errno_text(errno);
            return report;
        }
        if (::connect(fd.fd, reinterpret_cast<const sockaddr*>(&peer), peer_len) != 0 && errno != EINPROGRESS) {
            report.error = "connect to " + where + ": " + errno_text(errno);
            return report;
        }
        fds.push_back(std::move(fd));
    }
    const Clock::time_point connect_deadline = Clock::now() + std::chrono::seconds(3);
    std::vector<bool> connected(fds.size(), false);
    for (std::size_t done = 0; done < fds.size();) {
        if (stop) {
            report.error = "cancelled";
            return report;
        }
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(connect_deadline - Clock::now()).count();
        if (left <= 0) {
            report.error = "connect to " + where + ": no answer within 3 s";
            return report;
        }
        std::vector<pollfd> p;
        for (std::size_t i = 0; i < fds.size(); ++i)
            if (!connected[i]) p.push_back({fds[i].fd, POLLOUT, 0});
        ::poll(p.data(), p.size(), static_cast<int>(std::min<std::int64_t>(left, 50)));
        for (const pollfd& q : p) {
            if (!q.revents) continue;
            int err = 0;
            socklen_t len = sizeof err;
            ::getsockopt(q.fd, SOL_SOCKET, SO_ERROR, &err, &len);
            if (err != 0) {
                report.error = "connect to " + where + ": " + errno_text(err);
                return report;
            }
            for (std::size_t i = 0; i < fds.size(); ++i)
                if (fds[i].fd == q.fd && !connected[i]) {
                    connected[i] = true;
                    ++done;
                }
        }
    }
    const std::string line = params.token + "\n";
    for (const Fd& fd : fds)
        if (::send(fd.fd, line.data(), line.size(), MSG_NOSIGNAL) != static_cast<ssize_t>(line.size())) {
            report.error = "stream to " + where + ": " + errno_text(errno);
            return report;
        }
    sockaddr_storage local{};
    socklen_t local_len = sizeof local;
    if (::getsockname(fds.front().fd, reinterpret_cast<sockaddr*>(&local), &local_len) == 0) report.interface = interface_of(local);

    const std::optional<std::int64_t> retrans_before = read_tcp_retrans_segs();
    std::vector<char> buffer(kSendBytes);
    for (std::size_t i = 0; i < buffer.size(); ++i) buffer[i] = static_cast<char>((i * 2654435761u) >> 24);
    std::vector<std::int64_t> buckets;
    const Clock::time_point start = Clock::now();
    const Clock::time_point end = start + std::chrono::milliseconds(params.duration_ms);
    std::int64_t bytes = 0;
    Clock::time_point now = start;
    while (!stop && (now = Clock::now()) < end && !report.error) {
        std::vector<pollfd> p;
        for (const Fd& fd : fds) p.push_back({fd.fd, POLLOUT, 0});
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(end - now).count();
        ::poll(p.data(), p.size(), static_cast<int>(std::clamp<std::int64_t>(left, 1, 50)));
        for (const pollfd& q : p) {
            if (q.revents & (POLLERR | POLLHUP)) {
                int err = 0;
                socklen_t len = sizeof err;
                ::getsockopt(q.fd, SOL_SOCKET, SO_ERROR, &err, &len);
                report.error = "stream to " + where + " broke: " + errno_text(err ? err : ECONNRESET);
                break;
            }
            if (!(q.revents & POLLOUT)) continue;
            // Up to ten blocks per wake-up while the socket takes them, as iperf3 does (its
            // multisend): a poll for every block cost more CPU than the copying.
            for (int block = 0; block < 10; ++block) {
                const ssize_t n = ::send(q.fd, buffer.data(), buffer.size(), MSG_NOSIGNAL | MSG_DONTWAIT);
                if (n > 0) {
                    bytes += n;
                    add_to_bucket(buckets, start, Clock::now(), n);
                    if (static_cast<std::size_t>(n) < buffer.size()) break;  // the socket's buffer is full
                    continue;
                }
                if (n < 0 && errno != EAGAIN && errno != EINTR) report.error = "stream to " + where + " broke: " + errno_text(errno);
                break;
            }
            if (report.error) break;
        }
    }
    const Clock::time_point stopped_at = Clock::now();
    if (stop && !report.error) report.error = "cancelled";
    std::int64_t retransmits = 0, segments = 0;
    bool have_info = true;
    for (const Fd& fd : fds) {
        tcp_info info{};
        socklen_t len = sizeof info;
        if (::getsockopt(fd.fd, IPPROTO_TCP, TCP_INFO, &info, &len) != 0 ||
            len < offsetof(tcp_info, tcpi_segs_out) + sizeof info.tcpi_segs_out) {
            have_info = false;
            continue;
        }
        retransmits += info.tcpi_total_retrans;
        segments += info.tcpi_segs_out;
    }
    if (have_info) {
        report.retransmits = retransmits;
        report.segments_out = segments;
    }
    if (const auto after = read_tcp_retrans_segs(); after && retrans_before && *after >= *retrans_before)
        report.host_retransmits = *after - *retrans_before;
    // What is still queued is sent before the FIN (close(2) does not discard it).
    for (const Fd& fd : fds) ::shutdown(fd.fd, SHUT_WR);
    report.bytes = bytes;
    report.seconds = seconds_between(start, stopped_at);
    if (report.seconds > 0 && bytes > 0) report.gbps = static_cast<double>(bytes) * 8 / report.seconds / 1e9;
    report.per_second_gbps = per_second(buckets, report.seconds);
    report.streams = static_cast<std::int64_t>(fds.size());
    return report;
}

}  // namespace fleetdeck::agent
