#include "agent/simulator/simulated_platform.h"

namespace fleetdeck::agent::sim {

void set_simulated_nic_links(const SimSpec& spec, std::vector<protocol::NicFact>& nics) {
    const auto& models = spec.profile->nics;
    const std::size_t fastest = spec.fabric_nic();
    for (std::size_t i = 0; i < nics.size() && i < models.size(); ++i) {
        const NicModel& m = models[i];
        if (m.pcie_width_max == 0) continue;  // not on PCIe
        protocol::NicFact& n = nics[i];
        n.pcie_gen = n.pcie_gen_max = m.pcie_gen_max;
        n.pcie_width_max = m.pcie_width_max;
        n.pcie_width = spec.nic_x8 && i == fastest ? m.pcie_width_max / 2 : m.pcie_width_max;
    }
}

void set_simulated_platform(const SimSpec& spec, protocol::Facts& facts) {
    const PlatformProtectionModel& m = spec.profile->protection;
    facts.secure_boot = m.secure_boot;
    facts.lockdown = m.lockdown;
    protocol::PowerSupplyFacts& power = facts.power_supplies;
    power.status = "read";
    const auto failed = spec.failed_psu();
    for (std::size_t i = 0; i < m.psu_sensors.size(); ++i) {
        const bool lost = failed == static_cast<int>(i);
        // As ipmitool words the asserted states (IPMI 2.0 table 42-3, sensor type 08h).
        power.units.push_back({m.psu_sensors[i], lost ? "failed" : "ok",
                               lost ? "Presence detected, Power Supply AC lost" : "Presence detected"});
    }
    power.count = static_cast<std::int64_t>(m.psu_sensors.size());
    if (m.psu_redundancy_sensor) power.redundancy = failed ? "lost" : "full";
}

}  // namespace fleetdeck::agent::sim
