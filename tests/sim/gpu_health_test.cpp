// The simulated GPUs' health and the variants that break it (ecc, remap-pending, xid=N,
// gpu-lost, nvlink-down): which GPU, when, and what the snapshot says.
#include <gtest/gtest.h>

#include "agent/json/json.h"

#include "agent/simulator/simulated_machine.h"
#include "tests/sim/scripted_machine.h"

using namespace fleetdeck::agent::sim;
using fleetdeck::test::Scripted;
using fleetdeck::test::spec_of;
using Json = nlohmann::json;

namespace {

std::vector<std::int64_t> xid_codes(const Json& xids) {
    std::vector<std::int64_t> out;
    for (const Json& x : xids) out.push_back(x["code"].get<std::int64_t>());
    return out;
}

}  // namespace

TEST(SimGpuHealth, VariantsParseAndRefuseWhatTheProfileCannotDo) {
    const SimSpec s = spec_of("hgx-h100-8+ecc+remap-pending+xid=13+xid=31+gpu-lost+nvlink-down:4");
    EXPECT_TRUE(s.ecc);
    EXPECT_TRUE(s.remap_pending);
    EXPECT_TRUE(s.gpu_lost);
    EXPECT_TRUE(s.nvlink_down);
    EXPECT_EQ(s.xids, (std::vector<std::int64_t>{13, 31}));
    for (const auto& gpu : {s.ecc_gpu(), s.remap_pending_gpu(), s.xid_gpu(), s.lost_gpu(), s.nvlink_down_gpu()}) {
        ASSERT_TRUE(gpu);
        EXPECT_LT(*gpu, 8);
    }
    EXPECT_LT(s.nvlink_down_link(), 18);
    EXPECT_FALSE(spec_of("hgx-h100-8:4").ecc_gpu());
    const auto unknown = parse_sim_spec("hgx-h100-8+melt:1");
    EXPECT_NE(unknown.error.find("ecc, remap-pending, xid=N, gpu-lost, nvlink-down"), std::string::npos) << unknown.error;
    EXPECT_FALSE(parse_sim_spec("hgx-h100-8+xid=abc").spec);
    EXPECT_FALSE(parse_sim_spec("hgx-h100-8+xid=0").spec);
    EXPECT_NE(parse_sim_spec("l40s-4+nvlink-down").error.find("without NVLink"), std::string::npos);
    EXPECT_FALSE(parse_sim_spec("cpu-only+ecc").spec);
    EXPECT_FALSE(parse_sim_spec("cpu-only+gpu-lost").spec);
}

TEST(SimGpuHealth, HealthyGpusReportHealthyValues) {
    Scripted h100("hgx-h100-8:1");
    const Json s = h100.at(30);
    EXPECT_EQ(s["gpu_pci_count"], 8);
    EXPECT_EQ(s["xid_events"], Json::array());
    for (const Json& g : s["gpus"]) {
        EXPECT_EQ(g["state"], "ok");
        EXPECT_EQ(g["ecc"], Json::parse(R"({"enabled":true,"corrected_volatile":0,"uncorrected_volatile":0,
            "corrected_aggregate":0,"uncorrected_aggregate":0})"));
        EXPECT_EQ(g["remapped_rows"], Json::parse(R"({"correctable":0,"uncorrectable":0,"pending":false,"failed":false})"));
        EXPECT_TRUE(g["retired_pages"].is_null());
        EXPECT_EQ(g["pcie_replays"], 0);
        ASSERT_EQ(g["nvlinks"].size(), 18u);
        for (const Json& l : g["nvlinks"]) EXPECT_EQ(l["active"], true);
    }
    Scripted l40s("l40s-4:1");
    const Json l = l40s.at(30);
    EXPECT_EQ(l["gpu_pci_count"], 4);
    EXPECT_EQ(l["gpus"][0]["nvlinks"], Json::array());  // PCIe cards
    EXPECT_EQ(Scripted("cpu-only:1").at(1)["gpu_pci_count"], 0);
    EXPECT_TRUE(h100.machine.facts()["kernel_log"].is_null());
}

