// The simulated machine behind `fleetdeck-agent --simulate`: spec parsing, determinism, the
// thermal story of the variants, and the same keys as a live machine.
#include <gtest/gtest.h>

#include <algorithm>

#include "agent/json/json.h"

#include "agent/simulator/simulated_machine.h"
#include "tests/sim/scripted_machine.h"
#include "tests/support/subprocess.h"

using namespace fleetdeck::agent::sim;
using fleetdeck::test::Scripted;
using fleetdeck::test::spec_of;
using Json = nlohmann::json;

namespace {

bool has(const Json& list, const char* name) {
    return list.is_array() && std::find(list.begin(), list.end(), Json(name)) != list.end();
}

// A snapshot less what the host's wall clock decides: its time and its XIDs' times.
Json without_wall_clock(Json snapshot) {
    snapshot.erase("time_ms");
    for (Json& xid : snapshot["xid_events"]) xid.erase("time_ms");
    return snapshot;
}

}  // namespace

TEST(SimSpec, ParsesProfileVariantsAndSeed) {
    const auto s = spec_of("hgx-h100-8+bad-fan+pcie-x8:7");
    EXPECT_EQ(s.profile->name, "hgx-h100-8");
    EXPECT_TRUE(s.bad_fan);
    EXPECT_TRUE(s.pcie_x8);
    EXPECT_EQ(s.seed, 7u);
    ASSERT_TRUE(s.bad_fan_gpu());
    EXPECT_LT(*s.bad_fan_gpu(), 8);
    EXPECT_EQ(spec_of("cpu-only").seed, 1u);
    EXPECT_FALSE(spec_of("l40s-4:3").bad_fan_gpu());

    const auto unknown = parse_sim_spec("dgx-b200");
    EXPECT_FALSE(unknown.spec);
    EXPECT_NE(unknown.error.find("hgx-h100-8, l40s-4, cpu-only"), std::string::npos) << unknown.error;
    EXPECT_NE(parse_sim_spec("l40s-4+loud:1").error.find("variants: bad-fan, pcie-x8"), std::string::npos);
    EXPECT_NE(parse_sim_spec("l40s-4:x").error.find("seed"), std::string::npos);
    EXPECT_FALSE(parse_sim_spec("cpu-only+bad-fan").spec);  // no GPU to break
}

TEST(SimulatedMachine, SameSeedAndTimeGiveTheSameSnapshot) {
    Scripted a("hgx-h100-8+bad-fan:7"), b("hgx-h100-8+bad-fan:7"), c("hgx-h100-8+bad-fan:8");
    // b is asked more often than a: sampling must not change what the model does.
    for (double t : {1.0, 2.0, 3.5, 10.0, 30.0}) (void)b.at(t);
    EXPECT_EQ(a.at(30.0), b.at(30.0));
    EXPECT_EQ(a.at(95.0), b.at(95.0));
    EXPECT_NE(a.at(120.0), c.at(120.0));
    EXPECT_EQ(a.machine.facts(), b.machine.facts());
    EXPECT_EQ(a.machine.identity()["hostname"], "sim-hgx-h100-8-s7");
}

TEST(SimulatedMachine, BadFanGpuOverheatsThrottlesAndLosesClock) {
    Scripted sim("hgx-h100-8+bad-fan:7");
    const int bad = *sim.machine.spec().bad_fan_gpu();
    const int good = (bad + 1) % 8;
    const Json s = sim.at(60.0);  // mid-epoch: the job runs at full load
    const Json& hot = s["gpus"][bad];
    const Json& ok = s["gpus"][good];
    EXPECT_GT(hot["temp_c"].get<double>(), 85.0) << hot.dump();
    EXPECT_GE(hot["temp_c"].get<double>(), hot["temp_slowdown_c"].get<double>());
    EXPECT_TRUE(has(hot["throttle"], "sw_thermal")) << hot["throttle"].dump();
    EXPECT_TRUE(has(hot["throttle"], "hw_thermal")) << hot["throttle"].dump();
    EXPECT_LT(hot["sm_clock_mhz"].get<double>(), 0.9 * ok["sm_clock_mhz"].get<double>());
    EXPECT_LT(hot["fan_pct"].get<double>(), ok["fan_pct"].get<double>());
    // Its neighbours sit in the 60–80 °C target band without throttling for heat.
    EXPECT_GE(ok["temp_c"].get<double>(), 60.0);
    EXPECT_LE(ok["temp_c"].get<double>(), 80.0);
    EXPECT_FALSE(has(ok["throttle"], "sw_thermal"));
    EXPECT_GT(ok["util_pct"].get<double>(), 80.0);
}

