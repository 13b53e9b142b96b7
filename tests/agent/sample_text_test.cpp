// The sample event written straight from the struct (protocol::write_sample_event) against the
// text the JSON tree gives (protocol::encode of to_json): the same line for real samples, and the
// same values after decoding for everything the struct can hold.
#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>

#include "agent/machine.h"
#include "agent/protocol/decode.h"
#include "agent/protocol/message.h"
#include "agent/protocol/sample.h"
#include "tests/agent/recorded_tree.h"

using namespace fleetdeck;
using namespace fleetdeck::agent;
using fleetdeck::test::fixture_root;
using fleetdeck::test::kAmdServer;
using fleetdeck::test::kIntelServer;
using Json = nlohmann::json;

namespace {

std::string tree_text(const protocol::Sample& s) { return protocol::encode(protocol::Event{"sample", protocol::to_json(s)}); }

std::string direct_text(const protocol::Sample& s) {
    protocol::SampleLine out;
    protocol::write_sample_event(out, s);
    return std::string(out.text());
}

// Everything a sample can carry, with the awkward values: nulls, whole and tiny and huge floats,
// extreme integers, text that needs escaping.
protocol::Sample full_sample() {
    protocol::Sample s;
    s.time_ms = 1796222801405;
    s.cpu.emplace();
    s.cpu->util_pct = 12.5;
    s.cpu->freq_mhz = 2100;
    s.cpu->package_temp_c = 48.0;
    s.cpu->cores = {{0, 3.3, 2100}, {1, std::nullopt, std::nullopt}, {7, 100.0, 3800}};
    s.memory = protocol::MemorySample{24683584LL * 1024, 1000, std::nullopt, 0, std::numeric_limits<std::int64_t>::max()};
    s.sensors.push_back({"coretemp", "hwmon2", "temp1", "Package id 0", "temp", "C", 45.0, 80.0, 100.0});
    s.sensors.push_back({"nct6798", "hwmon4", "fan2", std::nullopt, "fan", "rpm", 1234.0, std::nullopt, std::nullopt});
    s.thermal_zones.push_back({"thermal_zone0", "x86_pkg_temp", 0.001});
    s.thermal_zones.push_back({"thermal_zone1", std::nullopt, std::nullopt});
    s.nics.push_back({"ens1f0np0", "ethernet", "up", 100000, 9000, 68210035552, 123456789012, 1.5e9, 0.1, 3, 1200, 0, 0, 7});
    s.nics.push_back({"eno1", "ethernet", "down", std::nullopt, 1500, 0, 0, std::nullopt, std::nullopt, std::nullopt,
                      std::nullopt, std::nullopt, std::nullopt, std::nullopt});
    s.infiniband.push_back({"mlx5_0", 1, "ACTIVE", "LinkUp", "InfiniBand", 200.0, {}});
    s.infiniband[0].errors.symbol_error = 1520;
    s.infiniband[0].errors.link_downed = 0;
    s.infiniband[0].errors.port_xmit_discards = std::numeric_limits<std::int64_t>::max();
    protocol::GpuSample g;
    g.index = 3;
    g.vendor = "nvidia";
    g.name = "NVIDIA H100 80GB HBM3";
    g.uuid = "GPU-8a1b";
    g.pci_bus_id = "0000:3b:00.0";
    g.temp_c = 41.0;
    g.temp_slowdown_c = 87.5;
    g.util_pct = 99.9;
    g.mem_used_bytes = 1LL << 36;
    g.power_w = 312.456;
    g.power_limit_w = 700.0;
    g.fan_pct = std::nullopt;
    g.sm_clock_mhz = 1980;
    g.throttle = std::vector<std::string>{"sw_power_cap", "hw_slowdown"};
    g.persistence_mode = true;
    g.pcie_gen = 5;
    g.pcie_width_max = 16;
    g.ecc = protocol::EccCounters{true, 0, 2, std::nullopt, 7};
    g.remapped_rows = protocol::RemappedRows{1, 0, true, false};
    g.pcie_replays = 0;
    g.nvlinks = {{0, true, 0, 1, 2}, {1, false, std::nullopt, std::nullopt, std::nullopt}};
    protocol::GpuProfSample instance_prof;
    instance_prof.source = "gpm";
    instance_prof.sm_active_pct = 61.5;
    instance_prof.nvlink_tx_bytes_per_s = 805306368.0;
    g.mig = std::vector<protocol::GpuMigInstance>{{1, "3g.40gb", instance_prof}, {2, std::nullopt, std::nullopt}};
    s.gpus.push_back(g);
    protocol::GpuSample lost;
    lost.vendor = "nvidia";
    lost.state = protocol::GpuState::Lost;
    lost.throttle = std::vector<std::string>{};
    lost.retired_pages = protocol::RetiredPages{3, 1, true};
    s.gpus.push_back(lost);
    s.gpu_pci_count = 8;
    s.xid_events.push_back({1796222800000, "0000:3b:00.0", 79, "GPU has fallen off the bus.", "kernel"});
    return s;
}

}  // namespace

