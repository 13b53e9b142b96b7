// The SMBIOS table parser (agent/dmi/smbios.h) on tables built here byte by byte, and the DIMM and
// DMI facts read from a tree.
#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "agent/dmi/dmi_facts.h"
#include "agent/dmi/smbios.h"
#include "tests/agent/recorded_tree.h"
#include "tests/support/temp_dir.h"

using namespace fleetdeck::agent;
using namespace fleetdeck::test;
using fleetdeck::protocol::to_json;

namespace {

// A structure as firmware writes it: header, formatted area, strings, two NULs at the end.
class SmbiosRecord {
public:
    SmbiosRecord(std::uint8_t type, std::uint16_t handle, std::size_t length) : bytes_(length, '\0') {
        bytes_[0] = static_cast<char>(type);
        bytes_[1] = static_cast<char>(length);
        put(2, handle, 2);
    }
    SmbiosRecord& put(std::size_t offset, std::uint32_t value, std::size_t width) {
        for (std::size_t i = 0; i < width; ++i) bytes_.at(offset + i) = static_cast<char>((value >> (8 * i)) & 0xFF);
        return *this;
    }
    // Appends a string and stores its number at `offset`.
    SmbiosRecord& text(std::size_t offset, const std::string& value) {
        strings_.push_back(value);
        return put(offset, static_cast<std::uint32_t>(strings_.size()), 1);
    }
    std::string bytes() const {
        std::string out = bytes_;
        for (const auto& s : strings_) out += s + '\0';
        if (strings_.empty()) out += '\0';
        return out + '\0';
    }

private:
    std::string bytes_;
    std::vector<std::string> strings_;
};

// A Memory Device (type 17) of SMBIOS 3.3 (length 0x5C) in array `array`.
SmbiosRecord memory_device(std::uint16_t handle, std::uint16_t array, const std::string& locator, std::uint32_t size_field) {
    SmbiosRecord r(17, handle, 0x5C);
    r.put(0x04, array, 2).put(0x0C, size_field, 2).text(0x10, locator);
    return r;
}

SmbiosRecord memory_array(std::uint16_t handle, std::uint8_t use) {
    SmbiosRecord r(16, handle, 0x17);
    r.put(0x04, 0x03, 1).put(0x05, use, 1);
    return r;
}

const std::string kEnd = SmbiosRecord(127, 0xFEFF, 4).bytes();
constexpr std::int64_t kGiB = std::int64_t{1} << 30;

Json dimms_json(const dmi::MemoryDevices& d) {
    Json out = Json::array();
    for (const auto& dimm : d.dimms) out.push_back(to_json(dimm));
    return out;
}

}  // namespace

TEST(Smbios, MemoryDevicesWithTheirFieldsEmptySlotsLeftOut) {
    SmbiosRecord ddr5 = memory_device(0x11, 0x10, "P1-DIMMA1", 0x7FFF);
    ddr5.text(0x11, "P0_Node0_Channel0_Dimm0").put(0x12, 0x22, 1).put(0x15, 4800, 2).text(0x17, "Samsung");
    ddr5.text(0x18, "80CE1101").text(0x1A, "M321R8GA0BB0-CQKZJ  ").put(0x1C, 64 * 1024, 4).put(0x20, 4400, 2);
    SmbiosRecord empty = memory_device(0x12, 0x10, "P1-DIMMA2", 0);
    empty.text(0x17, "NO DIMM").text(0x18, "NO DIMM");
    // An SMBIOS 2.3 record (length 0x1B): no extended size, no configured speed; 16 GiB in MiB
    // and speed 0 (unknown); placeholders for the serial.
    SmbiosRecord old(17, 0x13, 0x1B);
    old.put(0x04, 0x10, 2).put(0x0C, 16384, 2).text(0x10, "DIMM_B1").put(0x12, 0x1A, 1).text(0x18, "Not Specified");
    // 512 KiB in KiB units (bit 15), unknown type, speed beyond 65534 MT/s in the extended field.
    SmbiosRecord small = memory_device(0x14, 0x10, "ONBOARD", 0x8000 | 512);
    small.put(0x12, 0x02, 1).put(0x15, 0xFFFF, 2).put(0x54, 70000, 4);
    const std::string table =
        memory_array(0x10, 0x03).bytes() + ddr5.bytes() + empty.bytes() + old.bytes() + small.bytes() + kEnd;

    const auto devices = dmi::parse_memory_devices(table);
    EXPECT_EQ(devices.slot_count, 4);
    EXPECT_EQ(dimms_json(devices), Json::parse(R"([
        {"locator":"P1-DIMMA1","bank_locator":"P0_Node0_Channel0_Dimm0","size_bytes":68719476736,"speed_mts":4800,
         "configured_speed_mts":4400,"type":"DDR5","manufacturer":"Samsung","part_number":"M321R8GA0BB0-CQKZJ","serial":"80CE1101"},
        {"locator":"DIMM_B1","bank_locator":null,"size_bytes":17179869184,"speed_mts":null,"configured_speed_mts":null,
         "type":"DDR4","manufacturer":null,"part_number":null,"serial":null},
        {"locator":"ONBOARD","bank_locator":null,"size_bytes":524288,"speed_mts":70000,"configured_speed_mts":null,
         "type":null,"manufacturer":null,"part_number":null,"serial":null}])"));
}