TEST(SimulatedMachine, HealthyHostStaysInTheTargetBand) {
    Scripted sim("hgx-h100-8:3");
    for (double t = 0; t <= 240; t += 30) {
        const auto snapshot = sim.at(t);  // kept: a range-for over a temporary's member dangles
        for (const auto& g : snapshot.at("gpus")) {
            EXPECT_LT(g["temp_c"].get<double>(), 81.0) << "t=" << t << " " << g.dump();
            EXPECT_FALSE(has(g["throttle"], "hw_thermal"));
        }
    }
}

TEST(SimulatedMachine, PcieX8GpuReportsHalfWidthInSnapshotAndFacts) {
    Scripted sim("hgx-h100-8+pcie-x8:5");
    const int narrow = *sim.machine.spec().narrow_link_gpu();
    const Json s = sim.at(10.0);
    for (int i = 0; i < 8; ++i) {
        EXPECT_EQ(s["gpus"][i]["pcie_width_max"], 16);
        EXPECT_EQ(s["gpus"][i]["pcie_width"], i == narrow ? 8 : 16) << i;
    }
    const Json facts = sim.machine.facts();
    EXPECT_EQ(facts["gpus"][narrow]["pcie_width"], 8);
    EXPECT_EQ(facts["gpus"][narrow]["pcie_width_max"], 16);
}

TEST(SimulatedMachine, TrainingCheckpointIdlesTheGpusAndBusiesTheNic) {
    Scripted sim("hgx-h100-8:11");
    bool saw_checkpoint = false, saw_training = false;
    for (double t = 0; t <= WorkloadPlan::kEpochS; t += 5) {
        const Json s = sim.at(t);
        const double util = s["gpus"][0]["util_pct"].get<double>();
        const double tx = s["nics"][1]["tx_bytes_per_s"].get<double>();
        if (util < 15) {
            saw_checkpoint = true;
            EXPECT_GT(tx, 1e9) << "t=" << t;
            EXPECT_TRUE(has(s["gpus"][0]["throttle"], "gpu_idle"));
        } else if (util > 85) {
            saw_training = true;
        }
    }
    EXPECT_TRUE(saw_checkpoint);
    EXPECT_TRUE(saw_training);
}

TEST(SimulatedMachine, SnapshotAndFactsHaveTheLiveKeys) {
    Scripted sim("l40s-4:2");
    const Json s = sim.machine.snapshot();
    for (const char* key : {"/time_ms", "/cpu/util_pct", "/cpu/package_temp_c", "/cpu/cores/63/util_pct",
                            "/memory/used_bytes", "/sensors/0/chip", "/sensors/0/value", "/nics/0/rx_bytes_per_s",
                            "/gpus/3/temp_c", "/gpus/3/temp_slowdown_c", "/gpus/3/power_w", "/gpus/3/fan_pct",
                            "/gpus/3/sm_clock_mhz", "/gpus/3/throttle", "/gpus/3/pcie_width", "/infiniband"})
        EXPECT_TRUE(s.contains(Json::json_pointer(key))) << key;
    const Json f = sim.machine.facts();
    for (const char* key : {"/hostname", "/cpu/model", "/cpu/threads", "/memory/total_bytes", "/gpus/0/pcie_gen_max",
                            "/nics/0/speed_mbps", "/nvidia/driver_version", "/cpufreq/governor", "/thp/enabled"})
        EXPECT_TRUE(f.contains(Json::json_pointer(key))) << key;
    EXPECT_EQ(f["cpu"]["threads"], 64);
    EXPECT_TRUE(Scripted("cpu-only:1").at(1.0)["gpus"].empty());
}

