#pragma once

// The HTTP/1.x request side of the metrics endpoint: a parser for the one kind of request it
// serves (GET /metrics, GET /) and the routing. Written by hand instead of pulling in an HTTP
// library (docs/metrics.md, "Why a minimal responder"): the agent reads a request line and at most
// a few dozen headers, never a body, and closes the connection after each answer. Every input is
// untrusted; tests/fuzz/fuzz_metrics_http.cpp fuzzes parse_request.

#include <cstddef>
#include <string>
#include <string_view>

namespace fleetdeck::agent::metrics {

struct HttpLimits {
    std::size_t max_request_bytes = 8192;  // request line and headers together
    std::size_t max_headers = 64;
};

struct HttpRequest {
    std::string method;  // "GET"
    std::string path;    // the target without its query string: "/metrics"
    std::string accept;  // the Accept header, empty without one
    std::string host;           // the Host header as sent ("127.0.0.1:9835"); empty without one
    std::string authorization;  // the Authorization header; empty without one
};

enum class ParseStatus {
    Incomplete,  // the blank line that ends the headers has not arrived yet
    Complete,
    Bad,         // 400
    TooLarge,    // 431: past max_request_bytes or max_headers
};

struct ParseResult {
    ParseStatus status = ParseStatus::Incomplete;
    HttpRequest request;  // filled when Complete
    std::string error;    // why, when Bad or TooLarge
};

// Parses what has arrived so far of one request.
ParseResult parse_request(std::string_view received, const HttpLimits& limits = {});

enum class Route { Metrics, Index, NotFound, MethodNotAllowed };
Route route(const HttpRequest& request);

// A complete response with Connection: close. `extra_headers` are whole lines, each ending in CRLF.
std::string http_response(int status, std::string_view content_type, std::string_view body,
                          std::string_view extra_headers = {});

// DNS-rebinding guard for a loopback listener: true when `host_header` (a Host header value,
// with or without its port) names this machine's loopback: `localhost` or a name under
// `.localhost` (RFC 6761 §6.3), an address in 127.0.0.0/8 or `[::1]`, or `own_hostname`.
// A page on another site that a browser reaches through a rebound DNS name sends that name,
// which is none of these.
bool is_loopback_host(std::string_view host_header, std::string_view own_hostname);
// True for a numeric address in 127.0.0.0/8, ::1, or ::ffff:127.x.y.z.
bool is_loopback_address(const std::string& numeric);
// The page at "/": a link to /metrics.
const char* index_page();

}  // namespace fleetdeck::agent::metrics
