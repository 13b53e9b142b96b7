#pragma once

// Adding a whole rack of hosts in one go (docs/commission.md, "Adding a rack"): a host-name
// pattern with numeric ranges, the rack units the hosts take in order, and the clashes with the
// inventory that refuse the lot. Shared by `fleetdeck-cli inventory add` and the Add rack dialog.

#include <optional>
#include <vector>

#include <QString>
#include <QStringList>

#include "app/host_spec.h"
#include "app/inventory/inventory.h"
#include "app/problem.h"

namespace fleetdeck {

// A pattern makes at most this many hosts: a typo such as [1-10000] is refused, not half-added.
inline constexpr int kMaxPatternHosts = 4096;
// The highest rack unit the inventory takes (validateHost).
inline constexpr int kHighestRackUnit = 60;

// Expands "gpu-[01-16].dc2.example.net" into gpu-01.dc2.example.net … gpu-16.dc2.example.net.
// Ranges are FROM-TO in decimal; several ranges make every combination, the leftmost varying
// slowest. A bound written with a leading zero pads every number to the wider bound's width
// ([08-12] → 08…12, [001-16] → 001…016); without one nothing is padded ([1-10] → 1…10). A
// pattern without brackets is one host. Fails (bad_input) with a sentence that names the problem
// and its position (1-based, in the trimmed pattern): empty, a character no host name has, an
// unclosed or stray bracket, a range that is not FROM-TO or runs backwards, more than
// kMaxPatternHosts hosts.
Result<QStringList> expandHostPattern(const QString& pattern);

// Where consecutive hosts go in a rack: the first at `firstUnit` (its lowest unit), each next one
// `unitHeight` units lower (top-down) or higher (bottom-up).
struct RackPlacement {
    enum class Direction { TopDown, BottomUp };
    QString rack;
    int firstUnit = 1;
    int unitHeight = 1;
    Direction direction = Direction::TopDown;
};

// "top-down" / "bottom-up", as the command line and the documentation write them.
QString toString(RackPlacement::Direction direction);
std::optional<RackPlacement::Direction> parseRackDirection(const QString& text);

// Sets rack, rackUnit and rackHeightU of each host in order. Fails (bad_input) when the rack has
// no name, the first unit or the height is outside 1..kHighestRackUnit, or a host would fall off
// the rack (the sentence names that host and the units it would take).
Result<std::vector<HostSpec>> placeInRack(std::vector<HostSpec> hosts, const RackPlacement& placement);

// What `fleetdeck-cli inventory add` and the Add rack dialog ask for.
struct RackAddRequest {
    QString pattern;   // expandHostPattern(); each name is also the host's address
    QString user;      // empty: ssh-config's User or the local user
    int port = 0;      // 0: the ssh default or ssh-config's Port
    QString jumpHost;  // HostSpec::jumpHost
    QString group;
    QStringList tags;
    std::optional<RackPlacement> placement;  // none: the hosts are in no rack
};

// The SSH hosts `request` describes, in pattern order, or the first reason there are none (a bad
// pattern, a user, port or jump host the inventory would refuse, a host that falls off the rack).
Result<std::vector<HostSpec>> hostsForRack(const RackAddRequest& request);

// New hosts checked against an inventory before anything is saved.
struct RackAddPlan {
    std::vector<HostSpec> hosts;  // the new hosts, as given
    // Every clash, each naming the hosts involved: "gpu-03.dc2 is already in the inventory",
    // "gpu-03.dc2 appears twice in the pattern", "gpu-05 (U31–U32) overlaps gpu-a1 (U32) in rack b2".
    // In English (`--json`); shownClashes says the same in the user's language.
    QStringList clashes;
    QStringList shownClashes;
    QStringList clashingHosts;  // the names of the new hosts that some clash names
    bool ok() const { return clashes.isEmpty(); }
};

// Checks `hosts` against `inventory` and each other: names already taken, names given twice, rack
// units that overlap a host in the same rack (already there or new). The hosts can be added only
// when there is no clash; the plan keeps them either way, for a preview.
RackAddPlan planRackAdd(const Inventory& inventory, std::vector<HostSpec> hosts);

// The units a host takes as views name them: "U32", "U31–U32"; empty when it is not placed.
QString rackUnitSpan(const HostSpec& host);

}  // namespace fleetdeck
