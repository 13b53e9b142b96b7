#include "agent/dmi/dmi_facts.h"

namespace fleetdeck::agent::dmi {
namespace {

// The kernel's DMI strings (drivers/firmware/dmi-id.c) and the raw SMBIOS structure table (Linux
// Documentation/ABI/testing/sysfs-firmware-dmi-tables).
constexpr const char* kDmiId = "/sys/class/dmi/id/";
constexpr const char* kSmbiosTable = "/sys/firmware/dmi/tables/DMI";

std::optional<std::string> dmi_id(const RootFs& fs, const char* name) {
    return non_empty(fs.read_line(std::string(kDmiId) + name));
}

}  // namespace

protocol::DmiFacts dmi_facts(const RootFs& fs) {
    return {dmi_id(fs, "bios_vendor"),    dmi_id(fs, "bios_version"), dmi_id(fs, "bios_date"),
            dmi_id(fs, "sys_vendor"),     dmi_id(fs, "product_name"), dmi_id(fs, "board_name"),
            dmi_id(fs, "product_serial"), dmi_id(fs, "board_serial"), dmi_id(fs, "chassis_serial")};
}

void read_dimms(const RootFs& fs, protocol::MemoryFacts& memory, const SmbiosLimits& limits) {
    const auto table = fs.read(kSmbiosTable, limits.max_table_bytes);
    if (!table) {
        // The kernel makes the table 0400 root: a file there that cannot be read is a question of
        // privilege. No file at all is a machine without SMBIOS (some VMs, most ARM boards).
        memory.dimms_status = fs.exists(kSmbiosTable) ? "needs root" : "not available";
        return;
    }
    MemoryDevices devices = parse_memory_devices(*table, limits);
    memory.dimms_status = "read";
    memory.dimm_slots = devices.slot_count;
    memory.dimms = std::move(devices.dimms);
}

}  // namespace fleetdeck::agent::dmi