TEST(Smbios, DevicesOfArraysThatAreNotSystemMemoryAreLeftOut) {
    const std::string table = memory_array(0x10, 0x03).bytes() + memory_array(0x20, 0x05 /* flash */).bytes() +
                              memory_device(0x11, 0x10, "DIMM0", 16 * 1024).bytes() +
                              memory_device(0x21, 0x20, "SYSTEM ROM", 64).bytes() + kEnd;
    const auto devices = dmi::parse_memory_devices(table);
    EXPECT_EQ(devices.slot_count, 1);
    ASSERT_EQ(devices.dimms.size(), 1u);
    EXPECT_EQ(devices.dimms[0].locator, "DIMM0");
    EXPECT_EQ(devices.dimms[0].size_bytes, 16 * kGiB);
}

TEST(Smbios, SizeUnknownIsInstalledWithoutASize) {
    const auto devices = dmi::parse_memory_devices(memory_device(0x11, 0x10, "A1", 0xFFFF).bytes() +
                                                   memory_device(0x12, 0x10, "A2", 0x7FFF).bytes());  // extended 0
    ASSERT_EQ(devices.dimms.size(), 2u);
    EXPECT_FALSE(devices.dimms[0].size_bytes);
    EXPECT_FALSE(devices.dimms[1].size_bytes);
}

// Whatever the bytes, the parser stays inside them, keeps what came before a broken record, and
// holds the lists and strings to its limits.
TEST(Smbios, BrokenTablesKeepWhatCameBeforeAndStayInBounds) {
    const std::string good = memory_device(0x11, 0x10, "A1", 1024).bytes();
    EXPECT_EQ(dmi::parse_memory_devices("").slot_count, 0);
    EXPECT_EQ(dmi::parse_memory_devices(std::string("\x11\x02\0\0\0\0", 6)).slot_count, 0);  // length below the header
    const std::string truncated = good + good.substr(0, 40);
    EXPECT_EQ(dmi::parse_memory_devices(truncated).dimms.size(), 1u);
    const std::string unterminated = good + good.substr(0, good.size() - 2);  // strings without their double NUL
    EXPECT_EQ(dmi::parse_memory_devices(unterminated).dimms.size(), 1u);
    EXPECT_EQ(dmi::parse_memory_devices(good + kEnd + good).dimms.size(), 1u) << "nothing after the end-of-table record";
    // Too short for a Memory Device (SMBIOS 2.1 has 0x15 bytes): not a module.
    EXPECT_EQ(dmi::parse_memory_devices(SmbiosRecord(17, 1, 0x0E).put(0x0C, 1024, 2).bytes()).slot_count, 0);
    // 0 KiB is no module either.
    EXPECT_TRUE(dmi::parse_memory_devices(memory_device(0x11, 0x10, "A1", 0x8000).bytes()).dimms.empty());
    // A string number past the strings there are reads as none.
    SmbiosRecord dangling = memory_device(0x11, 0x10, "A1", 1024);
    dangling.put(0x18, 9, 1);
    EXPECT_FALSE(dmi::parse_memory_devices(dangling.bytes()).dimms.at(0).serial);

    std::string many;
    for (int i = 0; i < 50; ++i) many += memory_device(static_cast<std::uint16_t>(i), 0x10, std::string(300, 'x') + "\x01\xff", 1024).bytes();
    dmi::SmbiosLimits limits;
    limits.max_dimms = 8;
    limits.max_string_bytes = 16;
    const auto capped = dmi::parse_memory_devices(many, limits);
    EXPECT_EQ(capped.dimms.size(), 8u);
    EXPECT_EQ(capped.dimms[0].locator, std::string(16, 'x'));
    limits.max_table_bytes = good.size() * 3 / 2;  // one and a half records
    EXPECT_EQ(dmi::parse_memory_devices(good + good, limits).dimms.size(), 1u);
    SmbiosRecord control = memory_device(0x11, 0x10, "A\x01" "1\x7f", 1024);
    EXPECT_EQ(dmi::parse_memory_devices(control.bytes()).dimms.at(0).locator, "A?1?") << "control characters replaced";
}

