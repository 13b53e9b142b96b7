#pragma once

// `--web.config.file FILE`: TLS and basic auth for the metrics endpoint, in the file format of
// node_exporter and every exporter built on the Prometheus exporter-toolkit (its
// docs/web-configuration.md, commit 0089e786c388f128bd417609a8ba66c20b35176e), so one file
// serves both. The file is YAML; the agent reads the small subset that format uses (block
// mappings, `- item` and `[a, b]` lists of scalars, plain and quoted one-line scalars, comments)
// with a bounded reader that names the line and what it expected for anything else. Keys of the
// format that the agent does not implement are refused by name rather than ignored, so a file
// that asks for client SAN checks or cipher lists never runs without them.

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace fleetdeck::agent::metrics {

// Go's crypto/tls ClientAuthType names, as the format spells them.
enum class ClientAuth { NoClientCert, RequestClientCert, RequireAnyClientCert, VerifyClientCertIfGiven, RequireAndVerifyClientCert };

struct TlsServerConfig {
    std::string cert_file;       // PEM, the chain; relative paths are taken from the config's directory
    std::string key_file;        // PEM
    std::string client_ca_file;  // PEM; empty: none
    ClientAuth client_auth = ClientAuth::NoClientCert;
    int min_version = 0x0303;  // TLS12, the format's default (TLS1_2_VERSION in OpenSSL's tls1.h)
    int max_version = 0x0304;  // TLS13
};

struct WebConfig {
    std::optional<TlsServerConfig> tls;  // empty: plain HTTP
    std::vector<std::pair<std::string, std::string>> users;    // name → bcrypt hash; empty: no auth
    std::vector<std::pair<std::string, std::string>> headers;  // http_server_config.headers, added to answers
};

struct WebConfigResult {
    std::optional<WebConfig> config;
    std::string error;  // "line 4: tls_server_config.min_version: expected one of TLS10, …, got 'TLS14'"
};

// Reads the text of a web config. `base_dir` resolves relative file names (the config's directory).
WebConfigResult parse_web_config(std::string_view text, const std::string& base_dir);
// Reads FILE (at most 64 KiB) and parses it.
WebConfigResult load_web_config(const std::string& path);

}  // namespace fleetdeck::agent::metrics
