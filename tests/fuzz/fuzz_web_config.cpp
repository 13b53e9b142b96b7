// `--web.config.file` is read by the agent at start (agent/metrics/web_config.h): the YAML
// subset reader and the web config on arbitrary bytes, with the default limits and small ones.
// A file it accepts holds only what the format allows: bcrypt-shaped hashes, a certificate and a
// key when TLS is on, versions in order, user names without ':'.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "agent/metrics/web_config.h"
#include "agent/metrics/yaml_subset.h"

using namespace fleetdeck::agent::metrics;

namespace {

std::size_t count_nodes(const YamlNode& n, int depth, int max_depth) {
    if (depth > max_depth) std::abort();
    std::size_t count = 1;
    for (const auto& [key, child] : n.entries) count += count_nodes(child, depth + 1, max_depth);
    for (const auto& item : n.items) count += count_nodes(item, depth + 1, max_depth);
    return count;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const YamlLimits small{4096, 256, 4, 64};
    for (const YamlLimits& limits : {YamlLimits{}, small}) {
        const YamlResult yaml = parse_yaml_subset(text, limits);
        if (yaml.root.has_value() == !yaml.error.empty()) std::abort();
        if (yaml.root && count_nodes(*yaml.root, 1, limits.max_depth) > limits.max_nodes) std::abort();
    }
    const WebConfigResult r = parse_web_config(text, "/etc/fleetdeck-agent/");
    if (r.config.has_value() == !r.error.empty()) std::abort();
    if (!r.config) return 0;
    for (const auto& [name, hash] : r.config->users)
        if (hash.size() != 60 || !hash.starts_with("$2") || name.find(':') != std::string::npos) std::abort();
    if (r.config->tls) {
        const TlsServerConfig& tls = *r.config->tls;
        if (tls.cert_file.empty() || tls.key_file.empty() || tls.min_version > tls.max_version) std::abort();
    }
    return 0;
}