TEST(SimulatedMachine, SettingsStoreFeedsFactsAndPowerLimitAndKeepsToTheAllowList) {
    Scripted sim("hgx-h100-8:4");
    SettingsStore& settings = sim.machine.settings_store();
    EXPECT_EQ(settings.get("cpu.governor"), Json("schedutil"));
    EXPECT_FALSE(settings.set("cpu.governor", "performance"));
    EXPECT_EQ(sim.machine.facts()["cpufreq"]["governor"], "performance");
    EXPECT_FALSE(settings.set("gpu.power_limit_w", 500));
    const Json g = sim.at(60.0)["gpus"][2];
    EXPECT_EQ(g["power_limit_w"], 500.0);
    EXPECT_LE(g["power_w"].get<double>(), 501.0);
    EXPECT_TRUE(has(g["throttle"], "sw_power_cap"));
    // Refused like on a real host: unknown ids, values out of range, GPU settings without a GPU.
    EXPECT_TRUE(settings.set("kernel.shell", "rm -rf /"));
    EXPECT_TRUE(settings.set("sysctl:vm.swappiness", 300));
    EXPECT_EQ(settings.get("sysctl:vm.swappiness"), Json(60));
    Scripted cpu("cpu-only:1");
    EXPECT_TRUE(cpu.machine.settings_store().set("gpu.power_limit_w", 300));
    EXPECT_FALSE(cpu.machine.settings_store().get("gpu.persistence"));
}

TEST(AgentCli, SimulateServesASimulatedHost) {
    int status = -1;
    const Json s = Json::parse(fleetdeck::test::run_capture(FLEETDECK_AGENT_BIN, {"--once", "--simulate", "hgx-h100-8+bad-fan:7"}, &status));
    EXPECT_EQ(status, 0);
    EXPECT_EQ(s["gpus"].size(), 8u);
    fleetdeck::test::run_capture(FLEETDECK_AGENT_BIN, {"--once", "--simulate", "nope"}, &status);
    EXPECT_EQ(status, 2);
}

TEST(AgentStdio, SubscribeWithoutPerCoreLeavesCoresOutOfSamples) {
    fleetdeck::test::Subprocess agent(FLEETDECK_AGENT_BIN, {"--stdio", "--simulate", "cpu-only:3"});
    ASSERT_TRUE(agent.write("{\"id\":1,\"method\":\"hello\"}\n"));
    const Json hello = Json::parse(agent.read_line().value_or("{}"));
    EXPECT_EQ(hello["result"]["simulated"], true);
    ASSERT_TRUE(agent.write("{\"id\":2,\"method\":\"subscribe\",\"params\":{\"interval_ms\":100,\"per_core\":false}}\n"));
    int samples = 0;
    while (samples < 2) {
        const auto line = agent.read_line();
        ASSERT_TRUE(line);
        const Json m = Json::parse(*line);
        if (!m.contains("event")) continue;
        EXPECT_TRUE(m["data"]["cpu"]["util_pct"].is_number());
        EXPECT_FALSE(m["data"]["cpu"].contains("cores"));
        ++samples;
    }
    ASSERT_TRUE(agent.write("{\"id\":3,\"method\":\"snapshot\"}\n"));
    for (;;) {
        const auto line = agent.read_line();
        ASSERT_TRUE(line);
        const Json m = Json::parse(*line);
        if (m.value("id", 0) != 3) continue;
        EXPECT_EQ(m["result"]["cpu"]["cores"].size(), 128u);  // snapshot keeps them
        break;
    }
    agent.close_stdin();
    EXPECT_EQ(agent.wait(), 0);
}

