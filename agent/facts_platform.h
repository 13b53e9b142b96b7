#pragma once

// The platform facts of the field guide's §6 and §2.3: Secure Boot, the kernel's lockdown mode
// and the power supplies. FleetDeck shows the first two and never proposes to change them.

#include <optional>
#include <string>

#include "agent/protocol/facts.h"
#include "agent/root_fs.h"

namespace fleetdeck::agent {

// The SecureBoot EFI variable: efivarfs gives 4 attribute bytes and then the value byte (1: on);
// the older sysfs interface gives the value alone in .../data. nullopt without EFI variables (a
// legacy BIOS boot, or efivars present but not an efivarfs mount); false when the firmware lists
// its variables but has no SecureBoot among them.
std::optional<bool> read_secure_boot(const RootFs& fs);

// /sys/kernel/security/lockdown, "none [integrity] confidentiality": the bracketed mode, or
// nullopt on kernels without the lockdown LSM.
std::optional<std::string> read_lockdown(const RootFs& fs);

// secure_boot, lockdown and power_supplies into `facts`.
void collect_platform_facts(const RootFs& fs, protocol::Facts& facts);

}  // namespace fleetdeck::agent
