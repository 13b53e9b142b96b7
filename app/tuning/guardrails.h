#pragma once

#include <optional>
#include <string>

#include "app/tuning/phrase.h"
#include "app/tuning/rule_catalogue.h"

namespace fleetdeck::tuning {

// What no rule may ever do (knowledge/tuning.md, "Never do for speed"; guide §6): propose
// disabling the firewall, Secure Boot, SELinux/AppArmor, encryption or the IOMMU; and ACS or
// busy-polling changes anywhere but dedicated hosts (ACS: dedicated bare metal). Returns the
// violation in words (English and as shown), or nothing. Applied to every rule when a catalogue is
// loaded.
std::optional<Phrase> guardrailViolation(const Rule& rule);

}  // namespace fleetdeck::tuning
