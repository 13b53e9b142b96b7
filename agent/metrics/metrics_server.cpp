#include "agent/metrics/metrics_server.h"

#include <cerrno>
#include <cstdio>
#include <cstring>

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>


namespace fleetdeck::agent::metrics {
namespace {

using std::chrono::milliseconds;
using SteadyClock = std::chrono::steady_clock;

int remaining_ms(SteadyClock::time_point deadline) {
    const auto left = std::chrono::duration_cast<milliseconds>(deadline - SteadyClock::now()).count();
    return left < 0 ? 0 : static_cast<int>(left);
}

// Sends all of `data` before `deadline`; false when the client went away or was too slow.
bool send_all(int fd, std::string_view data, SteadyClock::time_point deadline) {
    while (!data.empty()) {
        pollfd p{fd, POLLOUT, 0};
        if (::poll(&p, 1, remaining_ms(deadline)) <= 0) return false;
        const ssize_t n = ::send(fd, data.data(), data.size(), MSG_NOSIGNAL);
        if (n < 0) {
            if (errno == EINTR || errno == EAGAIN) continue;
            return false;
        }
        data.remove_prefix(static_cast<std::size_t>(n));
    }
    return true;
}

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

MetricsServer::MetricsServer(ScrapeSource& source, MetricsServerOptions options)
    : source_(source), options_(std::move(options)) {}

MetricsServer::~MetricsServer() {
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
    listen_fd_ = ::socket(family, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (listen_fd_ < 0) return std::string("cannot open a socket: ") + std::strerror(errno);
    const int one = 1;
    ::setsockopt(listen_fd_, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    const std::string where = options_.address.host + ":" + std::to_string(options_.address.port);
    if (::bind(listen_fd_, reinterpret_cast<sockaddr*>(&storage), length) != 0)
        return "cannot listen on " + where + ": " + std::strerror(errno) +
               (errno == EADDRINUSE ? " (another program holds the port; pick another with --metrics-listen)" : "");
    if (::listen(listen_fd_, 16) != 0) return "cannot listen on " + where + ": " + std::strerror(errno);
    sockaddr_storage bound{};
    socklen_t bound_length = sizeof bound;
    ::getsockname(listen_fd_, reinterpret_cast<sockaddr*>(&bound), &bound_length);
    port_ = ntohs(bound.ss_family == AF_INET6 ? reinterpret_cast<sockaddr_in6*>(&bound)->sin6_port
                                              : reinterpret_cast<sockaddr_in*>(&bound)->sin_port);
    return {};
}

void MetricsServer::run() {
    for (;;) serve_one(milliseconds(-1));
}

bool MetricsServer::serve_one(milliseconds timeout) {
    pollfd p{listen_fd_, POLLIN, 0};
    if (::poll(&p, 1, static_cast<int>(timeout.count())) <= 0) return false;
    const int fd = ::accept4(listen_fd_, nullptr, nullptr, SOCK_CLOEXEC | SOCK_NONBLOCK);
    if (fd < 0) return false;
    serve_client(fd);
    ::close(fd);
    return true;
}

void MetricsServer::serve_client(int fd) {
    const auto deadline = SteadyClock::now() + options_.client_timeout;
    std::string received;
    ParseResult parsed;
    char buf[2048];
    for (;;) {
        pollfd p{fd, POLLIN, 0};
        if (::poll(&p, 1, remaining_ms(deadline)) <= 0) {
            send_all(fd, http_response(408, "text/plain; charset=utf-8", "request timed out\n"), deadline + milliseconds(100));
            return;
        }
        const ssize_t n = ::recv(fd, buf, sizeof buf, 0);
        if (n < 0 && (errno == EINTR || errno == EAGAIN)) continue;
        if (n <= 0) return;  // the client went away before finishing its request
        received.append(buf, static_cast<std::size_t>(n));
        parsed = parse_request(received, options_.limits);
        if (parsed.status != ParseStatus::Incomplete) break;
    }
    std::string response;
    if (parsed.status == ParseStatus::Bad) {
        response = http_response(400, "text/plain; charset=utf-8", parsed.error + "\n");
    } else if (parsed.status == ParseStatus::TooLarge) {
        response = http_response(431, "text/plain; charset=utf-8", parsed.error + "\n");
    } else {
        switch (route(parsed.request)) {
        case Route::Metrics: {
            const ExpositionFormat format = format_for_accept(parsed.request.accept);
            try {
                response = http_response(200, content_type(format), source_.scrape(format));
            } catch (const std::exception& e) {
                std::fprintf(stderr, "fleetdeck-agent: scrape failed: %s\n", e.what());
                response = http_response(500, "text/plain; charset=utf-8", std::string("scrape failed: ") + e.what() + "\n");
            }
            break;
        }
        case Route::Index:
            response = http_response(200, "text/html; charset=utf-8", index_page());
            break;
        case Route::NotFound:
            response = http_response(404, "text/plain; charset=utf-8", "only /metrics is served here\n");
            break;
        case Route::MethodNotAllowed:
            response = http_response(405, "text/plain; charset=utf-8", "only GET is served here\n");
            break;
        }
    }
    send_all(fd, response, deadline);
}

}  // namespace fleetdeck::agent::metrics