// The simulator fills the typed sample and writes it with to_json, so decoding a snapshot and
// writing it again gives back every key and value (integers stay integers), GPU faults included.
TEST(SimulatedMachine, SnapshotIsTheTypedSampleWritten) {
    for (const char* text : {"hgx-h100-8+bad-fan+pcie-x8:7", "hgx-h100-8+ecc+gpu-lost+remap-pending+nvlink-down+xid=13:7",
                             "l40s-4:3", "cpu-only:1"}) {
        Scripted sim(text);
        for (double t : {0.0, 25.0, 61.0}) {
            sim.now = t;
            const Json snapshot = sim.machine.snapshot();
            EXPECT_EQ(fleetdeck::protocol::to_json(fleetdeck::protocol::sample_from_json(snapshot)), snapshot) << text << " at " << t;
            // sample() at the same simulated time is the same sample, but for the wall clock.
            EXPECT_EQ(without_wall_clock(fleetdeck::protocol::to_json(sim.machine.sample())), without_wall_clock(snapshot))
                << text << " at " << t;
        }
    }
}

// What a rack acceptance checks: every host of a profile has the same firmware, modules and GPU
// VBIOS; serials, UUIDs and MACs are the host's own (the same for the same seed, another for
// another seed); the modules add up to the memory the host reports.
TEST(SimulatedInventory, SameFirmwareOnEveryHostOwnSerialsPerSeed) {
    Scripted a("hgx-h100-8:7"), b("hgx-h100-8:7"), c("hgx-h100-8:8");
    const Json fa = a.machine.facts(), fb = b.machine.facts(), fc = c.machine.facts();
    EXPECT_EQ(fa["dmi"], fb["dmi"]);
    EXPECT_EQ(fa["dmi"]["bios_version"], fc["dmi"]["bios_version"]);
    EXPECT_EQ(fa["dmi"]["product_name"], "SYS-821GE-TNHR");
    for (const char* serial : {"product_serial", "board_serial", "chassis_serial"}) {
        ASSERT_TRUE(fa["dmi"][serial].is_string()) << serial;
        EXPECT_NE(fa["dmi"][serial], fc["dmi"][serial]) << serial;
    }
    EXPECT_EQ(fa["dmi"]["product_serial"].get<std::string>().substr(0, 5), "S4523");

    const Json sample = a.at(5.0);
    for (int i = 0; i < 8; ++i) {
        const Json& g = fa["gpus"][i];
        EXPECT_EQ(g["uuid"], sample["gpus"][i]["uuid"]) << "facts and samples name GPU " << i << " alike";
        EXPECT_EQ(g["uuid"].get<std::string>().size(), 40u) << g["uuid"];
        EXPECT_NE(g["uuid"], fc["gpus"][i]["uuid"]);
        EXPECT_NE(g["serial"], fc["gpus"][i]["serial"]);
        EXPECT_EQ(g["vbios_version"], "96.00.74.00.1C");
        EXPECT_EQ(g["mem_total_bytes"], sample["gpus"][i]["mem_total_bytes"]);
        if (i > 0) {
            EXPECT_NE(g["uuid"], fa["gpus"][i - 1]["uuid"]);
        }
    }
    EXPECT_EQ(fa["nics"][1]["mac"].get<std::string>().substr(0, 8), "b8:3f:d2");
    EXPECT_EQ(fa["nics"][1]["mac"].get<std::string>().size(), 17u);
    EXPECT_NE(fa["nics"][1]["mac"], fc["nics"][1]["mac"]);
    EXPECT_NE(fa["nics"][0]["mac"], fa["nics"][1]["mac"]);

    const Json& memory = fa["memory"];
    EXPECT_EQ(memory["dimms_status"], "read");
    EXPECT_EQ(memory["dimm_slots"], 32);
    ASSERT_EQ(memory["dimms"].size(), 32u);
    EXPECT_EQ(memory["dimms"][0], Json::parse(R"({"locator":"P1-DIMMA1","bank_locator":null,"size_bytes":68719476736,
        "speed_mts":4800,"configured_speed_mts":4400,"type":"DDR5","manufacturer":"Samsung",
        "part_number":"M321R8GA0BB0-CQKZJ","serial":)" + memory["dimms"][0]["serial"].dump() + "}"));
    EXPECT_NE(memory["dimms"][0]["serial"], fc["memory"]["dimms"][0]["serial"]);
    EXPECT_NE(memory["dimms"][0]["serial"], memory["dimms"][1]["serial"]);
}

