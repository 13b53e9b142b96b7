#pragma once

#include "app/host_spec.h"

namespace fleetdeck {

// The order hosts are shown in when placement matters: by rack, then top unit first, then name;
// hosts in no rack come last.
bool rackOrderLess(const HostSpec& a, const HostSpec& b);

}  // namespace fleetdeck
