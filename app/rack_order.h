#pragma once

#include "app/host_spec.h"

namespace fleetdeck {

// The order hosts are shown in when placement matters: by rack, then top unit first, then name;
// hosts in no rack come last.
bool rackOrderLess(const HostSpec& a, const HostSpec& b);

// A rack unit as every view names it: "U7", "U35".
QString rackUnitName(int unit);
// Where a host sits: "rack-a U19" (its lowest unit), the rack alone when the unit is not known,
// empty when the host is in no rack.
QString rackPlace(const HostSpec& spec);

}  // namespace fleetdeck
