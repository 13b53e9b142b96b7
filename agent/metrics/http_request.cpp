#include "agent/metrics/http_request.h"

#include <algorithm>
#include <cctype>

#include <arpa/inet.h>
#include <netinet/in.h>

namespace fleetdeck::agent::metrics {
namespace {

bool is_token_char(char c) {
    const auto u = static_cast<unsigned char>(c);
    if (std::isalnum(u)) return true;
    return std::string_view("!#$%&'*+-.^_`|~").find(c) != std::string_view::npos;
}

bool equals_ignoring_case(std::string_view a, std::string_view b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
           });
}

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
    return s;
}

ParseResult bad(std::string why) { return {ParseStatus::Bad, {}, std::move(why)}; }

// The next line of `rest` without its CRLF (or bare LF).
std::string_view next_line(std::string_view& rest) {
    const auto lf = rest.find('\n');
    std::string_view line = rest.substr(0, lf);
    rest.remove_prefix(lf == std::string_view::npos ? rest.size() : lf + 1);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    return line;
}

}  // namespace

ParseResult parse_request(std::string_view received, const HttpLimits& limits) {
    // The headers end at the first empty line; only what comes before it is read.
    std::size_t end = std::string_view::npos;
    for (std::size_t i = received.find('\n'); i != std::string_view::npos; i = received.find('\n', i + 1)) {
        const std::size_t next = i + 1;
        if (next < received.size() && received[next] == '\n') { end = next + 1; break; }
        if (next + 1 < received.size() && received[next] == '\r' && received[next + 1] == '\n') { end = next + 2; break; }
    }
    if (end == std::string_view::npos) {
        if (received.size() > limits.max_request_bytes)
            return {ParseStatus::TooLarge, {}, "request headers longer than " + std::to_string(limits.max_request_bytes) + " bytes"};
        return {};
    }
    if (end > limits.max_request_bytes)
        return {ParseStatus::TooLarge, {}, "request headers longer than " + std::to_string(limits.max_request_bytes) + " bytes"};

    std::string_view rest = received.substr(0, end);
    const std::string_view request_line = next_line(rest);
    const auto sp1 = request_line.find(' ');
    const auto sp2 = sp1 == std::string_view::npos ? sp1 : request_line.find(' ', sp1 + 1);
    if (sp2 == std::string_view::npos || request_line.find(' ', sp2 + 1) != std::string_view::npos)
        return bad("the request line is not METHOD TARGET VERSION");
    const std::string_view method = request_line.substr(0, sp1);
    const std::string_view target = request_line.substr(sp1 + 1, sp2 - sp1 - 1);
    const std::string_view version = request_line.substr(sp2 + 1);
    if (method.empty() || !std::all_of(method.begin(), method.end(), is_token_char)) return bad("the method is not a token");
    if (version != "HTTP/1.1" && version != "HTTP/1.0") return bad("only HTTP/1.0 and HTTP/1.1 are served");
    if (target.empty() || target.front() != '/') return bad("the target is not an absolute path");
    for (const char c : target)
        if (static_cast<unsigned char>(c) <= 0x20 || static_cast<unsigned char>(c) >= 0x7f) return bad("the target holds a control character");

    ParseResult result;
    result.status = ParseStatus::Complete;
    result.request.method = std::string(method);
    result.request.path = std::string(target.substr(0, target.find('?')));
    bool seen_host = false, seen_authorization = false;
    std::size_t headers = 0;
    while (!rest.empty()) {
        const std::string_view line = next_line(rest);
        if (line.empty()) break;
        if (++headers > limits.max_headers)
            return {ParseStatus::TooLarge, {}, "more than " + std::to_string(limits.max_headers) + " headers"};
        const auto colon = line.find(':');
        if (colon == std::string_view::npos || colon == 0) return bad("a header line has no name");
        const std::string_view name = line.substr(0, colon);
        if (!std::all_of(name.begin(), name.end(), is_token_char)) return bad("a header name is not a token");
        const std::string_view value = trim(line.substr(colon + 1));
        for (const char c : value)
            if ((static_cast<unsigned char>(c) < 0x20 && c != '\t') || c == 0x7f) return bad("a header value holds a control character");
        if (equals_ignoring_case(name, "Accept")) {
            if (!result.request.accept.empty()) result.request.accept += ", ";
            result.request.accept.append(value);
        } else if (equals_ignoring_case(name, "Host")) {
            // RFC 9112 §3.2: a request with more than one Host is answered 400.
            if (seen_host) return bad("more than one Host header");
            seen_host = true;
            result.request.host = std::string(value);
        } else if (equals_ignoring_case(name, "Authorization")) {
            if (seen_authorization) return bad("more than one Authorization header");
            seen_authorization = true;
            result.request.authorization = std::string(value);
        } else if (equals_ignoring_case(name, "Transfer-Encoding")) {
            return bad("a request body is not accepted");
        } else if (equals_ignoring_case(name, "Content-Length") && value != "0") {
            return bad("a request body is not accepted");
        }
    }
    return result;
}

