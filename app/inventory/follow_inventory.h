#pragma once

#include <QString>

#include "app/fleet_monitor.h"
#include "app/problem.h"

namespace fleetdeck {

// Reads the inventory at `path` and makes `monitor`'s fleet follow it (setInventoryHostsAsync). At
// the first start, what startupHosts() adds ("This machine"; the demo racks while the inventory is
// empty) joins too, once. Returns why an unreadable inventory could not be read: then nothing
// changes, except at the first start, which goes on without the inventory's hosts.
Outcome followInventory(FleetMonitor& monitor, const QString& path, bool firstStart);

}  // namespace fleetdeck
