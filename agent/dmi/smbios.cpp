#include "agent/dmi/smbios.h"

#include <algorithm>
#include <array>
#include <string>

namespace fleetdeck::agent::dmi {
namespace {

// One structure: the formatted area (type, length, handle, fields) and the strings after it.
struct Record {
    std::string_view formatted;  // `length` bytes, the header included
    std::string_view strings;    // "first\0second" without the closing double NUL

    std::uint8_t type() const { return static_cast<std::uint8_t>(formatted[0]); }
    bool has(std::size_t offset, std::size_t bytes) const { return offset + bytes <= formatted.size(); }
    // Little-endian fields; nullopt when the record is too short to have the field (an older
    // SMBIOS version).
    std::optional<std::uint32_t> field(std::size_t offset, std::size_t bytes) const {
        if (!has(offset, bytes)) return std::nullopt;
        std::uint32_t v = 0;
        for (std::size_t i = 0; i < bytes; ++i)
            v |= static_cast<std::uint32_t>(static_cast<unsigned char>(formatted[offset + i])) << (8 * i);
        return v;
    }
};

// Where the next record starts, or nullopt when the one at `at` does not fit in the table.
std::optional<std::size_t> read_record(std::string_view table, std::size_t at, Record& out) {
    if (table.size() - at < 4) return std::nullopt;
    const std::size_t length = static_cast<unsigned char>(table[at + 1]);
    if (length < 4 || table.size() - at < length) return std::nullopt;
    // The string set ends with two NULs (a record without strings has just the two).
    const std::size_t strings = at + length;
    const std::size_t end = table.find(std::string_view("\0\0", 2), strings);
    if (end == std::string_view::npos) return std::nullopt;
    out.formatted = table.substr(at, length);
    out.strings = table.substr(strings, end - strings);
    return end + 2;
}

// String `number` (1-based; 0 is "none") of the record, printable ASCII only, trimmed and capped.
// Firmware writes placeholders where it has nothing to say; those are no value either.
std::optional<std::string> record_string(const Record& r, std::optional<std::uint32_t> number, std::size_t max_bytes) {
    if (!number || *number == 0) return std::nullopt;
    std::string_view rest = r.strings;
    for (std::uint32_t i = 1; i < *number; ++i) {
        const auto nul = rest.find('\0');
        if (nul == std::string_view::npos) return std::nullopt;
        rest.remove_prefix(nul + 1);
    }
    rest = rest.substr(0, rest.find('\0'));
    std::string text;
    for (const char c : rest.substr(0, max_bytes))
        text.push_back(c >= 0x20 && c < 0x7f ? c : '?');
    const auto first = text.find_first_not_of(' ');
    if (first == std::string::npos) return std::nullopt;
    text = text.substr(first, text.find_last_not_of(' ') - first + 1);
    static constexpr std::string_view kPlaceholders[] = {"Not Specified", "Unknown", "Not Available", "NO DIMM", "None"};
    if (std::find(std::begin(kPlaceholders), std::end(kPlaceholders), text) != std::end(kPlaceholders)) return std::nullopt;
    return text;
}

// Structure types, DMTF DSP0134 (SMBIOS) 3.7.0: 16 Physical Memory Array (§7.17), 17 Memory
// Device (§7.18), 127 End-of-Table; cross-checked with dmidecode's dmidecode.c (b70f6ee).
constexpr std::uint8_t kPhysicalMemoryArray = 16, kMemoryDevice = 17, kEndOfTable = 127;
constexpr std::uint32_t kSystemMemory = 0x03;  // Physical Memory Array — Use (§7.17.2): System memory

// Memory Device offsets (SMBIOS 3.7, 7.18).
constexpr std::size_t kArrayHandle = 0x04, kSize = 0x0C, kDeviceLocator = 0x10, kBankLocator = 0x11, kType = 0x12,
                      kSpeed = 0x15, kManufacturer = 0x17, kSerial = 0x18, kPartNumber = 0x1A, kExtendedSize = 0x1C,
                      kConfiguredSpeed = 0x20, kExtendedSpeed = 0x54, kExtendedConfiguredSpeed = 0x58;

constexpr std::size_t kMemoryDeviceMinLength = 0x15;  // SMBIOS 2.1, the first version with type 17
constexpr std::int64_t kKiB = 1024, kMiB = 1024 * 1024;

// nullopt: no module in the slot. A module of unknown size is installed with no size.
std::optional<std::optional<std::int64_t>> module_size(const Record& r) {
    const auto size = r.field(kSize, 2);
    if (!size || (*size & 0x7FFFu) == 0) return std::nullopt;  // 0, or 0 KiB: no module
    if (*size == 0xFFFF) return std::optional<std::int64_t>();
    if (*size == 0x7FFF) {  // 32 GiB or more: the extended size, in MiB (bits 30:0)
        const auto extended = r.field(kExtendedSize, 4);
        if (!extended || (*extended & 0x7FFFFFFFu) == 0) return std::optional<std::int64_t>();
        return std::optional<std::int64_t>(static_cast<std::int64_t>(*extended & 0x7FFFFFFFu) * kMiB);
    }
    const std::int64_t unit = (*size & 0x8000u) ? kKiB : kMiB;
    return std::optional<std::int64_t>(static_cast<std::int64_t>(*size & 0x7FFFu) * unit);
}

// A speed in MT/s: 0 is unknown, 0xFFFF points to the 32-bit extended field (SMBIOS 3.3).
std::optional<std::int64_t> speed(const Record& r, std::size_t offset, std::size_t extended_offset) {
    const auto v = r.field(offset, 2);
    if (!v || *v == 0) return std::nullopt;
    if (*v != 0xFFFF) return static_cast<std::int64_t>(*v);
    const auto extended = r.field(extended_offset, 4);
    if (!extended || (*extended & 0x7FFFFFFFu) == 0) return std::nullopt;
    return static_cast<std::int64_t>(*extended & 0x7FFFFFFFu);
}

struct Device {
    std::optional<std::uint32_t> array;
    std::optional<protocol::DimmFact> dimm;  // nullopt: an empty slot
};

}  // namespace

std::optional<std::string_view> memory_type_name(std::uint8_t code) {
    static constexpr std::array<std::string_view, 0x25> kNames = {
        "",        "Other",   "",       "DRAM",  "EDRAM", "VRAM",  "SRAM",        "RAM",    "ROM",    "FLASH",
        "EEPROM",  "FEPROM",  "EPROM",  "CDRAM", "3DRAM", "SDRAM", "SGRAM",       "RDRAM",  "DDR",    "DDR2",
        "DDR2 FB-DIMM", "",   "",       "",      "DDR3",  "FBD2",  "DDR4",        "LPDDR",  "LPDDR2", "LPDDR3",
        "LPDDR4",  "Logical non-volatile device", "HBM", "HBM2", "DDR5", "LPDDR5", "HBM3"};
    if (code >= kNames.size() || kNames[code].empty()) return std::nullopt;
    return kNames[code];
}

MemoryDevices parse_memory_devices(std::string_view table, const SmbiosLimits& limits) {
    table = table.substr(0, limits.max_table_bytes);
    // Arrays that hold something other than system memory, by handle; bounded like the DIMMs.
    std::vector<std::uint32_t> other_arrays;
    std::vector<Device> devices;
    Record r;
    for (std::size_t at = 0; at < table.size();) {
        const auto next = read_record(table, at, r);
        if (!next) break;  // truncated or malformed: keep what came before
        at = *next;
        if (r.type() == kEndOfTable) break;
        if (r.type() == kPhysicalMemoryArray) {
            const auto use = r.field(0x05, 1);
            if (use && *use != kSystemMemory && other_arrays.size() < limits.max_dimms)
                other_arrays.push_back(*r.field(0x02, 2));
            continue;
        }
        if (r.type() != kMemoryDevice || !r.has(0, kMemoryDeviceMinLength) || devices.size() >= limits.max_dimms) continue;
        Device& d = devices.emplace_back();
        d.array = r.field(kArrayHandle, 2);
        const auto size = module_size(r);
        if (!size) continue;
        protocol::DimmFact& dimm = d.dimm.emplace();
        const std::size_t cap = limits.max_string_bytes;
        dimm.locator = record_string(r, r.field(kDeviceLocator, 1), cap);
        dimm.bank_locator = record_string(r, r.field(kBankLocator, 1), cap);
        dimm.size_bytes = *size;
        dimm.speed_mts = speed(r, kSpeed, kExtendedSpeed);
        dimm.configured_speed_mts = speed(r, kConfiguredSpeed, kExtendedConfiguredSpeed);
        if (const auto type = r.field(kType, 1))
            if (const auto name = memory_type_name(static_cast<std::uint8_t>(*type))) dimm.type = std::string(*name);
        dimm.manufacturer = record_string(r, r.field(kManufacturer, 1), cap);
        dimm.serial = record_string(r, r.field(kSerial, 1), cap);
        dimm.part_number = record_string(r, r.field(kPartNumber, 1), cap);
    }
    MemoryDevices out;
    for (Device& d : devices) {
        if (d.array && std::find(other_arrays.begin(), other_arrays.end(), *d.array) != other_arrays.end()) continue;
        ++out.slot_count;
        if (d.dimm) out.dimms.push_back(std::move(*d.dimm));
    }
    return out;
}

}  // namespace fleetdeck::agent::dmi
