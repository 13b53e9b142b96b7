#pragma once

// The hardware checks of the field guide's §4 (NIC link), §2.2 (memory speed) and §2.3
// (redundant power), kept beside the others (host_checks.cpp lists them with its own).

#include <vector>

#include "app/tuning/host_checks.h"

namespace fleetdeck::tuning {

const std::vector<HostCheck>& platformHostChecks();

}  // namespace fleetdeck::tuning
