#include "agent/metrics/metrics_server.h"

#include <cerrno>
#include <cstdio>
#include <cstring>

#include <algorithm>
#include <map>

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include "agent/metrics/basic_auth.h"
#include "agent/metrics/tls_library.h"

namespace fleetdeck::agent::metrics {
namespace {

using std::chrono::milliseconds;
using SteadyClock = std::chrono::steady_clock;

int remaining_ms(SteadyClock::time_point deadline) {
    const auto left = std::chrono::duration_cast<milliseconds>(deadline - SteadyClock::now()).count();
    return left < 0 ? 0 : static_cast<int>(left);
}

// The readiness a TLS step that did not go through waits for (POLLIN, POLLOUT), or 0 when the
// connection is over (closed or failed).
short tls_waits_for(TlsSession::Io io) {
    if (io == TlsSession::Io::WantRead) return POLLIN;
    if (io == TlsSession::Io::WantWrite) return POLLOUT;
    return 0;
}

// The numeric address of a peer: the key of the per-source cap.
std::string peer_address(const sockaddr_storage& peer) {
    char text[INET6_ADDRSTRLEN] = "";
    if (peer.ss_family == AF_INET6)
        ::inet_ntop(AF_INET6, &reinterpret_cast<const sockaddr_in6*>(&peer)->sin6_addr, text, sizeof text);
    else
        ::inet_ntop(AF_INET, &reinterpret_cast<const sockaddr_in*>(&peer)->sin_addr, text, sizeof text);
    return text;
}

const char* const kPlain = "text/plain; charset=utf-8";

}  // namespace

std::optional<ListenAddress> parse_listen_address(const std::string& text, std::string* error) {
    const auto fail = [&](const std::string& why) -> std::optional<ListenAddress> {
        if (error) *error = why;
        return std::nullopt;
    };
    const auto colon = text.rfind(':');
    if (colon == std::string::npos || colon == 0) return fail("expected ADDR:PORT, e.g. 127.0.0.1:9835");
    std::string host = text.substr(0, colon);
    const std::string port_text = text.substr(colon + 1);
    if (host.size() >= 2 && host.front() == '[' && host.back() == ']') host = host.substr(1, host.size() - 2);
    in_addr v4{};
    in6_addr v6{};
    if (::inet_pton(AF_INET, host.c_str(), &v4) != 1 && ::inet_pton(AF_INET6, host.c_str(), &v6) != 1)
        return fail("'" + host + "' is not a numeric IPv4 or IPv6 address (write [::1]:9835 for IPv6)");
    if (port_text.empty() || port_text.size() > 5 || port_text.find_first_not_of("0123456789") != std::string::npos)
        return fail("the port must be a number from 0 to 65535");
    const int port = std::stoi(port_text);
    if (port > 65535) return fail("the port must be a number from 0 to 65535");
    return ListenAddress{host, port};
}

struct MetricsServer::Connection {
    enum class State { Handshake, Reading, Writing, Done };
    int fd = -1;
    std::string source;
    std::unique_ptr<TlsSession> tls;
    State state = State::Reading;
    SteadyClock::time_point accepted_at;
    SteadyClock::time_point deadline;
    short wants = POLLIN;
    std::string received;
    std::string response;
    std::size_t sent = 0;
    int turns = 0;  // poll rounds it has been through since it was accepted

