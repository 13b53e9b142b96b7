#include "agent/metrics/web_config.h"

#include <cerrno>
#include <cstring>
#include <initializer_list>
#include <stdexcept>

#include <fcntl.h>
#include <unistd.h>

#include "agent/metrics/yaml_subset.h"

namespace fleetdeck::agent::metrics {
namespace {

struct ConfigError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

[[noreturn]] void fail(const YamlNode& at, const std::string& path, const std::string& what) {
    throw ConfigError("line " + std::to_string(at.line) + ": " + path + ": " + what);
}

std::string joined(std::initializer_list<const char*> names) {
    std::string out;
    for (const char* n : names) out += std::string(out.empty() ? "" : ", ") + n;
    return out;
}

const YamlNode& expect_map(const YamlNode& n, const std::string& path) {
    if (n.kind != YamlNode::Kind::Map) fail(n, path, "expected KEY: VALUE lines under it");
    return n;
}

std::string expect_string(const YamlNode& n, const std::string& path) {
    if (n.kind != YamlNode::Kind::Scalar || n.text.empty()) fail(n, path, "expected a value");
    return n.text;
}

bool expect_bool(const YamlNode& n, const std::string& path) {
    if (n.kind == YamlNode::Kind::Scalar && !n.quoted && (n.text == "true" || n.text == "false")) return n.text == "true";
    fail(n, path, "expected true or false");
}

// Keys of the format that the agent refuses by name, with what to do instead.
const char* unsupported(std::string_view section, std::string_view key) {
    if (section == "tls_server_config") {
        if (key == "cert" || key == "key" || key == "client_ca")
            return "inline PEM is not read by fleetdeck-agent; write it to a file and name it in the _file key";
        if (key == "client_allowed_sans") return "client certificate SAN checks are not implemented by fleetdeck-agent";
        if (key == "cipher_suites" || key == "curve_preferences")
            return "fleetdeck-agent uses the system OpenSSL's defaults and does not take Go's cipher or curve names";
    }
    if (section.empty() && key == "rate_limit") return "rate limiting is not implemented by fleetdeck-agent";
    return nullptr;
}

[[noreturn]] void unknown_key(const YamlNode& at, const std::string& section, const std::string& key,
                              std::initializer_list<const char*> known) {
    if (const char* why = unsupported(section, key)) fail(at, section.empty() ? key : section + "." + key, why);
    fail(at, section.empty() ? std::string("the file") : section, "unknown key '" + key + "' (expected " + joined(known) + ")");
}

std::string resolve(const std::string& file, const std::string& base_dir) {
    if (file.starts_with('/') || base_dir.empty()) return file;
    return base_dir.ends_with('/') ? base_dir + file : base_dir + "/" + file;
}

int tls_version(const YamlNode& n, const std::string& path) {
    // The format's names; the values are OpenSSL's TLS1_VERSION … TLS1_3_VERSION (openssl/tls1.h,
    // prov_ssl.h in 3.x), which are the protocol's own version numbers (RFC 8446 §4.2.1).
    const std::string v = expect_string(n, path);
    if (v == "TLS10") return 0x0301;
    if (v == "TLS11") return 0x0302;
    if (v == "TLS12") return 0x0303;
    if (v == "TLS13") return 0x0304;
    fail(n, path, "expected one of TLS10, TLS11, TLS12, TLS13, got '" + v + "'");
}

ClientAuth client_auth(const YamlNode& n, const std::string& path) {
    const std::string v = expect_string(n, path);
    if (v == "NoClientCert") return ClientAuth::NoClientCert;
    if (v == "RequestClientCert") return ClientAuth::RequestClientCert;
    if (v == "RequireAnyClientCert") return ClientAuth::RequireAnyClientCert;
    if (v == "VerifyClientCertIfGiven") return ClientAuth::VerifyClientCertIfGiven;
    if (v == "RequireAndVerifyClientCert") return ClientAuth::RequireAndVerifyClientCert;
    fail(n, path,
         "expected one of NoClientCert, RequestClientCert, RequireAnyClientCert, VerifyClientCertIfGiven, "
         "RequireAndVerifyClientCert, got '" + v + "'");
}

std::optional<TlsServerConfig> tls_section(const YamlNode& section, const std::string& base_dir) {
    if (section.kind == YamlNode::Kind::Null) return std::nullopt;
    const std::string s = "tls_server_config";
    expect_map(section, s);
    TlsServerConfig tls;
    bool any = false, auth_given = false;
    for (const auto& [key, n] : section.entries) {
        const std::string path = s + "." + key;
        if (key == "cert_file") tls.cert_file = resolve(expect_string(n, path), base_dir);
        else if (key == "key_file") tls.key_file = resolve(expect_string(n, path), base_dir);
        else if (key == "client_ca_file") tls.client_ca_file = resolve(expect_string(n, path), base_dir);
        else if (key == "client_auth_type") { tls.client_auth = client_auth(n, path); auth_given = true; }
        else if (key == "min_version") tls.min_version = tls_version(n, path);
        else if (key == "max_version") tls.max_version = tls_version(n, path);
        else if (key == "prefer_server_cipher_suites") expect_bool(n, path);  // OpenSSL's order is the server's
        else unknown_key(n, s, key, {"cert_file", "key_file", "client_auth_type", "client_ca_file", "min_version",
                                     "max_version", "prefer_server_cipher_suites"});
        if (key == "cert_file" || key == "key_file" || key == "client_ca_file" || key == "client_auth_type") any = true;
    }
    // As exporter-toolkit's getTLSConfig: no certificate, key or client policy means plain HTTP.
    if (!any) return std::nullopt;
    if (tls.cert_file.empty()) fail(section, s, "missing cert_file");
    if (tls.key_file.empty()) fail(section, s, "missing key_file");
    const bool verifies = tls.client_auth == ClientAuth::VerifyClientCertIfGiven ||
                          tls.client_auth == ClientAuth::RequireAndVerifyClientCert;
    if (verifies && tls.client_ca_file.empty()) fail(section, s, "client_auth_type verifies client certificates: it needs client_ca_file");
    if (!tls.client_ca_file.empty() && (!auth_given || tls.client_auth == ClientAuth::NoClientCert))
        fail(section, s, "client_ca_file is given without a client_auth_type that asks for client certificates");
    if (tls.min_version > tls.max_version) fail(section, s, "min_version is above max_version");
    return tls;
}

// bcrypt's modular crypt format: $2a$, $2b$ or $2y$, a two-digit cost from 04 to 31, '$', then
// 22 characters of salt and 31 of hash in bcrypt's base64 alphabet (OpenBSD bcrypt.c; libxcrypt
// crypt-bcrypt.c).
bool is_bcrypt_hash(std::string_view h) {
    if (h.size() != 60 || h[0] != '$' || h[1] != '2' || (h[2] != 'a' && h[2] != 'b' && h[2] != 'y') || h[3] != '$')
        return false;
    if (h[4] < '0' || h[4] > '3' || h[5] < '0' || h[5] > '9' || h[6] != '$') return false;
    const int cost = (h[4] - '0') * 10 + (h[5] - '0');
    if (cost < 4 || cost > 31) return false;
    for (std::size_t i = 7; i < h.size(); ++i) {
        const char c = h[i];
        if (!(c == '.' || c == '/' || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'))) return false;
    }
    return true;
}

void users_section(const YamlNode& section, WebConfig& out) {
    if (section.kind == YamlNode::Kind::Null) return;
    const std::string s = "basic_auth_users";
    expect_map(section, s);
    for (const auto& [name, n] : section.entries) {
        const std::string path = s + "." + name;
        if (name.find(':') != std::string::npos) fail(n, path, "a basic auth user name cannot hold ':' (RFC 7617 §2)");
        const std::string hash = expect_string(n, path);
        if (!is_bcrypt_hash(hash))
            fail(n, path, "expected a bcrypt hash ($2y$10$ and 53 more characters, e.g. from htpasswd -nBC 10 \"\")");
        out.users.emplace_back(name, hash);
    }
}

void http_section(const YamlNode& section, WebConfig& out) {
    if (section.kind == YamlNode::Kind::Null) return;
    const std::string s = "http_server_config";
    expect_map(section, s);
    for (const auto& [key, n] : section.entries) {
        if (key == "http2") {
            expect_bool(n, s + ".http2");  // the agent answers HTTP/1.1; Prometheus falls back to it
        } else if (key == "headers") {
            if (n.kind == YamlNode::Kind::Null) continue;
            expect_map(n, s + ".headers");
            for (const auto& [name, v] : n.entries) {
                const std::string path = s + ".headers." + name;
                // exporter-toolkit's extraHTTPHeaders (web/handler.go): these names, two with fixed values.
                if (v.kind == YamlNode::Kind::Null || (v.kind == YamlNode::Kind::Scalar && v.text.empty())) continue;
                const std::string value = expect_string(v, path);
                if (name == "X-Content-Type-Options" && value != "nosniff") fail(v, path, "expected nosniff");
                if (name == "X-Frame-Options" && value != "deny" && value != "sameorigin") fail(v, path, "expected deny or sameorigin");
                if (name != "X-Content-Type-Options" && name != "X-Frame-Options" && name != "Strict-Transport-Security" &&
                    name != "X-XSS-Protection" && name != "Content-Security-Policy")
                    fail(v, path, "this header cannot be set (expected Content-Security-Policy, X-Frame-Options, "
                                  "X-Content-Type-Options, X-XSS-Protection or Strict-Transport-Security)");
                out.headers.emplace_back(name, value);
            }
        } else {
            unknown_key(n, s, key, {"http2", "headers"});
        }
    }
}

}  // namespace

WebConfigResult parse_web_config(std::string_view text, const std::string& base_dir) {
    const YamlResult yaml = parse_yaml_subset(text);
    if (!yaml.root) return {std::nullopt, yaml.error};
    WebConfig config;
    try {
        if (yaml.root->kind == YamlNode::Kind::Map) {
            for (const auto& [key, n] : yaml.root->entries) {
                if (key == "tls_server_config") config.tls = tls_section(n, base_dir);
                else if (key == "basic_auth_users") users_section(n, config);
                else if (key == "http_server_config") http_section(n, config);
                else unknown_key(n, "", key, {"tls_server_config", "http_server_config", "basic_auth_users"});
            }
        }
    } catch (const ConfigError& e) {
        return {std::nullopt, e.what()};
    }
    return {config, {}};
}

WebConfigResult load_web_config(const std::string& path) {
    // read(2), not std::ifstream: libstdc++'s file streams call fstat64@GLIBC_2.33, past the
    // portable agent's glibc 2.17 (agent/portable/glibc_compat.cpp).
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return {std::nullopt, "cannot read it: " + std::string(std::strerror(errno))};
    constexpr std::size_t kMax = 64 * 1024;
    std::string text(kMax + 1, '\0');
    std::size_t got = 0;
    while (got < text.size()) {
        const ssize_t n = ::read(fd, text.data() + got, text.size() - got);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) {
            const std::string why = std::strerror(errno);
            ::close(fd);
            return {std::nullopt, "cannot read it: " + why};
        }
        if (n == 0) break;
        got += static_cast<std::size_t>(n);
    }
    ::close(fd);
    text.resize(got);
    if (text.size() > kMax) return {std::nullopt, "longer than 64 KiB; it holds a few keys and user names"};
    const auto slash = path.rfind('/');
    // Relative file names in it are taken from its directory, as exporter-toolkit does.
    return parse_web_config(text, slash == std::string::npos ? std::string(".") : path.substr(0, slash + 1));
}

}  // namespace fleetdeck::agent::metrics