TEST(AgentSampleText, AFullSampleIsTheSameLineAsTheJsonTreeGives) {
    const protocol::Sample s = full_sample();
    EXPECT_EQ(direct_text(s), tree_text(s));
    // And it decodes back to the same sample.
    const Json line = Json::parse(direct_text(s));
    EXPECT_EQ(line["event"], "sample");
    EXPECT_EQ(protocol::to_json(protocol::sample_from_json(line["data"])), protocol::to_json(s));
}

TEST(AgentSampleText, AnEmptySampleLeavesOutWhatToJsonLeavesOut) {
    const protocol::Sample empty;
    EXPECT_EQ(direct_text(empty), tree_text(empty));
    EXPECT_EQ(direct_text(empty),
              R"({"data":{"bmc":null,"disks":[],"gpu_pci_count":null,"gpus":[],"infiniband":[],"nics":[],"numa":[],"pressure":null,"sensors":[],"thermal_zones":[],"xid_events":[]},"event":"sample"})");
    protocol::Sample no_cores;
    no_cores.cpu.emplace();
    EXPECT_EQ(direct_text(no_cores), tree_text(no_cores));
    EXPECT_EQ(Json::parse(direct_text(no_cores))["data"]["cpu"].contains("cores"), false);
}

TEST(AgentSampleText, AwkwardNumbersAndTextReadBackAsTheSameValues) {
    protocol::Sample s;
    s.cpu.emplace();
    s.cpu->util_pct = std::nan("");                                // null, as nlohmann writes it
    s.cpu->package_temp_c = std::numeric_limits<double>::infinity();  // null too
    s.cpu->freq_mhz = std::numeric_limits<std::int64_t>::min();
    s.thermal_zones.push_back({"z\"one\\", "tab\there\nnewline\x01", 1e-7});
    s.thermal_zones.push_back({"zone\xc3\xa9", "bad \xff utf-8", 1e22});
    s.thermal_zones.push_back({"", "", -0.0});
    s.thermal_zones.push_back({"big", std::nullopt, 123456789012345.6});
    s.thermal_zones.push_back({"small", std::nullopt, -2.5e-5});
    for (const double v : {0.0, 1.0, 1.5e9, 1e15, 1e16, 1.25e16, 1e-4, 1e-5, 0.00012, 3.3, 99.9, 1e300, 5e-324})
        s.thermal_zones.push_back({"n", std::nullopt, v});
    const std::string direct = direct_text(s);
    EXPECT_EQ(direct, tree_text(s));  // the same text, not only the same values
    const Json parsed = Json::parse(direct);
    EXPECT_EQ(parsed, Json::parse(tree_text(s)));
    EXPECT_TRUE(parsed["data"]["cpu"]["util_pct"].is_null());
    EXPECT_TRUE(parsed["data"]["cpu"]["package_temp_c"].is_null());
    EXPECT_EQ(parsed["data"]["thermal_zones"][0]["zone"], "z\"one\\");
    EXPECT_EQ(parsed["data"]["thermal_zones"][1]["type"], "bad \xef\xbf\xbd utf-8");  // replaced, as before
    // Whole floats stay floats: a decoder that tells 48 from 48.0 sees what it saw before.
    EXPECT_TRUE(parsed["data"]["thermal_zones"][2]["temp_c"].is_number_float());
}

// A number's text as sign, significant digits and the power of ten before them:
// "-0.0125" and "-1.25e-02" are both {true, "125", -1} (0.125 × 10^-1).
struct Decimal {
    bool negative = false;
    std::string digits;
    int exponent = 0;
    bool operator==(const Decimal&) const = default;
};

Decimal decimal_of(std::string_view text) {
    Decimal d;
    if (text.starts_with('-')) {
        d.negative = true;
        text.remove_prefix(1);
    }
    const auto e = text.find('e');
    int power = 0;
    if (e != std::string_view::npos) {
        const std::string_view exponent = text.substr(e + (text[e + 1] == '+' ? 2 : 1));
        std::from_chars(exponent.data(), exponent.data() + exponent.size(), power);
    }
    const std::string_view mantissa = text.substr(0, e);
    int point = static_cast<int>(std::min(mantissa.find('.'), mantissa.size()));
    for (const char c : mantissa)
        if (c != '.') d.digits += c;
    while (!d.digits.empty() && d.digits.front() == '0') {
        d.digits.erase(0, 1);
        --point;
    }
    while (!d.digits.empty() && d.digits.back() == '0') d.digits.pop_back();
    d.exponent = d.digits.empty() ? 0 : point + power;
    return d;
}

