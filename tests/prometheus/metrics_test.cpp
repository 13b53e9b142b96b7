// The agent's Prometheus endpoint: the exposition writer, the XID tally, the HTTP request parser,
// the rendering of simulated and recorded samples, the listener, and docs/metrics.md against what
// the agent emits.
#include <sys/socket.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <unistd.h>

#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <thread>

#include <gtest/gtest.h>

#include "agent/cli_options.h"
#include "agent/metrics/exposition.h"
#include "agent/metrics/http_request.h"
#include "agent/metrics/metrics_server.h"
#include "agent/metrics/sample_metrics.h"
#include "agent/metrics/scrape_source.h"
#include "agent/metrics/xid_tally.h"
#include "agent/simulator/simulated_machine.h"
#include "tests/agent/recorded_tree.h"

namespace fleetdeck::agent::metrics {
namespace {

using test::fixture_root;

// The sample lines (not comments) of a scrape whose name is `name`.
std::vector<std::string> lines_of(const std::string& scrape, const std::string& name) {
    std::vector<std::string> out;
    std::istringstream in(scrape);
    for (std::string line; std::getline(in, line);)
        if (line.rfind(name + "{", 0) == 0 || line.rfind(name + " ", 0) == 0) out.push_back(line);
    return out;
}

std::set<std::string> names_in(const std::string& scrape) {
    std::set<std::string> names;
    std::istringstream in(scrape);
    for (std::string line; std::getline(in, line);)
        if (!line.empty() && line[0] != '#') names.insert(line.substr(0, line.find_first_of("{ ")));
    return names;
}

double value_of(const std::string& line) { return std::stod(line.substr(line.rfind(' ') + 1)); }

sim::SimSpec spec_of(const std::string& text) {
    const auto parsed = sim::parse_sim_spec(text);
    EXPECT_TRUE(parsed.spec) << parsed.error;
    return *parsed.spec;
}

const char* const kFaultyH100 = "hgx-h100-8+ecc+remap-pending+xid=13+gpu-lost+nvlink-down+bad-fan+pcie-x8:3";

// A scrape of the simulated host at simulated second `at_s` (after gpu-lost's 20 s, the GPU is lost).
std::string simulated_scrape(const std::string& spec, double at_s, ExpositionFormat format = ExpositionFormat::Text004) {
    double now = at_s - 1;
    sim::SimulatedMachine machine(spec_of(spec), [&now] { return now; });
    auto tick = std::chrono::steady_clock::time_point{};
    ScrapeSource source(machine, std::chrono::seconds(1), [&tick] { return tick; });
    source.scrape(format);  // a first sample, so the second has rates
    now = at_s;
    tick += std::chrono::seconds(2);
    return source.scrape(format);
}

TEST(Exposition, WritesEachFamilyHeaderOnceAndEscapesLabelValues) {
    ExpositionWriter w(ExpositionFormat::Text004);
    w.family("a_metric", MetricType::Gauge, "An example.");
    w.sample({{"x", "quote\" back\\ nl\n"}}, 1.5);
    w.sample({{"x", "two"}}, 2);
    w.family("never_written", MetricType::Gauge, "No samples.");
    w.family("b_total", MetricType::Counter, "Counted.");
    w.sample({}, 3);
    EXPECT_EQ(w.finish(),
              "# HELP a_metric An example.\n# TYPE a_metric gauge\n"
              "a_metric{x=\"quote\\\" back\\\\ nl\\n\"} 1.5\na_metric{x=\"two\"} 2\n"
              "# HELP b_total Counted.\n# TYPE b_total counter\nb_total 3\n");
}

TEST(Exposition, OpenMetricsNamesCountersWithoutTotalAndEndsWithEof) {
    ExpositionWriter w(ExpositionFormat::OpenMetrics);
    w.family("b_total", MetricType::Counter, "Counted.");
    w.sample({}, 3);
    w.family("DCGM_FI_DEV_ECC_DBE_VOL_TOTAL", MetricType::Counter, "DBE.");
    w.sample({}, 1);
    const std::string out = w.finish();
    EXPECT_NE(out.find("# TYPE b counter\nb_total 3\n"), std::string::npos) << out;
    EXPECT_NE(out.find("# TYPE DCGM_FI_DEV_ECC_DBE_VOL_TOTAL unknown\nDCGM_FI_DEV_ECC_DBE_VOL_TOTAL 1\n"), std::string::npos) << out;
    EXPECT_TRUE(out.ends_with("# EOF\n"));
    EXPECT_EQ(format_for_accept("application/openmetrics-text;version=1.0.0,text/plain;q=0.5"), ExpositionFormat::OpenMetrics);
    EXPECT_EQ(format_for_accept("text/plain;version=0.0.4"), ExpositionFormat::Text004);
    EXPECT_EQ(format_value(1e21), "1e+21");
    EXPECT_EQ(format_value(0.1), "0.1");
}

protocol::XidEvent xid(std::int64_t t, std::int64_t code, const std::string& bus = "0000:18:00.0") {
    return {t, bus, code, "msg", "nvml"};
}

TEST(XidTally, CountsEachEventOnceAcrossOverlappingSamples) {
    XidTally tally;
    tally.add({xid(1, 48), xid(2, 94)});
    tally.add({xid(1, 48), xid(2, 94)});  // the same window again
    tally.add({xid(2, 94), xid(3, 79, "0000:2a:00.0")});  // the oldest scrolled out, one new
    EXPECT_EQ(tally.counts().at({"0000:18:00.0", 48}), 1);
    EXPECT_EQ(tally.counts().at({"0000:18:00.0", 94}), 1);
    EXPECT_EQ(tally.counts().at({"0000:2a:00.0", 79}), 1);
    EXPECT_EQ(tally.last_code("0000:18:00.0"), 94);
    // A window that no longer holds the last counted event: only the newer ones count.
    tally.add({xid(2, 94), xid(4, 13), xid(5, 13)});
    tally.add({xid(6, 13)});
    EXPECT_EQ(tally.counts().at({"0000:18:00.0", 13}), 3);
    EXPECT_EQ(tally.counts().at({"0000:18:00.0", 94}), 1);
    EXPECT_FALSE(tally.last_code("0000:99:00.0"));
}

TEST(HttpRequest, ParsesAScrapeAndWaitsForTheEndOfTheHeaders) {
    const std::string scrape = "GET /metrics?x=1 HTTP/1.1\r\nHost: a\r\nAccept: application/openmetrics-text\r\n\r\n";
    EXPECT_EQ(parse_request(scrape.substr(0, 30)).status, ParseStatus::Incomplete);
    const auto r = parse_request(scrape);
    ASSERT_EQ(r.status, ParseStatus::Complete) << r.error;
    EXPECT_EQ(r.request.method, "GET");
    EXPECT_EQ(r.request.path, "/metrics");
    EXPECT_EQ(r.request.accept, "application/openmetrics-text");
    EXPECT_EQ(route(r.request), Route::Metrics);
    EXPECT_EQ(parse_request("GET / HTTP/1.0\n\n").status, ParseStatus::Complete);
}

TEST(HttpRequest, RefusesWhatIsNotASmallGet) {
    EXPECT_EQ(parse_request("GET /metrics HTTP/2.0\r\n\r\n").status, ParseStatus::Bad);
    EXPECT_EQ(parse_request("GET metrics HTTP/1.1\r\n\r\n").status, ParseStatus::Bad);
    EXPECT_EQ(parse_request("GET /metrics HTTP/1.1\r\nNo colon\r\n\r\n").status, ParseStatus::Bad);
    EXPECT_EQ(parse_request("POST /metrics HTTP/1.1\r\nContent-Length: 5\r\n\r\nhello").status, ParseStatus::Bad);
    EXPECT_EQ(parse_request("GET /metrics HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n").status, ParseStatus::Bad);
    EXPECT_EQ(parse_request(std::string(9000, 'a')).status, ParseStatus::TooLarge);
    std::string many = "GET /metrics HTTP/1.1\r\n";
    for (int i = 0; i < 65; ++i) many += "X-" + std::to_string(i) + ": y\r\n";
    EXPECT_EQ(parse_request(many + "\r\n").status, ParseStatus::TooLarge);
    const auto post = parse_request("POST /metrics HTTP/1.1\r\n\r\n");
    EXPECT_EQ(route(post.request), Route::MethodNotAllowed);
    EXPECT_EQ(route(parse_request("GET /other HTTP/1.1\r\n\r\n").request), Route::NotFound);
}

TEST(SampleMetrics, FaultyH100ShowsLostGpuEccRemapAndXidsUnderDcgmNames) {
    const std::string scrape = simulated_scrape(kFaultyH100, 60);
    const auto spec = spec_of(kFaultyH100);
    const std::string lost = "gpu=\"" + std::to_string(*spec.lost_gpu()) + "\"";
    int lost_lines = 0;
    for (const auto& line : lines_of(scrape, "fleetdeck_gpu_state")) {
        if (line.find(lost) == std::string::npos) continue;
        ++lost_lines;
        EXPECT_EQ(value_of(line), line.find("state=\"lost\"") != std::string::npos ? 1 : 0) << line;
    }
    EXPECT_EQ(lost_lines, 2);
    // A lost GPU has no readings: no temperature line for it, never a 0.
    for (const auto& line : lines_of(scrape, "DCGM_FI_DEV_GPU_TEMP")) EXPECT_EQ(line.find(lost), std::string::npos) << line;
    EXPECT_EQ(lines_of(scrape, "DCGM_FI_DEV_GPU_TEMP").size(), 7u);

    const std::string ecc = "gpu=\"" + std::to_string(*spec.ecc_gpu()) + "\"";
    bool dbe = false;
    for (const auto& line : lines_of(scrape, "DCGM_FI_DEV_ECC_DBE_VOL_TOTAL"))
        if (line.find(ecc) != std::string::npos) dbe = value_of(line) >= 1;
    EXPECT_TRUE(dbe) << scrape;
    const std::string pending = "gpu=\"" + std::to_string(*spec.remap_pending_gpu()) + "\"";
    bool remap = false;
    for (const auto& line : lines_of(scrape, "DCGM_FI_DEV_ROW_REMAP_PENDING"))
        if (line.find(pending) != std::string::npos) remap = value_of(line) == 1;
    EXPECT_TRUE(remap);
    std::set<std::string> codes;
    for (const auto& line : lines_of(scrape, "fleetdeck_xid_events_total")) {
        const auto at = line.find("code=\"");
        codes.insert(line.substr(at + 6, line.find('"', at + 6) - at - 6));
    }
    EXPECT_TRUE(codes.count("13") && codes.count("79") && codes.count("48")) << scrape;
    const auto gpu0 = lines_of(scrape, "DCGM_FI_DEV_GPU_TEMP").front();
    EXPECT_NE(gpu0.find("device=\"nvidia0\""), std::string::npos);
    EXPECT_NE(gpu0.find("modelName=\"NVIDIA H100 80GB HBM3\""), std::string::npos);
    EXPECT_NE(gpu0.find("UUID=\"GPU-"), std::string::npos);
    EXPECT_NE(gpu0.find("Hostname=\"sim-"), std::string::npos);
    EXPECT_EQ(value_of(lines_of(scrape, "fleetdeck_gpus_visible").front()), 8);
}

TEST(ScrapeSource, ReusesASampleYoungerThanTheMinimumInterval) {
    double now = 0;
    sim::SimulatedMachine machine(spec_of("l40s-4"), [&now] { return now; });
    auto tick = std::chrono::steady_clock::time_point{};
    ScrapeSource source(machine, std::chrono::seconds(1), [&tick] { return tick; });
    const std::string first = source.scrape(ExpositionFormat::Text004);
    tick += std::chrono::milliseconds(500);
    now = 30;
    EXPECT_EQ(source.scrape(ExpositionFormat::Text004), first);
    EXPECT_EQ(source.samples_taken(), 1);
    tick += std::chrono::milliseconds(600);
    source.scrape(ExpositionFormat::OpenMetrics);
    EXPECT_EQ(source.samples_taken(), 2);
}

// A client on loopback: sends `request` (possibly nothing) and reads until the server closes.
std::string exchange(int port, const std::string& request) {
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_port = htons(static_cast<std::uint16_t>(port));
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (::connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0) return "connect failed";
    if (!request.empty()) (void)::send(fd, request.data(), request.size(), MSG_NOSIGNAL);
    std::string answer;
    char buf[4096];
    for (ssize_t n; (n = ::recv(fd, buf, sizeof buf, 0)) > 0;) answer.append(buf, static_cast<std::size_t>(n));
    ::close(fd);
    return answer;
}

TEST(MetricsServer, AnswersScrapesAndDropsSlowOrOversizedClients) {
    sim::SimulatedMachine machine(spec_of("l40s-4"), [] { return 5.0; });
    ScrapeSource source(machine, std::chrono::seconds(1));
    std::string why;
    const auto address = parse_listen_address("127.0.0.1:0", &why);
    ASSERT_TRUE(address) << why;
    MetricsServerOptions options;
    options.address = *address;
    options.header_timeout = std::chrono::milliseconds(300);
    MetricsServer server(source, options);
    ASSERT_EQ(server.listen(), "");
    ASSERT_GT(server.port(), 0);
    const auto ask = [&](const std::string& request) {
        std::string answer;
        std::thread client([&] { answer = exchange(server.port(), request); });
        EXPECT_TRUE(server.serve_one(std::chrono::seconds(5)));
        client.join();
        return answer;
    };
    const std::string ok = ask("GET /metrics HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    EXPECT_TRUE(ok.starts_with("HTTP/1.1 200 OK\r\n")) << ok.substr(0, 200);
    EXPECT_NE(ok.find("Content-Type: text/plain; version=0.0.4"), std::string::npos);
    EXPECT_NE(ok.find("DCGM_FI_DEV_GPU_TEMP{gpu=\"0\""), std::string::npos);
    const std::string om = ask("GET /metrics HTTP/1.1\r\nAccept: application/openmetrics-text; version=1.0.0\r\n\r\n");
    EXPECT_TRUE(om.ends_with("# EOF\n"));
    EXPECT_NE(ask("GET / HTTP/1.1\r\n\r\n").find("href=\"/metrics\""), std::string::npos);
    EXPECT_TRUE(ask("DELETE /metrics HTTP/1.1\r\n\r\n").starts_with("HTTP/1.1 405"));
    EXPECT_TRUE(ask("GET /x HTTP/1.1\r\n\r\n").starts_with("HTTP/1.1 404"));
    EXPECT_TRUE(ask("GET /metrics HTTP/1.1\r\n" + std::string(9000, 'x')).starts_with("HTTP/1.1 431"));
    // A client that connects and says nothing is answered 408 after the client timeout.
    const auto started = std::chrono::steady_clock::now();
    EXPECT_TRUE(ask("").starts_with("HTTP/1.1 408"));
    EXPECT_LT(std::chrono::steady_clock::now() - started, std::chrono::seconds(3));
}

TEST(MetricsServer, TheCommandLineMakesItAModeOfItsOwn) {
    const auto ok = parse_options({"--metrics-listen", "127.0.0.1:9835", "--simulate", "l40s-4", "--metrics-min-interval", "0"});
    ASSERT_TRUE(ok.options) << ok.error;
    EXPECT_EQ(ok.options->mode, Mode::Metrics);
    EXPECT_EQ(ok.options->metrics_listen, "127.0.0.1:9835");
    EXPECT_EQ(ok.options->metrics_min_interval_ms, 0);
    EXPECT_FALSE(parse_options({"--stdio", "--metrics-listen", "127.0.0.1:9835"}).options);
    EXPECT_FALSE(parse_options({"--metrics-listen"}).options);
    EXPECT_NE(parse_options({"--metrics-listen", "127.0.0.1:1", "--metrics-min-interval", "-1"}).error.find("0 to 60000"), std::string::npos);
    EXPECT_EQ(parse_options({"--stdio"}).options->metrics_listen, "");  // nothing listens without the option
}

TEST(MetricsServer, ListenAddressesAreNumeric) {
    std::string why;
    EXPECT_EQ(parse_listen_address("[::1]:9835", &why)->host, "::1");
    EXPECT_EQ(parse_listen_address("0.0.0.0:9835", &why)->port, 9835);
    EXPECT_FALSE(parse_listen_address("localhost:9835", &why));
    EXPECT_NE(why.find("numeric"), std::string::npos);
    EXPECT_FALSE(parse_listen_address("127.0.0.1:99999", &why));
    EXPECT_FALSE(parse_listen_address("127.0.0.1", &why));
}

struct Documented {
    std::string type;   // "gauge", "counter"
    std::string where;  // the scrape that shows it: "sim", "nvml", "amd"
};

// docs/metrics.md's table, by name.
std::map<std::string, Documented> documented_metrics() {
    std::ifstream in(std::string(FLEETDECK_SOURCE_DIR) + "/docs/metrics.md");
    const std::regex row(R"(^\| `([A-Za-z_:][A-Za-z0-9_:]*)` \| (gauge|counter) \|.*\| (sim|nvml|amd|typed) \|$)");
    std::map<std::string, Documented> out;
    std::smatch m;
    for (std::string line; std::getline(in, line);)
        if (std::regex_match(line, m, row)) out[m[1]] = {m[2], m[3]};
    return out;
}

// "# TYPE name type" lines of a text-format scrape.
std::map<std::string, std::string> types_in(const std::string& scrape) {
    std::map<std::string, std::string> out;
    std::istringstream in(scrape);
    for (std::string line; std::getline(in, line);) {
        if (!line.starts_with("# TYPE ")) continue;
        const auto space = line.find(' ', 7);
        out[line.substr(7, space - 7)] = line.substr(space + 1);
    }
    return out;
}

// A scrape rendered from a real agent's --once and --facts output.
std::string recorded_scrape(const std::string& fixture, const std::vector<std::string>& env) {
    const auto sample = protocol::sample_from_json(test::run_agent({"--once", "--root", fixture_root(fixture)}, env));
    const auto facts = protocol::facts_from_json(test::run_agent({"--facts", "--root", fixture_root(fixture)}, env));
    XidTally xids;
    xids.add(sample.xid_events);
    const RootFs tree(fixture_root(fixture));
    const HwmonNames hwmon(&tree);
    return render_metrics(sample, facts, xids, ExpositionFormat::Text004, {&hwmon, nullptr});
}

// A scrape of one NVIDIA GPU with every reading the agent may have of its use: profiling counters,
// energy and clock-limit time (what neither the simulator nor the stand-in NVML fills yet).
std::string typed_scrape() {
    protocol::Sample s;
    protocol::GpuSample& g = s.gpus.emplace_back();
    g.vendor = "nvidia";
    g.pci_bus_id = "0000:18:00.0";
    g.prof = protocol::GpuProfSample{"gpm", 90, 45, 60, 30, 1, 10, 50, 1e9, 2e9, 3e9, 4e9};
    g.energy_mj = 1000;
    g.violation_ns = protocol::GpuViolations{1, 2, 3};
    return render_metrics(s, protocol::Facts{}, XidTally{}, ExpositionFormat::Text004);
}

TEST(DocumentedMetrics, TableMatchesWhatTheAgentEmits) {
    const auto documented = documented_metrics();
    ASSERT_GT(documented.size(), 50u);
    const std::map<std::string, std::string> scrapes = {
        {"sim", simulated_scrape(kFaultyH100, 60)},
        {"nvml", recorded_scrape(test::kIntelServer, test::with_fake_nvml("retired-pages=6,lost=3,xid=5:13,remap-failed=2"))},
        {"amd", recorded_scrape(test::kAmdServer, {})},
        {"typed", typed_scrape()},
    };
    std::map<std::string, std::set<std::string>> emitted;
    for (const auto& [where, scrape] : scrapes) emitted[where] = names_in(scrape);
    for (const auto& [name, doc] : documented)
        EXPECT_TRUE(emitted[doc.where].count(name)) << name << " is documented as seen in the '" << doc.where << "' scrape but is not there";
    for (const auto& [where, names] : emitted)
        for (const auto& name : names) EXPECT_TRUE(documented.count(name)) << name << " (in the '" << where << "' scrape) is not in docs/metrics.md";
    for (const auto& [where, scrape] : scrapes)
        for (const auto& [name, type] : types_in(scrape))
            if (documented.count(name)) {
                EXPECT_EQ(documented.at(name).type, type) << name << "'s type in docs/metrics.md";
            }
    // The issue's list, by name.
    for (const char* name : {"DCGM_FI_DEV_GPU_TEMP", "DCGM_FI_DEV_MEMORY_TEMP", "DCGM_FI_DEV_POWER_USAGE", "DCGM_FI_DEV_GPU_UTIL",
                             "DCGM_FI_DEV_MEM_COPY_UTIL", "DCGM_FI_DEV_SM_CLOCK", "DCGM_FI_DEV_MEM_CLOCK", "DCGM_FI_DEV_FB_USED",
                             "DCGM_FI_DEV_FB_FREE", "DCGM_FI_DEV_PCIE_REPLAY_COUNTER", "DCGM_FI_DEV_XID_ERRORS",
                             "DCGM_FI_DEV_ECC_SBE_VOL_TOTAL", "DCGM_FI_DEV_ECC_DBE_VOL_TOTAL", "DCGM_FI_DEV_ECC_SBE_AGG_TOTAL",
                             "DCGM_FI_DEV_ECC_DBE_AGG_TOTAL", "DCGM_FI_DEV_CORRECTABLE_REMAPPED_ROWS",
                             "DCGM_FI_DEV_UNCORRECTABLE_REMAPPED_ROWS", "DCGM_FI_DEV_ROW_REMAP_FAILURE",
                             "DCGM_FI_DEV_CLOCK_THROTTLE_REASONS", "node_hwmon_temp_celsius", "node_hwmon_fan_rpm",
                             "node_memory_MemAvailable_bytes", "node_network_receive_bytes_total", "fleetdeck_gpu_state",
                             "fleetdeck_gpu_pci_count", "fleetdeck_nvlink_up", "fleetdeck_gpu_throttle_active",
                             "fleetdeck_xid_events_total"})
        EXPECT_TRUE(documented.count(name)) << name;
}

}  // namespace
}  // namespace fleetdeck::agent::metrics