TEST(SimGpuHealth, EccVariantHasUncorrectableErrorsWithXids48And94) {
    Scripted sim("hgx-h100-8+ecc:104");
    const int bad = *sim.machine.spec().ecc_gpu();
    const std::string bus = sim.machine.spec().profile->gpu.pci_bus_ids.at(static_cast<std::size_t>(bad));
    const Json first = sim.at(0);  // there from the first sample
    for (int i = 0; i < 8; ++i)
        EXPECT_EQ(first["gpus"][i]["ecc"]["uncorrected_volatile"], i == bad ? 1 : 0) << i;
    EXPECT_EQ(xid_codes(first["xid_events"]), (std::vector<std::int64_t>{48, 94}));
    EXPECT_EQ(first["xid_events"][0]["pci_bus_id"], bus);
    EXPECT_EQ(first["xid_events"][0]["source"], "nvml");
    EXPECT_EQ(first["xid_events"][1]["message"], "Contained ECC error");
    EXPECT_EQ(sim.at(59)["gpus"][bad]["ecc"]["uncorrected_aggregate"], 1);
    const Json later = sim.at(61);
    EXPECT_EQ(later["gpus"][bad]["ecc"]["uncorrected_volatile"], 2);
    EXPECT_EQ(xid_codes(later["xid_events"]), (std::vector<std::int64_t>{48, 94, 48, 94}));
    const auto t0 = later["xid_events"][0]["time_ms"].get<std::int64_t>();
    const auto t60 = later["xid_events"][2]["time_ms"].get<std::int64_t>();
    EXPECT_NEAR(static_cast<double>(t60 - t0), 60'000.0, 5.0);
}

TEST(SimGpuHealth, GpuLostFallsOffTheBusAfterTwentySeconds) {
    Scripted sim("hgx-h100-8+gpu-lost:9");
    const int lost = *sim.machine.spec().lost_gpu();
    const Json before = sim.at(19);
    EXPECT_EQ(before["gpus"][lost]["state"], "ok");
    EXPECT_EQ(before["xid_events"], Json::array());
    const Json after = sim.at(20);
    const Json& g = after["gpus"][lost];
    EXPECT_EQ(g["state"], "lost");
    EXPECT_EQ(g["index"], lost);
    EXPECT_EQ(g["name"], "NVIDIA H100 80GB HBM3");
    for (const char* key : {"temp_c", "power_w", "util_pct", "throttle", "ecc", "remapped_rows", "pcie_replays", "fan_pct"})
        EXPECT_TRUE(g[key].is_null()) << key;
    EXPECT_EQ(g["nvlinks"], Json::array());
    ASSERT_EQ(xid_codes(after["xid_events"]), (std::vector<std::int64_t>{79}));
    EXPECT_EQ(after["xid_events"][0]["pci_bus_id"], g["pci_bus_id"]);
    EXPECT_EQ(after["gpus"].size(), 8u);
    EXPECT_EQ(after["gpu_pci_count"], 8) << "it is still on the bus";
}

TEST(SimGpuHealth, XidRemapAndNvlinkVariantsHitOneGpuEach) {
    Scripted sim("hgx-h100-8+xid=13+remap-pending+nvlink-down:21");
    const SimSpec& spec = sim.machine.spec();
    EXPECT_EQ(sim.at(9)["xid_events"], Json::array());
    const Json s = sim.at(10);
    ASSERT_EQ(xid_codes(s["xid_events"]), (std::vector<std::int64_t>{13}));
    EXPECT_EQ(s["xid_events"][0]["pci_bus_id"], spec.profile->gpu.pci_bus_ids.at(static_cast<std::size_t>(*spec.xid_gpu())));
    for (int i = 0; i < 8; ++i) {
        const Json& g = s["gpus"][i];
        const bool remap = i == *spec.remap_pending_gpu();
        EXPECT_EQ(g["remapped_rows"]["pending"], remap) << i;
        EXPECT_EQ(g["remapped_rows"]["uncorrectable"], remap ? 1 : 0) << i;
        for (int l = 0; l < 18; ++l) {
            const bool down = i == *spec.nvlink_down_gpu() && l == spec.nvlink_down_link();
            EXPECT_EQ(g["nvlinks"][l]["active"], !down) << i << " link " << l;
        }
    }
}
