// The agent's metrics endpoint reads HTTP requests from anyone who can reach its port: the parser
// on arbitrary bytes, fed as they would arrive in pieces (sizes from the input's first byte). A
// verdict, once given for a prefix, must not change as more bytes arrive, and a complete request
// has a method and an absolute path without control characters.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>

#include "agent/metrics/http_request.h"

using namespace fleetdeck::agent::metrics;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    const std::size_t step = 1 + data[0] % 64;
    const std::string_view input(reinterpret_cast<const char*>(data + 1), size - 1);
    const HttpLimits limits{512, 8};
    std::optional<ParseStatus> verdict;
    for (std::size_t end = std::min(step, input.size());; end = std::min(end + step, input.size())) {
        const ParseResult r = parse_request(input.substr(0, end), limits);
        if (verdict && r.status != *verdict) std::abort();  // a verdict changed with more bytes
        if (r.status != ParseStatus::Incomplete) verdict = r.status;
        if (r.status == ParseStatus::Complete) {
            if (r.request.method.empty() || r.request.path.empty() || r.request.path.front() != '/') std::abort();
            for (const char c : r.request.path)
                if (static_cast<unsigned char>(c) <= 0x20 || c == 0x7f) std::abort();
            const std::string response = http_response(route(r.request) == Route::Metrics ? 200 : 404, "text/plain", r.request.accept);
            if (response.find("\r\n\r\n") == std::string::npos) std::abort();
        }
        if (r.status != ParseStatus::Incomplete && r.error.empty() && r.status != ParseStatus::Complete) std::abort();
        if (end == input.size()) break;
    }
    return 0;
}