Route route(const HttpRequest& request) {
    if (request.path != "/metrics" && request.path != "/") return Route::NotFound;
    if (request.method != "GET") return Route::MethodNotAllowed;
    return request.path == "/metrics" ? Route::Metrics : Route::Index;
}

std::string http_response(int status, std::string_view content_type, std::string_view body,
                          std::string_view extra_headers) {
    const char* reason = status == 200   ? "OK"
                         : status == 400 ? "Bad Request"
                         : status == 401 ? "Unauthorized"
                         : status == 403 ? "Forbidden"
                         : status == 404 ? "Not Found"
                         : status == 405 ? "Method Not Allowed"
                         : status == 408 ? "Request Timeout"
                         : status == 429 ? "Too Many Requests"
                         : status == 431 ? "Request Header Fields Too Large"
                                         : "Internal Server Error";
    std::string out = "HTTP/1.1 " + std::to_string(status) + " " + reason + "\r\n";
    out.append("Content-Type: ").append(content_type).append("\r\n");
    out.append("Content-Length: ").append(std::to_string(body.size())).append("\r\n");
    if (status == 405) out.append("Allow: GET\r\n");
    out.append(extra_headers);
    out.append("Connection: close\r\n\r\n");
    out.append(body);
    return out;
}

bool is_loopback_address(const std::string& numeric) {
    in_addr v4{};
    if (::inet_pton(AF_INET, numeric.c_str(), &v4) == 1) return (ntohl(v4.s_addr) >> 24) == 127;
    in6_addr v6{};
    if (::inet_pton(AF_INET6, numeric.c_str(), &v6) != 1) return false;
    if (IN6_IS_ADDR_LOOPBACK(&v6)) return true;
    return IN6_IS_ADDR_V4MAPPED(&v6) && v6.s6_addr[12] == 127;
}

bool is_loopback_host(std::string_view host_header, std::string_view own_hostname) {
    std::string_view host = host_header;
    if (host.starts_with('[')) {  // "[::1]:9835"
        const auto close = host.find(']');
        if (close == std::string_view::npos) return false;
        const std::string_view after = host.substr(close + 1);
        if (!after.empty() && after.front() != ':') return false;
        return is_loopback_address(std::string(host.substr(1, close - 1)));
    }
    const auto colon = host.rfind(':');
    if (colon != std::string_view::npos) {
        const std::string_view port = host.substr(colon + 1);
        if (!std::all_of(port.begin(), port.end(), [](char c) { return c >= '0' && c <= '9'; })) return false;
        host = host.substr(0, colon);
    }
    if (host.ends_with('.')) host.remove_suffix(1);  // "localhost." is the same name, fully qualified
    if (host.empty()) return false;
    if (equals_ignoring_case(host, "localhost")) return true;
    if (host.size() > 10 && equals_ignoring_case(host.substr(host.size() - 10), ".localhost")) return true;
    if (!own_hostname.empty() && equals_ignoring_case(host, own_hostname)) return true;
    in_addr v4{};
    const std::string text(host);
    return ::inet_pton(AF_INET, text.c_str(), &v4) == 1 && (ntohl(v4.s_addr) >> 24) == 127;
}

const char* index_page() {
    return "<!DOCTYPE html>\n<html><head><title>fleetdeck-agent</title></head>\n"
           "<body><h1>fleetdeck-agent</h1><p><a href=\"/metrics\">Metrics</a></p></body></html>\n";
}

}  // namespace fleetdeck::agent::metrics