TEST(SimulatedInventory, EveryProfilesModulesAddUpToItsMemory) {
    for (const auto& profile : profiles()) {
        Scripted sim(profile.name + ":3");
        const Json facts = sim.machine.facts();
        std::int64_t sum = 0;
        for (const Json& d : facts["memory"]["dimms"]) sum += d["size_bytes"].get<std::int64_t>();
        EXPECT_EQ(sum, facts["memory"]["total_bytes"]) << profile.name;
        EXPECT_EQ(facts["memory"]["total_bytes"], sim.at(1.0)["memory"]["total_bytes"]) << profile.name;
        EXPECT_EQ(facts["memory"]["dimms"].size(), static_cast<std::size_t>(profile.dimms.modules)) << profile.name;
        EXPECT_GE(facts["memory"]["dimm_slots"].get<std::size_t>(), facts["memory"]["dimms"].size()) << profile.name;
        for (const char* key : {"bios_vendor", "bios_version", "bios_date", "sys_vendor", "product_name", "board_name",
                                "product_serial", "board_serial", "chassis_serial"})
            EXPECT_TRUE(facts["dmi"][key].is_string()) << profile.name << " " << key;
        for (const Json& nic : facts["nics"]) EXPECT_TRUE(nic["mac"].is_string()) << profile.name;
    }
}

TEST(SimulatedInventory, BiosAndDimmMissingVariants) {
    const Json plain = Scripted("hgx-h100-8:3").machine.facts();
    const Json bios = Scripted("hgx-h100-8+bios=2.2a:3").machine.facts();
    EXPECT_EQ(plain["dmi"]["bios_version"], "2.1");
    EXPECT_EQ(bios["dmi"]["bios_version"], "2.2a");
    EXPECT_EQ(bios["dmi"]["product_serial"], plain["dmi"]["product_serial"]) << "a variant keeps the host's serials";
    EXPECT_EQ(Scripted("cpu-only+bios=A43:1").machine.facts()["dmi"]["bios_version"], "A43");
    EXPECT_NE(parse_sim_spec("hgx-h100-8+bios=:3").error.find("bios version '' is not 1 to 64 printable"), std::string::npos);
    EXPECT_NE(parse_sim_spec("hgx-h100-8+bios=a b").error.find("without spaces"), std::string::npos);
    EXPECT_NE(parse_sim_spec("l40s-4+loud").error.find("bios=VERSION, dimm-missing, psu-failed, nic-x8"), std::string::npos);

    Scripted missing("hgx-h100-8+dimm-missing:3");
    const Json facts = missing.machine.facts();
    const int gone = *missing.machine.spec().missing_dimm();
    EXPECT_EQ(facts["memory"]["dimm_slots"], 32);
    ASSERT_EQ(facts["memory"]["dimms"].size(), 31u);
    EXPECT_EQ(facts["memory"]["total_bytes"], 1984LL << 30);
    EXPECT_EQ(missing.at(1.0)["memory"]["total_bytes"], 1984LL << 30) << "the sample reports the smaller memory too";
    const Json& removed = plain["memory"]["dimms"][gone];
    for (const Json& d : facts["memory"]["dimms"]) EXPECT_NE(d["locator"], removed["locator"]);
    // The modules left are the same modules, serials and all.
    EXPECT_EQ(facts["memory"]["dimms"][0], plain["memory"]["dimms"][gone == 0 ? 1 : 0]);
    EXPECT_EQ(facts["memory"]["dimms"][30], plain["memory"]["dimms"][gone == 31 ? 30 : 31]);
    const auto other_seed = spec_of("hgx-h100-8+dimm-missing:4");
    EXPECT_TRUE(other_seed.missing_dimm());
    EXPECT_FALSE(spec_of("hgx-h100-8:4").missing_dimm());
    EXPECT_EQ(Scripted("cpu-only+dimm-missing:2").machine.facts()["memory"]["dimms"].size(), 15u);
}

