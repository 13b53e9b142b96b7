// The sample event written straight from the struct (protocol::write_sample_event) against the
// text the JSON tree gives (protocol::encode of to_json): the same line for real samples, and the
// same values after decoding for everything the struct can hold.
#include <cmath>
#include <limits>

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
    std::string out;
    protocol::write_sample_event(out, s);
    return out;
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
    s.nics.push_back({"ens1f0np0", "ethernet", "up", 100000, 9000, 68210035552, 123456789012, 1.5e9, 0.1});
    s.nics.push_back({"eno1", "ethernet", "down", std::nullopt, 1500, 0, 0, std::nullopt, std::nullopt});
    s.infiniband.push_back({"mlx5_0", 1, "ACTIVE", "LinkUp", "InfiniBand", 200.0});
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
              R"({"data":{"gpu_pci_count":null,"gpus":[],"infiniband":[],"nics":[],"sensors":[],"thermal_zones":[],"xid_events":[]},"event":"sample"})");
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
    std::string out;
    protocol::write_sample_event(out, s);
    const std::string first = out;
    const auto capacity = out.capacity();
    protocol::write_sample_event(out, s);
    EXPECT_EQ(out, first);
    EXPECT_EQ(out.capacity(), capacity);
}

TEST(AgentSampleText, UnchangedNvlinkListsAreSentOnceAndReadBackFromWhatWasHeld) {
    protocol::Sample s = full_sample();  // GPU 0 has two links, GPU 1 (lost) none
    protocol::NvlinkMemory sent, read;
    std::string out;
    protocol::write_sample_event(out, s, &sent);
    EXPECT_EQ(out, tree_text(s));  // the first sample of a subscription carries every list
    const auto read_back = [&read](const std::string& line) {
        return protocol::sample_from_json(Json::parse(line)["data"], {}, "data", &read);
    };
    EXPECT_EQ(protocol::to_json(read_back(out)), protocol::to_json(s));

    protocol::write_sample_event(out, s, &sent);
    const Json second = Json::parse(out);
    EXPECT_EQ(second["data"]["gpus"][0]["nvlinks"], "unchanged");
    EXPECT_EQ(second["data"]["gpus"][1]["nvlinks"], Json::array());  // empty stays empty
    EXPECT_LT(out.size(), tree_text(s).size());
    EXPECT_EQ(protocol::to_json(read_back(out)), protocol::to_json(s));

    s.gpus[0].nvlinks[1].active = true;  // a link comes up: the list goes out again
    protocol::write_sample_event(out, s, &sent);
    EXPECT_EQ(out, tree_text(s));
    EXPECT_EQ(protocol::to_json(read_back(out)), protocol::to_json(s));
    protocol::write_sample_event(out, s, &sent);
    EXPECT_EQ(Json::parse(out)["data"]["gpus"][0]["nvlinks"], "unchanged");
    const protocol::Sample again = read_back(out);
    ASSERT_EQ(again.gpus.size(), 2u);
    EXPECT_EQ(again.gpus[0].nvlinks, s.gpus[0].nvlinks);
    EXPECT_TRUE(again.gpus[1].nvlinks.empty());
}

TEST(AgentSampleText, UnchangedNvlinksWithoutAnEarlierListIsAnError) {
    const protocol::Sample s = full_sample();
    protocol::NvlinkMemory sent;
    std::string out;
    protocol::write_sample_event(out, s, &sent);
    protocol::write_sample_event(out, s, &sent);
    const Json data = Json::parse(out)["data"];
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
