#include "app/inventory/follow_inventory.h"

#include <set>
#include <vector>

#include "app/demo_fleet.h"
#include "app/inventory/inventory.h"

namespace fleetdeck {

Outcome followInventory(FleetMonitor& monitor, const QString& path, bool firstStart) {
    const auto inventory = Inventory::load(path);
    if (!inventory && !firstStart) return inventory.problem();  // an unreadable file changes nothing that runs
    const std::vector<HostSpec> listed = inventory ? inventory->hosts() : std::vector<HostSpec>{};
    if (firstStart) {
        std::set<QString> listedNames;
        for (const HostSpec& h : listed) listedNames.insert(h.name);
        for (const HostSpec& host : startupHosts(listed))
            if (!listedNames.count(host.name)) monitor.addHostAsync(host);
    }
    monitor.setInventoryHostsAsync(listed);
    if (!inventory) return inventory.problem();
    return done();
}

}  // namespace fleetdeck
