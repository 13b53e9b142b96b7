// The metrics endpoint's defences: the connection caps and deadlines of MetricsServer, the Host
// rule of a loopback listener, basic auth against bcrypt hashes, and the web config reader's
// errors (docs/metrics.md, "Serving many clients" and "TLS and basic auth"). The real clients
// (curl, Prometheus) are in metrics_slowloris_test.py and metrics_tls_test.py.
#include <sys/socket.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <unistd.h>

#include <atomic>
#include <thread>

#include <gtest/gtest.h>

#include "agent/cli_options.h"
#include "agent/metrics/basic_auth.h"
#include "agent/metrics/http_request.h"
#include "agent/metrics/metrics_server.h"
#include "agent/metrics/web_config.h"
#include "agent/metrics/yaml_subset.h"
#include "agent/simulator/simulated_machine.h"

namespace fleetdeck::agent::metrics {
namespace {

// A loopback client socket from `source` (any 127.0.0.0/8 address) that has sent `data`.
int open_client(int port, const char* source, const std::string& data, int receive_buffer = 0) {
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    if (receive_buffer > 0) ::setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &receive_buffer, sizeof receive_buffer);
    sockaddr_in from{};
    from.sin_family = AF_INET;
    ::inet_pton(AF_INET, source, &from.sin_addr);
    EXPECT_EQ(::bind(fd, reinterpret_cast<sockaddr*>(&from), sizeof from), 0);
    sockaddr_in to{};
    to.sin_family = AF_INET;
    to.sin_port = htons(static_cast<std::uint16_t>(port));
    to.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    EXPECT_EQ(::connect(fd, reinterpret_cast<sockaddr*>(&to), sizeof to), 0);
    if (!data.empty()) (void)::send(fd, data.data(), data.size(), MSG_NOSIGNAL);
    return fd;
}

std::string read_all(int fd) {
    std::string answer;
    char buf[4096];
    for (ssize_t n; (n = ::recv(fd, buf, sizeof buf, 0)) > 0;) answer.append(buf, static_cast<std::size_t>(n));
    return answer;
}

// The server on its own thread until the test ends; counts are read after it stopped.
class RunningServer {
public:
    RunningServer(ScrapeSource& source, MetricsServerOptions options) : server_(source, [&] {
        options.address = {"127.0.0.1", 0};
        return options;
    }()) {
        EXPECT_EQ(server_.listen(), "");
        thread_ = std::thread([this] {
            while (!stop_) server_.serve_one(std::chrono::milliseconds(20));
        });
    }
    ~RunningServer() { stop(); }
    int port() const { return server_.port(); }
    const MetricsServerCounts& stop() {
        stop_ = true;
        if (thread_.joinable()) thread_.join();
        return server_.counts();
    }

private:
    MetricsServer server_;
    std::atomic<bool> stop_{false};
    std::thread thread_;
};

const char* const kScrape = "GET /metrics HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";

struct SimulatedHost {
    sim::SimulatedMachine machine{*sim::parse_sim_spec("hgx-h100-8").spec, [] { return 5.0; }};
    ScrapeSource source{machine, std::chrono::seconds(1)};
};

TEST(MetricsEndpoint, IdleConnectionsPastTheCapsGiveWayToANewClient) {
    SimulatedHost host;
    MetricsServerOptions options;
    options.max_connections = 6;
    options.max_per_source = 3;
    options.header_timeout = std::chrono::seconds(30);  // only the caps can free a slot here
    RunningServer server(host.source, options);
    std::vector<int> idle;
    for (const char* from : {"127.0.0.2", "127.0.0.2", "127.0.0.2", "127.0.0.3", "127.0.0.3", "127.0.0.3", "127.0.0.1",
                             "127.0.0.1", "127.0.0.1"})
        idle.push_back(open_client(server.port(), from, "GET"));
    // 127.0.0.1 is at its cap and the total is full: the real client displaces an idle socket.
    const auto started = std::chrono::steady_clock::now();
    const int client = open_client(server.port(), "127.0.0.1", kScrape);
    const std::string answer = read_all(client);
    EXPECT_TRUE(answer.starts_with("HTTP/1.1 200 OK\r\n")) << answer.substr(0, 100);
    EXPECT_LT(std::chrono::steady_clock::now() - started, std::chrono::seconds(1));
    ::close(client);
    for (const int fd : idle) ::close(fd);
    const MetricsServerCounts counts = server.stop();
    EXPECT_EQ(counts.answered, 1u);
    EXPECT_GE(counts.displaced, 4u);  // three for the total cap, then one of 127.0.0.1's own
}

TEST(MetricsEndpoint, ASlowReaderIsDroppedAtTheWriteDeadlineWhileOthersAreServed) {
    SimulatedHost host;
    MetricsServerOptions options;
    options.send_buffer_bytes = 4096;  // the scrape (tens of KiB) cannot fit the kernel's buffers
    options.write_timeout = std::chrono::milliseconds(300);
    RunningServer server(host.source, options);
    const int reader = open_client(server.port(), "127.0.0.1", kScrape, 2048);  // and never reads
    const int other = open_client(server.port(), "127.0.0.2", kScrape);
    const std::string answer = read_all(other);
    EXPECT_TRUE(answer.starts_with("HTTP/1.1 200 OK\r\n"));
    ::close(other);
    std::this_thread::sleep_for(std::chrono::milliseconds(600));
    // What reached the reader is a cut answer: the rest was dropped at the deadline.
    const std::string cut = read_all(reader);
    EXPECT_TRUE(cut.starts_with("HTTP/1.1 200 OK\r\n"));
    EXPECT_LT(cut.size(), answer.size());
    ::close(reader);
    EXPECT_EQ(server.stop().timed_out, 1u);
}

TEST(MetricsEndpoint, ALoopbackListenerAnswersOnlyRequestsForThisMachine) {
    EXPECT_TRUE(is_loopback_host("127.0.0.1:9835", "gpu-07"));
    EXPECT_TRUE(is_loopback_host("127.1.2.3", "gpu-07"));
    EXPECT_TRUE(is_loopback_host("[::1]:9835", "gpu-07"));
    EXPECT_TRUE(is_loopback_host("LocalHost.:9835", "gpu-07"));
    EXPECT_TRUE(is_loopback_host("grafana.localhost:9835", "gpu-07"));
    EXPECT_TRUE(is_loopback_host("GPU-07:9835", "gpu-07"));
    // What a rebound DNS name sends, and look-alikes.
    EXPECT_FALSE(is_loopback_host("attacker.example:9835", "gpu-07"));
    EXPECT_FALSE(is_loopback_host("localhost.attacker.example", "gpu-07"));
    EXPECT_FALSE(is_loopback_host("127.0.0.1.nip.io:9835", "gpu-07"));
    EXPECT_FALSE(is_loopback_host("10.0.0.5:9835", "gpu-07"));
    EXPECT_FALSE(is_loopback_host("[::2]:9835", "gpu-07"));
    EXPECT_FALSE(is_loopback_host("localhost:x", "gpu-07"));
    EXPECT_FALSE(is_loopback_host("", "gpu-07"));
    EXPECT_TRUE(is_loopback_address("::ffff:127.0.0.1"));
    EXPECT_FALSE(is_loopback_address("0.0.0.0"));
    EXPECT_EQ(parse_request("GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n").status, ParseStatus::Bad);

    SimulatedHost host;
    RunningServer server(host.source, {});
    const auto ask = [&](const std::string& request) {
        const int fd = open_client(server.port(), "127.0.0.1", request);
        const std::string answer = read_all(fd);
        ::close(fd);
        return answer.substr(0, answer.find("\r\n"));
    };
    EXPECT_EQ(ask("GET /metrics HTTP/1.1\r\nHost: rebound.attacker.example:9835\r\n\r\n"), "HTTP/1.1 403 Forbidden");
    EXPECT_EQ(ask("GET /metrics HTTP/1.1\r\nHost: localhost:9835\r\n\r\n"), "HTTP/1.1 200 OK");
    EXPECT_EQ(ask("GET /metrics HTTP/1.0\r\n\r\n"), "HTTP/1.1 200 OK");  // no Host: no browser
}

TEST(MetricsEndpoint, TheWebConfigIsAnOptionOfTheMetricsModeSpeltAsNodeExporterSpellsIt) {
    for (const auto& args : {std::vector<std::string>{"--metrics-listen", "127.0.0.1:9835", "--web.config.file", "/etc/w.yml"},
                             std::vector<std::string>{"--metrics-listen", "127.0.0.1:9835", "--web.config.file=/etc/w.yml"}}) {
        const auto parsed = parse_options(args);
        ASSERT_TRUE(parsed.options) << parsed.error;
        EXPECT_EQ(parsed.options->web_config_file, "/etc/w.yml");
    }
    EXPECT_EQ(parse_options({"--stdio", "--web.config.file", "/etc/w.yml"}).error, "--web.config.file needs --metrics-listen");
    EXPECT_EQ(parse_options({"--metrics-listen", "127.0.0.1:1", "--web.config.file"}).error, "--web.config.file needs a file");
}

TEST(BasicAuth, CredentialsAreReadAsRfc7617Writes) {
    std::string user, password;
    // RFC 7617 §2's own example: Aladdin / open sesame.
    ASSERT_TRUE(decode_basic_credentials("Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ==", &user, &password));
    EXPECT_EQ(user, "Aladdin");
    EXPECT_EQ(password, "open sesame");
    ASSERT_TRUE(decode_basic_credentials("basic dTpwOnE=", &user, &password));  // the scheme in any case
    EXPECT_EQ(password, "p:q");                                                 // a password may hold ':'
    EXPECT_FALSE(decode_basic_credentials("Bearer QWxhZGRpbjpvcGVuIHNlc2FtZQ==", &user, &password));
    EXPECT_FALSE(decode_basic_credentials("Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ", &user, &password));  // no padding
    EXPECT_FALSE(decode_basic_credentials("Basic bm9jb2xvbg==", &user, &password));                // "nocolon"
    EXPECT_FALSE(decode_basic_credentials("", &user, &password));
}

// exporter-toolkit's own fixed hash (web/handler.go): bcrypt, cost 10, of "fakepassword".
const char* const kFakePasswordHash = "$2y$10$QOauhQNbBCuQDKes6eFzPeMqBSjb7Mr5DUmpZ/VcEd00UAV/LDeSi";

std::string basic(const std::string& user, const std::string& password) {
    static const char* const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    const std::string in = user + ":" + password;
    std::string out;
    for (std::size_t i = 0; i < in.size(); i += 3) {
        unsigned n = static_cast<unsigned char>(in[i]) << 16;
        if (i + 1 < in.size()) n |= static_cast<unsigned char>(in[i + 1]) << 8;
        if (i + 2 < in.size()) n |= static_cast<unsigned char>(in[i + 2]);
        out += alphabet[(n >> 18) & 63];
        out += alphabet[(n >> 12) & 63];
        out += i + 1 < in.size() ? alphabet[(n >> 6) & 63] : '=';
        out += i + 2 < in.size() ? alphabet[n & 63] : '=';
    }
    return "Basic " + out;
}

TEST(BasicAuth, ChecksBcryptOnceAPasswordAndKeepsMissesToABudgetOfTheServingThread) {
    std::string why;
    auto auth = BasicAuth::create({{"prometheus", kFakePasswordHash}}, &why);
    ASSERT_TRUE(auth) << why;
    using V = BasicAuth::Verdict;
    EXPECT_EQ(auth->check(basic("prometheus", "fakepassword")), V::Allowed);
    EXPECT_EQ(auth->check(basic("prometheus", "fakepassword")), V::Allowed);
    EXPECT_EQ(auth->bcrypt_checks(), 1);  // the second came from the cache
    EXPECT_EQ(auth->check(""), V::Denied);
    // Wrong passwords in a row spend the bcrypt budget (half a second, about seven cost-10
    // checks); then a miss is answered Busy at once, and a cached password still passes.
    int denied = 0;
    V verdict = V::Denied;
    for (int i = 0; i < 100 && verdict == V::Denied; ++i)
        if ((verdict = auth->check(basic("prometheus", "wrong" + std::to_string(i)))) == V::Denied) ++denied;
    EXPECT_EQ(verdict, V::Busy);
    EXPECT_GE(denied, 2);
    EXPECT_EQ(auth->bcrypt_checks(), 1 + denied);
    EXPECT_EQ(auth->check(basic("prometheus", "fakepassword")), V::Allowed);
    // Half of the time that passes comes back to the budget.
    std::this_thread::sleep_for(std::chrono::seconds(1));  // +0.5 s, past one bcrypt even on a slow machine
    // An unknown user costs a bcrypt like a known one and never passes, even with the dummy's password.
    EXPECT_EQ(auth->check(basic("intruder", "fakepassword")), V::Denied);
    EXPECT_EQ(auth->bcrypt_checks(), 2 + denied);
}

struct BadConfig {
    const char* text;
    const char* error;
};

TEST(WebConfig, ReadsNodeExportersFormatWithFilesBesideTheConfig) {
    const auto r = parse_web_config(R"(# web config, as node_exporter's docs write it
---
tls_server_config:
  cert_file: server.crt
  key_file: "/etc/fleetdeck/server.key"
  client_auth_type: RequireAndVerifyClientCert
  client_ca_file: 'ca.pem'   # the CA that signed Prometheus's client certificate
  min_version: TLS13
http_server_config:
  http2: false
  headers:
    X-Frame-Options: deny
    Content-Security-Policy:
basic_auth_users:
  prometheus: $2y$10$QOauhQNbBCuQDKes6eFzPeMqBSjb7Mr5DUmpZ/VcEd00UAV/LDeSi
  "grafana reader": '$2y$10$X0h1gDsPszWURQaxFh.zoubFi6DXncSjhoQNJgRrnGs7EsimhC7zG'  # the sample in exporter-toolkit's docs
)",
                                    "/etc/fleetdeck/");
    ASSERT_TRUE(r.config) << r.error;
    ASSERT_TRUE(r.config->tls);
    EXPECT_EQ(r.config->tls->cert_file, "/etc/fleetdeck/server.crt");
    EXPECT_EQ(r.config->tls->key_file, "/etc/fleetdeck/server.key");
    EXPECT_EQ(r.config->tls->client_ca_file, "/etc/fleetdeck/ca.pem");
    EXPECT_EQ(r.config->tls->client_auth, ClientAuth::RequireAndVerifyClientCert);
    EXPECT_EQ(r.config->tls->min_version, 0x0304);
    ASSERT_EQ(r.config->users.size(), 2u);
    EXPECT_EQ(r.config->users[1].first, "grafana reader");
    EXPECT_EQ(r.config->users[0].second, kFakePasswordHash);
    ASSERT_EQ(r.config->headers.size(), 1u);  // a blank header is unset
    EXPECT_EQ(r.config->headers[0].second, "deny");

