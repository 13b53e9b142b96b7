#include "app/tuning/host_checks_platform.h"

#include <algorithm>

namespace fleetdeck::tuning {
namespace {

using Json = nlohmann::json;
using Hits = std::vector<CheckHit>;

std::string nic_speed_text(std::int64_t mbps) {
    return mbps % 1000 == 0 ? std::to_string(mbps / 1000) + " Gb/s" : std::to_string(mbps) + " Mb/s";
}

// A NIC of at least params.min_mbps whose PCIe link trained narrower than the card's maximum.
// Unlike a GPU, a NIC does not narrow its link at idle: this is the slot, the riser or the
// slot's bifurcation setting.
Hits nic_link_width_below_max(const HostFacts& f, const Json& p) {
    const std::int64_t min = p.at("min_mbps").get<std::int64_t>();
    Hits hits;
    for (const auto& n : f.nics())
        if (const auto& speed = n.fact().speed_mbps;
            speed && *speed >= min && n.pcieWidth() && n.pcieWidthMax() && *n.pcieWidth() < *n.pcieWidthMax())
            hits.push_back({{"nic", n.name()}, {"speed", nic_speed_text(*speed)}, {"bus_id", n.pciBusId().value_or("?")},
                            {"width", std::to_string(*n.pcieWidth())}, {"width_max", std::to_string(*n.pcieWidthMax())}});
    return hits;
}

// DDR5 modules running below params.min_mts: one hit for the host, naming the slowest.
Hits ddr5_below_speed(const HostFacts& f, const Json& p) {
    const std::int64_t min = p.at("min_mts").get<std::int64_t>();
    if (!f.dimmsRead()) return {};
    std::int64_t slow = 0, slowest = 0, rated = 0;
    for (const protocol::DimmFact& d : f.facts().memory.dimms) {
        if (d.type != "DDR5" || !d.configured_speed_mts || *d.configured_speed_mts >= min) continue;
        ++slow;
        if (slowest == 0 || *d.configured_speed_mts < slowest) slowest = *d.configured_speed_mts;
        rated = std::max(rated, d.speed_mts.value_or(0));
    }
    if (slow == 0) return {};
    return {{{"speed", std::to_string(slowest)}, {"modules", std::to_string(slow)},
             {"rated", rated > 0 ? std::to_string(rated) : std::string("their rated")}, {"min", std::to_string(min)}}};
}

// One supply present: nothing carries the server when it fails.
Hits single_power_supply(const HostFacts& f, const Json&) {
    if (!f.powerSuppliesRead() || f.powerSupplyCount() != 1) return {};
    return {{{"slots", std::to_string(f.powerSupplies().size())}}};
}

// Each failed supply; without one, a redundancy sensor that says redundancy is gone.
Hits power_supply_failed(const HostFacts& f, const Json&) {
    if (!f.powerSuppliesRead()) return {};
    Hits hits;
    for (const auto& u : f.powerSupplies())
        if (u.fact().state == "failed") hits.push_back({{"psu", u.fact().name}, {"state", u.events().value_or("failed")}});
    const auto redundancy = f.powerRedundancy();
    if (hits.empty() && (redundancy == "lost" || redundancy == "degraded"))
        hits.push_back({{"psu", "power supply redundancy"}, {"state", "redundancy " + *redundancy}});
    return hits;
}

}  // namespace

const std::vector<HostCheck>& platformHostChecks() {
    static const std::vector<HostCheck> list = {
        {"nic_link_width_below_max", {"min_mbps"}, {"nic", "speed", "bus_id", "width", "width_max"}, nic_link_width_below_max},
        {"ddr5_below_speed", {"min_mts"}, {"speed", "modules", "rated", "min"}, ddr5_below_speed},
        {"single_power_supply", {}, {"slots"}, single_power_supply},
        {"power_supply_failed", {}, {"psu", "state"}, power_supply_failed},
    };
    return list;
}

}  // namespace fleetdeck::tuning
