// The commissioning facts (firmware, DIMMs, GPU and NIC identity) through facts_from_json: they
// round-trip, an older agent's answer without them reads as unknown, and a wrong type names its path.
#include <gtest/gtest.h>

#include "agent/protocol/decode.h"
#include "agent/protocol/facts.h"

namespace protocol = fleetdeck::protocol;
using Json = nlohmann::json;

namespace {

const char* const kInventoryFacts = R"({
  "memory": {"total_bytes": 1099511627776, "dimms_status": "read", "dimm_slots": 32, "dimms": [
    {"locator": "P1-DIMMA1", "bank_locator": "P0_Node0_Channel0_Dimm0", "size_bytes": 68719476736, "speed_mts": 4800,
     "configured_speed_mts": 4400, "type": "DDR5", "manufacturer": "Samsung", "part_number": "M321R8GA0BB0-CQKZJ",
     "serial": "80CE1101"}]},
  "dmi": {"bios_vendor": "American Megatrends International, LLC.", "bios_version": "2.1", "bios_date": "02/22/2024",
          "sys_vendor": "Supermicro", "product_name": "SYS-821GE-TNHR", "board_name": "X13DEG-OAD",
          "product_serial": "S452386X4B12345", "board_serial": null, "chassis_serial": null},
  "gpus": [{"vendor": "nvidia", "pci_bus_id": "0000:18:00.0", "uuid": "GPU-3f6a1c2e-8b4d-4e1f-9a7c-0d2e5b6f7a80",
            "serial": "1654922000120", "vbios_version": "96.00.A5.00.01", "mem_total_bytes": 85520809984}],
  "nics": [{"name": "eno1", "mac": "3c:ec:ef:a1:b2:c3"}]
})";

std::string facts_error(const Json& result) {
    try {
        protocol::facts_from_json(result);
    } catch (const protocol::DecodeError& e) {
        return e.what();
    }
    return "(decoded)";
}

}  // namespace

TEST(FactsDecode, InventoryFactsAreRead) {
    const protocol::Facts f = protocol::facts_from_json(Json::parse(kInventoryFacts));
    EXPECT_EQ(f.memory.dimms_status, "read");
    EXPECT_EQ(f.memory.dimm_slots, 32);
    ASSERT_EQ(f.memory.dimms.size(), 1u);
    EXPECT_EQ(f.memory.dimms[0].locator, "P1-DIMMA1");
    EXPECT_EQ(f.memory.dimms[0].size_bytes, 68719476736);
    EXPECT_EQ(f.memory.dimms[0].configured_speed_mts, 4400);
    EXPECT_EQ(f.memory.dimms[0].type, "DDR5");
    EXPECT_EQ(f.memory.dimms[0].serial, "80CE1101");
    EXPECT_EQ(f.dmi.bios_version, "2.1");
    EXPECT_EQ(f.dmi.product_serial, "S452386X4B12345");
    EXPECT_FALSE(f.dmi.board_serial);
    ASSERT_EQ(f.gpus.size(), 1u);
    EXPECT_EQ(f.gpus[0].serial, "1654922000120");
    EXPECT_EQ(f.gpus[0].vbios_version, "96.00.A5.00.01");
    EXPECT_EQ(f.gpus[0].mem_total_bytes, 85520809984);
    EXPECT_EQ(f.nics.at(0).mac, "3c:ec:ef:a1:b2:c3");
    // Written back, the parts are as they came.
    const Json back = protocol::to_json(f);
    const Json in = Json::parse(kInventoryFacts);
    EXPECT_EQ(back["memory"], in["memory"]);
    EXPECT_EQ(back["dmi"], in["dmi"]);
    EXPECT_EQ(back["gpus"][0]["vbios_version"], "96.00.A5.00.01");
}

// An agent from before these facts: everything reads as unknown, nothing is an error.
TEST(FactsDecode, OlderAgentWithoutThemReadsAsUnknown) {
    const protocol::Facts f = protocol::facts_from_json(Json{{"memory", {{"total_bytes", 1024}}},
                                                             {"gpus", Json::array({Json{{"vendor", "nvidia"}}})},
                                                             {"nics", Json::array({Json{{"name", "eth0"}}})}});
    EXPECT_EQ(f.memory.total_bytes, 1024);
    EXPECT_FALSE(f.memory.dimms_status);
    EXPECT_FALSE(f.memory.dimm_slots);
    EXPECT_TRUE(f.memory.dimms.empty());
    EXPECT_FALSE(f.dmi.bios_version);
    EXPECT_FALSE(f.gpus.at(0).uuid);
    EXPECT_FALSE(f.gpus.at(0).mem_total_bytes);
    EXPECT_FALSE(f.nics.at(0).mac);
}