// The double's text as the line has it: `"temp_c":TEXT,` of the only thermal zone.
std::string_view temp_text(const std::string& line) {
    const std::string_view key = R"("temp_c":)";
    const auto from = line.find(key) + key.size();
    return std::string_view(line).substr(from, line.find(',', from) - from);
}

// Doubles carry std::to_chars' digits (the shortest that read back as the value, the closest of
// them on a tie) in nlohmann's layout: plain from 1e-4 up to 1e15, exponent form beyond, ".0" on
// whole numbers. nlohmann's own digits (Grisu2) are those too for all but a rare double, which it
// writes with another last digit or one digit more: the same text but for those. Across the
// layouts, their ends, both signs, readings as collectors make them (whole, with one to three
// decimals and any other), and random bit patterns.
TEST(AgentSampleText, DoublesAreTheShortestDigitsInNlohmannsLayout) {
    std::vector<double> values = {0.0, -0.0, 1e-4, std::nextafter(1e-4, 0.0), std::nextafter(1e-4, 1.0), 1e15,
                                  std::nextafter(1e15, 0.0), 999999999999999.0, 4503599627370497.0, 0.1, 0.3,
                                  2.5e-5, 1.7976931348623157e308, 2.2250738585072014e-308, 5e-324, 123.456,
                                  3.3333333333333335, 66.66666666666667, 45.1, 1.5e9, 68210035552.0 / 7,
                                  0.001, 0.005, 0.05, 0.0015, 999999999999.5, 999999999999.875,
                                  999999999999.999, 1e12 + 0.5, 4503599627370.5};
    std::uint64_t state = 0x9e3779b97f4a7c15u;
    const auto next = [&state] {  // splitmix64: a fixed sequence, the same every run
        std::uint64_t z = (state += 0x9e3779b97f4a7c15u);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
        return z ^ (z >> 31);
    };
    for (int i = 0; i < 4000; ++i) {
        const std::uint64_t bits = next();
        double v;
        std::memcpy(&v, &bits, sizeof v);
        if (std::isfinite(v)) values.push_back(v);
        values.push_back(static_cast<double>(bits % 2000000) / 10.0 - 1000.0);  // tenths
        values.push_back(static_cast<double>(bits % 100000) / 100.0);          // hundredths
        values.push_back(static_cast<double>(bits % 100000000) / 1000.0);      // thousandths
        values.push_back(static_cast<double>(bits % 1000000000000000) / 1000.0);
        values.push_back(100.0 * static_cast<double>(bits % 997) / 1009.0);    // percentages
        values.push_back(static_cast<double>(bits % (1ULL << 40)) / 0.1);      // byte rates
        values.push_back(static_cast<double>(bits >> 11) * 1e-10);
    }
    int other_digits = 0;
    for (const double v : values) {
        protocol::Sample s;
        s.thermal_zones.push_back({"z", std::nullopt, v});
        const std::string direct = direct_text(s), tree = tree_text(s);
        const std::string_view written = temp_text(direct), nlohmann_text = temp_text(tree);
        const double back = Json::parse(direct)["data"]["thermal_zones"][0]["temp_c"].get<double>();
        ASSERT_EQ(std::memcmp(&back, &v, sizeof v), 0) << direct;
        char shortest[32];
        const char* end = std::to_chars(shortest, shortest + sizeof shortest, v, std::chars_format::scientific).ptr;
        ASSERT_EQ(decimal_of(written), decimal_of(std::string_view(shortest, static_cast<std::size_t>(end - shortest))))
            << written;
        ASSERT_EQ(written.find('e') == std::string_view::npos, nlohmann_text.find('e') == std::string_view::npos)
            << written << " against " << nlohmann_text;
        if (decimal_of(written) == decimal_of(nlohmann_text)) {
            ASSERT_EQ(direct, tree);
        } else {
            ASSERT_LE(decimal_of(written).digits.size(), decimal_of(nlohmann_text).digits.size())
                << written << " against " << nlohmann_text;
            ++other_digits;
        }
    }
    EXPECT_LT(other_digits, static_cast<int>(values.size()) / 100) << other_digits << " of " << values.size();
}

TEST(AgentSampleText, RecordedServersGiveTheSameLineAsTheJsonTree) {
    for (const char* tree : {kIntelServer, kAmdServer}) {
        LiveMachine machine(RootFs(fixture_root(tree)));
        const protocol::Sample& s = machine.sample();
        ASSERT_FALSE(s.nics.empty()) << tree;
        EXPECT_EQ(direct_text(s), tree_text(s)) << tree;
    }
}