TEST(Smbios, MemoryTypeNames) {
    EXPECT_EQ(dmi::memory_type_name(0x1A), "DDR4");
    EXPECT_EQ(dmi::memory_type_name(0x22), "DDR5");
    EXPECT_EQ(dmi::memory_type_name(0x23), "LPDDR5");
    EXPECT_EQ(dmi::memory_type_name(0x24), "HBM3");
    EXPECT_EQ(dmi::memory_type_name(0x01), "Other");
    EXPECT_FALSE(dmi::memory_type_name(0x02));  // Unknown
    EXPECT_FALSE(dmi::memory_type_name(0x16));  // reserved
    EXPECT_FALSE(dmi::memory_type_name(0xFF));
}

// The Intel machine's table (tests/fixtures/.../make_smbios_table.py): 32 slots, 16 × 64 GiB.
TEST(Dimms, RecordedIntelServerHasSixteenModulesInThirtyTwoSlots) {
    fleetdeck::protocol::MemoryFacts memory;
    dmi::read_dimms(RootFs(fixture_root(kIntelServer)), memory);
    EXPECT_EQ(memory.dimms_status, "read");
    EXPECT_EQ(memory.dimm_slots, 32);
    ASSERT_EQ(memory.dimms.size(), 16u);
    EXPECT_EQ(to_json(memory.dimms[0]), Json::parse(R"({"locator":"P1-DIMMA1","bank_locator":"P0_Node0_Channel0_Dimm0",
        "size_bytes":68719476736,"speed_mts":4800,"configured_speed_mts":4800,"type":"DDR5","manufacturer":"Samsung",
        "part_number":"M321R8GA0BB0-CQKZJ","serial":"80CE1101"})"));
    EXPECT_EQ(memory.dimms[15].locator, "P2-DIMMH1");
    std::int64_t total = 0;
    for (const auto& d : memory.dimms) total += d.size_bytes.value_or(0);
    EXPECT_EQ(total, 1024 * kGiB);
}

TEST(Dimms, NoTableIsNotAvailable) {
    TempDir dir;
    fleetdeck::protocol::MemoryFacts memory;
    dmi::read_dimms(RootFs(dir.path().string()), memory);
    EXPECT_EQ(memory.dimms_status, "not available");
    EXPECT_FALSE(memory.dimm_slots);
    EXPECT_TRUE(memory.dimms.empty());
}

TEST(Dmi, RecordedServersFirmwareAndSerials) {
    EXPECT_EQ(to_json(dmi::dmi_facts(RootFs(fixture_root(kIntelServer)))), Json::parse(R"({
        "bios_vendor":"American Megatrends International, LLC.","bios_version":"2.1","bios_date":"02/22/2024",
        "sys_vendor":"Supermicro","product_name":"SYS-821GE-TNHR","board_name":"X13DEG-OAD",
        "product_serial":"S452386X4B12345","board_serial":"OM234S012345","chassis_serial":"C8190LM34AB0123"})"));
    // A Supermicro board in another chassis: the firmware's placeholder serial is reported as written.
    EXPECT_EQ(dmi::dmi_facts(RootFs(fixture_root(kAmdServer))).product_serial, "0123456789");
    TempDir empty;
    EXPECT_EQ(to_json(dmi::dmi_facts(RootFs(empty.path().string()))), Json::parse(R"({"bios_vendor":null,
        "bios_version":null,"bios_date":null,"sys_vendor":null,"product_name":null,"board_name":null,
        "product_serial":null,"board_serial":null,"chassis_serial":null})"));
}
