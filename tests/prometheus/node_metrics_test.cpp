// Host metrics under node_exporter's names (agent/metrics/node_metrics.h): hwmon chip labels and
// power names on node_exporter's own recorded tree and expected output, and the name rules
// node_exporter's source gives where no recorded tree has the case. The families read from
// /proc and /sys are compared with the real node_exporter by tests/prometheus/node_dashboard_test.py.
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include <gtest/gtest.h>

#include "agent/machine.h"
#include "agent/metrics/node_families.h"
#include "agent/metrics/node_metrics.h"
#include "agent/metrics/scrape_source.h"
#include "tests/agent/recorded_tree.h"

namespace fleetdeck::agent::metrics {
namespace {

// The lines of `text` whose metric name is `name`.
std::set<std::string> lines_named(const std::string& text, const std::string& name) {
    std::set<std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);)
        if (line.rfind(name + "{", 0) == 0 || line.rfind(name + " ", 0) == 0) out.insert(line);
    return out;
}

// The same as series -> value: Go writes 5e+09 where the agent writes 5000000000, one number.
std::map<std::string, double> series_named(const std::string& text, const std::string& name) {
    std::map<std::string, double> out;
    for (const auto& line : lines_named(text, name)) {
        const auto space = line.rfind(' ');
        out[line.substr(0, space)] = std::stod(line.substr(space + 1));
    }
    return out;
}

std::string scrape_tree(const std::string& root) {
    LiveMachine machine{RootFs(root)};
    ScrapeSource source(machine, std::chrono::milliseconds(0));
    return source.scrape(ExpositionFormat::Text004);
}

std::string read_file(const std::string& path) {
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

TEST(NodeHwmon, ChipLabelsAreNodeExportersOnItsOwnFixture) {
    const std::string dir = test::fixture_dir("node-exporter-1.5.0-hwmon");
    const std::string scrape = scrape_tree(dir + "/root");
    const std::string expected = read_file(dir + "/expected-hwmon.prom");
    ASSERT_FALSE(expected.empty());
    // The chips the agent reads (sensors in the hwmon directory): every line as node_exporter's.
    for (const char* name : {"node_hwmon_temp_celsius", "node_hwmon_temp_max_celsius", "node_hwmon_temp_crit_celsius",
                             "node_hwmon_chip_names"})
        EXPECT_EQ(lines_named(scrape, name), lines_named(expected, name)) << name << " in\n" << scrape;
    // node_exporter also reads sensors kept in the device's directory (applesmc's fans), which
    // the agent does not: what the agent has, node_exporter has.
    for (const char* name : {"node_hwmon_fan_rpm", "node_hwmon_sensor_label"}) {
        const auto ours = lines_named(scrape, name);
        EXPECT_FALSE(ours.empty()) << name;
        for (const auto& line : ours) EXPECT_TRUE(lines_named(expected, name).count(line)) << line;
    }
    // The three rules: device link, name file, hwmonN.
    EXPECT_TRUE(scrape.find("chip=\"platform_coretemp_1\"") != std::string::npos);
    EXPECT_TRUE(scrape.find("chip=\"nct6779\"") != std::string::npos);
    EXPECT_TRUE(scrape.find("chip=\"hwmon4\"") != std::string::npos);
}

TEST(NodeHwmon, CleanNameIsNodeExportersCleanMetricName) {
    // collector/hwmon_linux.go: lower case, [^a-z0-9:_] -> '_', '_' trimmed at both ends.
    EXPECT_EQ(clean_hwmon_name("coretemp.0"), "coretemp_0");
    EXPECT_EQ(clean_hwmon_name("0000:00:18.3"), "0000:00:18_3");
    EXPECT_EQ(clean_hwmon_name("  Applesmc.768\n"), "applesmc_768");
    EXPECT_EQ(clean_hwmon_name("..."), "");
}

// node_exporter names "power<N>_input" node_hwmon_power_watt and "power<N>_average"
// node_hwmon_power_average_watt (hwmon_linux.go: the element goes into the name, "input" does
// not). The recorded AMD workstation's amdgpu has power1_average; the input case is that tree's
// chip with its reading as power1_input, which amdgpu exports instead on newer parts
// (Documentation/gpu/amdgpu/thermal.rst).
TEST(NodeHwmon, PowerInputAndAverageKeepNodeExportersNames) {
    const std::string average = scrape_tree(test::fixture_root(test::kAmdServer));
    EXPECT_EQ(lines_named(average, "node_hwmon_power_average_watt").size(), 1u) << average;
    EXPECT_TRUE(lines_named(average, "node_hwmon_power_watt").empty());

    namespace fs = std::filesystem;
    const fs::path tree = fs::temp_directory_path() / ("fleetdeck-power-input-" + std::to_string(::getpid()));
    const fs::path chip = tree / "sys/class/hwmon/hwmon2";
    fs::create_directories(chip);
    const fs::path recorded = fs::path(test::fixture_root(test::kAmdServer)) / "sys/class/hwmon/hwmon2";
    fs::copy_file(recorded / "name", chip / "name");
    fs::copy_file(recorded / "power1_average", chip / "power1_input");
    fs::copy_file(recorded / "power1_label", chip / "power1_label");
    const std::string input = scrape_tree(tree.string());
    fs::remove_all(tree);
    const auto watt = lines_named(input, "node_hwmon_power_watt");
    ASSERT_EQ(watt.size(), 1u) << input;
    EXPECT_TRUE(watt.begin()->starts_with("node_hwmon_power_watt{chip=\"amdgpu\",sensor=\"power1\"} ")) << *watt.begin();
    EXPECT_TRUE(lines_named(input, "node_hwmon_power_average_watt").empty());
}

// The InfiniBand families on node_exporter's own recorded ports, against what node_exporter 1.5.0
// exports for them (its e2e output): every line of each family the agent writes, HELP and TYPE
// included; a port whose counters read "N/A (no PMA)" has no series, as in node_exporter.
TEST(NodeInfiniband, RateAndErrorCountersAreNodeExportersOnItsOwnFixture) {
    const std::string dir = test::fixture_dir("node-exporter-1.5.0-infiniband");
    const std::string scrape = scrape_tree(dir + "/root");
    const std::string expected = read_file(dir + "/expected-infiniband.prom");
    ASSERT_FALSE(expected.empty());
    std::vector<std::string> families{"node_infiniband_rate_bytes_per_second"};
    for (const auto& f : kIbErrorFamilies) families.emplace_back(f.metric);
    int with_series = 0;
    for (const auto& name : families) {
        const auto ours = series_named(scrape, name);
        EXPECT_EQ(ours, series_named(expected, name)) << name << " in\n" << scrape;
        if (ours.empty()) continue;
        ++with_series;
        for (const std::string& header : {"# HELP " + name + " ", "# TYPE " + name + " "}) {
            const auto at = expected.find(header);
            ASSERT_NE(at, std::string::npos) << header;
            const std::string line = expected.substr(at, expected.find('\n', at) - at);
            EXPECT_NE(scrape.find(line + "\n"), std::string::npos) << line;
        }
    }
    // The rate, link_downed, link_error_recovery, port_errors_received, port_discards_transmitted.
    EXPECT_EQ(with_series, 5);
    EXPECT_EQ(scrape.find("device=\"i40iw0\",port=\"1\"} 0"), std::string::npos) << "N/A (no PMA) is no count";
}

}  // namespace
}  // namespace fleetdeck::agent::metrics