    bool evictable() const { return state == State::Handshake || state == State::Reading; }
    // Which to displace first (the lowest): one that has had a turn of the loop to show its
    // request and has not, then one accepted in this turn, then a TLS client whose hello was
    // read, which takes round trips before its request can come. (A plain client's request
    // comes with its connection, so one still reading after a turn is only holding a socket.)
    int keep_rank() const {
        if (tls && tls->hello_read()) return 2;
        return turns == 0 ? 1 : 0;
    }
};

MetricsServer::MetricsServer(ScrapeSource& source, MetricsServerOptions options)
    : source_(source), options_(std::move(options)) {}

MetricsServer::~MetricsServer() {
    for (const auto& c : connections_) ::close(c->fd);
    if (listen_fd_ >= 0) ::close(listen_fd_);
}

std::string MetricsServer::listen() {
    sockaddr_storage storage{};
    socklen_t length = 0;
    int family = AF_INET;
    auto* v4 = reinterpret_cast<sockaddr_in*>(&storage);
    auto* v6 = reinterpret_cast<sockaddr_in6*>(&storage);
    if (::inet_pton(AF_INET, options_.address.host.c_str(), &v4->sin_addr) == 1) {
        v4->sin_family = AF_INET;
        v4->sin_port = htons(static_cast<std::uint16_t>(options_.address.port));
        length = sizeof *v4;
    } else if (::inet_pton(AF_INET6, options_.address.host.c_str(), &v6->sin6_addr) == 1) {
        family = AF_INET6;
        v6->sin6_family = AF_INET6;
        v6->sin6_port = htons(static_cast<std::uint16_t>(options_.address.port));
        length = sizeof *v6;
    } else {
        return "'" + options_.address.host + "' is not a numeric address";
    }
    listen_fd_ = ::socket(family, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
    if (listen_fd_ < 0) return std::string("cannot open a socket: ") + std::strerror(errno);
    const int one = 1;
    ::setsockopt(listen_fd_, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    const std::string where = options_.address.host + ":" + std::to_string(options_.address.port);
    if (::bind(listen_fd_, reinterpret_cast<sockaddr*>(&storage), length) != 0)
        return "cannot listen on " + where + ": " + std::strerror(errno) +
               (errno == EADDRINUSE ? " (another program holds the port; pick another with --metrics-listen)" : "");
    if (::listen(listen_fd_, 128) != 0) return "cannot listen on " + where + ": " + std::strerror(errno);
    sockaddr_storage bound{};
    socklen_t bound_length = sizeof bound;
    ::getsockname(listen_fd_, reinterpret_cast<sockaddr*>(&bound), &bound_length);
    port_ = ntohs(bound.ss_family == AF_INET6 ? reinterpret_cast<sockaddr_in6*>(&bound)->sin6_port
                                              : reinterpret_cast<sockaddr_in*>(&bound)->sin_port);
    loopback_ = is_loopback_address(options_.address.host);
    char name[256] = "";
    if (::gethostname(name, sizeof name - 1) == 0) own_hostname_ = name;
    return {};
}

void MetricsServer::run() {
    for (;;) step(milliseconds(-1));
}

bool MetricsServer::serve_one(milliseconds timeout) {
    const auto until = SteadyClock::now() + timeout;
    const std::uint64_t before = closed_;
    while (closed_ == before) {
        const int left = remaining_ms(until);
        if (left == 0 && connections_.empty()) return false;
        step(milliseconds(left == 0 ? -1 : left));
    }
    return true;
}

void MetricsServer::step(milliseconds timeout) {
    std::vector<pollfd> fds;
    fds.reserve(connections_.size() + 1);
    fds.push_back({listen_fd_, POLLIN, 0});
    auto wait = timeout;
    for (const auto& c : connections_) {
        fds.push_back({c->fd, c->wants, 0});
        const milliseconds left(remaining_ms(c->deadline));
        if (wait.count() < 0 || left < wait) wait = left;
    }
    const int ready = ::poll(fds.data(), fds.size(), static_cast<int>(wait.count()));
    if (ready < 0 && errno != EINTR) return;
    // Connections already open first: a request that has arrived is answered before new
    // connections can displace it.
    const std::size_t open = connections_.size();
    for (std::size_t i = 0; i < open; ++i) {
        ++connections_[i]->turns;
        if (ready > 0 && fds[i + 1].revents != 0) progress(*connections_[i], fds[i + 1].revents);
    }
    const auto now = SteadyClock::now();
    for (const auto& c : connections_) {
        if (c->state == Connection::State::Done || now < c->deadline) continue;
        if (c->state == Connection::State::Reading && !c->tls) {  // one try, never waited for
            const std::string late = http_response(408, kPlain, "request timed out\n");
            (void)::send(c->fd, late.data(), late.size(), MSG_NOSIGNAL | MSG_DONTWAIT);
        }
        ++counts_.timed_out;
        c->state = Connection::State::Done;
    }
    for (std::size_t i = connections_.size(); i-- > 0;)
        if (connections_[i]->state == Connection::State::Done) close_connection(i);
    if (ready > 0 && (fds[0].revents & POLLIN)) accept_new();
}

void MetricsServer::accept_new() {
    // A bounded batch per turn, so a flood of connects cannot keep the loop from the others.
    for (int n = 0; n < 64; ++n) {
        sockaddr_storage peer{};
        socklen_t length = sizeof peer;
        const int fd = ::accept4(listen_fd_, reinterpret_cast<sockaddr*>(&peer), &length, SOCK_CLOEXEC | SOCK_NONBLOCK);
        if (fd < 0) {
            if (errno == EINTR || errno == ECONNABORTED) continue;
            if (errno == EMFILE || errno == ENFILE) ::poll(nullptr, 0, 50);  // out of descriptors: do not spin
            return;
        }
        const std::string source = peer_address(peer);
        if (!admit(source)) {
            ++counts_.refused;
            ::close(fd);
            continue;
        }
        auto c = std::make_unique<Connection>();
        c->fd = fd;
        c->source = source;
        c->accepted_at = SteadyClock::now();
        if (options_.send_buffer_bytes > 0)
            ::setsockopt(fd, SOL_SOCKET, SO_SNDBUF, &options_.send_buffer_bytes, sizeof options_.send_buffer_bytes);
        if (options_.tls) {
            c->tls = options_.tls->session(fd);
            if (!c->tls) {
                ::close(fd);
                ++counts_.tls_failed;
                continue;
            }
            c->state = Connection::State::Handshake;
            c->deadline = c->accepted_at + options_.handshake_timeout;
        } else {
            c->deadline = c->accepted_at + options_.header_timeout;
        }
        connections_.push_back(std::move(c));
        // The request usually came with the connection: read it now, before the next accept can
        // make this one the oldest.
        progress(*connections_.back(), POLLIN);
        if (connections_.back()->state == Connection::State::Done) close_connection(connections_.size() - 1);
    }
}

bool MetricsServer::admit(const std::string& source) {
    // The one to displace from `from`: the lowest keep_rank, then the oldest.
    const auto oldest_evictable = [this](const std::string* from) -> std::optional<std::size_t> {
        std::optional<std::size_t> best;
        for (std::size_t i = 0; i < connections_.size(); ++i) {
            const Connection& c = *connections_[i];
            if (!c.evictable() || (from && c.source != *from)) continue;
            if (!best) {
                best = i;
                continue;
            }
            const Connection& b = *connections_[*best];
            if (c.keep_rank() != b.keep_rank() ? c.keep_rank() < b.keep_rank() : c.accepted_at < b.accepted_at) best = i;
        }
        return best;
    };
    std::map<std::string, int> per_source;
    for (const auto& c : connections_) ++per_source[c->source];
    std::optional<std::size_t> victim;
    if (per_source[source] >= options_.max_per_source) {
        victim = oldest_evictable(&source);
        if (!victim) return false;
    } else if (static_cast<int>(connections_.size()) >= options_.max_connections) {
        // From the address holding the most connections that has one to give up.
        int most = 0;
        for (const auto& [from, count] : per_source) {
            if (count <= most) continue;
            if (const auto v = oldest_evictable(&from)) {
                most = count;
                victim = v;
            }
        }
        if (!victim) return false;
    }
    if (victim) {
        ++counts_.displaced;
        close_connection(*victim);
    }
    return true;
}

void MetricsServer::close_connection(std::size_t index) {
    Connection& c = *connections_[index];
    c.tls.reset();
    ::close(c.fd);
    connections_.erase(connections_.begin() + static_cast<std::ptrdiff_t>(index));
    ++closed_;
}

void MetricsServer::progress(Connection& c, short revents) {
    if (c.state == Connection::State::Handshake) {
        switch (c.tls->handshake()) {
        case TlsSession::Io::Done:
            c.state = Connection::State::Reading;
            c.deadline = SteadyClock::now() + options_.header_timeout;
            break;
        case TlsSession::Io::WantRead: c.wants = POLLIN; return;
        case TlsSession::Io::WantWrite: c.wants = POLLOUT; return;
        case TlsSession::Io::Closed:
        case TlsSession::Io::Failed:
            ++counts_.tls_failed;
            c.state = Connection::State::Done;
            return;
        }
    }
    if (c.state == Connection::State::Reading) read_request(c);
    else if (c.state == Connection::State::Writing) write_answer(c);
    if (c.state != Connection::State::Done && (revents & (POLLERR | POLLNVAL))) c.state = Connection::State::Done;
}

void MetricsServer::read_request(Connection& c) {
    char buf[2048];
    for (;;) {
        std::size_t got = 0;
        if (c.tls) {
            const TlsSession::Io io = c.tls->read(buf, sizeof buf, &got);
            if (io != TlsSession::Io::Done) {
                if (const short wait = tls_waits_for(io)) c.wants = wait;
                else c.state = Connection::State::Done;
                return;
            }
        } else {
            const ssize_t n = ::recv(c.fd, buf, sizeof buf, 0);
            if (n < 0 && errno == EINTR) continue;
            if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
                c.wants = POLLIN;
                return;
            }
            if (n <= 0) {  // the client went away before finishing its request
                c.state = Connection::State::Done;
                return;
            }
            got = static_cast<std::size_t>(n);
        }
        c.received.append(buf, got);
        const ParseResult parsed = parse_request(c.received, options_.limits);
        if (parsed.status == ParseStatus::Incomplete) continue;
        c.received.clear();
        if (parsed.status == ParseStatus::Bad) c.response = http_response(400, kPlain, parsed.error + "\n");
        else if (parsed.status == ParseStatus::TooLarge) c.response = http_response(431, kPlain, parsed.error + "\n");
        else answer(c, parsed.request);
        c.state = Connection::State::Writing;
        c.deadline = SteadyClock::now() + options_.write_timeout;
        write_answer(c);
        return;
    }
}

void MetricsServer::answer(Connection& c, const HttpRequest& request) {
    std::string extra;
    for (const auto& [name, value] : options_.headers) extra += name + ": " + value + "\r\n";
    // A page elsewhere that a browser reaches here through a name rebound to 127.0.0.1 sends
    // that name as its Host; a client without a Host (HTTP/1.0, or a bare socket) is no browser.
    if (loopback_ && !request.host.empty() && !is_loopback_host(request.host, own_hostname_)) {
        c.response = http_response(403, kPlain,
                                   "this endpoint listens on loopback and answers only requests for localhost, "
                                   "a loopback address or this host's name\n",
                                   extra);
        return;
    }
    if (options_.auth) {
        const BasicAuth::Verdict verdict = options_.auth->check(request.authorization);
        if (verdict == BasicAuth::Verdict::Denied) {
            // RFC 7617 §2: the challenge names a realm.
            c.response = http_response(401, kPlain, "Unauthorized\n",
                                       extra + "WWW-Authenticate: Basic realm=\"fleetdeck-agent\", charset=\"UTF-8\"\r\n");
            return;
        }
        if (verdict == BasicAuth::Verdict::Busy) {
            c.response = http_response(429, kPlain, "too many password checks; try again in a second\n",
                                       extra + "Retry-After: 1\r\n");
            return;
        }
    }
    switch (route(request)) {
    case Route::Metrics: {
        const ExpositionFormat format = format_for_accept(request.accept);
        try {
            c.response = http_response(200, content_type(format), source_.scrape(format), extra);
        } catch (const std::exception& e) {
            std::fprintf(stderr, "fleetdeck-agent: scrape failed: %s\n", e.what());
            c.response = http_response(500, kPlain, std::string("scrape failed: ") + e.what() + "\n", extra);
        }
        break;
    }
    case Route::Index:
        c.response = http_response(200, "text/html; charset=utf-8", index_page(), extra);
        break;
    case Route::NotFound:
        c.response = http_response(404, kPlain, "only /metrics is served here\n", extra);
        break;
    case Route::MethodNotAllowed:
        c.response = http_response(405, kPlain, "only GET is served here\n", extra);
        break;
    }
}

void MetricsServer::write_answer(Connection& c) {
    while (c.sent < c.response.size()) {
        std::size_t n = 0;
        const char* data = c.response.data() + c.sent;
        const std::size_t size = c.response.size() - c.sent;
        if (c.tls) {
            const TlsSession::Io io = c.tls->write(data, size, &n);
            if (io != TlsSession::Io::Done) {
                if (const short wait = tls_waits_for(io)) c.wants = wait;
                else c.state = Connection::State::Done;
                return;
            }
        } else {
            const ssize_t sent = ::send(c.fd, data, size, MSG_NOSIGNAL);
            if (sent < 0 && errno == EINTR) continue;
            if (sent < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
                c.wants = POLLOUT;
                return;
            }
            if (sent <= 0) {
                c.state = Connection::State::Done;
                return;
            }
            n = static_cast<std::size_t>(sent);
        }
        c.sent += n;
    }
    ++counts_.answered;
    if (c.tls) c.tls->close_notify();
    ::shutdown(c.fd, SHUT_WR);
    c.state = Connection::State::Done;
}

}  // namespace fleetdeck::agent::metrics
