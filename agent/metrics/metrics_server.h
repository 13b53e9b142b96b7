#pragma once

// `fleetdeck-agent --metrics-listen ADDR:PORT`: a TCP listener that answers Prometheus scrapes
// (docs/metrics.md). One connection at a time, one request per connection: a scrape is a few
// hundred microseconds of work, and serving them in turn means a scrape never races another for
// the machine's collectors. A client gets `client_timeout` for its whole request and the answer;
// one that is slower is dropped, so a stalled client holds up the next scrape by at most that.

#include <chrono>
#include <optional>
#include <string>

#include "agent/metrics/http_request.h"
#include "agent/metrics/scrape_source.h"

namespace fleetdeck::agent::metrics {

struct ListenAddress {
    std::string host;  // numeric: "127.0.0.1", "::1", "0.0.0.0"
    int port = 0;
};

// "127.0.0.1:9835", "[::1]:9835", "0.0.0.0:9835". Names are not resolved. Error text in `error`.
std::optional<ListenAddress> parse_listen_address(const std::string& text, std::string* error);

struct MetricsServerOptions {
    ListenAddress address;
    std::chrono::milliseconds client_timeout{5000};
    HttpLimits limits;
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
    // Waits up to `timeout` for one connection and serves it; false when none came (tests).
    bool serve_one(std::chrono::milliseconds timeout);

private:
    void serve_client(int fd);

    ScrapeSource& source_;
    MetricsServerOptions options_;
    int listen_fd_ = -1;
    int port_ = 0;
};

}  // namespace fleetdeck::agent::metrics