TEST(FactsDecode, AWrongTypeNamesItsPath) {
    const auto with = [](const char* pointer, Json value) {
        Json facts = Json::parse(kInventoryFacts);
        facts[Json::json_pointer(pointer)] = std::move(value);
        return facts_error(facts);
    };
    EXPECT_EQ(with("/memory/dimms/0/size_bytes", "64 GB"), "result.memory.dimms[0].size_bytes: expected integer");
    EXPECT_EQ(with("/memory/dimms/0/speed_mts", 4800.5), "result.memory.dimms[0].speed_mts: expected integer");
    EXPECT_EQ(with("/memory/dimms/0/serial", 12345), "result.memory.dimms[0].serial: expected string");
    EXPECT_EQ(with("/memory/dimms/0", "P1-DIMMA1"), "result.memory.dimms[0]: expected object");
    EXPECT_EQ(with("/memory/dimms", Json::object()), "result.memory.dimms: expected array");
    EXPECT_EQ(with("/memory/dimms_status", true), "result.memory.dimms_status: expected string");
    EXPECT_EQ(with("/memory/dimm_slots", "32"), "result.memory.dimm_slots: expected integer");
    EXPECT_EQ(with("/dmi", "Supermicro"), "result.dmi: expected object");
    EXPECT_EQ(with("/dmi/bios_version", 2.1), "result.dmi.bios_version: expected string");
    EXPECT_EQ(with("/gpus/0/uuid", 7), "result.gpus[0].uuid: expected string");
    EXPECT_EQ(with("/gpus/0/mem_total_bytes", "80 GiB"), "result.gpus[0].mem_total_bytes: expected integer");
    EXPECT_EQ(with("/gpus/0/vbios_version", Json::array()), "result.gpus[0].vbios_version: expected string");
    EXPECT_EQ(with("/nics/0/mac", Json::array({0x3c, 0xec})), "result.nics[0].mac: expected string");
}

// Their own limit: a host's 16 modules are no reason to refuse it where the other lists are held
// to a few entries.
TEST(FactsDecode, DimmsAreHeldToTheirLimit) {
    Json facts = Json::parse(kInventoryFacts);
    Json& dimms = facts["memory"]["dimms"];
    while (dimms.size() < 5) dimms.push_back(dimms[0]);
    protocol::FactsLimits limits;
    limits.max_dimms = 4;
    try {
        protocol::facts_from_json(facts, limits);
        ADD_FAILURE() << "decoded past the limit";
    } catch (const protocol::DecodeError& e) {
        EXPECT_STREQ(e.what(), "result.memory.dimms: 5 entries, at most 4");
    }
    limits = {};
    limits.max_list_items = 1;
    EXPECT_EQ(protocol::facts_from_json(facts, limits).memory.dimms.size(), 5u);
    EXPECT_EQ(protocol::FactsLimits{}.max_dimms, 1024u);
}

// The platform facts: the NIC's PCIe link, Secure Boot, lockdown and the power supplies.
namespace {

const char* const kPlatformFacts = R"({
  "nics": [{"name": "ens2f0np0", "speed_mbps": 100000, "pcie_gen": 4, "pcie_width": 8, "pcie_gen_max": 4,
            "pcie_width_max": 16}],
  "secure_boot": true,
  "lockdown": "integrity",
  "power_supplies": {"status": "read", "message": null, "count": 2, "redundancy": "lost", "units": [
    {"name": "PS1 Status", "state": "ok", "events": "Presence detected"},
    {"name": "PS2 Status", "state": "failed", "events": "Presence detected, Power Supply AC lost"}]}
})";

std::string platform_error(const char* pointer, Json value) {
    Json facts = Json::parse(kPlatformFacts);
    facts[Json::json_pointer(pointer)] = std::move(value);
    return facts_error(facts);
}

}  // namespace