    // As exporter-toolkit: no certificate, key or client policy is plain HTTP.
    const auto plain = parse_web_config("tls_server_config:\n  min_version: TLS12\nbasic_auth_users:\n", "");
    ASSERT_TRUE(plain.config) << plain.error;
    EXPECT_FALSE(plain.config->tls);
    EXPECT_TRUE(parse_web_config("", "").config);
}

TEST(WebConfig, EveryErrorNamesItsLineAndWhatWasExpected) {
    const BadConfig cases[] = {
        {"tls_server_config:\n  cert_file: a\n  key_fle: b\n",
         "line 3: tls_server_config: unknown key 'key_fle' (expected cert_file, key_file, client_auth_type"},
        {"tls_server_config:\n  cert_file: a\n", "line 1: tls_server_config: missing key_file"},
        {"tls_server_config:\n  cert_file: a\n  key_file: b\n  min_version: TLS14\n",
         "line 4: tls_server_config.min_version: expected one of TLS10, TLS11, TLS12, TLS13, got 'TLS14'"},
        {"tls_server_config:\n  cert_file: a\n  key_file: b\n  client_auth_type: RequireAndVerifyClientCert\n",
         "line 1: tls_server_config: client_auth_type verifies client certificates: it needs client_ca_file"},
        {"tls_server_config:\n  cert_file: a\n  key_file: b\n  client_auth_type: Always\n",
         "line 4: tls_server_config.client_auth_type: expected one of NoClientCert"},
        {"tls_server_config:\n  cert_file: a\n  key_file: b\n  client_allowed_sans: [prometheus.example]\n",
         "line 4: tls_server_config.client_allowed_sans: client certificate SAN checks are not implemented"},
        {"tls_server_config:\n  cert: |\n    -----BEGIN CERTIFICATE-----\n",
         "line 2: a value starting with '|' is not accepted here"},
        {"basic_auth_users:\n  alice: secret\n", "line 2: basic_auth_users.alice: expected a bcrypt hash"},
        {"basic_auth_users:\n  alice: $2y$10$QOauhQNbBCuQDKes6eFzPeMqBSjb7Mr5DUmpZ/VcEd00UAV/LDeSi\n  alice: x\n",
         "line 3: 'alice' is given twice (first on line 2)"},
        {"basic_auth_users:\n\talice: x\n", "line 2: a tab; YAML is indented with spaces"},
        {"basic_auth_users: &users\n", "line 1: a value starting with '&' is not accepted here"},
        {"basic_auth_users:\n  - alice\n", "line 1: basic_auth_users: expected KEY: VALUE lines under it"},
        {"http_server_config:\n  http2: yes\n", "line 2: http_server_config.http2: expected true or false"},
        {"http_server_config:\n  headers:\n    X-Powered-By: me\n", "line 3: http_server_config.headers.X-Powered-By: this header cannot be set"},
        {"rate_limit:\n  interval: 1s\n", "line 1: rate_limit: rate limiting is not implemented"},
        {"tls_server_config:\n  cert_file: a\n key_file: b\n", "line 3: unexpected indentation"},
        {"tls_server_config:\n  cert_file: \"a\n", "line 2: a \"quoted value must close on its line"},
        {"tls_server_config: {cert_file: a}\n", "line 1: only an empty mapping {} is accepted in braces"},
        {"---\ntls_server_config:\n---\n", "line 3: a second document; the file holds one"},
        {"- a\n", "line 1: expected KEY: VALUE at the top of the file"},
        {"basic_auth_users:\n  alice: a: b\n", "line 2: a ': ' inside a value; quote the value"},
    };
    for (const BadConfig& c : cases) {
        const auto r = parse_web_config(c.text, "/etc/x/");
        EXPECT_FALSE(r.config) << c.text;
        EXPECT_TRUE(r.error.starts_with(c.error)) << "for:\n" << c.text << "got: " << r.error << "\nexpected: " << c.error;
    }
    const auto big = parse_yaml_subset(std::string(70 * 1024, '#'));
    EXPECT_EQ(big.error, "longer than 65536 bytes");
    std::string deep;
    for (int i = 0; i < 10; ++i) deep += std::string(2 * i, ' ') + "k" + std::to_string(i) + ":\n";
    EXPECT_EQ(parse_yaml_subset(deep + std::string(20, ' ') + "v: 1\n").error, "line 9: nested deeper than 8 levels");
}

}  // namespace
}  // namespace fleetdeck::agent::metrics
