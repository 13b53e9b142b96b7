#pragma once

#include "agent/dmi/smbios.h"
#include "agent/protocol/facts.h"
#include "agent/root_fs.h"

namespace fleetdeck::agent::dmi {

// `facts.dmi`: /sys/class/dmi/id. The BIOS, vendor and product files are world-readable; the
// serials are root's only and stay null for anyone else.
protocol::DmiFacts dmi_facts(const RootFs& fs);

// The memory modules from the SMBIOS table (/sys/firmware/dmi/tables/DMI, root's only), into
// `memory.dimms_status`, `dimm_slots` and `dimms`; `total_bytes` is left as it is.
void read_dimms(const RootFs& fs, protocol::MemoryFacts& memory, const SmbiosLimits& limits = {});

}  // namespace fleetdeck::agent::dmi