TEST(FactsDecode, PlatformFactsRoundTrip) {
    const protocol::Facts f = protocol::facts_from_json(Json::parse(kPlatformFacts));
    ASSERT_EQ(f.nics.size(), 1u);
    EXPECT_EQ(f.nics[0].pcie_width, 8);
    EXPECT_EQ(f.nics[0].pcie_width_max, 16);
    EXPECT_EQ(f.nics[0].pcie_gen, 4);
    EXPECT_EQ(f.secure_boot, true);
    EXPECT_EQ(f.lockdown, "integrity");
    EXPECT_EQ(f.power_supplies.status, "read");
    EXPECT_EQ(f.power_supplies.count, 2);
    EXPECT_EQ(f.power_supplies.redundancy, "lost");
    ASSERT_EQ(f.power_supplies.units.size(), 2u);
    EXPECT_EQ(f.power_supplies.units[1].state, "failed");
    EXPECT_EQ(f.power_supplies.units[1].events, "Presence detected, Power Supply AC lost");
    const Json back = protocol::to_json(f);
    EXPECT_EQ(back["power_supplies"], Json::parse(kPlatformFacts)["power_supplies"]);
    EXPECT_EQ(back["nics"][0]["pcie_width_max"], 16);
}

TEST(FactsDecode, PlatformFactsOfAnOlderAgentAreUnknown) {
    const protocol::Facts f = protocol::facts_from_json(Json{{"nics", Json::array({Json{{"name", "eth0"}}})}});
    EXPECT_FALSE(f.nics.at(0).pcie_width);
    EXPECT_FALSE(f.secure_boot);
    EXPECT_FALSE(f.lockdown);
    EXPECT_EQ(f.power_supplies.status, "not available");
    EXPECT_FALSE(f.power_supplies.count);
    EXPECT_TRUE(f.power_supplies.units.empty());
    Json nulls = Json::parse(kPlatformFacts);
    nulls["secure_boot"] = nullptr;
    nulls["lockdown"] = nullptr;
    nulls["power_supplies"]["redundancy"] = nullptr;
    const protocol::Facts n = protocol::facts_from_json(nulls);
    EXPECT_FALSE(n.secure_boot);
    EXPECT_FALSE(n.lockdown);
    EXPECT_FALSE(n.power_supplies.redundancy);
}

TEST(FactsDecode, PlatformFactsOutsideTheirWordsOrTypesNameThePath) {
    EXPECT_EQ(platform_error("/nics/0/pcie_width", "x8"), "result.nics[0].pcie_width: expected integer");
    EXPECT_EQ(platform_error("/secure_boot", 1), "result.secure_boot: expected boolean");
    EXPECT_NE(platform_error("/lockdown", "off").find("result.lockdown"), std::string::npos);
    EXPECT_NE(platform_error("/power_supplies/status", "ok").find("result.power_supplies.status"), std::string::npos);
    EXPECT_NE(platform_error("/power_supplies/redundancy", "n+1").find("result.power_supplies.redundancy"), std::string::npos);
    EXPECT_NE(platform_error("/power_supplies/units/1/state", "broken").find("result.power_supplies.units[1].state"),
              std::string::npos);
    EXPECT_EQ(platform_error("/power_supplies/units/0/name", 1), "result.power_supplies.units[0].name: expected string");
    EXPECT_EQ(platform_error("/power_supplies/count", -1), "result.power_supplies.count: negative");
    EXPECT_EQ(platform_error("/power_supplies", "ok"), "result.power_supplies: expected object");

    Json many = Json::parse(kPlatformFacts);
    while (many["power_supplies"]["units"].size() < 65) many["power_supplies"]["units"].push_back(many["power_supplies"]["units"][0]);
    EXPECT_EQ(facts_error(many), "result.power_supplies.units: 65 entries, at most 64");
}

// facts.gpu_processes: one of three words, with its reason; an agent from before it reads as "full".
TEST(FactsDecode, GpuProcessAttributionIsOneOfThreeWords) {
    Json facts = Json::parse(kInventoryFacts);
    facts["gpu_processes"] = {{"attribution", "own_user_only"}, {"reason", "/proc is mounted with hidepid=2"}};
    const protocol::Facts f = protocol::facts_from_json(facts);
    EXPECT_EQ(f.gpu_processes.attribution, "own_user_only");
    EXPECT_EQ(f.gpu_processes.reason, "/proc is mounted with hidepid=2");
    EXPECT_EQ(protocol::to_json(f)["gpu_processes"], facts["gpu_processes"]);
    facts.erase("gpu_processes");
    EXPECT_EQ(protocol::facts_from_json(facts).gpu_processes.attribution, "full");
    facts["gpu_processes"] = {{"attribution", "everything"}, {"reason", nullptr}};
    EXPECT_EQ(facts_error(facts), "result.gpu_processes.attribution: expected \"full\", \"own_user_only\" or \"none\"");
    facts["gpu_processes"] = {{"attribution", "none"}, {"reason", 7}};
    EXPECT_EQ(facts_error(facts), "result.gpu_processes.reason: expected string");
}