TEST(AgentSampleText, TheBufferIsRefilledNotAppendedTo) {
    const protocol::Sample s = full_sample();
    protocol::SampleLine out;
    protocol::write_sample_event(out, s);
    const std::string first(out.text());
    const char* const buffer = out.text().data();
    const auto capacity = out.capacity();
    protocol::write_sample_event(out, s);
    EXPECT_EQ(out.text(), first);
    EXPECT_EQ(out.text().data(), buffer);
    EXPECT_EQ(out.capacity(), capacity);
    // A shorter line reuses the buffer too.
    protocol::write_sample_event(out, protocol::Sample{});
    EXPECT_EQ(out.text(), tree_text(protocol::Sample{}));
    EXPECT_EQ(out.text().data(), buffer);
}

TEST(AgentSampleText, TheBufferGrowsWhenALineDoesNotFit) {
    protocol::SampleLine out;
    protocol::write_sample_event(out, protocol::Sample{});
    const auto small = out.capacity();
    // A 1,024-sensor server's line is far longer than the first buffer; each string and number
    // that crosses its end has to move with what was written before it.
    protocol::Sample big = full_sample();
    for (int i = 0; i < 1024; ++i)
        big.sensors.push_back({"nct6798", "hwmon" + std::to_string(i), "temp" + std::to_string(i), "CPUTIN \"hot\"", "temp",
                               "C", 30.0 + i / 8.0, 80.0, std::nullopt});
    protocol::write_sample_event(out, big);
    EXPECT_GT(out.capacity(), small);
    EXPECT_EQ(out.text(), tree_text(big));
}

TEST(AgentSampleText, UnchangedNvlinkListsAreSentOnceAndReadBackFromWhatWasHeld) {
    protocol::Sample s = full_sample();  // GPU 0 has two links, GPU 1 (lost) none
    protocol::NvlinkMemory sent, read;
    protocol::SampleLine line;
    std::string out;
    const auto write = [&line, &out, &sent](const protocol::Sample& sample) {
        protocol::write_sample_event(line, sample, &sent);
        out = line.text();
    };
    write(s);
    EXPECT_EQ(out, tree_text(s));  // the first sample of a subscription carries every list
    const auto read_back = [&read](const std::string& line) {
        return protocol::sample_from_json(Json::parse(line)["data"], {}, "data", &read);
    };
    EXPECT_EQ(protocol::to_json(read_back(out)), protocol::to_json(s));

    write(s);
    const Json second = Json::parse(out);
    EXPECT_EQ(second["data"]["gpus"][0]["nvlinks"], "unchanged");
    EXPECT_EQ(second["data"]["gpus"][1]["nvlinks"], Json::array());  // empty stays empty
    EXPECT_LT(out.size(), tree_text(s).size());
    EXPECT_EQ(protocol::to_json(read_back(out)), protocol::to_json(s));

    s.gpus[0].nvlinks[1].active = true;  // a link comes up: the list goes out again
    write(s);
    EXPECT_EQ(out, tree_text(s));
    EXPECT_EQ(protocol::to_json(read_back(out)), protocol::to_json(s));
    write(s);
    EXPECT_EQ(Json::parse(out)["data"]["gpus"][0]["nvlinks"], "unchanged");
    const protocol::Sample again = read_back(out);
    ASSERT_EQ(again.gpus.size(), 2u);
    EXPECT_EQ(again.gpus[0].nvlinks, s.gpus[0].nvlinks);
    EXPECT_TRUE(again.gpus[1].nvlinks.empty());
}

TEST(AgentSampleText, UnchangedNvlinksWithoutAnEarlierListIsAnError) {
    const protocol::Sample s = full_sample();
    protocol::NvlinkMemory sent;
    protocol::SampleLine out;
    protocol::write_sample_event(out, s, &sent);
    protocol::write_sample_event(out, s, &sent);
    const Json data = Json::parse(out.text())["data"];
    // A reader that never asked for it (a snapshot, an app that did not subscribe so) …
    try {
        protocol::sample_from_json(data);
        ADD_FAILURE() << "decoded";
    } catch (const protocol::DecodeError& e) {
        EXPECT_STREQ(e.what(), "data.gpus[0].nvlinks: \"unchanged\" with no list sent before for this GPU");
    }
    // … one that holds no list at that position (a new connection) …
    protocol::NvlinkMemory fresh;
    EXPECT_THROW(protocol::sample_from_json(data, {}, "data", &fresh), protocol::DecodeError);
    // … and another word in its place.
    Json other = data;
    other["gpus"][0]["nvlinks"] = "same";
    protocol::NvlinkMemory held;
    protocol::sample_from_json(Json::parse(tree_text(s))["data"], {}, "data", &held);
    try {
        protocol::sample_from_json(other, {}, "data", &held);
        ADD_FAILURE() << "decoded";
    } catch (const protocol::DecodeError& e) {
        EXPECT_STREQ(e.what(), "data.gpus[0].nvlinks: expected array or \"unchanged\"");
    }
}