// The platform facts: NIC links at their maximum, Secure Boot and lockdown per profile, the power
// supplies with their redundancy; psu-failed and nic-x8 give the faults the planner reports.
TEST(Simulator, ProfilesReportNicLinksSecureBootAndPowerSupplies) {
    const Json hgx = Scripted("hgx-h100-8:3").machine.facts();
    EXPECT_EQ(hgx["secure_boot"], false);
    EXPECT_EQ(hgx["lockdown"], "none");
    EXPECT_EQ(hgx["power_supplies"]["status"], "read");
    EXPECT_EQ(hgx["power_supplies"]["count"], 6);
    EXPECT_EQ(hgx["power_supplies"]["redundancy"], "full");
    for (const Json& unit : hgx["power_supplies"]["units"]) EXPECT_EQ(unit["state"], "ok") << unit["name"];
    EXPECT_EQ(hgx["nics"][1]["pcie_width"], 16);
    EXPECT_EQ(hgx["nics"][1]["pcie_gen_max"], 5);

    const Json l40s = Scripted("l40s-4:3").machine.facts();
    EXPECT_EQ(l40s["secure_boot"], true);
    EXPECT_EQ(l40s["lockdown"], "integrity");
    EXPECT_EQ(l40s["power_supplies"]["count"], 2);
    const Json cpu = Scripted("cpu-only:1").machine.facts();
    EXPECT_TRUE(cpu["power_supplies"]["redundancy"].is_null()) << "iLO has no redundancy sensor over IPMI";
    EXPECT_EQ(cpu["nics"][0]["pcie_width_max"], 4);

    Scripted faulty("hgx-h100-8+psu-failed+nic-x8:3");
    const Json f = faulty.machine.facts();
    const int failed = *faulty.machine.spec().failed_psu();
    EXPECT_EQ(f["power_supplies"]["redundancy"], "lost");
    EXPECT_EQ(f["power_supplies"]["units"][failed]["state"], "failed");
    EXPECT_EQ(f["power_supplies"]["units"][failed]["events"], "Presence detected, Power Supply AC lost");
    EXPECT_EQ(f["nics"][1]["pcie_width"], 8) << "the fastest NIC, at half its width";
    EXPECT_EQ(f["nics"][0]["pcie_width"], 8) << "eno1 is an x8 card at its maximum";
    EXPECT_EQ(f["nics"][1]["pcie_width_max"], 16);
    EXPECT_FALSE(spec_of("hgx-h100-8:3").failed_psu());
}

TEST(SimulatedMachine, InletAirFollowsTheRackUnitAndRecirculationWarmsTheTop) {
    const auto inlet = [](const char* spec) { return Scripted(spec).at(30.0).at("bmc").at("inlet_c").get<double>(); };
    // The same seed at the floor and near the top of a healthy cold aisle: about 2 °C apart.
    const double floor = inlet("hgx-h100-8+at=2:5"), top = inlet("hgx-h100-8+at=40:5");
    EXPECT_NEAR(top - floor, 0.05 * 38, 1.0);
    EXPECT_GE(floor, 19.0);
    EXPECT_LE(top, 23.0);
    // Recirculating: nothing changes up to U14, 0.3 °C a unit above it.
    EXPECT_EQ(inlet("hgx-h100-8+recirculation+at=10:5"), inlet("hgx-h100-8+at=10:5"));
    EXPECT_NEAR(inlet("hgx-h100-8+recirculation+at=40:5") - top, 0.3 * 26, 1.0);
    EXPECT_EQ(inlet("hgx-h100-8+hot-inlet+at=2:5"), 31.0);
    EXPECT_NE(parse_sim_spec("hgx-h100-8+at=61").error.find("at=61 is not a rack unit (1 to 60)"), std::string::npos);
    EXPECT_FALSE(parse_sim_spec("hgx-h100-8+at=x").spec);
}
