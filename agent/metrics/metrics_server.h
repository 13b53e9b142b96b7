#pragma once

// `fleetdeck-agent --metrics-listen ADDR:PORT`: a TCP listener that answers Prometheus scrapes
// (docs/metrics.md, "Serving many clients"). One thread serves every connection from one poll()
// set, one request per connection, so scrapes stay serialised behind the ScrapeSource cache and
// never race each other for the machine's collectors, while a client that is slow to speak or
// to read holds only its own slot:
//  - a client has `header_timeout` (after its TLS handshake, which has `handshake_timeout`) to
//    send its request headers, and `write_timeout` to take the answer;
//  - at most `max_connections` are open, at most `max_per_source` from one address. A new
//    connection past either cap takes the place of one that has not finished its request (from
//    its own address for the per-address cap, from the address holding most for the total):
//    first the oldest that has had a turn of the loop and still sent no request, last a TLS
//    client in the middle of its handshake. Idle sockets so delay a real scrape by nothing; a
//    connection is refused only when every slot holds a request being answered.

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "agent/metrics/http_request.h"
#include "agent/metrics/scrape_source.h"

namespace fleetdeck::agent::metrics {

class BasicAuth;
class TlsServer;

struct ListenAddress {
    std::string host;  // numeric: "127.0.0.1", "::1", "0.0.0.0"
    int port = 0;
};

// "127.0.0.1:9835", "[::1]:9835", "0.0.0.0:9835". Names are not resolved. Error text in `error`.
std::optional<ListenAddress> parse_listen_address(const std::string& text, std::string* error);

struct MetricsServerOptions {
    ListenAddress address;
    std::chrono::milliseconds header_timeout{1000};
    HttpLimits limits;
    std::chrono::milliseconds write_timeout{10000};  // Prometheus's default scrape_timeout
    std::chrono::milliseconds handshake_timeout{2000};
    int max_connections = 64;
    int max_per_source = 8;
    int send_buffer_bytes = 0;  // SO_SNDBUF of each connection; 0: the kernel's (tests make it small)
    TlsServer* tls = nullptr;   // HTTPS when set (web_config.h's tls_server_config)
    BasicAuth* auth = nullptr;  // basic auth when set
    std::vector<std::pair<std::string, std::string>> headers;  // added to every answer
};

// What the server has done, for tests and the log.
struct MetricsServerCounts {
    std::uint64_t answered = 0;       // connections that got an answer
    std::uint64_t timed_out = 0;      // dropped at a deadline (handshake, headers or answer)
    std::uint64_t displaced = 0;      // closed to make room under a cap before finishing a request
    std::uint64_t refused = 0;        // closed at accept: every slot held a request being answered
    std::uint64_t tls_failed = 0;     // handshakes that failed (no client certificate, bad version…)
};

class MetricsServer {
public:
    MetricsServer(ScrapeSource& source, MetricsServerOptions options);
    ~MetricsServer();
    MetricsServer(const MetricsServer&) = delete;
    MetricsServer& operator=(const MetricsServer&) = delete;

    // Binds and listens; an error sentence, empty on success.
    std::string listen();
    // The port bound (the one asked for, or the kernel's pick for port 0).
    int port() const { return port_; }
    // Serves connections until the process ends.
    [[noreturn]] void run();
    // Serves until one connection has been closed, answered or not; false when none came within
    // `timeout` (tests).
    bool serve_one(std::chrono::milliseconds timeout);
    const MetricsServerCounts& counts() const { return counts_; }

private:
    struct Connection;
    void step(std::chrono::milliseconds timeout);
    void accept_new();
    bool admit(const std::string& source);
    void progress(Connection& c, short revents);
    void read_request(Connection& c);
    void answer(Connection& c, const HttpRequest& request);
    void write_answer(Connection& c);
    void close_connection(std::size_t index);

    ScrapeSource& source_;
    MetricsServerOptions options_;
    int listen_fd_ = -1;
    int port_ = 0;
    bool loopback_ = false;     // Host is checked (http_request.h, is_loopback_host)
    std::string own_hostname_;  // accepted as a Host on loopback too
    std::vector<std::unique_ptr<Connection>> connections_;
    std::uint64_t closed_ = 0;
    MetricsServerCounts counts_;
};

}  // namespace fleetdeck::agent::metrics
